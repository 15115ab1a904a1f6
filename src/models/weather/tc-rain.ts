import { civilFromDays } from '../../engine/calendar.js';
import { KM_PER_DEGREE, cosDeg } from '../../geo/sphere.js';
import type { Storm } from '../tropical-cyclone/track-types.js';
import { normalCdf } from '../toolkit/normal.js';
import { TC_RAIN } from './parameters.js';
import { cellPositions, type CruClimatology } from './sources.js';
import { MEAN_DAYS_IN_MONTH, MS_PER_DAY, MS_PER_HOUR } from '../../units.js';
import { MM_PER_INCH } from '../../units.js';

/**
 * Tropical-cyclone rain from the best tracks. Every storm of a basin's reliable
 * era (TC_RAIN.periods) rains on the land cells around its track with the
 * R-CLIPER symmetric rain-rate profile (Tuleya et al. 2007; Lonfat et al. 2004):
 *   R(r) = T0 + (Tm − T0)·r/rm      r ≤ rm
 *        = Tm · exp(−(r − rm)/re)   r > rm          (inches/day, clipped at 0)
 * with T0, Tm, rm, re linear in U = 1 + (Vmax − 35 kt)/33 kt. Positions and Vmax
 * are interpolated hourly between fixes; each hour's rain is added to the local
 * solar day (UTC + longitude/15 h) of the cell. A storm-day total D ≥ 1 mm at a
 * cell is one record, weighted 1 / (seasons of the basin's era), so the records
 * are annual rates. At a point a storm-day's rain is D·ε, ε lognormal with mean 1
 * and spread σ (calibrated, tail-calibration.ts): R-CLIPER gives the mean field,
 * not the bands, asymmetry and orography that make point totals scatter.
 */
export interface TcRainDays {
  /** Records of CRU land-cell position i are start[i] … start[i + 1] − 1. */
  start: Int32Array;
  month: Uint8Array;
  mm: Float64Array;
  weight: Float64Array;
  storms: number;
}

/** Storm-day keys: position × DAY_SLOTS + day offset within the storm. */
const DAY_SLOTS = 256;

/** R-CLIPER rain rate (mm/h) at `rKm` from the centre of a storm of `vmaxKt` (1-min sustained). */
export function rcliperRate(vmaxKt: number, rKm: number): number {
  const c = TC_RAIN.rcliper;
  const u = 1 + (vmaxKt - TC_RAIN.referenceKt) / TC_RAIN.unitKt;
  const t0 = c.a1 + c.b1 * u;
  const tm = c.a2 + c.b2 * u;
  const rm = c.a3 + c.b3 * u;
  const re = c.a4 + c.b4 * u;
  const inchesPerDay = rKm <= rm ? t0 + (tm - t0) * (rKm / rm) : tm * Math.exp(-(rKm - rm) / re);
  return (Math.max(0, inchesPerDay) * MM_PER_INCH) / 24;
}

export function tcRainDays(storms: readonly Storm[], cru: CruClimatology): TcRainDays {
  const periods = TC_RAIN.periods as Readonly<Record<string, readonly [number, number]>>;
  const records = { pos: [] as number[], month: [] as number[], mm: [] as number[], weight: [] as number[] };
  const field = { cru, positions: cellPositions(cru), nearLand: landWithin(cru, TC_RAIN.maxRadiusKm / KM_PER_DEGREE) };
  let used = 0;
  for (const storm of storms) {
    const period = periods[storm.basin];
    if (!period || storm.season < period[0] || storm.season > period[1]) continue;
    used++;
    const firstDay = Math.floor(storm.fixes[0]!.time / MS_PER_DAY) - 2;
    const totals = stormDayTotals(storm, firstDay, field);
    const w = 1 / (period[1] - period[0] + 1);
    for (const [key, total] of totals) {
      if (total < TC_RAIN.minDayMm) continue;
      const p = Math.floor(key / DAY_SLOTS);
      records.pos.push(p);
      records.month.push(civilFromDays(firstDay + key - p * DAY_SLOTS).month - 1);
      records.mm.push(total);
      records.weight.push(w);
    }
  }
  return { ...groupByPosition(cru.cells.length, records.pos, records.month, records.mm, records.weight), storms: used };
}

