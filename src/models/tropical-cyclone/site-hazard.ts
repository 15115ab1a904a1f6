/**
 * Evaluating a built TropicalCyclone table at a place with the engine's
 * reference window maths (src/engine/reference.ts), for validation.
 */
import { daysFromCivil } from '../../engine/calendar.js';
import { expectedCountFromProbability, returnPeriodYears, windowYears } from '../../engine/formulas.js';
import { rowAt } from '../../engine/grid.js';
import { referenceWindow, type CurveWindow } from '../../engine/reference.js';
import type { HazardTable } from '../../engine/table-spec.js';
import type { Place } from '../toolkit/place-checks.js';

/** A 4-year window including one 29 February: Λ = 4λ exactly for a rate table. */
export const FOUR_YEARS: CurveWindow = { startDay: daysFromCivil(2021, 1, 1), endDay: daysFromCivil(2024, 12, 31), startHour: 0, endHour: 23 };

/** The table's data row at a place, or null where it has no coverage. */
export function coveredRow(table: HazardTable, place: Place): number | null {
  const row = rowAt(table, place.latitude, place.longitude);
  return row < 0 ? null : row;
}

/** Site return period (years) of wind ≥ category k, via the reference window maths; null = no coverage. */
export function siteReturnPeriod(table: HazardTable, place: Place, category: number, window: CurveWindow = FOUR_YEARS): number | null {
  const row = coveredRow(table, place);
  if (row === null) return null;
  const p = referenceWindow(table, row, window)[category]!;
  return returnPeriodYears(p, windowYears(window.endDay - window.startDay + 1, window.startHour, window.endHour));
}

/** Expected number of site exceedances of category k in a window. */
export function siteExpected(table: HazardTable, place: Place, category: number, window: CurveWindow): number | null {
  const row = coveredRow(table, place);
  return row === null ? null : expectedCountFromProbability(referenceWindow(table, row, window)[category]!);
}

