import type { GridDef } from '../../engine/table-spec.js';
import { GEOMETRY } from './parameters.js';
import { KM_PER_DEGREE, rowLatitude } from './work-grid.js';

/**
 * Separable Gaussian smoothing of a mass field on a lat/lon grid, σ in km
 * (Brooks, Doswell & Kay 2003). Each pass uses discrete weights
 * exp(−d²/2σ²) truncated at 3σ and renormalised to sum 1, so mass is conserved
 * except where the kernel reaches past the grid edge. The east–west pass uses the
 * cell width at the source row's latitude.
 */
export function gaussianSmooth(grid: GridDef, mass: Float64Array, sigmaKm: number): Float64Array {
  const across = new Float64Array(mass.length);
  for (let i = 0; i < grid.nlat; i++) {
    const cellKm = KM_PER_DEGREE * Math.cos((rowLatitude(grid, i) * Math.PI) / 180) * grid.dlon;
    const weights = gaussianWeights(sigmaKm / cellKm);
    convolveLine(mass, across, i * grid.nlon, 1, grid.nlon, weights);
  }
  const out = new Float64Array(mass.length);
  const weights = gaussianWeights(sigmaKm / (KM_PER_DEGREE * grid.dlat));
  for (let j = 0; j < grid.nlon; j++) convolveLine(across, out, j, grid.nlon, grid.nlat, weights);
  return out;
}

/** Normalised weights for offsets −n…n, n = ceil(truncation × σ) cells. */
export function gaussianWeights(sigmaCells: number): Float64Array {
  const n = Math.ceil(GEOMETRY.kernelTruncationSigmas * sigmaCells);
  const w = new Float64Array(2 * n + 1);
  let total = 0;
  for (let d = -n; d <= n; d++) {
    const v = Math.exp(-(d * d) / (2 * sigmaCells * sigmaCells));
    w[d + n] = v;
    total += v;
  }
  for (let k = 0; k < w.length; k++) w[k]! /= total;
  return w;
}

/** Scatters each value of one grid line (start, stride, count) over its neighbours. */
function convolveLine(src: Float64Array, dst: Float64Array, start: number, stride: number, count: number, weights: Float64Array): void {
  const n = (weights.length - 1) / 2;
  for (let a = 0; a < count; a++) {
    const v = src[start + a * stride]!;
    if (v === 0) continue;
    const lo = Math.max(0, a - n);
    const hi = Math.min(count - 1, a + n);
    for (let b = lo; b <= hi; b++) dst[start + b * stride]! += v * weights[b - a + n]!;
  }
}

/** Circular Gaussian smoothing of a periodic series (season slots, hours), σ in slots. */
export function circularSmooth(values: Float64Array, sigmaSlots: number): Float64Array {
  const count = values.length;
  const weights = gaussianWeights(sigmaSlots);
  const n = (weights.length - 1) / 2;
  const out = new Float64Array(count);
  for (let a = 0; a < count; a++) {
    const v = values[a]!;
    if (v === 0) continue;
    for (let d = -n; d <= n; d++) out[(((a + d) % count) + count) % count]! += v * weights[d + n]!;
  }
  return out;
}
