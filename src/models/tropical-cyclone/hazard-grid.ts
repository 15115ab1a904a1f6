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

/** One grid row's part of a disc: its offset north, km per degree of longitude, and the column range (unwrapped) inside. */
interface RowSpan {
  northKm: number;
  kmPerDegLon: number;
  jMin: number;
  jMax: number;
}

/** The columns of row i whose centres lie within radiusKm of (lat, lon), or null when the row is outside the disc. */
function rowSpan(grid: GridDef, i: number, lat: number, lon: number, radiusKm: number): RowSpan | null {
  const rowLat = rowCentreLat(grid, i);
  const northKm = (rowLat - lat) * KM_PER_DEGREE;
  if (Math.abs(northKm) > radiusKm) return null;
  const kmPerDegLon = kmPerDegreeLongitude((rowLat + lat) / 2);
  const halfWidthDeg = Math.sqrt(radiusKm * radiusKm - northKm * northKm) / Math.max(kmPerDegLon, 1e-6);
  const span = Math.min(halfWidthDeg, 180);
  const jMin = Math.ceil((lon - span - grid.lon0) / grid.dlon - 0.5);
  const jMax = Math.min(Math.floor((lon + span - grid.lon0) / grid.dlon - 0.5), jMin + grid.nlon - 1);
  return { northKm, kmPerDegLon, jMin, jMax };
}

function eastKmOf(grid: GridDef, j: number, lon: number, kmPerDegLon: number): number {
  return (grid.lon0 + (j + 0.5) * grid.dlon - lon) * kmPerDegLon;
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
    const row = rowSpan(grid, i, lat, lon, radiusKm);
    if (!row) continue;
    const base = i * grid.nlon;
    for (let j = row.jMin; j <= row.jMax; j++) {
      const col = ((j % grid.nlon) + grid.nlon) % grid.nlon;
      visit(base + col, eastKmOf(grid, j, lon, row.kmPerDegLon), row.northKm);
    }
  }
}

/**
 * One cell's offsets from (lat, lon) exactly as forCellOffsetsWithin would
 * visit them, or null where that visit would skip the cell: what a footprint
 * computed over the whole grid holds at that cell (footprint.ts cellMaxWind).
 */
export function cellOffsetWithin(grid: GridDef, cell: number, lat: number, lon: number, radiusKm: number): { eastKm: number; northKm: number } | null {
  const i = Math.floor(cell / grid.nlon);
  const col = cell - i * grid.nlon;
  const row = rowSpan(grid, i, lat, lon, radiusKm);
  if (!row) return null;
  const j = row.jMin + ((((col - row.jMin) % grid.nlon) + grid.nlon) % grid.nlon);
  return j <= row.jMax ? { eastKm: eastKmOf(grid, j, lon, row.kmPerDegLon), northKm: row.northKm } : null;
}
