import { extendCoverage } from '../../engine/grid.js';
import type { PerilName } from '../../engine/perils.js';
import { HOURS, SEASON_SLOTS } from '../../engine/profiles.js';
import { checkTable, type RateTable, type TableMeta } from '../../engine/table-spec.js';
import { CELLS, GRID } from './half-degree.js';

/**
 * Assembles a rate table on the 0.5° grid from per-cell rates and profile
 * choices: identical cells share a data row (rows numbered in cell order, so
 * the result is deterministic), uncovered cells are -1, and coverage is
 * extended one ring so coastal points whose cell is sea still resolve.
 */
export interface RateCells {
  peril: PerilName;
  thresholds: number;
  /** CELLS × K annual rates; NaN in the first threshold marks no coverage. */
  rates: Float64Array;
  seasonOfCell: Uint16Array;
  diurnalOfCell: Uint16Array;
  /** profiles × 366 and profiles × 24. */
  seasonWeights: Float64Array;
  diurnalShares: Float64Array;
  meta: TableMeta;
}

export function assembleRateTable(input: RateCells): RateTable {
  const k = input.thresholds;
  const rowOfKey = new Map<string, number>();
  const cellRow = new Int32Array(CELLS).fill(-1);
  const rates: number[] = [];
  const seasonOfRow: number[] = [];
  const diurnalOfRow: number[] = [];
  for (let c = 0; c < CELLS; c++) {
    if (Number.isNaN(input.rates[c * k]!)) continue;
    const values = Array.from(input.rates.subarray(c * k, c * k + k));
    const key = `${values.join(',')}|${input.seasonOfCell[c]}|${input.diurnalOfCell[c]}`;
    let row = rowOfKey.get(key);
    if (row === undefined) {
      row = seasonOfRow.length;
      rowOfKey.set(key, row);
      rates.push(...values);
      seasonOfRow.push(input.seasonOfCell[c]!);
      diurnalOfRow.push(input.diurnalOfCell[c]!);
    }
    cellRow[c] = row;
  }
  if (input.seasonWeights.length % SEASON_SLOTS !== 0 || input.diurnalShares.length % HOURS !== 0) {
    throw new Error(`${input.peril}: profile arrays have the wrong length`);
  }
  const table: RateTable = {
    type: 'rate',
    peril: input.peril,
    grid: GRID,
    cellRow: extendCoverage(GRID, cellRow, 1),
    rows: seasonOfRow.length,
    rates: Float64Array.from(rates),
    seasonOfRow: Uint16Array.from(seasonOfRow),
    seasonWeights: input.seasonWeights,
    diurnalOfRow: Uint16Array.from(diurnalOfRow),
    diurnalShares: input.diurnalShares,
    meta: input.meta,
  };
  checkTable(table);
  return table;
}

/** Stacks profiles into one array (profiles × width). */
export function stackProfiles(profiles: readonly Float64Array[], width: number): Float64Array {
  const out = new Float64Array(profiles.length * width);
  profiles.forEach((p, i) => {
    if (p.length !== width) throw new Error(`profile ${i} has ${p.length} values, expected ${width}`);
    out.set(p, i * width);
  });
  return out;
}
