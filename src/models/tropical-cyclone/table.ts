/**
 * HazardField → the TropicalCyclone RateTable: covered cells get a data row
 * (cells whose rates are all zero share one), uncovered cells −1; one season
 * profile per tile, one uniform diurnal profile.
 */
import { HOURS } from '../../engine/profiles.js';
import { checkTable, type RateTable, type TableMeta } from '../../engine/table-spec.js';
import type { HazardField } from './compute-hazard.js';

export function assembleTable(field: HazardField, meta: TableMeta): RateTable {
  const k = field.thresholdsKt.length;
  const cells = field.grid.nlat * field.grid.nlon;
  const cellRow = new Int32Array(cells).fill(-1);
  const rates: number[] = [];
  const seasonOfRow: number[] = [];
  let zeroRow = -1;
  for (let cell = 0; cell < cells; cell++) {
    if (field.covered[cell] !== 1) continue;
    const cellRates = field.rates.subarray(cell * k, (cell + 1) * k);
    if (cellRates.every((r) => r === 0)) {
      if (zeroRow < 0) {
        zeroRow = seasonOfRow.length;
        seasonOfRow.push(0);
        for (let j = 0; j < k; j++) rates.push(0);
      }
      cellRow[cell] = zeroRow;
      continue;
    }
    cellRow[cell] = seasonOfRow.length;
    seasonOfRow.push(field.seasons.profileOfCell[cell]!);
    for (const r of cellRates) rates.push(r);
  }
  const table: RateTable = {
    peril: 'TropicalCyclone',
    type: 'rate',
    grid: field.grid,
    cellRow,
    rows: seasonOfRow.length,
    meta,
    rates: Float64Array.from(rates),
    seasonOfRow: Uint16Array.from(seasonOfRow),
    seasonWeights: field.seasons.weights,
    diurnalOfRow: new Uint16Array(seasonOfRow.length),
    diurnalShares: new Float64Array(HOURS).fill(1 / HOURS),
  };
  checkTable(table);
  return table;
}
