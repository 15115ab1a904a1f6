import type { PerilName } from '../../engine/perils.js';
import type { HazardTable } from '../../engine/table-spec.js';
import type { OrderingCheck, ValidationRow } from '../validation-types.js';
import { annualMaxProbabilities, annualQuantile, expectedDaysPerYear, rowAt, thresholdsOf } from './annual-curves.js';

/**
 * Weather tables against published point values and well-known orderings
 * (docs/models/rain.md and max-wind-gust.md, "Validation"). Station-by-station
 * statistics against US HCN are in station-validation.ts (they need the catalogues).
 */
const WEATHER_PERILS: readonly PerilName[] = ['Rain', 'MaxWindGust', 'CumulativeRain', 'Cumulativesnow'];
const MM_PER_INCH = 25.4;
const MS_PER_MPH = 0.44704;
/** Observation-day maxima ÷ this = true 24-h maxima (Hershfield 1961, TP-40: factor 1.13). */
const DAY_TO_24H = 1.13;

interface Reference {
  peril: PerilName;
  place: string;
  latitude: number;
  longitude: number;
  quantity: string;
  /** Annual exceedance probability of the quantile compared. */
  annualProbability: number;
  reference: number;
  source: string;
  note?: string;
}

const ATLAS14 = 'NOAA Atlas 14 100-yr 24-h depth';
const ASCE = 'ASCE 7-05 Fig. 6-1 basic wind speed (50-yr 3-s gust, 10 m, Exposure C)';

const RAIN_REFERENCES: readonly Reference[] = [
  { place: 'Miami, FL', latitude: 25.79, longitude: -80.29, inches: 12.5, source: `${ATLAS14} (Vol. 9, 2013) ≈ 12–13 in` },
  { place: 'Houston, TX', latitude: 29.76, longitude: -95.37, inches: 17, source: `${ATLAS14} (Vol. 11, Perica et al. 2018): 16–18 in across Houston` },
  { place: 'New Orleans, LA', latitude: 29.95, longitude: -90.07, inches: 13, source: `${ATLAS14} (Vol. 9, 2013) ≈ 13 in (secondary quotation)` },
  { place: 'Maricopa County, AZ (W of Phoenix)', latitude: 33.02, longitude: -112.95, inches: 3.46, source: `${ATLAS14} (Vol. 1, 2004) PFDS at 33.02 N 112.95 W: 3.46 in` },
].map((r) => ({
  peril: 'Rain',
  place: r.place,
  latitude: r.latitude,
  longitude: r.longitude,
  quantity: '100-yr daily rainfall (mm)',
  annualProbability: 0.01,
  reference: (r.inches * MM_PER_INCH) / DAY_TO_24H,
  source: `${r.source}; ÷ ${DAY_TO_24H} for a calendar day (Hershfield 1961)`,
}));

const GUST_REFERENCES: readonly Reference[] = [
  { place: 'Oklahoma City, OK', latitude: 35.47, longitude: -97.52, mph: 90 },
  { place: 'Chicago, IL', latitude: 41.88, longitude: -87.63, mph: 90 },
  { place: 'Kansas City, MO', latitude: 39.1, longitude: -94.58, mph: 90 },
  { place: 'Denver, CO', latitude: 39.74, longitude: -104.99, mph: 90 },
  { place: 'Minneapolis, MN', latitude: 44.98, longitude: -93.27, mph: 90 },
  { place: 'Seattle, WA', latitude: 47.61, longitude: -122.33, mph: 85 },
  { place: 'San Francisco, CA', latitude: 37.77, longitude: -122.42, mph: 85 },
  { place: 'Los Angeles, CA', latitude: 34.05, longitude: -118.24, mph: 85 },
].map((r) => ({
  peril: 'MaxWindGust',
  place: r.place,
  latitude: r.latitude,
  longitude: r.longitude,
  quantity: '50-yr peak gust (m/s)',
  annualProbability: 0.02,
  reference: r.mph * MS_PER_MPH,
  source: `${ASCE}: ${r.mph} mph`,
}));

/** Miami's design gust is beyond the 50 m/s top threshold: read by Gumbel extrapolation, tropical-cyclone term needed. */
const HURRICANE_GUST_REFERENCE: Reference = {
  peril: 'MaxWindGust',
  place: 'Miami, FL',
  latitude: 25.77,
  longitude: -80.19,
  quantity: '50-yr peak gust (m/s)',
  annualProbability: 0.02,
  reference: 146 * MS_PER_MPH,
  source: `${ASCE}: 146 mph (Miami-Dade)`,
  note: 'needs the tropical-cyclone term',
};

const REFERENCES = [...RAIN_REFERENCES, ...GUST_REFERENCES, HURRICANE_GUST_REFERENCE];