interface RainField {
  cru: CruClimatology;
  positions: Int32Array;
  nearLand: Uint8Array;
}

/** One storm's rain (mm) per land-cell position and local day, keyed position × DAY_SLOTS + (day − firstDay). */
function stormDayTotals(storm: Storm, firstDay: number, field: RainField): Map<number, number> {
  const totals = new Map<number, number>();
  const fixes = storm.fixes;
  for (let f = 0; f + 1 < fixes.length; f++) {
    const a = fixes[f]!;
    const b = fixes[f + 1]!;
    const hours = (b.time - a.time) / MS_PER_HOUR;
    if (a.vmaxKt === null || b.vmaxKt === null || a.stage === 'extratropical' || a.stage === 'disturbance') continue;
    if (!(hours > 0 && hours <= TC_RAIN.maxGapHours)) continue;
    const steps = Math.max(1, Math.round(hours / TC_RAIN.stepHours));
    const dLon = ((((b.lon - a.lon + 180) % 360) + 360) % 360) - 180;
    for (let s = 0; s < steps; s++) {
      const frac = (s + 0.5) / steps;
      const centre = { lat: a.lat + frac * (b.lat - a.lat), lon: a.lon + frac * dLon, vmax: a.vmaxKt + frac * (b.vmaxKt - a.vmaxKt), time: a.time + frac * (b.time - a.time) };
      addStepRain(totals, firstDay, field, centre, hours / steps);
    }
  }
  return totals;
}

/** Adds one time step's R-CLIPER rain around a storm centre to the land cells within TC_RAIN.maxRadiusKm (equirectangular distance). */
function addStepRain(totals: Map<number, number>, firstDay: number, field: RainField, c: { lat: number; lon: number; vmax: number; time: number }, hours: number): void {
  const { grid } = field.cru;
  const wrap = (j: number): number => ((j % grid.nlon) + grid.nlon) % grid.nlon;
  const row = Math.max(0, Math.min(grid.nlat - 1, Math.floor((c.lat - grid.lat0) / grid.dlat)));
  if (!field.nearLand[row * grid.nlon + wrap(Math.floor((c.lon - grid.lon0) / grid.dlon))]) return;
  const dLat = TC_RAIN.maxRadiusKm / KM_PER_DEGREE;
  const dLon = dLat / Math.max(cosDeg(Math.abs(c.lat) + dLat), 0.05);
  const cosLat = cosDeg(c.lat);
  const i1 = Math.min(grid.nlat - 1, Math.floor((c.lat + dLat - grid.lat0) / grid.dlat));
  const j1 = Math.floor((c.lon + dLon - grid.lon0) / grid.dlon);
  for (let i = Math.max(0, Math.floor((c.lat - dLat - grid.lat0) / grid.dlat)); i <= i1; i++) {
    const dy = (grid.lat0 + (i + 0.5) * grid.dlat - c.lat) * KM_PER_DEGREE;
    for (let jj = Math.floor((c.lon - dLon - grid.lon0) / grid.dlon); jj <= j1; jj++) {
      const j = wrap(jj);
      const p = field.positions[i * grid.nlon + j]!;
      if (p < 0) continue;
      const cellLon = grid.lon0 + (j + 0.5) * grid.dlon;
      const dx = (((((cellLon - c.lon + 180) % 360) + 360) % 360) - 180) * cosLat * KM_PER_DEGREE;
      const r = Math.sqrt(dx * dx + dy * dy);
      const rain = r > TC_RAIN.maxRadiusKm ? 0 : rcliperRate(c.vmax, r) * hours;
      if (!(rain > 0)) continue;
      const key = p * DAY_SLOTS + Math.floor((c.time + (cellLon / 15) * MS_PER_HOUR) / MS_PER_DAY) - firstDay;
      totals.set(key, (totals.get(key) ?? 0) + rain);
    }
  }
}

