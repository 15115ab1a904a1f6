import { perilDef } from '../../engine/perils.js';
import { ACCUMULATION_PARAM_COUNT, checkTable, type AccumulationTable, type DailyTable, type TableMeta } from '../../engine/table-spec.js';
import type { Calibration } from './calibration.js';
import type { TailQuantileTable } from './distributions.js';
import { cellMonthGenerators, transitions, type MonthGenerator } from './generator.js';
import { rainAccumulationParams, rainDayProbability } from './rain-model.js';
import { wetDayTail } from './rain-tail.js';
import { assembleRows } from './rows.js';
import { effectiveSnowRatio, type SnowAmounts } from './snow-calibration.js';
import type { CruClimatology } from './sources.js';
import type { TailCalibration } from './tail-calibration.js';
import { tcDailyHazard, tcDailyMoments, type TcRainDays } from './tc-rain.js';

/**
 * The three precipitation tables from one generator per cell and month
 * (rain-model.ts for the rain numbers):
 * - Rain (daily): generator wet days with the heavy GPD tail of the cell's climate
 *   group, plus tropical-cyclone storm-days, as competing daily processes;
 * - CumulativeRain (accumulation): (p01, p11, α, β, q = 1 − q_snow, r = 1), the gamma
 *   matched to the Rain day's mean and the multi-day factor × its variance;
 * - Cumulativesnow (accumulation): (p01, p11, α_s, αβ/α_s, q = q_snow, r = r(T)), the snow-day
 *   shape and effective snow-to-liquid ratio of snow-calibration.ts.
 * A cell is covered when all twelve months have a generator.
 */
export interface PrecipTables {
  rain: DailyTable;
  cumulativeRain: AccumulationTable;
  cumulativeSnow: AccumulationTable;
}

export interface PrecipMeta {
  rain: TableMeta;
  cumulativeRain: TableMeta;
  cumulativeSnow: TableMeta;
}

export interface PrecipInputs {
  cru: CruClimatology;
  cal: Calibration;
  snow: SnowAmounts;
  /** Climate group per CRU land-cell position (climate-groups.ts). */
  groups: Uint8Array;
  tails: TailCalibration;
  tcDays: TcRainDays;
  multidayFactor: number;
  quantiles: TailQuantileTable;
}

export function cellGenerators(cru: CruClimatology, cal: Calibration): { cells: Int32Array; positions: Int32Array; generators: MonthGenerator[] } {
  const cells: number[] = [];
  const positions: number[] = [];
  const generators: MonthGenerator[] = [];
  for (let i = 0; i < cru.cells.length; i++) {
    const months = cellMonthGenerators(cru, cal, i);
    if (!months) continue;
    cells.push(cru.cells[i]!);
    positions.push(i);
    generators.push(...months);
  }
  return { cells: Int32Array.from(cells), positions: Int32Array.from(positions), generators };
}

export function buildPrecipTables(inputs: PrecipInputs, meta: PrecipMeta, progress: (f: number) => void): PrecipTables {
  const { cru, cal, snow, groups, tails, tcDays, multidayFactor, quantiles } = inputs;
  const { cells, positions, generators } = cellGenerators(cru, cal);
  progress(0.1);
  const thresholds = perilDef('Rain').thresholds as readonly number[];
  const k = thresholds.length;
  const rainValues = new Float64Array(cells.length * 12 * k);
  const rainParams = new Float64Array(cells.length * 12 * ACCUMULATION_PARAM_COUNT);
  const snowParams = new Float64Array(cells.length * 12 * ACCUMULATION_PARAM_COUNT);
  const noTc = { hazard: new Float64Array(12 * k), moments: { mean: new Float64Array(12), second: new Float64Array(12) } };
  positions.forEach((position, n) => {
    const xi = tails.xi[groups[position]!]!;
    const hasTc = tcDays.start[position + 1]! > tcDays.start[position]!;
    const tcHazard = hasTc ? tcDailyHazard(tcDays, position, thresholds, tails.tcSpread) : noTc.hazard;
    const tc = hasTc ? tcDailyMoments(tcDays, position, tails.tcSpread) : noTc.moments;
    for (let m = 0; m < 12; m++) {
      const at = n * 12 + m;
      const g = generators[at]!;
      const tail = wetDayTail(g.alpha, g.beta, xi, quantiles);
      for (let j = 0; j < k; j++) rainValues[at * k + j] = rainDayProbability(g, tail, thresholds[j]!, tcHazard[m * k + j]!);
      rainParams.set(rainAccumulationParams(g, tail, tc.mean[m]!, tc.second[m]!, multidayFactor), at * ACCUMULATION_PARAM_COUNT);
      const { p01, p11 } = transitions(g);
      const snowBeta = (g.alpha * g.beta) / snow.shape;
      snowParams.set([p01, p11, snow.shape, snowBeta, g.qSnow, effectiveSnowRatio(snow, cru.values.tmp[position * 12 + m]!)], at * ACCUMULATION_PARAM_COUNT);
    }
    if (n % 10_000 === 0) progress(0.1 + (0.7 * n) / positions.length);
  });
  const rainRows = assembleRows(cru.grid, cells, rainValues, 12 * k);
  const cumRows = assembleRows(cru.grid, cells, rainParams, 12 * ACCUMULATION_PARAM_COUNT);
  const snowRows = assembleRows(cru.grid, cells, snowParams, 12 * ACCUMULATION_PARAM_COUNT);
  const rain: DailyTable = { peril: 'Rain', type: 'daily', grid: cru.grid, cellRow: rainRows.cellRow, rows: rainRows.rows, dailyProb: rainRows.data, meta: meta.rain };
  const cumulativeRain: AccumulationTable = {
    peril: 'CumulativeRain', type: 'accumulation', grid: cru.grid, cellRow: cumRows.cellRow, rows: cumRows.rows, params: cumRows.data, meta: meta.cumulativeRain,
  };
  const cumulativeSnow: AccumulationTable = {
    peril: 'Cumulativesnow', type: 'accumulation', grid: cru.grid, cellRow: snowRows.cellRow, rows: snowRows.rows, params: snowRows.data, meta: meta.cumulativeSnow,
  };
  for (const t of [rain, cumulativeRain, cumulativeSnow]) checkTable(t);
  progress(1);
  return { rain, cumulativeRain, cumulativeSnow };
}
