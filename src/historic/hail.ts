/**
 * Hail events from NOAA SPC hail reports (spc-hail-pre2022: 1955–1989,
 * 2005–2011, 2016, 2020; spc-severe-yearly: 2022–2025). SPC reports are
 * points; an event is a swath built from them:
 * - reports are chained into one storm when a later report lies within
 *   10 km + 60 km/h × the time between them and no more than 60 minutes after
 *   an earlier one (each report joins its nearest such predecessor; storms move
 *   at 30–60 km/h, while separate storms at one time are usually farther apart);
 * - the swath is 10 km wide: every report and every link between chained
 *   reports buffered by 5 km (a stated assumption: SPC records where hail was
 *   seen, not how wide it fell), drawn on a 0.02° grid and contoured; a
 *   single report is a 5 km circle.
 * external_id `SPC-HAIL-<yr>-<om>` of the swath's first report; size = the
 * largest hailstone (inches).
 */
import { circle } from '@turf/circle';
import { readCsvRecords, sourceFile } from '../catalogues/files.js';
import { CATALOGUES } from '../catalogues/registry.js';
import type { Footprint } from './codec.js';
import { dateFields, type HistoricEvent } from './event.js';
import { footprintBox } from './footprint-box.js';
import { wrapBox, type Box } from './search-boxes.js';
import { distanceKm } from '../geo/sphere.js';
import { gridFor, segmentBox, sweep, swathPolygons, type QuadrantKm, type Segment } from './swath-field.js';

export const HAIL_SWATH = {
  halfWidthKm: 5,
  linkBaseKm: 10,
  linkSpeedKmPerMin: 1,
  linkMaxMinutes: 60,
  nodesPerDegree: 50,
} as const;

interface Report {
  id: string;
  source: string;
  date: string;
  /** Minutes since 1970 on the CST clock SPC uses. */
  minute: number;
  time: string;
  state: string;
  sizeInch: number;
  lat: number;
  lon: number;
  parent: number;
}

/** Swaths in order of their first report; footprints are drawn as the caller iterates. */
export function* hailEvents(sourcesDir: string): Generator<HistoricEvent> {
  const reports = readReports(sourcesDir);
  linkReports(reports);
  const members = new Map<number, number[]>();
  reports.forEach((_, k) => {
    const root = rootOf(reports, k);
    const list = members.get(root);
    if (list) list.push(k);
    else members.set(root, [k]);
  });
  const parentOf = (report: Report): Report => (report.parent >= 0 ? reports[report.parent]! : report);
  for (const indices of members.values()) yield swathEvent(indices.map((k) => reports[k]!), parentOf);
}

function readReports(sourcesDir: string): Report[] {
  const reports: Report[] = [];
  for (const { folder, file } of CATALOGUES.spcHail) {
    for (const r of readCsvRecords(sourceFile(sourcesDir, folder, file))) {
      const lat = Number(r.slat);
      const lon = Number(r.slon);
      const sizeInch = Number(r.mag);
      const date = r.date?.trim() ?? '';
      if (!Number.isFinite(lat) || !Number.isFinite(lon) || (lat === 0 && lon === 0) || !/^\d{4}-\d{2}-\d{2}$/.test(date)) continue;
      const [h, m] = (r.time ?? '0:0').trim().split(':').map(Number);
      const minute = Date.parse(`${date}T00:00:00Z`) / 60_000 + (h || 0) * 60 + (m || 0);
      const time = `${String(h || 0).padStart(2, '0')}:${String(m || 0).padStart(2, '0')}`;
      reports.push({ id: `SPC-HAIL-${Number(r.yr)}-${r.om!.trim()}`, source: folder, date, minute, time, state: r.st!.trim(), sizeInch: Number.isFinite(sizeInch) ? sizeInch : 0, lat, lon, parent: -1 });
    }
  }
  return reports.sort((a, b) => a.minute - b.minute || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** Each report's parent: the nearest earlier report it could have come from (time-sorted input). */
function linkReports(reports: Report[]): void {
  let first = 0;
  reports.forEach((report, k) => {
    while (reports[first]!.minute < report.minute - HAIL_SWATH.linkMaxMinutes) first++;
    let best = Infinity;
    for (let j = first; j < k; j++) {
      const earlier = reports[j]!;
      if (Math.abs(earlier.lat - report.lat) > 1) continue;
      const reach = HAIL_SWATH.linkBaseKm + HAIL_SWATH.linkSpeedKmPerMin * (report.minute - earlier.minute);
      const d = distanceKm(report.lat, report.lon, earlier.lat, earlier.lon);
      if (d <= reach && d < best) {
        best = d;
        report.parent = j;
      }
    }
  });
}

function rootOf(reports: Report[], k: number): number {
  let root = k;
  while (reports[root]!.parent >= 0) root = reports[root]!.parent;
  return root;
}

/** members in time order; parentOf gives the report each one is linked to (itself for the first). */
function swathEvent(members: Report[], parentOf: (report: Report) => Report): HistoricEvent {
  const first = members[0]!;
  const last = members[members.length - 1]!;
  const largest = Math.max(...members.map((r) => r.sizeInch));
  const states = [...new Set(members.map((r) => r.state))];
  const footprint = swathFootprint(members, parentOf);
  return {
    peril: 'Hail',
    externalId: first.id,
    name: `Hail ${first.date}, ${states.join('/')}${members.length > 1 ? ` (${members.length} reports)` : ''}`,
    ...dateFields(first.date, last.date, Number(first.date.slice(0, 4))),
    size: largest,
    source: first.source,
    properties: {
      report_count: members.length,
      states: states.join('/'),
      first_report_cst: `${first.date}T${first.time}`,
      last_report_cst: `${last.date}T${last.time}`,
      reports: members.map((r) => [r.lon, r.lat, r.sizeInch]),
    },
    footprints: [
      {
        value: null,
        properties: { created_by: members.length > 1 ? 'hazrisk:hail-report-swath' : 'hazrisk:hail-report-circle', half_width_km: HAIL_SWATH.halfWidthKm },
        geometry: footprint.geometry,
      },
    ],
    pieces: footprint.pieces,
  };
}

function swathFootprint(members: Report[], parentOf: (report: Report) => Report): { geometry: Footprint; pieces: Box[] } {
  const r = HAIL_SWATH.halfWidthKm;
  if (members.length === 1) {
    const only = members[0]!;
    const geometry = circle([only.lon, only.lat], r, { steps: 32, units: 'kilometers' }).geometry;
    return { geometry, pieces: [footprintBox(geometry)] };
  }
  const radii: QuadrantKm = [r, r, r, r];
  const segments: Segment[] = members.map((report) => ({ a: parentOf(report), b: report, ra: radii, rb: radii }));
  const grid = gridFor(segments, HAIL_SWATH.nodesPerDegree);
  for (const s of segments) sweep(grid, s);
  const polygons = swathPolygons(grid);
  const geometry: Footprint = polygons.length === 1 ? { type: 'Polygon', coordinates: polygons[0]! } : { type: 'MultiPolygon', coordinates: polygons };
  return { geometry, pieces: segments.flatMap((s) => wrapBox(segmentBox(s))) };
}
