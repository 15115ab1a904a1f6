import { daysFromCivil } from '../../engine/calendar.js';
import { cellIndex } from '../../engine/grid.js';
import type { PerilName } from '../../engine/perils.js';
import { referenceWindow } from '../../engine/reference.js';
import type { HazardTable, RateTable } from '../../engine/table-spec.js';
import type { OrderingCheck, ValidationRow } from '../validation-types.js';
import { CELLS, cellAreaKm2 } from './half-degree.js';
import { regionMasks } from './regions.js';

/**
 * Wildfire and FloodLivePlus tables against published numbers and well-known
 * orderings, evaluated with the reference window maths at places (one calendar
 * year, all hours). Probabilities are reported in percent.
 */
const YEAR = { startDay: daysFromCivil(2025, 1, 1), endDay: daysFromCivil(2025, 12, 31), startHour: 0, endHour: 23 };

interface Place {
  name: string;
  latitude: number;
  longitude: number;
}

const P = (name: string, latitude: number, longitude: number): Place => ({ name, latitude, longitude });
export const PLACES = {
  laFoothills: P('Los Angeles foothills (La Cañada Flintridge)', 34.2, -118.2),
  sanDiegoBackcountry: P('San Diego County backcountry (Ramona)', 33.04, -116.87),
  sacramento: P('Sacramento', 38.58, -121.49),
  sanFrancisco: P('San Francisco downtown', 37.79, -122.4),
  viseu: P('Viseu (interior Portugal)', 40.66, -7.91),
  lisbon: P('Lisbon', 38.72, -9.14),
  sydneyOutskirts: P('Sydney outskirts (Penrith / Blue Mountains edge)', -33.75, 150.69),
  london: P('London', 51.51, -0.13),
  greenland: P('Greenland ice sheet (Summit)', 72.58, -38.46),
  dhaka: P('Dhaka', 23.81, 90.41),
  newOrleans: P('New Orleans', 29.95, -90.07),
  denver: P('Denver', 39.74, -104.99),
  bangkok: P('Bangkok', 13.75, 100.5),
  madrid: P('Madrid', 40.42, -3.7),
  stLouis: P('St. Louis (Mississippi–Missouri confluence)', 38.63, -90.2),
  houston: P('Houston', 29.76, -95.37),
} as const;

/** Annual exceedance probability (fraction) of threshold k at a place, or null without coverage. */
export function annualProbability(table: HazardTable, place: Place, k = 0): number | null {
  const row = table.cellRow[cellIndex(table.grid, place.latitude, place.longitude)] ?? -1;
  return row < 0 ? null : referenceWindow(table, row, YEAR)[k]!;
}

/** Land-area-weighted mean annual rate of threshold k over cells with weight, covered cells only. */
function meanRate(table: RateTable, weight: (cell: number) => number, k = 0): number {
  const K = table.rates.length / table.rows;
  let sum = 0;
  let total = 0;
  for (let c = 0; c < CELLS; c++) {
    const row = table.cellRow[c]!;
    const w = weight(c);
    if (row < 0 || !(w > 0)) continue;
    sum += w * table.rates[row * K + k]!;
    total += w;
  }
  return sum / total;
}

function row(peril: PerilName, place: Place, quantity: string, reference: number | null, source: string, ours: number, note?: string): ValidationRow {
  return {
    peril,
    place: place.name,
    latitude: place.latitude,
    longitude: place.longitude,
    quantity,
    reference,
    reference_source: source,
    ours,
    ratio: reference === null || reference === 0 ? null : ours / reference,
    ...(note ? { note } : {}),
  };
}

const pct = (p: number | null): number => (p === null ? NaN : 100 * p);

function wildfireRows(table: RateTable): ValidationRow[] {
  const masks = regionMasks();
  const land = (c: number): number => masks.land[c]! * cellAreaKm2(c);
  const bp = '% of land burnt per year by fires > 5 ha';
  const fsim = 'Finney et al. 2011; Short et al. 2020 (FSim national burn probability): S. California chaparral ≈ 1–2 %/yr';
  return [
    row('Wildfire', PLACES.laFoothills, 'annual burn probability (%)', 1.5, fsim, pct(annualProbability(table, PLACES.laFoothills)), '0.5° cell average incl. the urban basin'),
    row('Wildfire', PLACES.sanDiegoBackcountry, 'annual burn probability (%)', 1.5, fsim, pct(annualProbability(table, PLACES.sanDiegoBackcountry))),
    row('Wildfire', P('California (statewide mean)', 37.2, -119.5), bp, null, 'input: FRAP 1990–2017 + CAL FIRE incidents 2018–2024 (level of the calibration)', 100 * meanRate(table, (c) => masks.california[c]! * cellAreaKm2(c))),
    row('Wildfire', P('Mainland Portugal (mean)', 39.6, -8.0), bp, (100 * 115_000) / 8_900_000, 'DaCamara et al. (2025, arXiv): > 115,000 ha burnt per year on average 1980–2024, of 89,000 km²', 100 * meanRate(table, (c) => masks.portugal[c]! * cellAreaKm2(c)), 'our Portuguese data are 1980–2000 and 2014 only (no 2001–2013, 2015–2024)'),
    row('Wildfire', P('Global ice-free land (mean)', 0, 0), '% of ice-free land burnt per year', (100 * 348) / 13_100, 'Giglio et al. 2013 (GFED4): 348 Mha/yr 1997–2011, over ≈ 13,100 Mha ice-free land (GFED5 ratio)', 100 * meanRate(table, land), 'all fire types incl. cropland and savanna burning'),
    row('Wildfire', P('Global ice-free land (mean)', 0, 0), '% of ice-free land burnt per year', 5.9, 'Chen et al. 2023 (GFED5): 774 Mha/yr = 5.9 % of ice-free land, 2001–2020', 100 * meanRate(table, land), 'savannas dominate global burning; our extension does not reach their rates'),
  ];
}