export function validate(tables: ReadonlyMap<PerilName, HazardTable>): ValidationRow[] {
  const out: ValidationRow[] = [];
  for (const ref of REFERENCES) {
    const table = tables.get(ref.peril);
    if (!table) continue;
    const row = rowAt(table, ref.latitude, ref.longitude);
    const base = { peril: ref.peril, place: ref.place, latitude: ref.latitude, longitude: ref.longitude, quantity: ref.quantity, reference: ref.reference, reference_source: ref.source };
    if (row < 0) {
      out.push({ ...base, ours: NaN, ratio: null, note: 'no coverage' });
      continue;
    }
    const q = annualQuantile(thresholdsOf(table), annualMaxProbabilities(table, row), ref.annualProbability);
    const note = [ref.note, q.extrapolated ? 'extrapolated beyond the table thresholds (Gumbel)' : undefined].filter(Boolean).join('; ');
    out.push({ ...base, ours: q.value, ratio: Number.isFinite(q.value) ? q.value / ref.reference : null, ...(note ? { note } : {}) });
  }
  return out;
}

interface Place {
  name: string;
  latitude: number;
  longitude: number;
}

const P = (name: string, latitude: number, longitude: number): Place => ({ name, latitude, longitude });
const MUMBAI = P('Mumbai', 19.08, 72.88);
const MIAMI = P('Miami', 25.77, -80.19);
const SINGAPORE = P('Singapore', 1.35, 103.82);
const LONDON = P('London', 51.51, -0.13);
const PHOENIX = P('Phoenix', 33.45, -112.07);
const BUFFALO = P('Buffalo', 42.89, -78.88);
const SAPPORO = P('Sapporo', 43.06, 141.35);
const OKLAHOMA_CITY = P('Oklahoma City', 35.47, -97.52);
const SEATTLE = P('Seattle', 47.61, -122.33);
const BOSTON = P('Boston', 42.36, -71.06);
const MID_ATLANTIC = P('mid-Atlantic Ocean', 0, -30);

/** Expected days per year reaching `threshold` (index into the registry thresholds) at a place. */
function daysPerYear(table: HazardTable, place: Place, thresholdIndex: number): number {
  const row = rowAt(table, place.latitude, place.longitude);
  return row < 0 ? NaN : expectedDaysPerYear(table, row)[thresholdIndex]!;
}

function ordering(peril: PerilName, table: HazardTable | undefined, chain: readonly (Place | readonly Place[])[], thresholdIndex: number, what: string): OrderingCheck {
  const groups = chain.map((g) => (Array.isArray(g) ? g : [g]) as readonly Place[]);
  const claim = `${groups.map((g) => g.map((p) => p.name).join('/')).join(' > ')}: ${what}`;
  if (!table) return { peril, claim, holds: false, detail: 'table not built' };
  const values = groups.map((g) => g.map((p) => daysPerYear(table, p, thresholdIndex)));
  let holds = values.every((g) => g.every(Number.isFinite));
  for (let i = 0; i + 1 < values.length; i++) holds &&= Math.min(...values[i]!) > Math.max(...values[i + 1]!);
  const detail = groups.map((g, i) => g.map((p, j) => `${p.name} ${values[i]![j]!.toPrecision(3)}`).join(', ')).join('; ');
  return { peril, claim, holds, detail };
}

export function orderings(tables: ReadonlyMap<PerilName, HazardTable>): OrderingCheck[] {
  const rain = tables.get('Rain');
  const snow = tables.get('Cumulativesnow');
  const wind = tables.get('MaxWindGust');
  const checks = [
    ordering('Rain', rain, [[MUMBAI, MIAMI, SINGAPORE], LONDON, PHOENIX], 1, 'expected days/yr with ≥ 25 mm'),
    ordering('Rain', rain, [[MUMBAI, MIAMI, SINGAPORE], [LONDON, PHOENIX]], 3, 'expected days/yr with ≥ 75 mm'),
    ordering('Cumulativesnow', snow, [[BUFFALO, SAPPORO], LONDON, MIAMI], 2, 'expected days/yr with ≥ 10 cm of snowfall'),
    ordering('MaxWindGust', wind, [OKLAHOMA_CITY, SEATTLE], 2, 'expected days/yr with a gust ≥ 25 m/s'),
    ordering('MaxWindGust', wind, [MIAMI, BOSTON], 5, 'expected days/yr with a gust ≥ 40 m/s (tropical-cyclone term)'),
  ];
  for (const peril of WEATHER_PERILS) {
    const table = tables.get(peril);
    if (!table) continue;
    const row = rowAt(table, MID_ATLANTIC.latitude, MID_ATLANTIC.longitude);
    checks.push({ peril, claim: `${MID_ATLANTIC.name} (0°, 30° W) has no coverage`, holds: row === -1, detail: `cellRow ${row}` });
  }
  return checks;
}
