import type { GridDef } from '../../engine/table-spec.js';
import { GEOMETRY } from './parameters.js';

/**
 * The model grid padded by the kernel's reach, so mass deposited near the edge of
 * the model box is smoothed as in open country instead of being cut off; fields
 * are cropped back to the model grid at the end.
 */
export interface WorkGrid {
  grid: GridDef;
  model: GridDef;
  padLat: number;
  padLon: number;
}

export const KM_PER_DEGREE = (2 * Math.PI * GEOMETRY.earthRadiusKm) / 360;

export function workGrid(model: GridDef, sigmaKm: number): WorkGrid {
  const reachKm = GEOMETRY.kernelTruncationSigmas * sigmaKm;
  const padLat = Math.ceil(reachKm / (KM_PER_DEGREE * model.dlat));
  const topLat = Math.min(89, model.lat0 + (model.nlat + padLat) * model.dlat);
  const padLon = Math.ceil(reachKm / (KM_PER_DEGREE * Math.cos((topLat * Math.PI) / 180) * model.dlon));
  const grid: GridDef = {
    lat0: model.lat0 - padLat * model.dlat,
    lon0: model.lon0 - padLon * model.dlon,
    dlat: model.dlat,
    dlon: model.dlon,
    nlat: model.nlat + 2 * padLat,
    nlon: model.nlon + 2 * padLon,
  };
  return { grid, model, padLat, padLon };
}

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

/** Area of a cell of row i in km² (spherical: R² Δλ (sin φ₂ − sin φ₁)). */
export function cellAreaKm2(grid: GridDef, i: number): number {
  const rad = Math.PI / 180;
  const south = (grid.lat0 + i * grid.dlat) * rad;
  const north = south + grid.dlat * rad;
  const r = GEOMETRY.earthRadiusKm;
  return r * r * grid.dlon * rad * (Math.sin(north) - Math.sin(south));
}

/** Great-circle distance (haversine), km. */
export function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * GEOMETRY.earthRadiusKm * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Adds `amount` to the cell containing the point; points off the grid are dropped. */
export function depositPoint(grid: GridDef, mass: Float64Array, lat: number, lon: number, amount: number): void {
  const cell = cellOf(grid, lat, lon);
  if (cell >= 0) mass[cell]! += amount;
}

/**
 * Spreads `amount` evenly over a straight segment: n equal pieces no longer than
 * `stepKm`, each piece's share at its midpoint. A zero-length segment is a point.
 */
export function depositSegment(
  grid: GridDef,
  mass: Float64Array,
  from: { lat: number; lon: number },
  to: { lat: number; lon: number },
  amount: number,
  stepKm = GEOMETRY.trackStepKm,
): void {
  const pieces = Math.max(1, Math.ceil(distanceKm(from.lat, from.lon, to.lat, to.lon) / stepKm));
  for (let p = 0; p < pieces; p++) {
    const t = (p + 0.5) / pieces;
    depositPoint(grid, mass, from.lat + t * (to.lat - from.lat), from.lon + t * (to.lon - from.lon), amount / pieces);
  }
}

/** The model-grid part of a work-grid field. */
export function cropToModel(work: WorkGrid, field: Float64Array): Float64Array {
  const { model, grid, padLat, padLon } = work;
  const out = new Float64Array(model.nlat * model.nlon);
  for (let i = 0; i < model.nlat; i++) {
    const from = (i + padLat) * grid.nlon + padLon;
    out.set(field.subarray(from, from + model.nlon), i * model.nlon);
  }
  return out;
}

/** Mass per cell → density per km² (divides by each cell's area). */
export function massToDensity(grid: GridDef, mass: Float64Array): Float64Array {
  const out = new Float64Array(mass.length);
  for (let i = 0; i < grid.nlat; i++) {
    const area = cellAreaKm2(grid, i);
    for (let j = 0; j < grid.nlon; j++) out[i * grid.nlon + j] = mass[i * grid.nlon + j]! / area;
  }
  return out;
}
