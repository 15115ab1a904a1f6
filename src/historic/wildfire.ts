/**
 * Wildfire events. Perimeters as recorded (fire-perimeters: CAL FIRE FRAP
 * fires ≥ 5,000 ac 2010–2019, Colorado WFIGS 2025), and located fires without
 * a perimeter as a circle of their burnt area, marked
 * created_by "hazrisk:circle-from-burnt-area" (CAL FIRE incidents 2013–2026;
 * Portugal ICNF 2014, forest and agricultural fires with a burnt area). An
 * incident that a FRAP perimeter already shows (same year, inside the
 * perimeter's box widened by 0.1°, and the same name or a start within three
 * days) is not added again as a circle. Sizes in acres (Portugal's hectares
 * converted with 1 acre = 4046.8564224 m², to 0.0001 acre).
 */
import { circle } from '@turf/circle';
import { rewind } from '@turf/rewind';
import type { Feature, MultiPolygon, Polygon } from 'geojson';
import { readCsvRecords, readGzipText, sourceFile } from '../catalogues/files.js';
import { CATALOGUES } from '../catalogues/registry.js';
import type { Footprint } from './codec.js';
import { dateFields, type HistoricEvent } from './event.js';
import { footprintBox } from './footprint-box.js';
import { type Box } from './search-boxes.js';
import { distanceKm } from '../geo/sphere.js';
import { MS_PER_DAY, SQUARE_METRES_PER_ACRE } from '../units.js';

const WILDFIRE_SOURCES = {
  frap: CATALOGUES.perimetersFrap,
  wfigs: CATALOGUES.perimetersWfigs,
  calfire: CATALOGUES.calfireIncidents,
  portugal: CATALOGUES.portugalIcnf,
} as const;

export const CIRCLE_CREATED_BY = 'hazrisk:circle-from-burnt-area';
const ACRES_PER_HECTARE = 10_000 / SQUARE_METRES_PER_ACRE;

interface FireRecord {
  externalId: string;
  name: string;
  startDate: string | null;
  endDate: string | null;
  year: number;
  acres: number | null;
  fireId: string;
  source: string;
  createdBy: string;
  geometry: Footprint;
}

