import { globalGrid } from '../../engine/grid.js';
import type { GridDef } from '../../engine/table-spec.js';
import { EARTH_RADIUS_KM, toRadians } from '../../geo/sphere.js';

/**
 * The global 0.5° grid of the Wildfire and FloodLivePlus tables, which is also
 * the native grid of the 0.5° catalogues (CRU CL 1.0, ETOPO5 means,
 * Köppen–Geiger; src/catalogues/), whose cell centres sit at ±0.25 + k·0.5°.
 */
export const GRID: GridDef = globalGrid(0.5);
export const CELLS = GRID.nlat * GRID.nlon;

/** Area of a cell in km² (spherical Earth, the shared mean radius). */
export function cellAreaKm2(cell: number): number {
  const i = Math.floor(cell / GRID.nlon);
  const south = toRadians(GRID.lat0 + i * GRID.dlat);
  const north = toRadians(GRID.lat0 + (i + 1) * GRID.dlat);
  return EARTH_RADIUS_KM ** 2 * toRadians(GRID.dlon) * (Math.sin(north) - Math.sin(south));
}
