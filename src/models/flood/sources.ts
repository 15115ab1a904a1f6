import { readCsvTable, sourceFile } from '../../catalogues/files.js';
import { CATALOGUES } from '../../catalogues/registry.js';
import { parseIsoDate, seasonSlot } from '../../engine/calendar.js';
import { readGeoJsonPaths } from '../toolkit/geojson.js';

/**
 * The FloodLivePlus model's catalogue readers (ETOPO elevation and CRU come
 * from src/catalogues/): the Dartmouth Flood Observatory archive of large
 * floods (Brakenridge, DFO, University of Colorado), one row per event with
 * the centroid of its affected region, that region's area, begin date and
 * severity class (1 = 10–20-year, 1.5 = 20–100-year, 2 = > 100-year
 * recurrence), and the Natural Earth 1:50m rivers and lake shores.
 */

export const SEVERITY_CLASSES = [1, 1.5, 2] as const;
export type SeverityClass = (typeof SEVERITY_CLASSES)[number];

export interface FloodEvent {
  latitude: number;
  longitude: number;
  areaKm2: number;
  severity: SeverityClass;
  /** Begin date: epoch day and 366-slot calendar slot. */
  day: number;
  slot: number;
}

export interface FloodArchive {
  events: FloodEvent[];
  /** First begin date and last end date of the archive (epoch days): its span. */
  firstDay: number;
  lastDay: number;
  /** Rows skipped for a missing date, position, area or severity. */
  skipped: number;
}

export function readFloodArchive(sourcesDir: string): FloodArchive {
  const t = readCsvTable(sourceFile(sourcesDir, CATALOGUES.dfo.folder, CATALOGUES.dfo.file));
  const [lat, lon, area, began, ended, severity] = ['lat', 'lon', 'area_km2', 'began', 'ended', 'severity'].map(t.column) as [number, number, number, number, number, number];
  const events: FloodEvent[] = [];
  let skipped = 0;
  let firstDay = Infinity;
  let lastDay = -Infinity;
  for (const r of t.rows) {
    const day = parseIsoDate(r[began] ?? '');
    const end = parseIsoDate(r[ended] ?? '') ?? day;
    const s = Number(r[severity]) as SeverityClass;
    const event = { latitude: Number(r[lat]), longitude: Number(r[lon]), areaKm2: Number(r[area]), severity: s };
    const valid = day !== null && SEVERITY_CLASSES.includes(s) && event.areaKm2 > 0 && Math.abs(event.latitude) <= 90 && Math.abs(event.longitude) <= 180;
    if (!valid || day === null) {
      skipped++;
      continue;
    }
    firstDay = Math.min(firstDay, day);
    lastDay = Math.max(lastDay, end ?? day);
    events.push({ ...event, day, slot: seasonSlot(day) });
  }
  return { events, firstDay, lastDay, skipped };
}

/** Natural Earth 1:50m river centre lines, then lake shores, as [lon, lat] paths. */
export function readWaterPaths(sourcesDir: string): Array<Array<[number, number]>> {
  const { folder, rivers, lakes } = CATALOGUES.naturalEarth;
  return [...readGeoJsonPaths(sourcesDir, folder, rivers), ...readGeoJsonPaths(sourcesDir, folder, lakes)];
}
