import type { PerilName } from '../../engine/perils.js';
import type { HazardTable, RateTable } from '../../engine/table-spec.js';
import { annualProbability, greater, place as P, referenceRow as row } from '../toolkit/place-checks.js';
import type { OrderingCheck, ValidationRow } from '../validation-types.js';

/**
 * The FloodLivePlus table against published numbers and well-known orderings,
 * evaluated with the reference window maths at places (one calendar year, all
 * hours). Probabilities are reported in percent.
 */
export const PLACES = {
  dhaka: P('Dhaka', 23.81, 90.41),
  newOrleans: P('New Orleans', 29.95, -90.07),
  denver: P('Denver', 39.74, -104.99),
  bangkok: P('Bangkok', 13.75, 100.5),
  madrid: P('Madrid', 40.42, -3.7),
  stLouis: P('St. Louis (Mississippi–Missouri confluence)', 38.63, -90.2),
  houston: P('Houston', 29.76, -95.37),
} as const;

/** Threshold index of 1 m depth (thresholds 0.1, 0.25, 0.5, 1, … m). */
const ONE_METRE = 3;

const pct = (p: number | null): number => (p === null ? NaN : 100 * p);

function floodRows(table: RateTable): ValidationRow[] {
  const fema = 'FEMA special flood hazard area: ≥ 1 %/yr at the flood depth (qualitative: our value is a 0.5° cell average)';
  const q = 'annual probability of depth ≥ 0.1 m (%)';
  return [
    row('FloodLivePlus', PLACES.newOrleans, q, 1, fema, pct(annualProbability(table, PLACES.newOrleans))),
    row('FloodLivePlus', PLACES.stLouis, q, 1, fema, pct(annualProbability(table, PLACES.stLouis))),
    row('FloodLivePlus', PLACES.houston, q, 1, fema, pct(annualProbability(table, PLACES.houston))),
    row('FloodLivePlus', PLACES.denver, q, null, 'no cell-scale reference; most of the cell is outside FEMA zones', pct(annualProbability(table, PLACES.denver))),
    row('FloodLivePlus', PLACES.dhaka, 'annual probability of depth ≥ 1 m (%)', null, 'no cell-scale reference (1988, 1998, 2004, 2007 floods inundated much of greater Dhaka)', pct(annualProbability(table, PLACES.dhaka, ONE_METRE))),
    row('FloodLivePlus', PLACES.bangkok, 'annual probability of depth ≥ 1 m (%)', null, 'no cell-scale reference (2011 flood)', pct(annualProbability(table, PLACES.bangkok, ONE_METRE))),
  ];
}

export function validate(tables: ReadonlyMap<PerilName, HazardTable>): ValidationRow[] {
  const flood = tables.get('FloodLivePlus');
  return flood?.type === 'rate' ? floodRows(flood) : [];
}

export function orderings(tables: ReadonlyMap<PerilName, HazardTable>): OrderingCheck[] {
  const flood = tables.get('FloodLivePlus');
  if (!flood) return [];
  return [
    greater('FloodLivePlus', flood, PLACES.dhaka, PLACES.newOrleans, ONE_METRE),
    greater('FloodLivePlus', flood, PLACES.newOrleans, PLACES.denver, ONE_METRE),
    greater('FloodLivePlus', flood, PLACES.bangkok, PLACES.madrid, ONE_METRE),
    greater('FloodLivePlus', flood, PLACES.stLouis, PLACES.denver, ONE_METRE),
  ];
}
