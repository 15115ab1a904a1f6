import { daysFromCivil } from '../../engine/calendar.js';
import { expectedCountFromProbability } from '../../engine/formulas.js';
import { rowAt } from '../../engine/grid.js';
import { perilDef, type PerilName } from '../../engine/perils.js';
import { referenceWindow } from '../../engine/reference.js';
import type { HazardTable } from '../../engine/table-spec.js';
import type { OrderingCheck, ValidationRow } from '../validation-types.js';
import type { Coordinates } from '../toolkit/place-checks.js';
import { PLACES, REFERENCES, type PlaceName } from './validation-references.js';
import { KM_PER_MILE } from '../../units.js';
import type { ModelValidation } from '../validation-types.js';
import { rateTableMap } from '../toolkit/rate-map.js';

/**
 * Built tables against published climatologies (docs/models/us-tornado.md and
 * hail.md, "Validation"), evaluated at places with the reference window maths over
 * one common year (2023).
 */
const YEAR = { startDay: daysFromCivil(2023, 1, 1), endDay: daysFromCivil(2023, 12, 31), startHour: 0, endHour: 23 };
const EF0 = 0;
const EF2 = 2;
const HAIL_SIZES = perilDef('Hail').thresholds as readonly number[];
const HAIL_1 = HAIL_SIZES.indexOf(1);
const HAIL_2 = HAIL_SIZES.indexOf(2);
/** The Done-when claim of issue 17: the High Plains at least twice Chicago at ≥ 1 in. */
const HIGH_PLAINS_FACTOR = 2;
const RADIUS_25_MILES_KM = 25 * KM_PER_MILE;

/** Expected exceedances in the year at a place, per threshold; null without coverage. */
export function annualCounts(table: HazardTable, place: Coordinates): number[] | null {
  const row = rowAt(table, place.latitude, place.longitude);
  if (row < 0) return null;
  return referenceWindow(table, row, YEAR).map(expectedCountFromProbability);
}

export function validate(tables: ReadonlyMap<PerilName, HazardTable>): ValidationRow[] {
  const rows: ValidationRow[] = [];
  const tornado = tables.get('USTornado');
  if (tornado) rows.push(...tornadoRows(tornado));
  const hail = tables.get('Hail');
  if (hail) rows.push(...hailRows(hail));
  return rows;
}

function tornadoRows(table: HazardTable): ValidationRow[] {
  const derived = derivedOf(table);
  const ratedPath = derived.ratedPathToIntensityArea[EF2]!;
  const within25 = (counts: number[]): number => {
    const density = (counts[EF2]! * ratedPath) / derived.meanPathAreaKm2[EF2]!;
    return density * (Math.PI * RADIUS_25_MILES_KM ** 2 + 2 * RADIUS_25_MILES_KM * derived.meanPathLengthKm[EF2]!);
  };
  const out: ValidationRow[] = [];
  for (const ref of REFERENCES.tornado) {
    const counts = annualCounts(table, PLACES[ref.place]);
    if (!counts) continue;
    const ours = ref.quantity === 'ef2RatedPathRate' ? counts[EF2]! * ratedPath : ref.quantity === 'ef2Within25Miles' ? within25(counts) : counts[EF0]!;
    out.push(row('USTornado', ref.place, ref.label, ours, ref.reference, ref.source, ref.note(ours)));
  }
  return out;
}

function hailRows(table: HazardTable): ValidationRow[] {
  const out: ValidationRow[] = [];
  const at = (place: PlaceName, sizeInches: number): number | undefined => annualCounts(table, PLACES[place])?.[HAIL_SIZES.indexOf(sizeInches)];
  for (const ref of REFERENCES.hail) {
    const ours = at(ref.place, ref.sizeInches);
    if (ours === undefined) continue;
    if (ref.kind === 'pointRate') {
      const next = at(ref.place, HAIL_SIZES[HAIL_SIZES.indexOf(ref.sizeInches) + 1]!)!;
      out.push(row('Hail', ref.place, ref.label, ours, ref.reference, ref.source, `${ref.note}; ours at the next size class: ${fmt(next)}`));
    } else {
      const over = at(ref.over, ref.sizeInches);
      if (over !== undefined) out.push(row('Hail', ref.place, ref.label, ours / over, ref.reference, ref.source, `${ref.note}; ours ${fmt(ours)} vs ${fmt(over)} per year`));
    }
  }
  return out;
}

