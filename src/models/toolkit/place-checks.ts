import { daysFromCivil } from '../../engine/calendar.js';
import { rowAt } from '../../engine/grid.js';
import type { PerilName } from '../../engine/perils.js';
import { referenceWindow } from '../../engine/reference.js';
import type { HazardTable } from '../../engine/table-spec.js';
import type { Evidence, OrderingCheck, ValidationRow } from '../validation-types.js';

/**
 * Helpers of the validation modules that read a table at named places with the
 * reference window maths over one calendar year (2025, all hours).
 */
const YEAR = { startDay: daysFromCivil(2025, 1, 1), endDay: daysFromCivil(2025, 12, 31), startHour: 0, endHour: 23 };

/** A named place of the validation pages; every model folder's places are these. */
export interface Place {
  name: string;
  latitude: number;
  longitude: number;
}

/** Where a place is, without its name. */
export type Coordinates = Pick<Place, 'latitude' | 'longitude'>;

export const place = (name: string, latitude: number, longitude: number): Place => ({ name, latitude, longitude });

/** Annual exceedance probability (fraction) of threshold k at a place, or null without coverage. */
export function annualProbability(table: HazardTable, at: Coordinates, k = 0): number | null {
  const row = rowAt(table, at.latitude, at.longitude);
  return row < 0 ? null : referenceWindow(table, row, YEAR)[k]!;
}

/** A validation row; the ratio is ours ÷ reference (none without a non-zero reference). */
export function referenceRow(peril: PerilName, evidence: Evidence, at: Place, quantity: string, reference: number | null, source: string, ours: number, note?: string): ValidationRow {
  return {
    peril,
    evidence,
    place: at.name,
    latitude: at.latitude,
    longitude: at.longitude,
    quantity,
    reference,
    reference_source: source,
    ours,
    ratio: reference === null || reference === 0 ? null : ours / reference,
    ...(note ? { note } : {}),
  };
}

/** "a > b": the annual probability of threshold k is higher at a than at b (both covered). */
export function greater(peril: PerilName, table: HazardTable, a: Place, b: Place, k = 0): OrderingCheck {
  const pa = annualProbability(table, a, k);
  const pb = annualProbability(table, b, k);
  const fmt = (p: number | null): string => (p === null ? 'no coverage' : `${(100 * p).toPrecision(3)} %`);
  return { peril, claim: `${a.name} > ${b.name}`, holds: pa !== null && pb !== null && pa > pb, detail: `${fmt(pa)} vs ${fmt(pb)} per year` };
}
