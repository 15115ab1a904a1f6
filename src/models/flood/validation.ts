import type { PerilName } from '../../engine/perils.js';
import type { HazardTable, RateTable } from '../../engine/table-spec.js';
import { annualProbability, greater, place as P, referenceRow as row, type Place } from '../toolkit/place-checks.js';
import type { OrderingCheck, ValidationRow } from '../validation-types.js';
import type { ModelValidation } from '../validation-types.js';
import { rateTableMap } from '../toolkit/rate-map.js';
import { FOOTPRINT_DEPTH_M, hundredYearFootprint } from './footprint.js';
import { COUNTRY_PROTECTION } from './protection.js';

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

/**
 * Cross-border floodplains: neighbouring 0.5° cells on the two banks of a
 * border river (a cell belongs to the country covering most of it; the twin
 * towns share a cell, so the contrast shows between cells). Same river, same
 * terrain: within ×3 unless the cited standards differ (issue 34), and then
 * the side with the higher standard should not flood more often.
 */
export const BORDER_PAIRS = [
  { river: 'Oder', a: P('German bank west of Frankfurt (Oder)', 52.25, 14.25), aCountry: '276', b: P('Frankfurt (Oder)/Słubice cell (Poland)', 52.25, 14.75), bCountry: '616' },
  { river: 'Rio Grande', a: P('El Paso/Ciudad Juárez cell (US)', 31.75, -106.25), aCountry: '840', b: P('Chihuahua south of Ciudad Juárez', 31.25, -106.25), bCountry: '484' },
  { river: 'Rio Grande', a: P('Texas east of Laredo', 27.75, -99.25), aCountry: '840', b: P('Laredo/Nuevo Laredo cell (Mexico)', 27.75, -99.75), bCountry: '484' },
  { river: 'Rhine', a: P('Emmerich/Lobith cell (Germany)', 51.75, 6.25), aCountry: '276', b: P('Nijmegen cell (Netherlands)', 51.75, 5.75), bCountry: '528' },
] as const;

/**
 * Rentschler et al. (2022), Nat. Commun. 13:3527: share of a country's people
 * where the 1-in-100-year flood (fluvial, pluvial, coastal) is deeper than
 * 0.15 m. The world's 23 % is from the abstract; the country shares were read
 * in secondary copies of the paper's map (visualistan.com, developmentaid.org),
 * not in its supplement. Never used to shape the model.
 */
const RENTSCHLER_SOURCE = 'Rentschler, Salhab & Jafino 2022, Nat. Commun. 13:3527';
export const RENTSCHLER_SHARES = [
  { place: P('Netherlands', 52.1, 5.3), id: '528', percent: 59 },
  { place: P('Bangladesh', 23.7, 90.4), id: '050', percent: 58 },
  { place: P('Vietnam', 16, 107), id: '704', percent: 46 },
  { place: P('Egypt', 30, 31.2), id: '818', percent: 41 },
  { place: P('Myanmar', 19.8, 96.1), id: '104', percent: 40 },
  { place: P('Pakistan', 30, 70), id: '586', percent: 31 },
  { place: P('Austria', 47.5, 14.5), id: '040', percent: 29 },
  { place: P('China', 35, 105), id: '156', percent: 28 },
  { place: P('India', 22, 79), id: '356', percent: 28 },
  { place: P('Albania', 41.2, 20), id: '008', percent: 28 },
] as const;
const WORLD_SHARE_PERCENT = 23;

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

/** Our population shares in the 100-year footprint against Rentschler et al. (2022); undefended, the defended share in the note. */
export function footprintRows(sourcesDir: string): ValidationRow[] {
  const shares = hundredYearFootprint(sourcesDir);
  const quantity = `share of people where the 1-in-100-year flood is deeper than ${FOOTPRINT_DEPTH_M} m, undefended (%)`;
  const note = (defended: number): string => `gazetteer people (towns ≥ 1,000); behind our standards ${(100 * defended).toFixed(1)} %`;
  const rows = RENTSCHLER_SHARES.flatMap(({ place, id, percent }) => {
    const s = shares.get(id);
    return s ? [row('FloodLivePlus', 'independent', place, quantity, percent, `${RENTSCHLER_SOURCE} (country share read in a secondary copy)`, 100 * s.natural, note(s.defended))] : [];
  });
  const all = [...shares.values()];
  const people = all.reduce((n, s) => n + s.people, 0);
  const weighted = (key: 'natural' | 'defended'): number => all.reduce((n, s) => n + s.people * s[key], 0) / people;
  rows.push(row('FloodLivePlus', 'independent', P('World', 0, 0), quantity, WORLD_SHARE_PERCENT, `${RENTSCHLER_SOURCE}, abstract: 1.81 bn people (23 %)`, 100 * weighted('natural'), note(weighted('defended'))));
  return rows;
}

export function validate(tables: ReadonlyMap<PerilName, HazardTable>, sourcesDir?: string): ValidationRow[] {
  const flood = tables.get('FloodLivePlus');
  if (flood?.type !== 'rate') return [];
  return [...floodRows(flood), ...(sourcesDir === undefined ? [] : footprintRows(sourcesDir))];
}

const fmt = (p: number | null): string => (p === null ? 'no coverage' : `${(100 * p).toPrecision(3)} %`);

function atMost(table: HazardTable, at: Place, k: number, depth: string, limit: number): OrderingCheck {
  const p = annualProbability(table, at, k);
  return { peril: 'FloodLivePlus', claim: `${at.name}: ≥ ${depth} at most ${100 * limit} %/yr`, holds: p !== null && p <= limit, detail: `${fmt(p)} per year` };
}

/** A border pair's contrast at ≥ 0.5 m: within ×3, or lower on the side with the higher standard. */
function borderContrast(table: HazardTable, pair: (typeof BORDER_PAIRS)[number]): OrderingCheck {
  const pa = annualProbability(table, pair.a, HALF_METRE);
  const pb = annualProbability(table, pair.b, HALF_METRE);
  const ta = COUNTRY_PROTECTION.get(pair.aCountry)?.years ?? NaN;
  const tb = COUNTRY_PROTECTION.get(pair.bCountry)?.years ?? NaN;
  const ratio = pa !== null && pb !== null ? pb / pa : NaN;
  const higherSideLower = ta === tb || (ta > tb ? ratio >= 1 : ratio <= 1);
  return {
    peril: 'FloodLivePlus',
    claim: `${pair.river}: ${pair.b.name} ÷ ${pair.a.name} at ≥ 0.5 m within ×3, or lower on the side with the higher standard`,
    holds: (ratio >= 1 / 3 && ratio <= 3) || (ta !== tb && higherSideLower),
    detail: `${fmt(pb)} vs ${fmt(pa)} per year (×${ratio.toPrecision(3)}); standards ${tb} vs ${ta} years`,
  };
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
    ...BORDER_PAIRS.map((pair) => borderContrast(flood, pair)),
  ];
}

export const validation: ModelValidation = {
  references: validate,
  orderings,
  maps: rateTableMap('FloodLivePlus', 'flood.png', 'FloodLivePlus: annual probability of flood depth ≥ 0.5 m', HALF_METRE, { low: 1e-5, high: 0.1, label: 'annual probability of flood depth ≥ 0.5 m' }),
};
