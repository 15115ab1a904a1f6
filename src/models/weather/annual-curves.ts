import { daysFromCivil } from '../../engine/calendar.js';
import { expectedCountFromProbability, probabilityFromExpectedCount } from '../../engine/formulas.js';
import { perilDef } from '../../engine/perils.js';
import { referenceWindow } from '../../engine/reference.js';
import type { HazardTable } from '../../engine/table-spec.js';

/**
 * Annual-maximum curves of built tables, evaluated with the engine's reference
 * maths (src/engine/reference.ts) over one common year (2001), for validation.
 */
export const VALIDATION_YEAR = 2001;
const YEAR_DAYS = 365;

export function thresholdsOf(table: HazardTable): number[] {
  return perilDef(table.peril).thresholds as number[];
}

/**
 * P(annual maximum of `blockDays`-day totals ≥ each threshold), the year cut into
 * ⌊365 / blockDays⌋ consecutive blocks taken as independent. For a daily table
 * with blockDays = 1 this is one 365-day window (the engine's product rule).
 */
export function annualMaxProbabilities(table: HazardTable, row: number, blockDays = 1): number[] {
  const first = daysFromCivil(VALIDATION_YEAR, 1, 1);
  if (table.type === 'daily' && blockDays === 1) return referenceWindow(table, row, { startDay: first, endDay: first + YEAR_DAYS - 1, startHour: 0, endHour: 23 });
  const hazard = new Array<number>(thresholdsOf(table).length).fill(0);
  for (let start = first; start + blockDays <= first + YEAR_DAYS; start += blockDays) {
    const p = referenceWindow(table, row, { startDay: start, endDay: start + blockDays - 1, startHour: 0, endHour: 23 });
    p.forEach((v, j) => (hazard[j]! += expectedCountFromProbability(v)));
  }
  return hazard.map(probabilityFromExpectedCount);
}

/**
 * The value exceeded with annual probability p, interpolated between thresholds
 * linearly in the Gumbel reduced variate z = ln(−ln(1 − P)) (exact for a Gumbel
 * annual maximum), extrapolated from the nearest two usable thresholds outside
 * their range (never below 0). NaN when fewer than two thresholds have 0 < P < 1.
 */
export function annualQuantile(thresholds: readonly number[], probabilities: readonly number[], p: number): { value: number; extrapolated: boolean } {
  const points = thresholds
    .map((x, j) => ({ x, z: Math.log(expectedCountFromProbability(probabilities[j]!)) }))
    .filter((q) => Number.isFinite(q.z));
  if (points.length < 2) return { value: NaN, extrapolated: true };
  const target = Math.log(expectedCountFromProbability(p));
  let lo = 0;
  while (lo < points.length - 2 && points[lo + 1]!.z >= target) lo++;
  const a = points[lo]!;
  const b = points[lo + 1]!;
  const extrapolated = target > a.z || target < b.z;
  if (a.z === b.z) return { value: a.x, extrapolated };
  return { value: Math.max(0, a.x + ((target - a.z) / (b.z - a.z)) * (b.x - a.x)), extrapolated };
}

/** Expected number of days a year reaching each threshold (daily tables). */
export function expectedDaysPerYear(table: HazardTable, row: number): number[] {
  return annualMaxProbabilities(table, row).map(expectedCountFromProbability);
}

/** P(annual max ≥ x) between thresholds, linear in ln P (exact at the thresholds, flat beyond the ends). */
export function probabilityAt(thresholds: readonly number[], probabilities: readonly number[], x: number): number {
  if (x <= thresholds[0]!) return probabilities[0]!;
  for (let j = 0; j + 1 < thresholds.length; j++) {
    const [x0, x1, p0, p1] = [thresholds[j]!, thresholds[j + 1]!, probabilities[j]!, probabilities[j + 1]!];
    if (x > x1) continue;
    const t = (x - x0) / (x1 - x0);
    return p0 > 0 && p1 > 0 ? Math.exp(Math.log(p0) + t * Math.log(p1 / p0)) : p0 + t * (p1 - p0);
  }
  return probabilities[probabilities.length - 1]!;
}
