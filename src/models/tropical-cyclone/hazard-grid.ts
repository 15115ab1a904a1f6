/**
 * The grid the hazard is computed on (GRID: square cells over the storm
 * latitudes) and a helper visiting the cells whose centres lie within a
 * radius of a point, with their east/north offsets in km.
 */
import type { GridDef } from '../../engine/table-spec.js';
import { KM_PER_DEGREE, kmPerDegreeLongitude } from '../../geo/sphere.js';
import { GRID } from './parameters.js';

export function hazardGrid(step: number = GRID.step, latMin: number = GRID.latMin, latMax: number = GRID.latMax): GridDef {
  return { lat0: latMin, lon0: -180, dlat: step, dlon: step, nlat: Math.round((latMax - latMin) / step), nlon: Math.round(360 / step) };
}

export function rowCentreLat(grid: GridDef, i: number): number {
  return grid.lat0 + (i + 0.5) * grid.dlat;
}

/**
 * Calls visit(cell, eastKm, northKm) for every cell whose centre is within
 * radiusKm of (lat, lon) (local equirectangular offsets, cosine of the mean
 * latitude; longitudes wrap). Rows outside the grid are skipped.
 */
export function forCellOffsetsWithin(
  grid: GridDef,
  lat: number,
  lon: number,
  radiusKm: number,
  visit: (cell: number, eastKm: number, northKm: number) => void,
): void {
  const dRow = radiusKm / KM_PER_DEGREE / grid.dlat;
  const iMin = Math.max(0, Math.floor((lat - grid.lat0) / grid.dlat - dRow));
  const iMax = Math.min(grid.nlat - 1, Math.ceil((lat - grid.lat0) / grid.dlat + dRow));
  for (let i = iMin; i <= iMax; i++) {
    const rowLat = rowCentreLat(grid, i);
    const northKm = (rowLat - lat) * KM_PER_DEGREE;
    if (Math.abs(northKm) > radiusKm) continue;
    const kmPerDegLon = kmPerDegreeLongitude((rowLat + lat) / 2);
    const halfWidthDeg = Math.sqrt(radiusKm * radiusKm - northKm * northKm) / Math.max(kmPerDegLon, 1e-6);
    const span = Math.min(halfWidthDeg, 180);
    const jMin = Math.ceil((lon - span - grid.lon0) / grid.dlon - 0.5);
    const jMax = Math.floor((lon + span - grid.lon0) / grid.dlon - 0.5);
    const base = i * grid.nlon;
    for (let j = jMin; j <= jMax && j < jMin + grid.nlon; j++) {
      const eastKm = (grid.lon0 + (j + 0.5) * grid.dlon - lon) * kmPerDegLon;
      const col = ((j % grid.nlon) + grid.nlon) % grid.nlon;
      visit(base + col, eastKm, northKm);
    }
  }
}
