import { DAYS_PER_YEAR, MEAN_DAYS_IN_MONTH, MONTHS } from '../units.js';
/**
 * The one home of the rate ↔ probability ↔ return-period formulas
 * (docs/methods.md §1). Everything else calls these; nothing re-derives them.
 */

/**
 * Return periods are capped here, and a zero expected count (Λ = 0) reports it:
 * "longer than a million years". Used everywhere a return period is produced.
 */
export const RETURN_PERIOD_CAP_YEARS = 1_000_000;

/** Digits kept in published probabilities (percent) and float return periods. */
const SIGNIFICANT_DIGITS = 6;

/** p = 1 − exp(−Λ), computed without cancellation for small Λ. */
export function probabilityFromExpectedCount(expected: number): number {
  if (!(expected > 0)) return 0;
  return -Math.expm1(-expected);
}

/** Λ = −ln(1 − p); Infinity for p = 1. */
export function expectedCountFromProbability(p: number): number {
  if (!(p > 0)) return 0;
  if (p >= 1) return Infinity;
  return -Math.log1p(-p);
}

/**
 * The expected count in a mean year of a daily table's event at threshold `j` of `k`, in one row: Σ over
 * the months of their mean days × the daily count −ln(1 − p) (the engine's product rule; dailyProb laid
 * out row, month, threshold).
 */
export function annualCountFromDaily(dailyProb: ArrayLike<number>, row: number, j: number, k: number): number {
  let count = 0;
  for (let m = 0; m < MONTHS; m++) count += MEAN_DAYS_IN_MONTH[m]! * expectedCountFromProbability(dailyProb[(row * MONTHS + m) * k + j]!);
  return count;
}

/** Window length in years: whole days × covered hours of each day. */
export function windowYears(days: number, startHour = 0, endHour = 23): number {
  return (days * (endHour - startHour + 1)) / 24 / DAYS_PER_YEAR;
}

/**
 * Equivalent return period in years of a probability p over a window of
 * `years`: T / Λ with Λ = −ln(1 − p); equals 1/λ for a one-year window of a
 * constant-rate hazard. Capped at RETURN_PERIOD_CAP_YEARS.
 */
export function returnPeriodYears(p: number, years: number): number {
  const expected = expectedCountFromProbability(p);
  if (expected === 0) return RETURN_PERIOD_CAP_YEARS;
  return Math.min(years / expected, RETURN_PERIOD_CAP_YEARS);
}

/** Probability of at least one occurrence in `years` of a hazard with annual rate λ. */
export function probabilityInYears(annualRate: number, years: number): number {
  return probabilityFromExpectedCount(annualRate * years);
}

/** Fraction → percent (0–100), six significant digits. */
export function toPercent(p: number): number {
  return roundSignificant(p * 100);
}

/** Integer return period (v2, batch, Lite): rounded half up, at least 1 year. */
export function integerReturnPeriod(years: number): number {
  return Math.max(1, Math.round(years));
}

/** Float return period (daily mode), six significant digits. */
export function floatReturnPeriod(years: number): number {
  return roundSignificant(years);
}

/** 10^0 … 10^22: the powers of ten a double holds exactly. */
const POW10 = Array.from({ length: 23 }, (_, i) => Number(`1e${i}`));

/**
 * Round to `digits` significant digits: the double nearest the decimal that
 * Number(x.toPrecision(digits)) gives. Scaling by an exact power of ten and
 * rounding once is ~20× faster and agrees, except within a hair of a tie (the
 * scaled product can land on the wrong side) and where the power of ten is
 * not exact (beyond 10^22); those go to toPrecision, which decides on the
 * exact binary value.
 */
export function roundSignificant(x: number, digits = SIGNIFICANT_DIGITS): number {
  if (x === 0 || !Number.isFinite(x)) return x;
  const exponent = Math.floor(Math.log10(Math.abs(x)));
  const large = exponent >= digits - 1;
  const power = large ? exponent - digits + 1 : digits - 1 - exponent;
  if (power >= POW10.length) return Number(x.toPrecision(digits));
  const factor = POW10[power]!;
  const scaled = large ? x / factor : x * factor;
  if (Math.abs(scaled - Math.floor(scaled) - 0.5) < 1e-6) return Number(x.toPrecision(digits));
  return large ? Math.round(scaled) * factor : Math.round(scaled) / factor;
}
