import { expectedCountFromProbability } from '../../engine/formulas.js';
import type { PerilName } from '../../engine/perils.js';
import type { HazardTable } from '../../engine/table-spec.js';
import type { Evidence, ModelValidation, OrderingCheck, ValidationRow } from '../validation-types.js';
import { drawRainMap } from './rain-map.js';
import { rowAt } from '../../engine/grid.js';
import { annualMaxProbabilities, annualQuantile, expectedDaysPerYear, probabilityAt, thresholdsOf } from './annual-curves.js';
import { WEISS_FACTORS } from './parameters.js';
import { rainValidation, type RainValidation, type TailGroupRow } from './rain-validation.js';
import { ASCE_CITIES, ATLAS14, EUROCODE_CITIES, HURRICANE_COAST, type DesignGust } from './references.js';
import { MM_PER_INCH } from '../../units.js';


/**
 * Weather tables against published point values (references.ts) and well-known
 * orderings (docs/models/rain.md and max-wind-gust.md, "Validation"), in level
 * and in probability: each row gives our level at the reference's annual
 * probability and, in the note, our return period of the reference value.
 * The held-out HCN station comparison (rain-validation.ts) becomes rows through
 * heldOutRows.
 */
const WEATHER_PERILS: readonly PerilName[] = ['Rain', 'MaxWindGust', 'CumulativeRain', 'Cumulativesnow'];
const DAY_TO_24H = WEISS_FACTORS[1]!;

interface Reference {
  peril: PerilName;
  place: string;
  latitude: number;
  longitude: number;
  quantity: string;
  years: number;
  reference: number;
  source: string;
  evidence: Evidence;
  note?: string;
}

const RAIN_REFERENCES: readonly Reference[] = ATLAS14.map((r) => ({
  peril: 'Rain',
  place: r.place,
  latitude: r.latitude,
  longitude: r.longitude,
  quantity: '100-yr daily rainfall (mm)',
  years: 100,
  reference: (r.inches * MM_PER_INCH) / DAY_TO_24H,
  source: `${r.source}; ÷ ${DAY_TO_24H} for a calendar day (Hershfield 1961)`,
  evidence: 'seen',
}));

/** Gust references by role (references.ts): calibration cities fit the gust model; the others were held out of it by design. */
const gustEvidence = (g: DesignGust): Evidence => (g.role === 'calibration' ? 'fitted' : 'independent');

function gustReferences(list: readonly DesignGust[], note: (g: DesignGust) => string, evidence: (g: DesignGust) => Evidence = gustEvidence): Reference[] {
  return list.flatMap((g) =>
    g.levels.map(([years, gust, source]) => ({
      peril: 'MaxWindGust' as const,
      place: g.place,
      latitude: g.latitude,
      longitude: g.longitude,
      quantity: `${years}-yr peak gust (m/s)`,
      years,
      reference: gust,
      source,
      evidence: evidence(g),
      note: note(g),
    })),
  );
}

const roleNote = (g: DesignGust): string => (g.role === 'calibration' ? 'calibration reference' : 'held out of the calibration');
const ASCE_50 = ASCE_CITIES.map((c) => ({ ...c, levels: c.levels.filter(([years]) => years === 50) }));
const REFERENCES: readonly Reference[] = [
  ...RAIN_REFERENCES,
  ...gustReferences(ASCE_50, roleNote),
  ...gustReferences(EUROCODE_CITIES, roleNote),
  ...gustReferences(HURRICANE_COAST, () => 'tropical-cyclone term (TropicalCyclone table), not calibrated here', () => 'seen'),
];

export function validate(tables: ReadonlyMap<PerilName, HazardTable>): ValidationRow[] {
  return compare(tables, REFERENCES);
}

/** Every level of the given design gusts (all return periods), for the detailed report. */
export function designGustRows(tables: ReadonlyMap<PerilName, HazardTable>, gusts: readonly DesignGust[]): ValidationRow[] {
  return compare(tables, gustReferences(gusts, roleNote));
}

