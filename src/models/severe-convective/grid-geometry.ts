import type { GridDef } from '../../engine/table-spec.js';
import { EARTH_RADIUS_KM, RADIANS_PER_DEGREE } from '../../geo/sphere.js';

/**
 * Cell geometry of the model and work grids (regional, not wrapping), on the
 * Earth of src/geo/sphere.ts. Three functions stay here rather than in the
 * shared modules because their results differ in the last bits or at the
 * edges, and the tables must not:
 * - `cellOf` treats the grid's northern edge as outside; engine/grid.ts
 *   `cellIndex` puts a point on (or within 1e-9° above) it in the top row.
 * - `distanceKm` does not wrap the longitude difference; geo/sphere.ts
 *   `distanceKm` does, which would shorten the piece count of a track whose end
 *   point lies ≥ 180° of longitude from its start (`depositSegment` interpolates
 *   in plain latitude/longitude).
 * - `cellAreaKm2` rounds differently from engine/grid.ts `cellAreaKm2`.
 */

/** Flat index of the cell containing (lat, lon), or -1 outside the grid. */
export function cellOf(grid: GridDef, lat: number, lon: number): number {
  const i = Math.floor((lat - grid.lat0) / grid.dlat);
  const j = Math.floor((lon - grid.lon0) / grid.dlon);
  if (i < 0 || i >= grid.nlat || j < 0 || j >= grid.nlon) return -1;
  return i * grid.nlon + j;
}

export function rowLatitude(grid: GridDef, i: number): number {
  return grid.lat0 + (i + 0.5) * grid.dlat;
}

/**
 * Area of a cell of row i in km², engine/grid.ts `cellAreaKm2`'s formula with
 * the northern edge taken as south + Δφ and the product in another order: the
 * Hail and tornado tables' bits depend on both (agreement to 1e-12 is tested).
 */
export function cellAreaKm2(grid: GridDef, i: number): number {
  const rad = RADIANS_PER_DEGREE;
  const south = (grid.lat0 + i * grid.dlat) * rad;
  const north = south + grid.dlat * rad;
  const r = EARTH_RADIUS_KM;
  return r * r * grid.dlon * rad * (Math.sin(north) - Math.sin(south));
}

/** Great-circle distance (haversine), km; the longitude difference is taken as given. */
export function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = RADIANS_PER_DEGREE;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}
