import { returnPeriodYears } from '../../engine/formulas.js';
import { rowAt } from '../../engine/grid.js';
import type { PerilName } from '../../engine/perils.js';
import type { HazardTable, RateTable } from '../../engine/table-spec.js';
import type { OrderingCheck, ValidationRow } from '../validation-types.js';
import path from 'node:path';
import { legend, writeWorldMap, type MapImage } from '../maps/png-world-map.js';
import { earthquakeThresholds } from './exceedance-tables.js';
import { NATIONAL_CODE_PLACES, ORDERINGS, REFERENCE_PLACES, USGS_2018_SITES, USGS_2018_SOURCE } from './places.js';
import type { ModelValidation } from '../validation-types.js';

/** 10 % in 50 years as a return period (474.6 years), through formulas.ts. */
export const DESIGN_RETURN_PERIOD = returnPeriodYears(0.1, 50);

/** The PGA levels of the table and one curve's annual rates at them (a row of the table: one rate per threshold). */
export function pgaCurveOf(rates: ArrayLike<number>): { pga: number; rate: number }[] {
  return earthquakeThresholds().flatMap((t, j) => (t.measure === 'PGA' ? [{ pga: t.level, rate: rates[j]! }] : []));
}

function pgaCurve(table: RateTable, latitude: number, longitude: number): { pga: number; rate: number }[] | null {
  const row = rowAt(table, latitude, longitude);
  if (row < 0) return null;
  const k = table.rates.length / table.rows;
  return pgaCurveOf(table.rates.subarray(row * k, (row + 1) * k));
}

/** Annual rate of PGA ≥ `pga` on a curve, log-log between its levels (null outside them). */
export function rateOnCurve(curve: readonly { pga: number; rate: number }[], pga: number): number | null {
  const i = curve.findIndex((p) => p.pga >= pga);
  if (i < 0) return null;
  if (curve[i]!.pga === pga) return curve[i]!.rate;
  if (i === 0) return null;
  const [a, b] = [curve[i - 1]!, curve[i]!];
  if (!(a.rate > 0 && b.rate > 0)) return 0;
  const t = Math.log(pga / a.pga) / Math.log(b.pga / a.pga);
  return Math.exp(Math.log(a.rate) + t * Math.log(b.rate / a.rate));
}

/** Annual rate of PGA ≥ `pga`, log-log between the table's levels (null outside them or without coverage). */
export function rateAtPga(table: RateTable, latitude: number, longitude: number, pga: number): number | null {
  const curve = pgaCurve(table, latitude, longitude);
  return curve && rateOnCurve(curve, pga);
}

/**
 * PGA (g) with an annual exceedance rate of 1/474.6, log-log inside the
 * table's levels; 0 when even the lowest level (0.02 g) is rarer, null above
 * the highest level or without coverage.
 */
export function pga475(table: RateTable, latitude: number, longitude: number): number | null {
  const curve = pgaCurve(table, latitude, longitude);
  if (!curve) return null;
  const target = 1 / DESIGN_RETURN_PERIOD;
  const i = curve.findIndex((p) => p.rate < target);
  if (i === 0) return 0;
  if (i < 0) return null;
  const [a, b] = [curve[i - 1]!, curve[i]!];
  if (!(b.rate > 0)) return a.pga;
  const t = Math.log(target / a.rate) / Math.log(b.rate / a.rate);
  return Math.exp(Math.log(a.pga) + t * Math.log(b.pga / a.pga));
}

export function validate(tables: ReadonlyMap<PerilName, HazardTable>): ValidationRow[] {
  const table = tables.get('Earthquake') as RateTable | undefined;
  if (!table) return [];
  const usgs = USGS_2018_SITES.flatMap((s) =>
    ([[0.1, s.rate01], [0.2, s.rate02]] as const).map(([pga, reference]): ValidationRow => {
      const ours = rateAtPga(table, s.latitude, s.longitude, pga);
      return {
        peril: 'Earthquake', place: s.site, latitude: s.latitude, longitude: s.longitude,
        quantity: `annual rate of PGA ≥ ${pga} g (rock)`, reference, reference_source: USGS_2018_SOURCE, evidence: 'seen',
        ours: ours ?? Number.NaN, ratio: ours === null ? null : ours / reference, ...(ours === null ? { note: 'no coverage' } : {}),
      };
    }),
  );
  const national = [...REFERENCE_PLACES, ...NATIONAL_CODE_PLACES].filter((p) => p.pga475 !== null).map((p): ValidationRow => {
    const ours = rateAtPga(table, p.latitude, p.longitude, p.pga475!);
    const reference = 1 / DESIGN_RETURN_PERIOD;
    const design = pga475(table, p.latitude, p.longitude);
    return {
      peril: 'Earthquake', place: p.place, latitude: p.latitude, longitude: p.longitude,
      quantity: `annual rate of PGA ≥ ${p.pga475} g, the reference's 475-yr PGA`, reference, reference_source: p.source, evidence: 'seen',
      ours: ours ?? Number.NaN, ratio: ours === null ? null : ours / reference,
      note: design === null ? 'our 475-yr PGA is above the table levels' : design === 0 ? 'our 475-yr PGA is below 0.02 g' : `our 475-yr PGA ${Number(design.toPrecision(3))} g`,
    };
  });
  return [...usgs, ...national];
}

export function orderings(tables: ReadonlyMap<PerilName, HazardTable>): OrderingCheck[] {
  const table = tables.get('Earthquake') as RateTable | undefined;
  if (!table) return [];
  const at = (name: string): number => {
    const p = REFERENCE_PLACES.find((q) => q.place === name)!;
    return pga475(table, p.latitude, p.longitude) ?? Number.NaN;
  };
  return ORDERINGS.map(([high, low]) => {
    const a = at(high);
    const b = at(low);
    return { peril: 'Earthquake', claim: `475-yr PGA: ${high} > ${low}`, holds: a > b, detail: `${high} ${round3(a)} g, ${low} ${round3(b)} g` };
  });
}

function round3(x: number): number {
  return Number(x.toPrecision(3));
}

export const PGA475_SCALE = { low: 0.02, high: 1, label: 'PGA (g, rock) with 10 % probability of exceedance in 50 years' };

/** The 475-year rock PGA of every covered cell as docs/maps/earthquake-pga475.png. */
export function drawMaps(tables: ReadonlyMap<PerilName, HazardTable>, dir: string): MapImage[] {
  const table = tables.get('Earthquake') as RateTable | undefined;
  if (!table) return [];
  const file = path.join(dir, 'earthquake-pga475.png');
  writeWorldMap(file, (latitude, longitude) => {
    if (rowAt(table, latitude, longitude) < 0) return null;
    return pga475(table, latitude, longitude) ?? 0;
  }, PGA475_SCALE);
  return [{ title: 'Earthquake: PGA with 10 % probability of exceedance in 50 years (rock, Vs30 760 m/s)', file, legend: legend(PGA475_SCALE) }];
}

export const validation: ModelValidation = { references: validate, orderings, maps: drawMaps };
