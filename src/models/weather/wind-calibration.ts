import { expectedCountFromProbability } from '../../engine/formulas.js';
import { cellIndex } from '../../engine/grid.js';
import type { RateTable } from '../../engine/table-spec.js';
import { clamp, nelderMead } from '../toolkit/least-squares.js';
import { SPC, WIND } from './parameters.js';
import type { DesignGust } from './references.js';
import { cellPositions, type CruClimatology, type GustReport } from './sources.js';
import { convectiveDailyHazard } from './spc-gusts.js';
import { tropicalCycloneDailyHazard } from './tc-gusts.js';
import { backgroundGustHazard, backgroundGusts, type CellWinds, type GustParams } from './wind-background.js';
import { MEAN_DAYS_IN_MONTH } from '../../units.js';

/**
 * Fits the gust mixture — the storm-tail Weibull (s, b, k) of the background
 * (wind-background.ts) and the footprint factor of the SPC convective term — to
 * the calibration rows of the design-wind
 * references (references.ts: ASCE 7-05 50-yr and ASCE 7-10 300/700/1,700-yr
 * gusts at US cities, Eurocode 50-yr values in Europe), with the
 * tropical-cyclone term as built. At each reference the annual hazard
 * H(x) = Σ_m D_m·[−ln(1 − p_m(x)) + h_conv,m(x) + h_TC,m(x)] is evaluated on whole
 * m/s from WIND.curveSpeeds; the return level for T years is where H crosses
 * −ln(1 − 1/T) (linear in ln H). The loss is the mean over places of the mean
 * squared log ratio of our level to the reference level; Nelder–Mead in the
 * box WIND.bounds from WIND.start.
 */
export interface WindCalibration {
  params: GustParams;
  references: number;
  /** Root-mean-square log error of the levels at the calibration references. */
  rmsLogError: number;
}

interface ReferenceCurve {
  monthly: Float64Array;
  /** Annual convective hazard per speed (footprint factor 1) and tropical-cyclone hazard per speed. */
  convective: Float64Array;
  tropical: Float64Array;
  levels: readonly (readonly [number, number, string])[];
}

const KEYS = ['s', 'b', 'k', 'footprint'] as const;

export function calibrateWind(cru: CruClimatology, winds: CellWinds, reports: readonly GustReport[], tc: RateTable | null, references: readonly DesignGust[]): WindCalibration {
  const speeds = Array.from({ length: WIND.curveSpeeds[1] - WIND.curveSpeeds[0] + 1 }, (_, i) => WIND.curveSpeeds[0] + i);
  const positions = cellPositions(cru);
  const located = references.map((r) => ({ r, position: windPosition(cru, positions, winds, r.latitude, r.longitude) })).filter((l) => l.position >= 0);
  if (located.length < WIND.minReferences) return { params: { ...WIND.start }, references: located.length, rmsLogError: NaN };
  const cells = located.map((l) => cru.cells[l.position]!);
  const convective = convectiveDailyHazard(cru.grid, reports, speeds, SPC.years.length, new Set(cells));
  const tropical = tc ? tropicalCycloneDailyHazard(tc, cru.grid, Int32Array.from(cells), speeds) : new Map<number, Float64Array>();
  const curves: ReferenceCurve[] = located.map((l, i) => ({
    monthly: winds.monthly[l.position]!,
    convective: annualise(convective.get(cells[i]!), speeds.length),
    tropical: annualise(tropical.get(cells[i]!), speeds.length),
    levels: l.r.levels,
  }));
  const toParams = (u: readonly number[]): GustParams => {
    const p: GustParams = { ...WIND.start };
    KEYS.forEach((key, i) => {
      const [lo, hi] = WIND.bounds[key];
      p[key] = lo + clamp(u[i]!, 0, 1) * (hi - lo);
    });
    return p;
  };
  const loss = (u: readonly number[]): number => {
    const p = toParams(u);
    return curves.reduce((sum, c) => sum + c.levels.reduce((s, [years, gust]) => s + Math.log(returnLevel(c, p, speeds, years) / gust) ** 2, 0) / c.levels.length, 0) / curves.length;
  };
  const start = KEYS.map((key) => (WIND.start[key] - WIND.bounds[key][0]) / (WIND.bounds[key][1] - WIND.bounds[key][0]));
  const best = nelderMead(loss, start, KEYS.map(() => WIND.initialStep), WIND.iterations);
  return { params: toParams(best.x), references: located.length, rmsLogError: Math.sqrt(best.value) };
}

/** The land-cell position with usable wind that the table gives a place: its own cell, else the nearest in one ring (ties to the lower cell). */
function windPosition(cru: CruClimatology, positions: Int32Array, winds: CellWinds, latitude: number, longitude: number): number {
  const cell = cellIndex(cru.grid, latitude, longitude);
  if (cell < 0) return -1;
  const own = positions[cell]!;
  if (own >= 0 && winds.monthly[own]) return own;
  const { nlat, nlon } = cru.grid;
  const row = Math.floor(cell / nlon);
  const col = cell - row * nlon;
  let best = -1;
  let bestDist = Infinity;
  for (let di = -1; di <= 1; di++) {
    for (let dj = -1; dj <= 1; dj++) {
      if ((di === 0 && dj === 0) || row + di < 0 || row + di >= nlat) continue;
      const p = positions[(row + di) * nlon + ((col + dj + nlon) % nlon)]!;
      const dist = di * di + dj * dj;
      if (p < 0 || !winds.monthly[p] || dist > bestDist || (dist === bestDist && p > best)) continue;
      best = p;
      bestDist = dist;
    }
  }
  return best;
}

function annualise(daily: Float64Array | undefined, k: number): Float64Array {
  const out = new Float64Array(k);
  if (daily) for (let m = 0; m < 12; m++) for (let j = 0; j < k; j++) out[j]! += daily[m * k + j]! * MEAN_DAYS_IN_MONTH[m]!;
  return out;
}

function returnLevel(c: ReferenceCurve, p: GustParams, speeds: readonly number[], years: number): number {
  const target = expectedCountFromProbability(1 / years);
  const g = backgroundGusts(p);
  let previous = NaN;
  for (let j = 0; j < speeds.length; j++) {
    let h = p.footprint * c.convective[j]! + c.tropical[j]!;
    for (let m = 0; m < 12; m++) h += MEAN_DAYS_IN_MONTH[m]! * backgroundGustHazard(c.monthly[m]!, speeds[j]!, g);
    if (h <= target) return j === 0 ? speeds[0]! : speeds[j - 1]! + (Math.log(previous / target) / Math.log(previous / h)) * (speeds[j]! - speeds[j - 1]!);
    previous = h;
  }
  return speeds[speeds.length - 1]!;
}
