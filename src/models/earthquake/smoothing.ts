import { cellCentre } from '../../engine/grid.js';
import type { GridDef } from '../../engine/table-spec.js';
import { KM_PER_DEGREE, distanceKm, cosDeg, kmPerDegreeLongitude } from '../../geo/sphere.js';
import { nthNeighbourKm } from './neighbours.js';
import { SMOOTHING } from './parameters.js';

export interface SmoothedPoint {
  latitude: number;
  longitude: number;
  /** Index of the layer (depth class) the point's weight goes to. */
  layer: number;
}

export interface SmoothingOptions {
  neighbour: number;
  minBandwidthKm: number;
  maxBandwidthKm: number;
  truncationKm: number;
}

/**
 * Adaptive kernel smoothing after Helmstetter, Kagan & Jackson (2007): each
 * point spreads a weight of 1 over the grid with the power-law kernel
 * K(r) ∝ (r² + d²)^(−3/2), d = distance to its n-th nearest neighbour (clamped),
 * evaluated at cell centres times cell area (∝ cos latitude), truncated at
 * `truncationKm` and renormalised so each point's weights sum to exactly 1.
 * Returns one Float64Array of smoothed counts per layer.
 */
export function smoothCounts(grid: GridDef, points: readonly SmoothedPoint[], layers: number, options: SmoothingOptions = SMOOTHING): Float64Array[] {
  const out = Array.from({ length: layers }, () => new Float64Array(grid.nlat * grid.nlon));
  const nth = nthNeighbourKm(points, options.neighbour);
  const cells: number[] = [];
  const weights: number[] = [];
  points.forEach((p, i) => {
    const d = Math.min(options.maxBandwidthKm, Math.max(options.minBandwidthKm, nth[i]!));
    cells.length = 0;
    weights.length = 0;
    let total = 0;
    forCellsWithin(grid, p.latitude, p.longitude, options.truncationKm, (cell, r) => {
      const w = (r * r + d * d) ** -1.5 * cosDeg(cellCentre(grid, cell).latitude);
      cells.push(cell);
      weights.push(w);
      total += w;
    });
    const layer = out[p.layer]!;
    for (let c = 0; c < cells.length; c++) layer[cells[c]!]! += weights[c]! / total;
  });
  return out;
}

/**
 * Calls visit(cell, distanceKm) for every cell of a global grid whose centre
 * lies within `radiusKm` of the point, row by row (a fixed, deterministic order).
 */
export function forCellsWithin(grid: GridDef, latitude: number, longitude: number, radiusKm: number, visit: (cell: number, km: number) => void): void {
  const latSpan = radiusKm / KM_PER_DEGREE;
  const iLo = Math.max(0, Math.floor((latitude - latSpan - grid.lat0) / grid.dlat));
  const iHi = Math.min(grid.nlat - 1, Math.floor((latitude + latSpan - grid.lat0) / grid.dlat));
  for (let i = iLo; i <= iHi; i++) {
    const rowLat = grid.lat0 + (i + 0.5) * grid.dlat;
    const kmPerLon = kmPerDegreeLongitude(rowLat);
    const lonSpan = kmPerLon > radiusKm / 180 ? radiusKm / kmPerLon : 180;
    const jCentre = Math.floor((longitude - grid.lon0) / grid.dlon);
    const half = Math.min(Math.ceil(lonSpan / grid.dlon) + 1, Math.floor(grid.nlon / 2));
    const jFrom = jCentre - half;
    const jTo = Math.min(jCentre + half, jFrom + grid.nlon - 1);
    for (let jj = jFrom; jj <= jTo; jj++) {
      const j = ((jj % grid.nlon) + grid.nlon) % grid.nlon;
      const km = distanceKm(latitude, longitude, rowLat, grid.lon0 + (j + 0.5) * grid.dlon);
      if (km <= radiusKm) visit(i * grid.nlon + j, km);
    }
  }
}