function compare(tables: ReadonlyMap<PerilName, HazardTable>, references: readonly Reference[]): ValidationRow[] {
  const out: ValidationRow[] = [];
  for (const ref of references) {
    const table = tables.get(ref.peril);
    if (!table) continue;
    const row = rowAt(table, ref.latitude, ref.longitude);
    const base = { peril: ref.peril, place: ref.place, latitude: ref.latitude, longitude: ref.longitude, quantity: ref.quantity, reference: ref.reference, reference_source: ref.source, evidence: ref.evidence };
    if (row < 0) {
      out.push({ ...base, ours: NaN, ratio: null, note: 'no coverage' });
      continue;
    }
    const thresholds = thresholdsOf(table);
    const curve = annualMaxProbabilities(table, row);
    const q = annualQuantile(thresholds, curve, 1 / ref.years);
    const top = thresholds[thresholds.length - 1]!;
    const period = ref.reference <= top ? `our return period of the reference: ${Number((1 / expectedCountFromProbability(probabilityAt(thresholds, curve, ref.reference))).toPrecision(3))} yr` : undefined;
    const note = [ref.note, period, q.extrapolated ? 'extrapolated beyond the table thresholds (Gumbel)' : undefined].filter(Boolean).join('; ');
    out.push({ ...base, ours: q.value, ratio: Number.isFinite(q.value) ? q.value / ref.reference : null, ...(note ? { note } : {}) });
  }
  return out;
}

/** The held-out HCN comparison (rain-validation.ts) of the built tables, as validation rows. */
export function heldOutValidation(tables: ReadonlyMap<PerilName, HazardTable>, sourcesDir: string): ValidationRow[] {
  const v = rainValidation(tables, sourcesDir);
  return v ? heldOutRows(v) : [];
}

/** Median 100-yr level per group, ratio = median station ratio; 5-day ≥ 200 mm frequencies. */
export function heldOutRows(v: RainValidation): ValidationRow[] {
  const rows = [v.heldOut, v.hurricaneCoast, ...v.byRegion, ...v.byClimate].filter((r) => r.stations > 0);
  const source = 'US HCN held-out stations (id ending in an even digit), GEV by L-moments of annual Rx1day';
  const out: ValidationRow[] = rows.map((r: TailGroupRow) => ({
    peril: 'Rain',
    place: `US HCN: ${r.group} (${r.stations} stations)`,
    latitude: NaN,
    longitude: NaN,
    quantity: '100-yr daily rainfall (mm), median over stations; ratio = median of station ratios',
    reference: r.observed100,
    reference_source: source,
    evidence: 'independent',
    ours: r.ours100,
    ratio: r.ratios[2]!,
    note: `10/50-yr ratios ${r.ratios[0]!.toFixed(2)}/${r.ratios[1]!.toFixed(2)}; IQR ${r.iqr100[0].toFixed(2)}–${r.iqr100[1].toFixed(2)}; within ±25 %: ${(100 * r.within25).toFixed(0)} %; median P(day ≥ station GEV 100-yr) ${(100 * r.probabilityAtGev100).toFixed(2)} %/yr`,
  }));
  for (const m of v.multiday) {
    out.push({
      peril: 'CumulativeRain',
      place: `US HCN: ${m.group} (${m.stations} stations)`,
      latitude: NaN,
      longitude: NaN,
      quantity: 'annual probability of a 5-day total ≥ 200 mm, mean over stations',
      reference: m.observedMean,
      reference_source: 'US HCN held-out stations, share of years with Rx5day ≥ 200 mm',
      evidence: 'independent',
      ours: m.modelMean,
      ratio: m.observedMean > 0 ? m.modelMean / m.observedMean : null,
    });
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
const HOUSTON = P('Houston', 29.76, -95.37);
const CHICAGO = P('Chicago', 41.88, -87.63);
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
    ordering('Rain', rain, [[HOUSTON, MIAMI], CHICAGO], 6, 'expected days/yr with ≥ 200 mm (tropical-cyclone coast)'),
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

export const validation: ModelValidation = {
  references: (tables, sourcesDir) => [...validate(tables), ...heldOutValidation(tables, sourcesDir)],
  orderings,
  maps: drawRainMap,
};
