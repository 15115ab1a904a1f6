import type { GridDef } from '../../engine/table-spec.js';
import { KM_PER_DEGREE, kmPerDegreeLongitude } from '../../geo/sphere.js';
import { cellOf, distanceKm, rowLatitude } from './grid-geometry.js';
import { GEOMETRY } from './parameters.js';

/**
 * Coverage: a cell of the model grid is covered when its centre lies within
 * `coverageRadiusKm` of at least one SPC report (tornado start or end point, hail
 * report, any year). SPC reports exist only where the US reporting system works, so
 * this traces the contiguous US land (plus a coastal and border fringe) and leaves
 * the open sea, Canada and Mexico beyond the fringe at −1. Gaps enclosed by covered
 * cells (thinly reported deserts of the Great Basin) are filled: they are US land.
 */
export interface Coverage {
  /** nlat × nlon: data row of each cell, −1 where not covered. */
  cellRow: Int32Array;
  /** Covered cell indices in row order (row r is cell cells[r]). */
  cells: Int32Array;
}

export function coverageFromPoints(grid: GridDef, points: Iterable<{ lat: number; lon: number }>, radiusKm = GEOMETRY.coverageRadiusKm): Coverage {
  const covered = new Uint8Array(grid.nlat * grid.nlon);
  const seen = new Set<number>();
  const reachI = Math.ceil(radiusKm / (KM_PER_DEGREE * grid.dlat)) + 1;
  for (const { lat, lon } of points) {
    // Reports within the same 0.01° (≤ 1 km) mark practically the same cells: skip repeats.
    const key = Math.round(lat * 100) * 100_000 + Math.round(lon * 100);
    if (seen.has(key)) continue;
    seen.add(key);
    const home = cellOf(grid, lat, lon);
    const i0 = home >= 0 ? Math.floor(home / grid.nlon) : Math.floor((lat - grid.lat0) / grid.dlat);
    const j0 = home >= 0 ? home % grid.nlon : Math.floor((lon - grid.lon0) / grid.dlon);
    for (let i = Math.max(0, i0 - reachI); i <= Math.min(grid.nlat - 1, i0 + reachI); i++) {
      const kmPerLon = kmPerDegreeLongitude(Math.max(Math.abs(lat), Math.abs(rowLatitude(grid, i))));
      const reachJ = Math.ceil(radiusKm / (kmPerLon * grid.dlon)) + 1;
      for (let j = Math.max(0, j0 - reachJ); j <= Math.min(grid.nlon - 1, j0 + reachJ); j++) {
        const idx = i * grid.nlon + j;
        if (covered[idx]) continue;
        const centreLon = grid.lon0 + (j + 0.5) * grid.dlon;
        if (distanceKm(lat, lon, rowLatitude(grid, i), centreLon) <= radiusKm) covered[idx] = 1;
      }
    }
  }
  fillEnclosedGaps(grid, covered);
  const cellRow = new Int32Array(covered.length).fill(-1);
  const cells: number[] = [];
  for (let idx = 0; idx < covered.length; idx++) {
    if (!covered[idx]) continue;
    cellRow[idx] = cells.length;
    cells.push(idx);
  }
  return { cellRow, cells: Int32Array.from(cells) };
}

/**
 * Marks as covered every uncovered cell that cannot reach the grid border through
 * uncovered cells (4-neighbour flood fill from the border).
 */
function fillEnclosedGaps(grid: GridDef, covered: Uint8Array): void {
  const outside = new Uint8Array(covered.length);
  const stack: number[] = [];
  const visit = (i: number, j: number): void => {
    if (i < 0 || i >= grid.nlat || j < 0 || j >= grid.nlon) return;
    const idx = i * grid.nlon + j;
    if (covered[idx] || outside[idx]) return;
    outside[idx] = 1;
    stack.push(idx);
  };
  for (let i = 0; i < grid.nlat; i++) {
    visit(i, 0);
    visit(i, grid.nlon - 1);
  }
  for (let j = 0; j < grid.nlon; j++) {
    visit(0, j);
    visit(grid.nlat - 1, j);
  }
  while (stack.length > 0) {
    const idx = stack.pop()!;
    const i = Math.floor(idx / grid.nlon);
    const j = idx - i * grid.nlon;
    visit(i - 1, j);
    visit(i + 1, j);
    visit(i, j - 1);
    visit(i, j + 1);
  }
  for (let idx = 0; idx < covered.length; idx++) if (!outside[idx]) covered[idx] = 1;
}
