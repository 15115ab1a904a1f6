import { EARTH_RADIUS_KM, toRadians } from '../geo/sphere.js';
import type { GridDef } from './table-spec.js';

/** A table's row at a place: −1 where the place is off the grid or the cell has no coverage. */
export function rowAt(table: { grid: GridDef; cellRow: ArrayLike<number> }, latitude: number, longitude: number): number {
  return table.cellRow[cellIndex(table.grid, latitude, longitude)] ?? -1;
}

/**
 * Grid lookup: a point belongs to the cell that contains it (cells are
 * half-open [lat0 + i·dlat, lat0 + (i+1)·dlat)), which for cell-centred values
 * is the nearest cell centre. Longitudes wrap; latitude 90 falls in the top row.
 * Returns the flat cell index, or -1 outside the grid.
 */
export function cellIndex(grid: GridDef, latitude: number, longitude: number): number {
  let i = Math.floor((latitude - grid.lat0) / grid.dlat);
  if (i === grid.nlat && latitude <= grid.lat0 + grid.nlat * grid.dlat + 1e-9) i = grid.nlat - 1;
  if (i < 0 || i >= grid.nlat) return -1;
  let x = longitude - grid.lon0;
  const span = grid.nlon * grid.dlon;
  if (span >= 360 - 1e-9) x = ((x % 360) + 360) % 360;
  let j = Math.floor(x / grid.dlon);
  if (j === grid.nlon && span >= 360 - 1e-9) j = 0;
  if (j < 0 || j >= grid.nlon) return -1;
  return i * grid.nlon + j;
}

export function cellCentre(grid: GridDef, index: number): { latitude: number; longitude: number } {
  const i = Math.floor(index / grid.nlon);
  const j = index - i * grid.nlon;
  return { latitude: grid.lat0 + (i + 0.5) * grid.dlat, longitude: grid.lon0 + (j + 0.5) * grid.dlon };
}

/** Area in km² of a cell in grid row `row` (spherical Earth: R² Δλ (sin φ₂ − sin φ₁)). */
export function cellAreaKm2(grid: GridDef, row: number): number {
  const south = toRadians(grid.lat0 + row * grid.dlat);
  const north = toRadians(grid.lat0 + (row + 1) * grid.dlat);
  return EARTH_RADIUS_KM ** 2 * toRadians(grid.dlon) * (Math.sin(north) - Math.sin(south));
}

/** A global grid of square cells of `step` degrees, south-west corner at (−90, −180). */
export function globalGrid(step: number): GridDef {
  return { lat0: -90, lon0: -180, dlat: step, dlon: step, nlat: Math.round(180 / step), nlon: Math.round(360 / step) };
}

/**
 * Extend coverage by `rings` cells: an uncovered cell next to covered ones takes
 * the row of its nearest covered neighbour (ties: lowest row), so coastal and
 * island points whose nearest cell is sea still resolve. Returns a new array.
 */
export function extendCoverage(grid: GridDef, cellRow: Int32Array, rings = 1): Int32Array {
  const wraps = grid.nlon * grid.dlon >= 360 - 1e-9;
  let current = cellRow;
  for (let ring = 0; ring < rings; ring++) {
    const next = current.slice();
    for (let i = 0; i < grid.nlat; i++) {
      for (let j = 0; j < grid.nlon; j++) {
        const idx = i * grid.nlon + j;
        if (current[idx] !== -1) continue;
        let best = -1;
        let bestDist = Infinity;
        for (let di = -1; di <= 1; di++) {
          const ii = i + di;
          if (ii < 0 || ii >= grid.nlat) continue;
          for (let dj = -1; dj <= 1; dj++) {
            if (di === 0 && dj === 0) continue;
            let jj = j + dj;
            if (wraps) jj = (jj + grid.nlon) % grid.nlon;
            else if (jj < 0 || jj >= grid.nlon) continue;
            const row = current[ii * grid.nlon + jj]!;
            if (row === -1) continue;
            const dist = di * di + dj * dj;
            if (dist < bestDist || (dist === bestDist && row < best)) {
              best = row;
              bestDist = dist;
            }
          }
        }
        next[idx] = best;
      }
    }
    current = next;
  }
  return current;
}
