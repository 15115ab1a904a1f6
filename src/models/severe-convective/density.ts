import type { GridDef } from '../../engine/table-spec.js';
import { KM_PER_DEGREE } from '../../geo/sphere.js';
import { spreadMass } from '../toolkit/smoothing.js';
import { cellAreaKm2, cellOf, distanceKm } from './grid-geometry.js';
import { GEOMETRY } from './parameters.js';
import { cropToModel, type WorkGrid } from './work-grid.js';

/**
 * Report and track mass on the work grid, and its smoothing into densities
 * (Brooks, Doswell & Kay 2003): mass deposited per cell, spread by the
 * mass-conserving separable Gaussian (toolkit `spreadMass`, truncated at
 * GEOMETRY.kernelTruncationSigmas), divided by the cell area, cropped to the
 * model grid.
 */

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

/** Mass per cell → density per km² (divides by each cell's area). */
function massToDensity(grid: GridDef, mass: Float64Array): Float64Array {
  const out = new Float64Array(mass.length);
  for (let i = 0; i < grid.nlat; i++) {
    const area = cellAreaKm2(grid, i);
    for (let j = 0; j < grid.nlon; j++) out[i * grid.nlon + j] = mass[i * grid.nlon + j]! / area;
  }
  return out;
}

/** Work-grid mass smoothed with σ (km), on the model grid. */
export function smoothedMass(work: WorkGrid, mass: Float64Array, sigmaKm: number): Float64Array {
  return cropToModel(work, smooth(work, mass, sigmaKm));
}

/** Work-grid mass smoothed with σ (km), per km², on the model grid. */
export function smoothedDensity(work: WorkGrid, mass: Float64Array, sigmaKm: number): Float64Array {
  return cropToModel(work, massToDensity(work.grid, smooth(work, mass, sigmaKm)));
}

function smooth(work: WorkGrid, mass: Float64Array, sigmaKm: number): Float64Array {
  return spreadMass(work.grid, mass, sigmaKm, GEOMETRY.kernelTruncationSigmas, KM_PER_DEGREE);
}
