import { cellAreaKm2 as rowCellAreaKm2, globalGrid } from '../../engine/grid.js';
import type { GridDef } from '../../engine/table-spec.js';

/**
 * The global 0.5° grid of the Wildfire and FloodLivePlus tables, which is also
 * the native grid of the 0.5° catalogues (CRU CL 1.0, ETOPO5 means,
 * Köppen–Geiger; src/catalogues/), whose cell centres sit at ±0.25 + k·0.5°.
 */
export const GRID: GridDef = globalGrid(0.5);
export const CELLS = GRID.nlat * GRID.nlon;

/** Area of a cell in km² (engine/grid.ts: spherical Earth, the shared mean radius). */
export function cellAreaKm2(cell: number): number {
  return rowCellAreaKm2(GRID, Math.floor(cell / GRID.nlon));
}
