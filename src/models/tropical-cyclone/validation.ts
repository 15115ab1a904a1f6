/**
 * Validation of the TropicalCyclone table against published site-wind climates
 * (design codes, site-wind-validation.ts), published storm-centred return periods
 * (NHC "Hurricane Return Periods"; Keim, Muller & Stone 2007) and orderings
 * between well-known places. The published numbers are storm-centred ("a
 * hurricane passes within 50 n mi"); the table gives site winds ("the wind here
 * reaches 64 kt"), rarer for CAT1+ and more frequent for CAT0. strikeValidation()
 * computes the storm-centred quantity from our own tracks, like with like.
 */
import { SAFFIR_SIMPSON_KNOTS as CATEGORY_KT, type PerilName } from '../../engine/perils.js';
import type { HazardTable } from '../../engine/table-spec.js';
import type { OrderingCheck, ValidationRow } from '../validation-types.js';
import type { LandMask } from './land-mask.js';
import { CLIMATOLOGY_PERIODS } from './parameters.js';
import type { Place } from '../toolkit/place-checks.js';
import { PLACES } from './places.js';
import { siteReturnPeriod } from './site-hazard.js';
import { siteWindValidation } from './site-wind-validation.js';
import { stepsOfPeriods, strikeRate } from './strikes.js';
import { type Storm } from './track-types.js';
import { orderingChecks } from './validation-orderings.js';
import { KM_PER_NMI } from '../../units.js';
import type { ModelValidation } from '../validation-types.js';
import { rateTableMap } from '../toolkit/rate-map.js';
import { readLandMask } from './land-mask.js';
import { readAllStorms } from './sources.js';
import { eventSetValidation } from './synthetic/validation.js';

const PERIL = 'TropicalCyclone';
const NHC = 'NHC Tropical Cyclone Climatology, "Hurricane Return Periods" (within 50 n mi)';
const KEIM = 'Keim, Muller & Stone 2007, J. Climate 20:3498–3509';

interface Reference {
  place: Place;
  category: number;
  years: number;
  source: string;
  note: string;
}

/** Published return periods (years); ranges are entered at their midpoint. */
export const REFERENCES: readonly Reference[] = [
  { place: PLACES.miami, category: 1, years: 6, source: NHC, note: 'South Florida 5–7 yr' },
  { place: PLACES.capeHatteras, category: 1, years: 6, source: NHC, note: 'Outer Banks 5–7 yr' },
  { place: PLACES.newOrleans, category: 1, years: 6, source: NHC, note: 'SE Louisiana 5–7 yr' },
  { place: PLACES.boston, category: 1, years: 40, source: NHC, note: 'coastal New England 30–50 yr' },
  { place: PLACES.capeCod, category: 1, years: 40, source: NHC, note: 'coastal New England 30–50 yr' },
  { place: PLACES.miami, category: 3, years: 22.5, source: NHC, note: 'Miami major hurricane ~20–25 yr' },
  { place: PLACES.miami, category: 0, years: 3, source: KEIM, note: 'southern Florida, TS or stronger, 1901–2005' },
  { place: PLACES.capeHatteras, category: 0, years: 2, source: KEIM, note: 'Outer Banks, TS or stronger, 1901–2005' },
  { place: PLACES.newOrleans, category: 0, years: 3, source: KEIM, note: 'SE Louisiana, TS or stronger, 1901–2005' },
  { place: PLACES.miami, category: 1, years: 5, source: KEIM, note: 'southern Florida hurricanes, 1901–2005' },
  { place: PLACES.miami, category: 3, years: 15, source: KEIM, note: 'South Florida major hurricanes, 1901–2005' },
];

/** Site winds against published site-wind climates, then against the storm-centred return periods. */
export function validate(tables: ReadonlyMap<PerilName, HazardTable>): ValidationRow[] {
  const table = tables.get(PERIL);
  if (!table) return [];
  return [...siteWindValidation(tables), ...stormCentredValidation(table)];
}

/** The table's site winds against the published storm-centred return periods (REFERENCES). */
export function stormCentredValidation(table: HazardTable): ValidationRow[] {
  return REFERENCES.flatMap((ref) => {
    const ours = siteReturnPeriod(table, ref.place, ref.category);
    if (ours === null) return [];
    return [
      row(ref, `site wind ≥ CAT${ref.category} (${CATEGORY_KT[ref.category]} kt), return period (yr)`, ours,
        `${ref.note}; reference is storm-centred, the table is site wind (${ref.category === 0 ? 'expected shorter: 34 kt reaches beyond 50 n mi' : 'expected longer: the wind reaches less than 50 n mi'})`),
    ];
  });
}

/** Like with like: storm centre within 50 n mi at ≥ the category, from our tracks (reliable period). */
export function strikeValidation(storms: readonly Storm[], land: LandMask): ValidationRow[] {
  const atlantic = CLIMATOLOGY_PERIODS.find((p) => p.group === 'NA')!;
  const steps = stepsOfPeriods(storms, [atlantic], land);
  return REFERENCES.map((ref) => {
    const rate = strikeRate(steps, atlantic, ref.place.latitude, ref.place.longitude, 50 * KM_PER_NMI, CATEGORY_KT[ref.category]!);
    return row(ref, `storm ≥ CAT${ref.category} centre within 50 n mi, return period (yr), our tracks ${atlantic.first}–${atlantic.last}`,
      rate > 0 ? 1 / rate : Infinity, ref.note);
  });
}

function row(ref: Reference, quantity: string, ours: number, note: string): ValidationRow {
  return {
    peril: PERIL,
    place: ref.place.name,
    latitude: ref.place.latitude,
    longitude: ref.place.longitude,
    quantity,
    reference: ref.years,
    reference_source: ref.source,
    // The NHC and Keim return periods count the same HURDAT2 storms the table is built from.
    evidence: 'seen',
    ours: Number(ours.toPrecision(4)),
    ratio: Number.isFinite(ours) ? Number((ours / ref.years).toPrecision(3)) : null,
    note,
  };
}

export function orderings(tables: ReadonlyMap<PerilName, HazardTable>): OrderingCheck[] {
  const table = tables.get(PERIL);
  return table ? orderingChecks(table) : [];
}

export const validation: ModelValidation = {
  references: (tables, sourcesDir) => {
    if (!tables.has(PERIL)) return [];
    const [storms, land] = [readAllStorms(sourcesDir), readLandMask(sourcesDir)];
    return [...validate(tables), ...strikeValidation(storms, land), ...eventSetValidation(storms, land)];
  },
  orderings,
  maps: rateTableMap(PERIL, 'tropical-cyclone.png', 'TropicalCyclone: annual probability of ≥ CAT1 (64 kt) site winds', 1, {
    low: 1e-3,
    high: 0.3,
    label: 'annual probability of ≥ CAT1 (64 kt) site winds',
  }),
};
