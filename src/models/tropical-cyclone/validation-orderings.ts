/**
 * Relative orderings the TropicalCyclone table must show between well-known
 * places (site-wind rates), coverage where there is none, and seasonal timing.
 */
import { daysFromCivil } from '../../engine/calendar.js';
import type { CurveWindow } from '../../engine/reference.js';
import type { HazardTable } from '../../engine/table-spec.js';
import type { OrderingCheck } from '../validation-types.js';
import type { Place } from '../toolkit/place-checks.js';
import { PLACES } from './places.js';
import { coveredRow, FOUR_YEARS, siteExpected, siteReturnPeriod } from './site-hazard.js';

const PERIL = 'TropicalCyclone';

function rp(table: HazardTable, place: Place, category: number): number {
  return siteReturnPeriod(table, place, category) ?? Infinity;
}

function fmt(years: number): string {
  return Number.isFinite(years) && years < 1e6 ? `${years.toPrecision(3)} yr` : '> 10⁶ yr';
}

/** "a more often than b than c" at category k (shorter return period). */
function moreFrequent(table: HazardTable, category: number, places: Place[]): OrderingCheck {
  const periods = places.map((p) => rp(table, p, category));
  return {
    peril: PERIL,
    claim: `CAT${category} site winds: ${places.map((p) => p.name).join(' > ')}`,
    holds: periods.every((y, i) => i === 0 || periods[i - 1]! < y),
    detail: places.map((p, i) => `${p.name} ${fmt(periods[i]!)}`).join('; '),
  };
}

function noCoverage(table: HazardTable, place: Place): OrderingCheck {
  const row = coveredRow(table, place);
  return { peril: PERIL, claim: `no coverage in ${place.name}`, holds: row === null, detail: row === null ? 'cellRow −1' : `row ${row}` };
}

type DateRange = readonly [from: readonly [number, number], to: readonly [number, number]];

/** Share of the annual expectation (CAT0) falling in date ranges of one common year (month, day). */
function seasonShare(table: HazardTable, place: Place, ranges: readonly DateRange[]): number {
  const year = (siteExpected(table, place, 0, FOUR_YEARS) ?? 0) / 4;
  let part = 0;
  for (const [from, to] of ranges) {
    const window: CurveWindow = { startDay: daysFromCivil(2023, from[0], from[1]), endDay: daysFromCivil(2023, to[0], to[1]), startHour: 0, endHour: 23 };
    part += siteExpected(table, place, 0, window) ?? 0;
  }
  return year > 0 ? part / year : 0;
}

function seasonCheck(table: HazardTable, place: Place, label: string, ranges: readonly DateRange[], atLeast: number): OrderingCheck {
  const share = seasonShare(table, place, ranges);
  return {
    peril: PERIL,
    claim: `${place.name}: at least ${Math.round(atLeast * 100)} % of tropical-storm-force exposure falls in ${label}`,
    holds: share >= atLeast,
    detail: `${(share * 100).toFixed(1)} %`,
  };
}

export function orderingChecks(table: HazardTable): OrderingCheck[] {
  const { miami, tampa, boston, naha, manila, tokyo, guam, hongKong, shanghai, honolulu, london, madrid, rio, lima, brisbane, darwin, mumbai, chittagong } = PLACES;
  const guamVsMiami = { cat3: [rp(table, guam, 3), rp(table, miami, 3)] as const, cat1: rp(table, guam, 1) };
  return [
    moreFrequent(table, 1, [miami, tampa, boston]),
    moreFrequent(table, 1, [naha, tokyo]),
    moreFrequent(table, 1, [manila, tokyo]),
    {
      peril: PERIL,
      claim: 'Guam high: CAT1 at least once a decade and CAT3 more often than in Miami',
      holds: guamVsMiami.cat1 < 10 && guamVsMiami.cat3[0] < guamVsMiami.cat3[1],
      detail: `Guam CAT1 ${fmt(guamVsMiami.cat1)}, CAT3 ${fmt(guamVsMiami.cat3[0])}; Miami CAT3 ${fmt(guamVsMiami.cat3[1])}`,
    },
    moreFrequent(table, 1, [guam, honolulu]),
    moreFrequent(table, 1, [hongKong, shanghai]),
    moreFrequent(table, 0, [darwin, brisbane]),
    moreFrequent(table, 0, [chittagong, mumbai]),
    moreFrequent(table, 1, [chittagong, mumbai]),
    noCoverage(table, london),
    noCoverage(table, madrid),
    noCoverage(table, rio),
    noCoverage(table, lima),
    seasonCheck(table, miami, 'August–October', [[[8, 1], [10, 31]]], 0.7),
    seasonCheck(table, darwin, 'December–March', [[[1, 1], [3, 31]], [[12, 1], [12, 31]]], 0.7),
    seasonCheck(table, chittagong, 'April–May and October–November (the two monsoon-transition seasons)', [[[4, 1], [5, 31]], [[10, 1], [11, 30]]], 0.7),
  ];
}