/** Grid cells within `dLat` degrees of latitude and the matching longitude span (widened by cos latitude) of a land cell. */
function landWithin(cru: CruClimatology, dLat: number): Uint8Array {
  const { grid } = cru;
  const near = new Uint8Array(grid.nlat * grid.nlon);
  const di = Math.ceil(dLat / grid.dlat) + 1;
  for (const cell of cru.cells) {
    const i = Math.floor(cell / grid.nlon);
    const j = cell - i * grid.nlon;
    for (let ii = Math.max(0, i - di); ii <= Math.min(grid.nlat - 1, i + di); ii++) {
      const lat = grid.lat0 + (ii + 0.5) * grid.dlat;
      const dj = Math.min(Math.ceil(dLat / Math.max(cosDeg(Math.abs(lat) + dLat), 0.05) / grid.dlon) + 1, grid.nlon);
      for (let jj = j - dj; jj <= j + dj; jj++) near[ii * grid.nlon + (((jj % grid.nlon) + grid.nlon) % grid.nlon)] = 1;
    }
  }
  return near;
}

/** Counting sort of the records by position, keeping their order within a position. */
function groupByPosition(n: number, pos: number[], month: number[], mm: number[], weight: number[]): Omit<TcRainDays, 'storms'> {
  const start = new Int32Array(n + 1);
  for (const p of pos) start[p + 1]!++;
  for (let i = 0; i < n; i++) start[i + 1]! += start[i]!;
  const next = start.slice(0, n);
  const out = { start, month: new Uint8Array(pos.length), mm: new Float64Array(pos.length), weight: new Float64Array(pos.length) };
  pos.forEach((p, r) => {
    const at = next[p]!++;
    out.month[at] = month[r]!;
    out.mm[at] = mm[r]!;
    out.weight[at] = weight[r]!;
  });
  return out;
}

/** Below this standard score Φ(z) < 1e-15: a storm-day that small does not reach x. */
const NEGLIGIBLE_Z = -8;

/** P(D·ε ≥ x), ln ε ~ N(−σ²/2, σ²). */
function spreadExceedance(dayMm: number, x: number, spread: number): number {
  const z = (Math.log(dayMm / x) - (spread * spread) / 2) / spread;
  return z < NEGLIGIBLE_Z ? 0 : normalCdf(z);
}

/** Expected storm-days a year at `position` reaching x mm (all months). */
export function tcAnnualRate(days: TcRainDays, position: number, x: number, spread: number): number {
  let rate = 0;
  for (let r = days.start[position]!; r < days.start[position + 1]!; r++) rate += days.weight[r]! * spreadExceedance(days.mm[r]!, x, spread);
  return rate;
}

/** Daily hazard per month and threshold (12 × thresholds) of TC rain at `position`. */
export function tcDailyHazard(days: TcRainDays, position: number, thresholds: readonly number[], spread: number): Float64Array {
  const k = thresholds.length;
  const hazard = new Float64Array(12 * k);
  for (let r = days.start[position]!; r < days.start[position + 1]!; r++) {
    const m = days.month[r]!;
    for (let j = 0; j < k; j++) hazard[m * k + j]! += (days.weight[r]! * spreadExceedance(days.mm[r]!, thresholds[j]!, spread)) / MEAN_DAYS_IN_MONTH[m]!;
  }
  return hazard;
}

/** Mean and second moment of a day's TC rain (mm, mm²) per month at `position`. */
export function tcDailyMoments(days: TcRainDays, position: number, spread: number): { mean: Float64Array; second: Float64Array } {
  const mean = new Float64Array(12);
  const second = new Float64Array(12);
  const inflation = Math.exp(spread * spread);
  for (let r = days.start[position]!; r < days.start[position + 1]!; r++) {
    const m = days.month[r]!;
    const d = days.mm[r]!;
    mean[m]! += (days.weight[r]! * d) / MEAN_DAYS_IN_MONTH[m]!;
    second[m]! += (days.weight[r]! * d * d * inflation) / MEAN_DAYS_IN_MONTH[m]!;
  }
  return { mean, second };
}
