import { ACCUMULATION_PARAM_COUNT, type AccumulationTable, type TableMeta } from '../../engine/table-spec.js';
import { annualMaxProbabilities, probabilityAt, thresholdsOf } from './annual-curves.js';
import type { Calibration } from './calibration.js';
import type { TailQuantileTable } from './distributions.js';
import { cellMonthGenerators } from './generator.js';
import type { HcnSite } from './hcn-sites.js';
import { HCN_SERIES, MULTIDAY, WEISS_FACTORS } from './parameters.js';
import { rainAccumulationParams } from './rain-model.js';
import { wetDayTail } from './rain-tail.js';
import type { CruClimatology } from './sources.js';
import type { TailCalibration } from './tail-calibration.js';
import { tcDailyMoments, type TcRainDays } from './tc-rain.js';

/**
 * The CumulativeRain variance factor (rain-model.ts), fitted on the calibration
 * half of the HCN stations so that the mean over stations of our probability of
 * an annual 5-day maximum ≥ MULTIDAY.targetMm equals the observed share of years
 * with Rx5day ≥ MULTIDAY.targetMm. Our 5-day maxima are over the 73 fixed 5-day
 * blocks of a year (the engine's own window maths on a table of the stations'
 * cells), HCN's are sliding sums, so the threshold is compared at
 * targetMm × Weiss(5)/Weiss(1) (Weiss 1964). Bisection on the factor (the tail
 * probability rises with it).
 */
export interface MultidayCalibration {
  factor: number;
  stations: number;
  observedMean: number;
  modelledMean: number;
}

const META: TableMeta = { method: 'calibration', sources: [], parameters: {} };

export function calibrateMultiday(
  sites: readonly HcnSite[],
  cru: CruClimatology,
  cal: Calibration,
  groups: Uint8Array,
  tails: TailCalibration,
  tcDays: TcRainDays,
  quantiles: TailQuantileTable,
): MultidayCalibration {
  // One table row per station cell: the generator, its tails and TC moments, params for any factor.
  const rowOf = new Map<number, number>();
  const rowParams: ((factor: number) => number[])[] = [];
  const used = sites.filter((site) => {
    if (!site.calibration || site.rx5dayMm.length < HCN_SERIES.minYears) return false;
    if (rowOf.has(site.position)) return true;
    const months = cellMonthGenerators(cru, cal, site.position);
    if (!months) return false;
    const monthTails = months.map((g) => wetDayTail(g.alpha, g.beta, tails.xi[groups[site.position]!]!, quantiles));
    const tc = tcDailyMoments(tcDays, site.position, tails.tcSpread);
    rowOf.set(site.position, rowParams.length);
    rowParams.push((factor) => months.flatMap((g, m) => rainAccumulationParams(g, monthTails[m]!, tc.mean[m]!, tc.second[m]!, factor)));
    return true;
  });
  const cellRow = new Int32Array(cru.grid.nlat * cru.grid.nlon).fill(-1);
  for (const [position, row] of rowOf) cellRow[cru.cells[position]!] = row;
  const table: AccumulationTable = {
    peril: 'CumulativeRain', type: 'accumulation', grid: cru.grid, cellRow, rows: rowParams.length,
    params: new Float64Array(rowParams.length * 12 * ACCUMULATION_PARAM_COUNT), meta: META,
  };
  const x = (MULTIDAY.targetMm * WEISS_FACTORS[MULTIDAY.blockDays]!) / WEISS_FACTORS[1]!;
  const observedMean = mean(used.map((s) => s.rx5dayMm.filter((v) => v >= MULTIDAY.targetMm).length / s.rx5dayMm.length));
  const modelled = (factor: number): number => {
    rowParams.forEach((params, row) => table.params.set(params(factor), row * 12 * ACCUMULATION_PARAM_COUNT));
    return mean(used.map((s) => probabilityAt(thresholdsOf(table), annualMaxProbabilities(table, rowOf.get(s.position)!, MULTIDAY.blockDays), x)));
  };
  if (used.length === 0) return { factor: MULTIDAY.factorRange[0], stations: 0, observedMean: NaN, modelledMean: NaN };
  let [lo, hi]: number[] = [...MULTIDAY.factorRange];
  for (let i = 0; i < MULTIDAY.bisections; i++) {
    const mid = (lo! + hi!) / 2;
    if (modelled(mid) < observedMean) lo = mid;
    else hi = mid;
  }
  const factor = (lo! + hi!) / 2;
  return { factor, stations: used.length, observedMean, modelledMean: modelled(factor) };
}

function mean(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0) / values.length;
}