export function orderings(tables: ReadonlyMap<PerilName, HazardTable>): OrderingCheck[] {
  const checks: OrderingCheck[] = [];
  const tornado = tables.get('USTornado');
  if (tornado) {
    for (const k of [EF0, EF2]) {
      checks.push(...chain('USTornado', tornado, ['Oklahoma City, OK', 'Chicago, IL', 'Boston, MA', 'Los Angeles, CA'], k, `EF${k}`));
    }
    checks.push(...chain('USTornado', tornado, ['Jackson, MS', 'Columbus, OH', 'Sacramento, CA'], EF2, 'EF2'));
    checks.push(percentile('USTornado', tornado, 'Moore, OK', EF2, 'EF2', 0.9));
    const generic = tables.get('Tornado');
    if (generic?.type === 'rate' && tornado.type === 'rate') {
      const same = generic.rates.length === tornado.rates.length && generic.rates.every((v, i) => v === tornado.rates[i]);
      checks.push({ peril: 'Tornado', claim: 'Tornado has the same rates as USTornado', holds: same, detail: `${generic.rows} rows` });
    }
  }
  const hail = tables.get('Hail');
  if (hail) {
    checks.push(...chain('Hail', hail, ['Denver, CO', 'Miami, FL', 'Seattle, WA'], HAIL_1, '≥ 1 in'));
    checks.push(...chain('Hail', hail, ['Amarillo, TX', 'Miami, FL'], HAIL_1, '≥ 1 in'));
    checks.push(...chain('Hail', hail, ['Amarillo, TX', 'Boston, MA'], HAIL_2, '≥ 2 in'));
    checks.push(percentile('Hail', hail, 'Amarillo, TX', HAIL_1, '≥ 1 in', 0.9));
    for (const place of ['Cheyenne, WY', 'Denver, CO'] as const) checks.push(timesAbove(hail, place, 'Chicago, IL', HAIL_1, '≥ 1 in', HIGH_PLAINS_FACTOR));
  }
  return checks;
}

/** Each place's annual count at threshold k exceeds the next one's. */
function chain(peril: string, table: HazardTable, places: (PlaceName)[], k: number, label: string): OrderingCheck[] {
  const value = (p: PlaceName): number => annualCounts(table, PLACES[p])?.[k] ?? NaN;
  return places.slice(1).map((lower, i) => {
    const higher = places[i]!;
    const a = value(higher);
    const b = value(lower);
    return { peril, claim: `${label}: ${higher} > ${lower}`, holds: a > b, detail: `${fmt(a)} vs ${fmt(b)} per year` };
  });
}

/** The place's rate at threshold k is at least `factor` times the other's. */
function timesAbove(table: HazardTable, place: PlaceName, other: PlaceName, k: number, label: string, factor: number): OrderingCheck {
  const a = annualCounts(table, PLACES[place])?.[k] ?? NaN;
  const b = annualCounts(table, PLACES[other])?.[k] ?? NaN;
  return { peril: 'Hail', claim: `${label}: ${place} at least ${factor}× ${other}`, holds: a >= factor * b, detail: `${fmt(a)} vs ${fmt(b)} per year (×${(a / b).toFixed(2)})` };
}

/** The place's rate at threshold k is at or above the given quantile of covered cells. */
function percentile(peril: string, table: HazardTable, place: PlaceName, k: number, label: string, quantile: number): OrderingCheck {
  const kCount = table.type === 'rate' ? table.rates.length / table.rows : 1;
  const mine = annualCounts(table, PLACES[place])?.[k] ?? NaN;
  let below = 0;
  if (table.type === 'rate') for (let r = 0; r < table.rows; r++) if (table.rates[r * kCount + k]! <= mine * (1 + 1e-9)) below++;
  const share = below / table.rows;
  return {
    peril,
    claim: `${label}: ${place} is among the highest (top ${Math.round((1 - quantile) * 100)} % of covered cells)`,
    holds: share >= quantile,
    detail: `above ${(share * 100).toFixed(1)} % of ${table.rows} cells (${fmt(mine)} per year)`,
  };
}

function row(peril: string, place: PlaceName, quantity: string, ours: number, reference: number | null, source: string, note: string): ValidationRow {
  const p = PLACES[place];
  return {
    peril,
    place,
    latitude: p.latitude,
    longitude: p.longitude,
    quantity,
    reference,
    reference_source: source,
    // The published rates were looked at while the efficiencies were fitted on the reports.
    evidence: 'seen',
    ours: Number(ours.toPrecision(4)),
    ratio: reference ? Number((ours / reference).toPrecision(3)) : null,
    note,
  };
}

interface TornadoDerived {
  ratedPathToIntensityArea: number[];
  meanPathAreaKm2: number[];
  meanPathLengthKm: number[];
}

/** The national constants the tornado builder stored in meta.parameters.derived. */
function derivedOf(table: HazardTable): TornadoDerived {
  const derived = table.meta.parameters.derived as Partial<TornadoDerived> | undefined;
  if (!derived?.ratedPathToIntensityArea || !derived.meanPathAreaKm2 || !derived.meanPathLengthKm) {
    throw new Error(`${table.peril} table: meta.parameters.derived lacks the path constants validation needs`);
  }
  return derived as TornadoDerived;
}

function fmt(x: number): string {
  return Number.isFinite(x) ? x.toExponential(2) : 'no coverage';
}

export const validation: ModelValidation = {
  references: validate,
  orderings,
  maps: rateTableMap('Hail', 'hail.png', 'Hail: annual probability of hail ≥ 1 in at a point', 1, { low: 1e-3, high: 0.2, label: 'annual probability of hail ≥ 1 in at a point' }, 0.25),
};
