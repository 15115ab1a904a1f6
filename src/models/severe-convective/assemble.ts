import { cellCentre } from '../../engine/grid.js';
import type { PerilName } from '../../engine/perils.js';
import { checkTable, type GridDef, type RateTable, type TableMeta } from '../../engine/table-spec.js';
import type { Coverage } from './coverage.js';
import { profileOfRows, type RegionalProfiles } from './profiles.js';

/**
 * A checked rate table from per-threshold rate fields on the model grid: one data
 * row per covered cell, that cell's region's profiles. Rates are made
 * non-increasing in the threshold with a running minimum (the model is monotone by
 * construction; this only absorbs rounding in the smoothing sums).
 */
export function assembleRateTable(
  peril: PerilName,
  grid: GridDef,
  coverage: Coverage,
  ratesByThreshold: readonly Float64Array[],
  profiles: RegionalProfiles,
  meta: TableMeta,
): RateTable {
  const k = ratesByThreshold.length;
  const rows = coverage.cells.length;
  const rates = new Float64Array(rows * k);
  for (let r = 0; r < rows; r++) {
    const cell = coverage.cells[r]!;
    let previous = Infinity;
    for (let j = 0; j < k; j++) {
      const value = Math.min(previous, Math.max(0, ratesByThreshold[j]![cell]!));
      rates[r * k + j] = value;
      previous = value;
    }
  }
  const profileOfRow = profileOfRows(Array.from(coverage.cells, (cell) => cellCentre(grid, cell)));
  const table: RateTable = {
    type: 'rate',
    peril,
    grid,
    cellRow: coverage.cellRow,
    rows,
    rates,
    seasonOfRow: profileOfRow,
    seasonWeights: profiles.seasonWeights,
    diurnalOfRow: profileOfRow,
    diurnalShares: profiles.diurnalShares,
    meta,
  };
  checkTable(table);
  return table;
}