function floodRows(table: RateTable): ValidationRow[] {
  const fema = 'FEMA special flood hazard area: ≥ 1 %/yr at the flood depth (qualitative: our value is a 0.5° cell average)';
  const q = 'annual probability of depth ≥ 0.1 m (%)';
  return [
    row('FloodLivePlus', PLACES.newOrleans, q, 1, fema, pct(annualProbability(table, PLACES.newOrleans))),
    row('FloodLivePlus', PLACES.stLouis, q, 1, fema, pct(annualProbability(table, PLACES.stLouis))),
    row('FloodLivePlus', PLACES.houston, q, 1, fema, pct(annualProbability(table, PLACES.houston))),
    row('FloodLivePlus', PLACES.denver, q, null, 'no cell-scale reference; most of the cell is outside FEMA zones', pct(annualProbability(table, PLACES.denver))),
    row('FloodLivePlus', PLACES.dhaka, 'annual probability of depth ≥ 1 m (%)', null, 'no cell-scale reference (1988, 1998, 2004, 2007 floods inundated much of greater Dhaka)', pct(annualProbability(table, PLACES.dhaka, 3))),
    row('FloodLivePlus', PLACES.bangkok, 'annual probability of depth ≥ 1 m (%)', null, 'no cell-scale reference (2011 flood)', pct(annualProbability(table, PLACES.bangkok, 3))),
  ];
}

export function validate(tables: ReadonlyMap<PerilName, HazardTable>): ValidationRow[] {
  const wildfire = tables.get('Wildfire');
  const flood = tables.get('FloodLivePlus');
  return [...(wildfire?.type === 'rate' ? wildfireRows(wildfire) : []), ...(flood?.type === 'rate' ? floodRows(flood) : [])];
}

function greater(peril: PerilName, table: HazardTable, a: Place, b: Place, k = 0): OrderingCheck {
  const pa = annualProbability(table, a, k);
  const pb = annualProbability(table, b, k);
  const fmt = (p: number | null): string => (p === null ? 'no coverage' : `${(100 * p).toPrecision(3)} %`);
  return { peril, claim: `${a.name} > ${b.name}`, holds: pa !== null && pb !== null && pa > pb, detail: `${fmt(pa)} vs ${fmt(pb)} per year` };
}

export function orderings(tables: ReadonlyMap<PerilName, HazardTable>): OrderingCheck[] {
  const out: OrderingCheck[] = [];
  const wildfire = tables.get('Wildfire');
  if (wildfire) {
    out.push(greater('Wildfire', wildfire, PLACES.laFoothills, PLACES.sacramento));
    out.push(greater('Wildfire', wildfire, PLACES.sacramento, PLACES.sanFrancisco));
    out.push(greater('Wildfire', wildfire, PLACES.viseu, PLACES.lisbon));
    out.push(greater('Wildfire', wildfire, PLACES.sydneyOutskirts, PLACES.london));
    const ice = annualProbability(wildfire, PLACES.greenland);
    out.push({ peril: 'Wildfire', claim: `${PLACES.greenland.name} has no coverage`, holds: ice === null, detail: ice === null ? 'cellRow = -1' : `${(100 * ice).toPrecision(3)} %` });
  }
  const flood = tables.get('FloodLivePlus');
  if (flood) {
    const oneMetre = 3;
    out.push(greater('FloodLivePlus', flood, PLACES.dhaka, PLACES.newOrleans, oneMetre));
    out.push(greater('FloodLivePlus', flood, PLACES.newOrleans, PLACES.denver, oneMetre));
    out.push(greater('FloodLivePlus', flood, PLACES.bangkok, PLACES.madrid, oneMetre));
    out.push(greater('FloodLivePlus', flood, PLACES.stLouis, PLACES.denver, oneMetre));
  }
  return out;
}
