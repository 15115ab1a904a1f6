import { cellCentre, cellIndex, extendCoverage } from '../../engine/grid.js';
import type { GridDef } from '../../engine/table-spec.js';
import { ETOPO_GRID, readElevation } from '../../catalogues/etopo.js';
import { COVERAGE } from './parameters.js';

/**
 * Site cells of the table: every cell of the 0.5° ETOPO5 mean-elevation grid
 * above COVERAGE.minElevationM (land and continental shelf), plus
 * COVERAGE.extraRings rings of deeper cells so coastal points resolve. Open
 * ocean stays −1 (no coverage). Returns cell → row with rows numbered in cell order.
 */
export function siteRows(grid: GridDef, sourcesDir: string): { cellRow: Int32Array; rows: number } {
  const mask = new Int32Array(grid.nlat * grid.nlon).fill(-1);
  readElevation(sourcesDir).forEach((metres, cell) => {
    if (!(metres > COVERAGE.minElevationM)) return;
    const { latitude, longitude } = cellCentre(ETOPO_GRID, cell);
    const site = cellIndex(grid, latitude, longitude);
    if (site >= 0) mask[site] = 0;
  });
  const extended = extendCoverage(grid, mask, COVERAGE.extraRings);
  let rows = 0;
  const cellRow = extended.map((v) => (v === -1 ? -1 : rows++));
  return { cellRow, rows };
}
