import type { PerilName } from '../../engine/perils.js';
import type { HazardTable, RateTable } from '../../engine/table-spec.js';
import { annualProbability, greater, place as P, referenceRow as row, type Place } from '../toolkit/place-checks.js';
import type { OrderingCheck, ValidationRow } from '../validation-types.js';
import type { ModelValidation } from '../validation-types.js';
import { rateTableMap } from '../toolkit/rate-map.js';

/**
 * The FloodLivePlus table against published design standards and well-known
 * orderings, evaluated with the reference window maths at places (one
 * calendar year, all hours; percent). Defended places are compared with the
 * annual chance their defences are built to exceed: behind a design standard
 * of T years, flooding to 0.5 m should be no more frequent than 1/T. None of
 * these numbers calibrates the model (docs/models/flood-live-plus.md).
 */
export const PLACES = {
  rotterdam: P('Rotterdam', 51.92, 4.48),
  amsterdam: P('Amsterdam', 52.37, 4.9),
  london: P('Central London (Thames Barrier)', 51.51, -0.13),
  newOrleans: P('New Orleans (HSDRRS)', 29.95, -90.07),
  dhaka: P('Dhaka', 23.81, 90.41),
  kolkata: P('Kolkata (Ganges delta)', 22.57, 88.36),
  denver: P('Denver', 39.74, -104.99),
  boulder: P('Boulder (Front Range)', 40.01, -105.27),
  bangkok: P('Bangkok', 13.75, 100.5),
  madrid: P('Madrid', 40.42, -3.7),
  stLouis: P('St. Louis (Mississippi–Missouri confluence)', 38.63, -90.2),
  houston: P('Houston', 29.76, -95.37),
} as const;

/** Threshold indices (thresholds 0.1, 0.25, 0.5, 1, … m). */
const TENTH_METRE = 0;
const HALF_METRE = 2;
const ONE_METRE = 3;
/** The floor for uplands with flash floods on record: 1 in 1,000 years at 0.1 m. */
const FLASH_FLOOD_FLOOR = 0.001;

const pct = (p: number | null): number => (p === null ? NaN : 100 * p);

function floodRows(table: RateTable): ValidationRow[] {
  const at = (p: Place, k: number): number => pct(annualProbability(table, p, k));
  const half = 'annual probability of depth ≥ 0.5 m (%)';
  const fema = 'FEMA special flood hazard area: ≥ 1 %/yr at the flood depth (qualitative: our value is a 0.5° cell average)';
  return [
    row('FloodLivePlus', 'fitted', PLACES.rotterdam, half, 0.01, 'Dutch Water Act 1996: Holland dike rings built to the 1/10,000 flood (Scussolini et al. 2016, FLOPROS)', at(PLACES.rotterdam, HALF_METRE), 'at most the design chance'),
    row('FloodLivePlus', 'fitted', PLACES.amsterdam, half, 0.01, 'Dutch Water Act 1996: Holland dike rings built to the 1/10,000 flood (Scussolini et al. 2016, FLOPROS)', at(PLACES.amsterdam, HALF_METRE), 'at most the design chance'),
    row('FloodLivePlus', 'fitted', PLACES.london, half, 0.1, 'Environment Agency, Thames Estuary 2100 (2012): the Thames Barrier and estuary defences hold the 1/1,000 flood', at(PLACES.london, HALF_METRE), 'at most the design chance'),
    row('FloodLivePlus', 'fitted', PLACES.newOrleans, half, 1, 'USACE: Hurricane and Storm Damage Risk Reduction System (2011) built to the 1 % annual chance', at(PLACES.newOrleans, HALF_METRE), 'at most the design chance'),
    row('FloodLivePlus', 'seen', PLACES.dhaka, 'annual probability of depth ≥ 1 m (%)', null, 'no cell-scale reference (1988, 1998, 2004, 2007 floods inundated much of greater Dhaka); an undefended delta', at(PLACES.dhaka, ONE_METRE)),
    row('FloodLivePlus', 'fitted', PLACES.denver, 'annual probability of depth ≥ 0.1 m (%)', 100 * FLASH_FLOOD_FLOOR, 'issue 16 floor for uplands with flash floods on record (DFO lists Front Range floods in 1985, 1997, 1999, 2013)', at(PLACES.denver, TENTH_METRE), 'a floor, not a measurement'),
    row('FloodLivePlus', 'seen', PLACES.stLouis, 'annual probability of depth ≥ 0.1 m (%)', 1, fema, at(PLACES.stLouis, TENTH_METRE)),
    row('FloodLivePlus', 'seen', PLACES.houston, 'annual probability of depth ≥ 0.1 m (%)', 1, fema, at(PLACES.houston, TENTH_METRE)),
  ];
}

export function validate(tables: ReadonlyMap<PerilName, HazardTable>): ValidationRow[] {
  const flood = tables.get('FloodLivePlus');
  return flood?.type === 'rate' ? floodRows(flood) : [];
}

const fmt = (p: number | null): string => (p === null ? 'no coverage' : `${(100 * p).toPrecision(3)} %`);

function atMost(table: HazardTable, at: Place, k: number, depth: string, limit: number): OrderingCheck {
  const p = annualProbability(table, at, k);
  return { peril: 'FloodLivePlus', claim: `${at.name}: ≥ ${depth} at most ${100 * limit} %/yr`, holds: p !== null && p <= limit, detail: `${fmt(p)} per year` };
}

export function orderings(tables: ReadonlyMap<PerilName, HazardTable>): OrderingCheck[] {
  const flood = tables.get('FloodLivePlus');
  if (!flood) return [];
  const denver = annualProbability(flood, PLACES.denver, TENTH_METRE);
  return [
    greater('FloodLivePlus', flood, PLACES.dhaka, PLACES.newOrleans, ONE_METRE),
    greater('FloodLivePlus', flood, PLACES.newOrleans, PLACES.denver, ONE_METRE),
    greater('FloodLivePlus', flood, PLACES.bangkok, PLACES.madrid, ONE_METRE),
    greater('FloodLivePlus', flood, PLACES.stLouis, PLACES.denver, ONE_METRE),
    greater('FloodLivePlus', flood, PLACES.dhaka, PLACES.rotterdam, HALF_METRE),
    greater('FloodLivePlus', flood, PLACES.kolkata, PLACES.amsterdam, HALF_METRE),
    atMost(flood, PLACES.rotterdam, HALF_METRE, '0.5 m', 0.001),
    atMost(flood, PLACES.amsterdam, HALF_METRE, '0.5 m', 0.001),
    atMost(flood, PLACES.london, HALF_METRE, '0.5 m', 0.001),
    { peril: 'FloodLivePlus', claim: `${PLACES.denver.name}: ≥ 0.1 m at least 1 in 1,000 years`, holds: denver !== null && denver >= FLASH_FLOOD_FLOOR, detail: `${fmt(denver)} per year` },
  ];
}

export const validation: ModelValidation = {
  references: validate,
  orderings,
  maps: rateTableMap('FloodLivePlus', 'flood.png', 'FloodLivePlus: annual probability of flood depth ≥ 0.5 m', HALF_METRE, { low: 1e-5, high: 0.1, label: 'annual probability of flood depth ≥ 0.5 m' }),
};
