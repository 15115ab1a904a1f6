/**
 * Site winds from the built table against published site-wind climates
 * (site-wind-references.ts): the return period of 1-min marine sustained winds
 * ≥ 64 kt and ≥ 96 kt where the reference gives a return-period curve, and the
 * return period of the reference's converted level where it gives one level.
 * Between the table's thresholds the annual rate is interpolated log-linearly in
 * speed (as src/models/weather/tc-gusts.ts does); above 137 kt the table says nothing.
 */
import { SAFFIR_SIMPSON_KNOTS, type PerilName } from '../../engine/perils.js';
import type { HazardTable } from '../../engine/table-spec.js';
import type { ValidationRow } from '../validation-types.js';
import { siteReturnPeriod } from './site-hazard.js';
import { AS_NZS_REGIONS, CONVERSIONS, SITE_WIND_REFERENCES, type SiteWindReference } from './site-wind-references.js';
import { MS_PER_KT } from '../../units.js';

const PERIL = 'TropicalCyclone';
const CAT1 = 1;
const CAT3 = 3;

/** Our return period (yr) of sustained winds ≥ kt at a place, or null (no coverage, or above the top threshold). */
export function returnPeriodAt(table: HazardTable, lat: number, lon: number, kt: number): number | null {
  const place = { name: '', latitude: lat, longitude: lon };
  const k = SAFFIR_SIMPSON_KNOTS;
  if (kt > k[k.length - 1]! + 1e-9) return null;
  let i = 0;
  while (i + 1 < k.length && kt >= k[i + 1]!) i++;
  const lower = siteReturnPeriod(table, place, i);
  if (lower === null || kt <= k[i]! || i === k.length - 1) return lower;
  const upper = siteReturnPeriod(table, place, i + 1)!;
  const t = (kt - k[i]!) / (k[i + 1]! - k[i]!);
  return Math.exp(Math.log(lower) + t * (Math.log(upper) - Math.log(lower)));
}

/**
 * Our wind (kt) at a return period: the inverse of returnPeriodAt, log-linear
 * between thresholds; null where the return period lies beyond the table's range.
 */
export function speedAtReturnPeriod(table: HazardTable, lat: number, lon: number, years: number): number | null {
  const k = SAFFIR_SIMPSON_KNOTS;
  const periods = k.map((_, j) => siteReturnPeriod(table, { name: '', latitude: lat, longitude: lon }, j));
  if (periods[0] === null || years < periods[0]!) return null;
  for (let j = 0; j + 1 < k.length; j++) {
    const [a, b] = [periods[j]!, periods[j + 1]!];
    if (years >= a && years <= b) return b === a ? k[j]! : k[j]! + ((k[j + 1]! - k[j]!) * Math.log(years / a)) / Math.log(b / a);
  }
  return null;
}

/** Return period (yr) at which an AS/NZS regional gust reaches the 3-s gust equivalent of `kt`. */
export function asNzsReturnPeriod(region: keyof typeof AS_NZS_REGIONS, kt: number): number {
  const { a, b } = AS_NZS_REGIONS[region];
  const gust = kt * MS_PER_KT * CONVERSIONS.gustOverLandPerSustainedOverWater;
  return ((a - gust) / b) ** -10;
}

export function siteWindValidation(tables: ReadonlyMap<PerilName, HazardTable>): ValidationRow[] {
  const table = tables.get(PERIL);
  if (!table) return [];
  return SITE_WIND_REFERENCES.flatMap((ref) => rowsOf(table, ref));
}

function rowsOf(table: HazardTable, ref: SiteWindReference): ValidationRow[] {
  if (ref.kind === 'gustCurve') {
    return [CAT1, CAT3].map((cat) => {
      const kt = SAFFIR_SIMPSON_KNOTS[cat]!;
      const reference = asNzsReturnPeriod(ref.region, kt);
      return row(ref, `site wind ≥ ${kt} kt (CAT${cat}), return period (yr)`, returnPeriodAt(table, ref.lat, ref.lon, kt), reference,
        `${ref.note}: ${(kt * MS_PER_KT * CONVERSIONS.gustOverLandPerSustainedOverWater).toFixed(1)} m/s gust over land; ${speedNote(table, ref.lat, ref.lon, reference, kt)}; the regional value envelopes the region and includes non-cyclonic gusts at short return periods`);
    });
  }
  const top = SAFFIR_SIMPSON_KNOTS[SAFFIR_SIMPSON_KNOTS.length - 1]!;
  const kt = Math.min(ref.sustainedKt, top);
  const capped = kt < ref.sustainedKt ? `; ours at ${top} kt, the table's top threshold (a lower bound of ours at ${ref.sustainedKt.toFixed(0)} kt)` : '';
  return [row(ref, `site wind ≥ ${kt.toFixed(0)} kt, return period (yr)`, returnPeriodAt(table, ref.lat, ref.lon, kt), ref.returnPeriodYears,
    `${ref.published} at ${Number(ref.returnPeriodYears.toPrecision(3))} yr ≙ ${ref.sustainedKt.toFixed(0)} kt 1-min over water${capped}; ${speedNote(table, ref.lat, ref.lon, ref.returnPeriodYears, ref.sustainedKt)}; ${ref.note}; ours: CAT1 ${fmt(returnPeriodAt(table, ref.lat, ref.lon, 64))}, CAT3 ${fmt(returnPeriodAt(table, ref.lat, ref.lon, 96))} yr`)];
}

function row(ref: SiteWindReference, quantity: string, ours: number | null, reference: number, note: string): ValidationRow {
  const value = ours ?? Infinity;
  return {
    peril: PERIL,
    place: ref.city,
    latitude: ref.lat,
    longitude: ref.lon,
    quantity,
    reference: Number(reference.toPrecision(3)),
    reference_source: ref.source,
    // Every site wind here was on the validation page while the model was developed.
    evidence: 'seen',
    ours: Number.isFinite(value) ? Number(value.toPrecision(4)) : Infinity,
    ratio: Number.isFinite(value) ? Number((value / reference).toPrecision(3)) : null,
    note,
  };
}

/** "ours at R yr: V kt (×ratio in speed)", the same comparison in speed space. */
function speedNote(table: HazardTable, lat: number, lon: number, years: number, referenceKt: number): string {
  const v = speedAtReturnPeriod(table, lat, lon, years);
  return v === null ? `ours at ${Number(years.toPrecision(3))} yr: outside the table's 34–137 kt` : `ours at ${Number(years.toPrecision(3))} yr: ${v.toFixed(0)} kt (×${(v / referenceKt).toFixed(2)} in speed)`;
}

function fmt(years: number | null): string {
  return years === null ? 'no value' : Number.isFinite(years) ? years.toPrecision(3) : '> 10⁶';
}
