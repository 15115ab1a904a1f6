import { civilFromDays, seasonSlot } from './calendar.js';
import { expectedCountFromProbability, probabilityFromExpectedCount } from './formulas.js';
import { gammaQ } from './gamma.js';
import { perilDef } from './perils.js';
import { normaliseDiurnal, normaliseSeason, HOURS, SEASON_SLOTS } from './profiles.js';
import { ACCUMULATION_PARAM_COUNT, type HazardTable } from './table-spec.js';

/**
 * The plain TypeScript statement of the window mathematics (docs/methods.md),
 * written for clarity, not speed: it walks the window day by day. Tests hold
 * the WASM kernel to it; validation scripts use it on freshly built tables.
 */
export interface CurveWindow {
  startDay: number;
  endDay: number;
  startHour: number;
  endHour: number;
}

/** Exceedance probabilities (fractions) per threshold over the whole window. */
export function referenceWindow(table: HazardTable, row: number, w: CurveWindow): number[] {
  const k = perilDef(table.peril).thresholds.length;
  if (table.type === 'accumulation') return accumulation(table, row, w.startDay, w.endDay, k);
  const expected = new Array<number>(k).fill(0);
  if (table.type === 'rate') {
    const season = normaliseSeason(table.seasonWeights);
    const diurnal = normaliseDiurnal(table.diurnalShares);
    const s = table.seasonOfRow[row]! * SEASON_SLOTS;
    const h = table.diurnalOfRow[row]! * HOURS;
    let hourShare = 0;
    for (let hour = w.startHour; hour <= w.endHour; hour++) hourShare += diurnal[h + hour]!;
    let dayShare = 0;
    for (let d = w.startDay; d <= w.endDay; d++) dayShare += season[s + seasonSlot(d)]!;
    for (let j = 0; j < k; j++) expected[j] = table.rates[row * k + j]! * dayShare * hourShare;
  } else {
    const fraction = (w.endHour - w.startHour + 1) / 24;
    for (let d = w.startDay; d <= w.endDay; d++) {
      const month = civilFromDays(d).month - 1;
      for (let j = 0; j < k; j++) expected[j]! += fraction * expectedCountFromProbability(table.dailyProb[(row * 12 + month) * k + j]!);
    }
  }
  return expected.map(probabilityFromExpectedCount);
}

/** Daily mode: each day's probabilities, averaged over the days of the window. */
export function referenceDailyMean(table: HazardTable, row: number, w: CurveWindow): number[] {
  const k = perilDef(table.peril).thresholds.length;
  const sum = new Array<number>(k).fill(0);
  for (let d = w.startDay; d <= w.endDay; d++) {
    referenceWindow(table, row, { ...w, startDay: d, endDay: d }).forEach((p, j) => (sum[j]! += p));
  }
  const days = w.endDay - w.startDay + 1;
  return sum.map((s) => s / days);
}

/**
 * Expanding mode: window i covers [start − windowDays, start − windowDays + i].
 * Windows are nested, so each curve is at least the previous one (running maximum).
 */
export function referenceExpanding(table: HazardTable, row: number, startDay: number, endDay: number, windowDays: number): number[][] {
  const first = startDay - windowDays;
  const count = endDay - startDay + 1 + windowDays;
  const curves: number[][] = [];
  for (let i = 0; i < count; i++) {
    const curve = referenceWindow(table, row, { startDay: first, endDay: first + i, startHour: 0, endHour: 23 });
    curves.push(i === 0 ? curve : curve.map((p, j) => Math.max(p, curves[i - 1]![j]!)));
  }
  return curves;
}

/**
 * Window totals of the chain-dependent generator: exact P(S = 0) and exact
 * mean and variance (Katz 1977), then S | S > 0 ~ Gamma matched to those moments.
 */
function accumulation(table: HazardTable & { type: 'accumulation' }, row: number, startDay: number, endDay: number, k: number): number[] {
  let pi = 0;
  let cov = 0;
  let mean = 0;
  let varSum = 0;
  let cross = 0;
  let dry = 0;
  let wet = 0;
  let prevM1 = 0;
  for (let d = startDay; d <= endDay; d++) {
    const base = (row * 12 + civilFromDays(d).month - 1) * ACCUMULATION_PARAM_COUNT;
    const [p01, p11, alpha, beta, q, r] = table.params.subarray(base, base + ACCUMULATION_PARAM_COUNT) as unknown as number[];
    if (d === startDay) {
      pi = p01! / (1 - p11! + p01!);
      dry = 1 - pi;
      wet = pi * (1 - q!);
    } else {
      const rho = p11! - p01!;
      cov = rho * (cov + prevM1 * pi * (1 - pi));
      pi = p01! + rho * pi;
      const nextDry = dry * (1 - p01!) + wet * (1 - p11!);
      wet = (dry * p01! + wet * p11!) * (1 - q!);
      dry = nextDry;
    }
    const m1 = q! * r! * alpha! * beta!;
    const m2 = q! * r! * r! * alpha! * (alpha! + 1) * beta! * beta!;
    mean += pi * m1;
    varSum += pi * m2 - pi * pi * m1 * m1;
    cross += m1 * cov;
    prevM1 = m1;
  }
  const thresholds = perilDef(table.peril).thresholds as number[];
  const positive = 1 - (dry + wet);
  const variance = varSum + 2 * cross;
  return thresholds.slice(0, k).map((x) => {
    if (!(positive > 0) || !(mean > 0)) return 0;
    const mu = mean / positive;
    const sigma2 = (variance + mean * mean) / positive - mu * mu;
    if (!(sigma2 > mu * mu * 1e-12)) return mu >= x ? positive : 0;
    return positive * gammaQ((mu * mu) / sigma2, (x * mu) / sigma2);
  });
}
