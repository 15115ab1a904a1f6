import { gammaQ } from '../../engine/gamma.js';
import { perilDef } from '../../engine/perils.js';
import { ACCUMULATION_PARAM_COUNT, checkTable, type AccumulationTable, type DailyTable, type TableMeta } from '../../engine/table-spec.js';
import type { Calibration } from './calibration.js';
import { cellMonthGenerators, transitions, type MonthGenerator } from './generator.js';
import { assembleRows } from './rows.js';
import { effectiveSnowRatio, type SnowAmounts } from './snow-calibration.js';
import type { CruClimatology } from './sources.js';

/**
 * The three precipitation tables from one generator per cell and month:
 * - Rain (daily): P(day's rain ≥ x) = π · (1 − q_snow) · Q(α, x/β);
 * - CumulativeRain (accumulation): (p01, p11, α, β, q = 1 − q_snow, r = 1);
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

export function buildPrecipTables(cru: CruClimatology, cal: Calibration, snow: SnowAmounts, meta: PrecipMeta, progress: (f: number) => void): PrecipTables {
  const { cells, positions, generators } = cellGenerators(cru, cal);
  progress(0.2);
  const thresholds = perilDef('Rain').thresholds as readonly number[];
  const k = thresholds.length;
  const rainValues = new Float64Array(cells.length * 12 * k);
  const rainParams = new Float64Array(cells.length * 12 * ACCUMULATION_PARAM_COUNT);
  const snowParams = new Float64Array(cells.length * 12 * ACCUMULATION_PARAM_COUNT);
  generators.forEach((g, at) => {
    const qRain = 1 - g.qSnow;
    for (let j = 0; j < k; j++) rainValues[at * k + j] = g.pi > 0 ? g.pi * qRain * gammaQ(g.alpha, thresholds[j]! / g.beta) : 0;
    const { p01, p11 } = transitions(g);
    rainParams.set([p01, p11, g.alpha, g.beta, qRain, 1], at * ACCUMULATION_PARAM_COUNT);
    // `at` runs over cells × 12 months; the snow ratio needs that cell-month's CRU temperature.
    const temp = cru.values.tmp[positions[Math.floor(at / 12)]! * 12 + (at % 12)]!;
    const snowBeta = (g.alpha * g.beta) / snow.shape;
    snowParams.set([p01, p11, snow.shape, snowBeta, g.qSnow, effectiveSnowRatio(snow, temp)], at * ACCUMULATION_PARAM_COUNT);
    if (at % 100_000 === 0) progress(0.2 + (0.6 * at) / generators.length);
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
