/**
 * TropicalCyclone events: every storm readAllStorms returns (all basins,
 * deduplicated) with its wind swaths at 34, 50 and 64 kt. A swath is the
 * union of the fixes' quadrant shapes swept along the track (swath-field.ts)
 * on a 0.1° grid, contoured into polygons. Storms that never reach 34 kt have
 * no swath and are not stored. Sizes: peak wind in m/s (1 kt = 1852/3600 m/s),
 * rounded to 0.01 m/s.
 *
 * Fixes used: those with a wind, except extratropical and disturbance stages
 * without recorded radii (the parametric field describes tropical cyclones
 * only; where NHC recorded radii for a post-tropical stage, such as Sandy's
 * landfall, they are kept). Consecutive fixes more than 24 h apart are not
 * joined.
 */
import { readAllStorms } from '../models/tropical-cyclone/sources.js';
import { type Storm, type TrackFix } from '../models/tropical-cyclone/track-types.js';
import { dateFields, type FootprintRecord, type HistoricEvent } from './event.js';
import { wrapBox, type Box } from './search-boxes.js';
import { eastNorthKm, longitudeDelta } from '../geo/sphere.js';
import { gridFor, segmentBox, segmentReachKm, sweep, swathPolygons, type Segment, type TrackPoint } from './swath-field.js';
import { fixRadii, SWATH_THRESHOLDS_KT, type Motion, type RadiiSource, type ThresholdRadii } from './tc-radii.js';
import { KM_PER_NMI, MS_PER_KT, MS_PER_HOUR } from '../units.js';

/** Swath grid resolution: 10 nodes per degree (0.1°, about 11 km). */
const NODES_PER_DEGREE = 10;
const MAX_GAP_HOURS = 24;

type UsedFix = TrackFix & { vmaxKt: number; unwrappedLon: number };

export const CREATED_BY: Record<RadiiSource | 'mixed', string> = {
  recorded: 'hazrisk:recorded-wind-radii',
  parametric: 'hazrisk:parametric-wind-model',
  mixed: 'hazrisk:recorded-wind-radii+parametric-wind-model',
};

export function* tropicalCycloneEvents(sourcesDir: string, progress: (fraction: number) => void = () => {}): Generator<HistoricEvent> {
  const storms = readAllStorms(sourcesDir);
  for (const [k, storm] of storms.entries()) {
    if (k % 100 === 0) progress(k / storms.length);
    const event = stormEvent(storm);
    if (event) yield event;
  }
}

export function stormEvent(storm: Storm): HistoricEvent | null {
  const runs = trackRuns(storm);
  const radii = runs.map((run) => run.map((fix, k) => fixRadii(fix, motionAt(run, k))));
  const footprints: FootprintRecord[] = [];
  let pieces: Box[] = [];
  SWATH_THRESHOLDS_KT.forEach((thresholdKt, t) => {
    const segments = runs.flatMap((run, r) => runSegments(run, radii[r]!.map((fix) => fix[t]!.radii))).filter((s) => segmentReachKm(s) > 0);
    if (segments.length === 0) return;
    const grid = gridFor(segments, NODES_PER_DEGREE);
    for (const s of segments) sweep(grid, s);
    const polygons = swathPolygons(grid);
    if (polygons.length === 0) return;
    // Index boxes come from the largest swath drawn (34 kt), which distances are measured to.
    if (pieces.length === 0) pieces = segments.flatMap((s) => wrapBox(segmentBox(s)));
    footprints.push({
      value: metresPerSecond(thresholdKt),
      properties: { created_by: createdBy(radii.flat().map((fix) => fix[t]!)), threshold_kt: thresholdKt },
      geometry: polygons.length === 1 ? { type: 'Polygon', coordinates: polygons[0]! } : { type: 'MultiPolygon', coordinates: polygons },
    });
  });
  if (footprints.length === 0) return null;
  const first = storm.fixes[0]!;
  const last = storm.fixes[storm.fixes.length - 1]!;
  const peak = Math.max(...storm.fixes.map((f) => f.vmaxKt ?? 0));
  return {
    peril: 'TropicalCyclone',
    externalId: storm.id,
    name: storm.name ?? 'UNNAMED',
    ...dateFields(isoDate(first.time), isoDate(last.time), storm.season),
    size: metresPerSecond(peak),
    source: storm.source,
    properties: { tcid: storm.id, season: storm.season, basin: storm.basin },
    footprints,
    pieces,
  };
}

/** kt → m/s, to 0.01 m/s (sizes and thresholds are stored and compared at this precision). */
export function metresPerSecond(kt: number): number {
  return Math.round(kt * MS_PER_KT * 100) / 100;
}

function isoDate(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

function usable(fix: TrackFix): fix is TrackFix & { vmaxKt: number } {
  if (fix.vmaxKt === null) return false;
  return (fix.stage !== 'extratropical' && fix.stage !== 'disturbance') || fix.r34 !== null;
}

/** Runs of usable fixes with no gap over 24 h; longitudes unwrapped along the whole track so it stays continuous across ±180°. */
function trackRuns(storm: Storm): UsedFix[][] {
  const runs: UsedFix[][] = [];
  let run: UsedFix[] = [];
  let lon = storm.fixes[0]?.lon ?? 0;
  let previousLon = lon;
  for (const fix of storm.fixes) {
    lon += longitudeDelta(previousLon, fix.lon);
    previousLon = fix.lon;
    const last = run[run.length - 1];
    if (!usable(fix) || (last && fix.time - last.time > MAX_GAP_HOURS * MS_PER_HOUR)) {
      if (run.length) runs.push(run);
      run = [];
    }
    if (usable(fix)) run.push({ ...fix, unwrappedLon: lon });
  }
  if (run.length) runs.push(run);
  return runs;
}

/** Motion (kt) from this fix to the next, or from the previous one at the end of a run. */
function motionAt(run: readonly UsedFix[], k: number): Motion {
  const a = run[k + 1] ? run[k]! : run[k - 1];
  const b = run[k + 1] ?? run[k]!;
  if (!a || a === b) return { east: 0, north: 0 };
  const hours = (b.time - a.time) / MS_PER_HOUR;
  if (!(hours > 0)) return { east: 0, north: 0 };
  const km = eastNorthKm(a.lat, b.lat, b.unwrappedLon - a.unwrappedLon);
  return { east: km.east / KM_PER_NMI / hours, north: km.north / KM_PER_NMI / hours };
}

function runSegments(run: readonly UsedFix[], radii: ThresholdRadii['radii'][]): Segment[] {
  const point = (f: UsedFix): TrackPoint => ({ lat: f.lat, lon: f.unwrappedLon });
  if (run.length === 1) return [{ a: point(run[0]!), b: point(run[0]!), ra: radii[0]!, rb: radii[0]! }];
  const segments: Segment[] = [];
  for (let k = 0; k + 1 < run.length; k++) segments.push({ a: point(run[k]!), b: point(run[k + 1]!), ra: radii[k]!, rb: radii[k + 1]! });
  return segments;
}

function createdBy(radii: readonly ThresholdRadii[]): string {
  const sources = new Set(radii.map((r) => r.source).filter((s): s is RadiiSource => s !== null));
  if (sources.size === 1) return CREATED_BY[[...sources][0]!];
  return CREATED_BY.mixed;
}
