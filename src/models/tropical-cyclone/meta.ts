/** The table metadata: method page, sources, the parameters that change the numbers, coverage and confidence. */
import { CATALOGUES } from '../../catalogues/registry.js';
import type { TableMeta } from '../../engine/table-spec.js';
import type { HazardField } from './compute-hazard.js';
import { CLIMATOLOGY_PERIODS, COVERAGE, GRID, PROFILE_CALIBRATION, R34_SIZE, SEASONALITY, SMOOTHING, SYNTHETIC, TRACK_STEPS, WIND_AVERAGING, WIND_FIELD } from './parameters.js';

export const TC_METHOD_PAGE = 'docs/models/tropical-cyclone.md';
/** Catalogue folders read (best tracks, and ETOPO for the land mask). */
export const TC_SOURCES = [CATALOGUES.hurdat2, CATALOGUES.jtwcWp, CATALOGUES.jtwcNi, CATALOGUES.jtwcSh, CATALOGUES.ibtracsSp, CATALOGUES.etopo].map((c) => c.folder);

export const TC_COVERAGE =
  'Within 300 km of tropical-storm-strength best-track positions of the reliable periods: North Atlantic 1950–2025, East/Central Pacific 1971–2023, ' +
  'West Pacific 1970–2021, North Indian 1982–2023, South Indian/South Pacific 1982–2019; 0.25° cells. No coverage elsewhere (South Atlantic, Europe, continental interiors).';

export function tableMeta(field: HazardField): TableMeta {
  return {
    method: TC_METHOD_PAGE,
    sources: [...TC_SOURCES],
    parameters: {
      periods: CLIMATOLOGY_PERIODS.map((p) => ({ ...p, storms: field.stormsUsed[p.group] ?? 0 })),
      grid: GRID,
      windField: { profile: 'Willoughby et al. 2006', ...WIND_FIELD, calibration: PROFILE_CALIBRATION, exposure: 'open water (best-track exposure), no over-land roughness reduction' },
      stormSizeFromR34: R34_SIZE,
      windAveraging: WIND_AVERAGING,
      trackSteps: TRACK_STEPS,
      smoothing: SMOOTHING,
      coverage: COVERAGE,
      seasonality: SEASONALITY,
      diurnal: 'uniform',
      ...(field.syntheticFootprints && { syntheticEventSet: { ...SYNTHETIC, footprints: field.syntheticFootprints } }),
    },
    coverage: TC_COVERAGE,
    confidence: 'standard',
  };
}
