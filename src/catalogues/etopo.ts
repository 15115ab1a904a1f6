import { cellIndex, globalGrid } from '../engine/grid.js';
import type { GridDef } from '../engine/table-spec.js';
import { readCsvTable, sourceFile } from './files.js';
import { CATALOGUES } from './registry.js';

/**
 * ETOPO5 0.5° mean elevation (m; negative = sea floor), one value per cell of
 * the global 0.5° grid whose centres the file's rows sit on; NaN where the file
 * has no row. One reader for the models that need land, relief or the shelf.
 */
export const ETOPO_GRID: GridDef = globalGrid(0.5);

export function readElevation(sourcesDir: string): Float64Array {
  const { rows, column } = readCsvTable(sourceFile(sourcesDir, CATALOGUES.etopo.folder, CATALOGUES.etopo.file));
  const [latAt, lonAt, elevAt] = [column('lat'), column('lon'), column('elev_m')];
  const out = new Float64Array(ETOPO_GRID.nlat * ETOPO_GRID.nlon).fill(NaN);
  for (const r of rows) {
    const lat = Number(r[latAt]);
    const lon = Number(r[lonAt]);
    if (!Number.isFinite(lat) || !Number.isFinite(lon)) continue;
    const cell = cellIndex(ETOPO_GRID, lat, lon);
    if (cell >= 0) out[cell] = Number(r[elevAt]);
  }
  return out;
}
