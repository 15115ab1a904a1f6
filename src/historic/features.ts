/**
 * Search hits → GeoJSON features with the members docs/historic.md lists
 * under "Feature properties": Wildfire and TropicalCyclone as the spec
 * names them; Hail and Tornado in the Wildfire layout (entity_id,
 * entity_type, external_id, name, entity_properties, geometry_id,
 * geometry_properties). Sizes are {value, unit} in the peril's stored unit.
 */
import type { Feature, FeatureCollection } from 'geojson';
import { decodeFootprint, type Footprint } from './codec.js';
import { PERIL_CONFIG, type HistoricPeril } from './perils.js';
import type { SearchHit } from './search.js';
import type { EventRow, EventStore, FootprintRow } from './store.js';
import type { FootprintVisual } from './schema.js';
import { visualFor } from './styles.js';

export interface ShapeProperties {
  data: Record<string, unknown>;
  visual?: FootprintVisual;
}

/** The FeatureCollection, with two foreign members saying whether the cap cut the list. */
export type ShapesCollection = FeatureCollection<Footprint, ShapeProperties> & { matched: number; truncated: boolean };

export function shapesCollection(store: EventStore, hits: readonly SearchHit[], matched: number, withVisual: boolean): ShapesCollection {
  const ids = hits.map((h) => h.event.id);
  const storedOf = store.propertiesOf(ids);
  const footprintsOf = store.footprintsOf(ids);
  const features: Feature<Footprint, ShapeProperties>[] = [];
  for (const { event } of hits) {
    const stored = JSON.parse(storedOf.get(event.id) ?? '{}') as Record<string, unknown>;
    for (const footprint of footprintsOf.get(event.id) ?? []) {
      const geometryProperties = JSON.parse(footprint.properties) as Record<string, unknown>;
      const properties: ShapeProperties = { data: featureData(event, stored, footprint, geometryProperties) };
      if (withVisual) properties.visual = visualFor(event.peril, event.size_value, footprint.value, String(geometryProperties.created_by ?? ''));
      features.push({ type: 'Feature', geometry: decodeFootprint(footprint.geometry), properties });
    }
  }
  return { type: 'FeatureCollection', features, matched, truncated: matched > hits.length };
}

function size(event: EventRow): { value: number; unit: string } | null {
  return event.size_value === null ? null : { value: event.size_value, unit: event.size_unit };
}

function featureData(event: EventRow, stored: Record<string, unknown>, footprint: FootprintRow, geometryProperties: Record<string, unknown>): Record<string, unknown> {
  const peril: HistoricPeril = event.peril;
  const entityType = PERIL_CONFIG[peril].entityType;
  if (peril === 'TropicalCyclone') {
    return {
      entity_type: entityType,
      properties: { name: event.name, size: size(event), tcid: stored.tcid, season: stored.season, basin: stored.basin, start_date: event.start_date, end_date: event.end_date },
      geom_properties: { value: footprint.value, ...geometryProperties },
    };
  }
  const common = { entity_id: event.id, entity_type: entityType, external_id: event.external_id, name: event.name };
  const geometry = { geometry_id: footprint.id, geometry_properties: geometryProperties };
  if (peril === 'Wildfire') {
    return {
      ...common,
      entity_properties: {
        size: size(event),
        fire_ID: stored.fire_ID,
        duration: stored.duration_days,
        end_date: event.end_date,
        perimeter: stored.perimeter_km,
        start_date: event.start_date,
      },
      ...geometry,
    };
  }
  return { ...common, entity_properties: { size: size(event), start_date: event.start_date, end_date: event.end_date, ...stored }, ...geometry };
}
