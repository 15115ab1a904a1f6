import type { GridDef, RateTable, TableMeta } from '../../engine/table-spec.js';

/** Earthquakes have no season and no time of day: one uniform profile of each. */
const UNIFORM_SEASON = new Float64Array(366).fill(1);
const UNIFORM_DIURNAL = new Float64Array(24).fill(1);

export function assembleTable(grid: GridDef, cellRow: Int32Array, rows: number, rates: Float64Array, meta: TableMeta): RateTable {
  return {
    peril: 'Earthquake',
    type: 'rate',
    grid,
    cellRow,
    rows,
    rates,
    seasonOfRow: new Uint16Array(rows),
    seasonWeights: UNIFORM_SEASON.slice(),
    diurnalOfRow: new Uint16Array(rows),
    diurnalShares: UNIFORM_DIURNAL.slice(),
    meta,
  };
}
