import { DAYS_PER_YEAR } from '../units.js';
/**
 * Normalisation of seasonal and diurnal profiles, part of the table semantics:
 * the writer stores normalised profiles, and the reference maths normalises the
 * same way, so both read one definition (docs/methods.md §2).
 */
export const SEASON_SLOTS = 366;
export const LEAP_DAY_SLOT = 59;
export const HOURS = 24;

/**
 * Each profile scaled so one mean year sums to 1: Σ(slots ≠ 29 Feb) + ¼·w(29 Feb) = 1.
 * An all-zero profile becomes uniform (1/365.25 per day).
 */
export function normaliseSeason(weights: Float64Array): Float64Array {
  const out = new Float64Array(weights.length);
  for (let base = 0; base < weights.length; base += SEASON_SLOTS) {
    let total = 0;
    for (let s = 0; s < SEASON_SLOTS; s++) total += s === LEAP_DAY_SLOT ? weights[base + s]! / 4 : weights[base + s]!;
    for (let s = 0; s < SEASON_SLOTS; s++) out[base + s] = total > 0 ? weights[base + s]! / total : 1 / DAYS_PER_YEAR;
  }
  return out;
}

/** Each profile scaled to sum 1 over the 24 local solar hours; all-zero becomes uniform. */
export function normaliseDiurnal(shares: Float64Array): Float64Array {
  const out = new Float64Array(shares.length);
  for (let base = 0; base < shares.length; base += HOURS) {
    let total = 0;
    for (let h = 0; h < HOURS; h++) total += shares[base + h]!;
    for (let h = 0; h < HOURS; h++) out[base + h] = total > 0 ? shares[base + h]! / total : 1 / HOURS;
  }
  return out;
}

/** Cumulative sums with a leading 0: out[i] = Σ_{j<i} x[j], per profile of `width`. */
export function cumulative(values: Float64Array, width: number): Float64Array {
  const profiles = values.length / width;
  const out = new Float64Array(profiles * (width + 1));
  for (let p = 0; p < profiles; p++) {
    let sum = 0;
    for (let i = 0; i < width; i++) {
      out[p * (width + 1) + i] = sum;
      sum += values[p * width + i]!;
    }
    out[p * (width + 1) + width] = sum;
  }
  return out;
}
