import { daysFromCivil } from '../../engine/calendar.js';
import { HOURS, SEASON_SLOTS } from '../../engine/profiles.js';
import { DAYS_IN_MONTH, MONTHS } from './half-degree.js';

/**
 * Seasonal and diurnal profile helpers. Seasonal weights live on the 366-slot
 * calendar (slot 59 = 29 February); the writer normalises them to one mean
 * year. Smoothing is a circular Gaussian over the slots.
 */

/** Weighted counts of dated records per slot (slots < 0 are skipped). */
export function slotHistogram(records: Iterable<{ slot: number; weight: number }>): Float64Array {
  const out = new Float64Array(SEASON_SLOTS);
  for (const r of records) if (r.slot >= 0 && r.slot < SEASON_SLOTS) out[r.slot]! += r.weight;
  return out;
}

/** Circular Gaussian smoothing over the 366 slots, σ in days. */
export function smoothCircular(values: Float64Array, sigmaDays: number): Float64Array {
  const n = values.length;
  const half = Math.ceil(3 * sigmaDays);
  const kernel = Array.from({ length: 2 * half + 1 }, (_, i) => Math.exp(-0.5 * ((i - half) / sigmaDays) ** 2));
  const out = new Float64Array(n);
  for (let s = 0; s < n; s++) {
    const v = values[s]!;
    if (v === 0) continue;
    for (let k = -half; k <= half; k++) out[(((s + k) % n) + n) % n]! += v * kernel[k + half]!;
  }
  return out;
}

/** Slot of the first day of each month (2000 is a leap year, so 29 February has its slot). */
export const MONTH_START = Array.from({ length: MONTHS + 1 }, (_, m) => (m === MONTHS ? SEASON_SLOTS : daysFromCivil(2000, m + 1, 1) - daysFromCivil(2000, 1, 1)));

/** Monthly shares spread evenly over each month's days (29 February counts a quarter day). */
export function monthlyToSlots(shares: readonly number[]): Float64Array {
  const out = new Float64Array(SEASON_SLOTS);
  for (let m = 0; m < MONTHS; m++) {
    for (let s = MONTH_START[m]!; s < MONTH_START[m + 1]!; s++) out[s] = shares[m]! / DAYS_IN_MONTH[m]!;
  }
  return out;
}

/** Hour histogram (local solar hours 0–23) of records with a known hour. */
export function hourHistogram(hours: Iterable<number>): Float64Array {
  const out = new Float64Array(HOURS);
  for (const h of hours) if (h >= 0 && h < HOURS) out[h]! += 1;
  return out;
}

export function uniformProfile(length: number): Float64Array {
  return new Float64Array(length).fill(1);
}