export function wildfireEvents(sourcesDir: string): HistoricEvent[] {
  const frap = readPerimeters(sourcesDir, 'frap');
  const fires = [...frap, ...readPerimeters(sourcesDir, 'wfigs'), ...calfireCircles(sourcesDir, frap), ...portugalCircles(sourcesDir)];
  return fires.map(fireEvent).sort((a, b) => compare(a.startDate ?? String(a.yearStart), b.startDate ?? String(b.yearStart)) || compare(a.externalId, b.externalId));
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function readPerimeters(sourcesDir: string, which: 'frap' | 'wfigs'): FireRecord[] {
  const { folder, file } = WILDFIRE_SOURCES[which];
  const collection = JSON.parse(readGzipText(sourceFile(sourcesDir, folder, file))) as { features: Feature<Polygon | MultiPolygon, Record<string, unknown>>[] };
  return collection.features.map((f) => {
    const p = f.properties;
    const geometry = rewind(f.geometry) as Footprint;
    if (which === 'frap') {
      return {
        externalId: `CALFIRE-FRAP-${p.OBJECTID}`,
        name: String(p.FIRE_NAME ?? 'UNNAMED'),
        startDate: frapDay(p.ALARM_DATE),
        endDate: frapDay(p.CONT_DATE),
        year: Number(p.YEAR_),
        acres: numberOrNull(p.GIS_ACRES) ?? numberOrNull(p.REPORT_AC),
        fireId: p.INC_NUM ? `${p.UNIT_ID}-${p.INC_NUM}` : `OBJECTID-${p.OBJECTID}`,
        source: folder,
        createdBy: `CAL FIRE FRAP (${p.AGENCY ?? 'unknown agency'})`,
        geometry,
      };
    }
    const year = Number(p.Year);
    const start = p.StartMonth && p.StartDay ? `${year}-${String(p.StartMonth).padStart(2, '0')}-${String(p.StartDay).padStart(2, '0')}` : null;
    return {
      externalId: `WFIGS-${p.SourceID}`,
      name: String(p.Fire_Name ?? 'UNNAMED'),
      startDate: start,
      endDate: null,
      year,
      acres: numberOrNull(p.GIS_Acres),
      fireId: String(p.Fire_ID),
      source: folder,
      createdBy: `WFIGS Interagency (${p.Agency ?? 'unknown agency'})`,
      geometry,
    };
  });
}

function calfireCircles(sourcesDir: string, perimeters: readonly FireRecord[]): FireRecord[] {
  const { folder, file } = WILDFIRE_SOURCES.calfire;
  const shown = perimeters.map((p) => ({ record: p, box: widen(footprintBox(p.geometry), 0.1) }));
  const out: FireRecord[] = [];
  for (const r of readCsvRecords(sourceFile(sourcesDir, folder, file))) {
    const type = r.type?.trim() ?? '';
    const acres = Number(r.acres_burned);
    const lat = Number(r.latitude);
    const lon = Number(r.longitude);
    if (!['', 'Wildfire', 'Fire'].includes(type) || r.coords_in_ca?.trim() !== '1' || !(acres > 0) || !Number.isFinite(lat) || !Number.isFinite(lon)) continue;
    const startDate = incidentStart(r.started ?? '', r.url ?? '');
    const ended = isoDay(r.extinguished);
    const endDate = ended && startDate && ended >= startDate ? ended : null;
    const name = r.name?.trim() || 'Unnamed fire';
    const year = Number((startDate ?? '').slice(0, 4));
    const duplicate = shown.some(({ record, box }) => record.year === year && inside(box, lat, lon) && (sameName(record.name, name) || daysApart(record.startDate, startDate) <= 3));
    if (duplicate || !startDate) continue;
    out.push({ externalId: `CALFIRE-INC-${r.incident_id}`, name, startDate, endDate, year, acres, fireId: r.incident_id!, source: folder, createdBy: CIRCLE_CREATED_BY, geometry: burntCircle(lon, lat, acres) });
  }
  return out;
}

function portugalCircles(sourcesDir: string): FireRecord[] {
  const { folder, file } = WILDFIRE_SOURCES.portugal;
  const out: FireRecord[] = [];
  for (const r of readCsvRecords(sourceFile(sourcesDir, folder, file))) {
    if (r.year !== '2014' || !['Florestal', 'Agrícola'].includes(r.record_type ?? '')) continue;
    const hectares = Number(r.area_total_ha);
    const lat = Number(r.lat);
    const lon = Number(r.lon);
    if (!(hectares > 0) || !r.lat || !r.lon || !Number.isFinite(lat) || !Number.isFinite(lon)) continue;
    const acres = Math.round(hectares * ACRES_PER_HECTARE * 10_000) / 10_000;
    out.push({
      externalId: `ICNF-2014-${r.sgif_code}`,
      name: [r.parish, r.municipality].filter(Boolean).join(', ') || 'Unnamed fire',
      startDate: r.start_date || null,
      endDate: r.end_date || null,
      year: 2014,
      acres,
      fireId: r.sgif_code!,
      source: folder,
      createdBy: CIRCLE_CREATED_BY,
      geometry: burntCircle(lon, lat, acres),
    });
  }
  return out;
}

function fireEvent(f: FireRecord): HistoricEvent {
  const duration = f.startDate && f.endDate ? Math.round((Date.parse(f.endDate) - Date.parse(f.startDate)) / MS_PER_DAY) : null;
  return {
    peril: 'Wildfire',
    externalId: f.externalId,
    name: f.name,
    ...dateFields(f.startDate, f.endDate, f.year),
    size: f.acres,
    source: f.source,
    properties: { fire_ID: f.fireId, duration_days: duration, perimeter_km: perimeterKm(f.geometry) },
    footprints: [{ value: null, properties: { created_by: f.createdBy }, geometry: f.geometry }],
    pieces: [footprintBox(f.geometry)],
  };
}

/** A circle with the burnt area: radius √(area / π); octagons below 20 m, whose vertices would crowd the 0.11 m coordinate grid. */
function burntCircle(lon: number, lat: number, acres: number): Polygon {
  const radiusKm = Math.sqrt((acres * SQUARE_METRES_PER_ACRE) / Math.PI) / 1000;
  return circle([lon, lat], radiusKm, { steps: radiusKm < 0.02 ? 8 : 32, units: 'kilometers' }).geometry;
}

function perimeterKm(geometry: Footprint): number {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  let km = 0;
  for (const rings of polygons) for (const ring of rings) for (let k = 0; k + 1 < ring.length; k++) km += distanceKm(ring[k]![1]!, ring[k]![0]!, ring[k + 1]![1]!, ring[k + 1]![0]!);
  return Math.round(km * 100) / 100;
}

/** The incident's start day; the two 1969-12-31 epoch-bug rows carry the true date in their URL. */
function incidentStart(started: string, url: string): string | null {
  const day = isoDay(started);
  if (day && day > '1970-01-01') return day;
  const m = /\/incidents\/(\d{4})\/(\d{1,2})\/(\d{1,2})\//.exec(url);
  return m ? `${m[1]}-${m[2]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}` : null;
}

/** FRAP dates; the export writes a missing date as the epoch, 1970-01-01. */
function frapDay(value: unknown): string | null {
  const day = isoDay(value);
  return day === '1970-01-01' ? null : day;
}

function isoDay(value: unknown): string | null {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(value)) return null;
  return value.slice(0, 10);
}

function numberOrNull(value: unknown): number | null {
  const n = Number(value);
  return value !== null && value !== '' && Number.isFinite(n) && n > 0 ? n : null;
}

function widen(box: Box, degrees: number): Box {
  return { minLon: box.minLon - degrees, minLat: box.minLat - degrees, maxLon: box.maxLon + degrees, maxLat: box.maxLat + degrees };
}

function inside(box: Box, lat: number, lon: number): boolean {
  return lon >= box.minLon && lon <= box.maxLon && lat >= box.minLat && lat <= box.maxLat;
}

/** Names compared without case, punctuation and the words FIRE and COMPLEX. */
function sameName(a: string, b: string): boolean {
  const key = (s: string): string => s.toUpperCase().replace(/\b(FIRE|COMPLEX)\b/g, '').replace(/[^A-Z0-9]/g, '');
  return key(a) !== '' && key(a) === key(b);
}

function daysApart(a: string | null, b: string | null): number {
  return a && b ? Math.abs(Date.parse(a) - Date.parse(b)) / MS_PER_DAY : Infinity;
}
