import { extendCoverage } from '../../engine/grid.js';
import type { PerilName } from '../../engine/perils.js';
import { HOURS, SEASON_SLOTS } from '../../engine/profiles.js';
import { checkTable, type GridDef, type RateTable, type TableMeta } from '../../engine/table-spec.js';

/**
 * The one assembler of rate tables (docs/table-format.md) for every model:
 * per-cell annual exceedance rates and profile choices in, a checked
 * RateTable out. Rows are numbered in grid-cell order, so the same inputs give
 * the same bytes.
 *
 * Row sharing decides how many data rows the table carries:
 * - `none`: one row per covered cell;
 * - `zeros`: cells whose rates are all zero share one row (its profiles do not
 *   matter, so it takes profile 0);
 * - `identical`: cells with identical rates and profiles share a row.
 */
export type RowSharing = 'none' | 'zeros' | 'identical';

export interface RateTableInput {
  peril: PerilName;
  grid: GridDef;
  /** Thresholds per row (K). */
  thresholds: number;
  /** Covered grid cells, ascending; every other cell is −1 (no coverage). */
  covered: ArrayLike<number>;
  /** Writes the K annual rates of a covered cell into `out`. */
  ratesOf(cell: number, out: Float64Array): void;
  /** Season and diurnal profile index of a covered cell (default 0). */
  seasonOf?(cell: number): number;
  diurnalOf?(cell: number): number;
  /** profiles × 366 season weights and profiles × 24 diurnal shares. */
  seasonWeights: Float64Array;
  diurnalShares: Float64Array;
  rowSharing: RowSharing;
  /**
   * Clamp rates at zero and make them non-increasing in the threshold with a
   * running minimum (only for models that are monotone by construction, to
   * absorb rounding in smoothing sums).
   */
  clampMonotone?: boolean;
  /** Rings of uncovered cells around coverage that resolve to their neighbour's row (coastal points). */
  extendRings?: number;
  meta: TableMeta;
}

export function assembleRateTable(input: RateTableInput): RateTable {
  const k = input.thresholds;
  const { grid } = input;
  if (input.seasonWeights.length % SEASON_SLOTS !== 0 || input.diurnalShares.length % HOURS !== 0) {
    throw new Error(`${input.peril}: profile arrays have the wrong length`);
  }
  const cellRow = new Int32Array(grid.nlat * grid.nlon).fill(-1);
  const rates: number[] = [];
  const seasonOfRow: number[] = [];
  const diurnalOfRow: number[] = [];
  const rowOfKey = new Map<string, number>();
  const values = new Float64Array(k);
  let zeroRow = -1;
  for (let c = 0; c < input.covered.length; c++) {
    const cell = input.covered[c]!;
    input.ratesOf(cell, values);
    if (input.clampMonotone) {
      let previous = Infinity;
      for (let j = 0; j < k; j++) previous = values[j] = Math.min(previous, Math.max(0, values[j]!));
    }
    const season = input.seasonOf?.(cell) ?? 0;
    const diurnal = input.diurnalOf?.(cell) ?? 0;
    if (input.rowSharing === 'zeros' && values.every((v) => v === 0)) {
      if (zeroRow < 0) zeroRow = addRow(rates, seasonOfRow, diurnalOfRow, values, 0, 0);
      cellRow[cell] = zeroRow;
    } else if (input.rowSharing === 'identical') {
      const key = `${values.join(',')}|${season}|${diurnal}`;
      let row = rowOfKey.get(key);
      if (row === undefined) rowOfKey.set(key, (row = addRow(rates, seasonOfRow, diurnalOfRow, values, season, diurnal)));
      cellRow[cell] = row;
    } else {
      cellRow[cell] = addRow(rates, seasonOfRow, diurnalOfRow, values, season, diurnal);
    }
  }
  const table: RateTable = {
    type: 'rate',
    peril: input.peril,
    grid,
    cellRow: input.extendRings ? extendCoverage(grid, cellRow, input.extendRings) : cellRow,
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

function addRow(rates: number[], seasonOfRow: number[], diurnalOfRow: number[], values: Float64Array, season: number, diurnal: number): number {
  for (const v of values) rates.push(v);
  seasonOfRow.push(season);
  diurnalOfRow.push(diurnal);
  return seasonOfRow.length - 1;
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

/** One flat profile of `width` slots (no seasonal or diurnal preference). */
export function uniformProfile(width: number): Float64Array {
  return new Float64Array(width).fill(1);
}
