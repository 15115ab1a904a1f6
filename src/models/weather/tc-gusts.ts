import { daysFromCivil } from '../../engine/calendar.js';
import { cellCentre, cellIndex } from '../../engine/grid.js';
import { LEAP_DAY_SLOT, SEASON_SLOTS, normaliseSeason } from '../../engine/profiles.js';
import type { GridDef, RateTable } from '../../engine/table-spec.js';
import { TC } from './parameters.js';
import { MEAN_DAYS_IN_MONTH, MS_PER_KT } from '../../units.js';

/**
 * Tropical-cyclone gusts from the TropicalCyclone rate table: the annual rate of
 * site winds reaching each Saffir–Simpson threshold (1-min sustained, kt) becomes
 * a rate of 3-s gusts reaching TC.gustFactor3sOver60s × that speed; rates between
 * categories are interpolated log-linearly in speed; below the CAT0 gust the CAT0
 * rate is used (a lower bound). The table's seasonal profile spreads the annual
 * rate over months, and a month's rate over its days: h = λ · S_month / days.
 */
export function tropicalCycloneDailyHazard(tc: RateTable, grid: GridDef, cells: Int32Array, thresholds: readonly number[]): Map<number, Float64Array> {
  const k = thresholds.length;
  const categories = tc.rates.length / tc.rows;
  const gusts = TC.categoryKnots.slice(0, categories).map((kt) => kt * MS_PER_KT * TC.gustFactor3sOver60s);
  const shares = monthShares(normaliseSeason(tc.seasonWeights));
  const byRow = new Map<number, Float64Array>();
  const out = new Map<number, Float64Array>();
  for (const cell of cells) {
    const { latitude, longitude } = cellCentre(grid, cell);
    const tcCell = cellIndex(tc.grid, latitude, longitude);
    const row = tcCell < 0 ? -1 : tc.cellRow[tcCell]!;
    if (row < 0) continue;
    let hazard = byRow.get(row);
    if (!hazard) {
      const rates = tc.rates.subarray(row * categories, (row + 1) * categories);
      const season = tc.seasonOfRow[row]!;
      hazard = new Float64Array(12 * k);
      for (let j = 0; j < k; j++) {
        const annual = rateAtGust(gusts, rates, thresholds[j]!);
        for (let m = 0; m < 12; m++) hazard[m * k + j] = (annual * shares[season * 12 + m]!) / MEAN_DAYS_IN_MONTH[m]!;
      }
      byRow.set(row, hazard);
    }
    out.set(cell, hazard);
  }
  return out;
}

/** Annual rate of gusts ≥ x from rates at the category gust speeds. */
export function rateAtGust(gusts: readonly number[], rates: ArrayLike<number>, x: number): number {
  if (x <= gusts[0]!) return rates[0]!;
  for (let c = 0; c + 1 < gusts.length; c++) {
    const g0 = gusts[c]!;
    const g1 = gusts[c + 1]!;
    if (x > g1) continue;
    const r0 = rates[c]!;
    const r1 = rates[c + 1]!;
    const t = (x - g0) / (g1 - g0);
    return r0 > 0 && r1 > 0 ? Math.exp(Math.log(r0) + t * (Math.log(r1) - Math.log(r0))) : r0 + t * (r1 - r0);
  }
  return rates[gusts.length - 1]!;
}

/** Per season profile, the share of a mean year falling in each calendar month (29 Feb weighted ¼). */
export function monthShares(normalised: Float64Array): Float64Array {
  const profiles = normalised.length / SEASON_SLOTS;
  const out = new Float64Array(profiles * 12);
  const jan1 = daysFromCivil(2000, 1, 1);
  for (let p = 0; p < profiles; p++) {
    for (let m = 0; m < 12; m++) {
      const first = daysFromCivil(2000, m + 1, 1) - jan1;
      const end = m === 11 ? SEASON_SLOTS : daysFromCivil(2000, m + 2, 1) - jan1;
      let share = 0;
      for (let s = first; s < end; s++) share += normalised[p * SEASON_SLOTS + s]! * (s === LEAP_DAY_SLOT ? 0.25 : 1);
      out[p * 12 + m] = share;
    }
  }
  return out;
}
