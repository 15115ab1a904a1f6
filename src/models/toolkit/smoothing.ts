import type { GridDef } from '../../engine/table-spec.js';
import { cosDeg } from '../../geo/sphere.js';

/**
 * Gaussian smoothing on model grids and over periodic profiles, for every
 * builder. Three spatial estimators, because the models ask three different
 * questions of a field:
 * - `spreadMass`: each cell's mass spread over its neighbours with weights
 *   that sum to 1 (mass-conserving except past the grid edge); report
 *   densities (Brooks, Doswell & Kay 2003).
 * - `kernelSums`: unnormalised kernel sums with the longitude wrapping, only
 *   used as ratios of two fields smoothed alike (the ratio-of-kernels rate,
 *   Diggle 1985), which is free of edge effects at coasts and borders.
 * - `weightedAverage`: a weighted average of neighbouring values, the weights
 *   renormalised over the cells inside the grid.
 * All are separable (one pass along rows, one along columns; an east–west
 * step in km shrinks with cos latitude) and truncated at a number of σ.
 * Periodic series (season slots, hours) use `spreadCircular` (weights summing
 * to 1) or `sumCircular` (unnormalised); whole cycles of a few slots (months)
 * use `cycleWeights` with `smoothCycle`.
 */

/** Weights exp(−d²/2σ²) for offsets −n…n, n = ceil(truncateSigmas·σ), normalised to sum 1. */
export function normalisedWeights(sigmaCells: number, truncateSigmas: number): Float64Array {
  const n = Math.ceil(truncateSigmas * sigmaCells);
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

/** Weights exp(−½(d/σ)²) for offsets −half…half, half = min(maxHalf, ceil(truncateSigmas·σ)); σ = 0 keeps the centre only. */
export function kernelWeights(sigmaCells: number, truncateSigmas: number, maxHalf = Infinity): Float64Array {
  const half = Math.max(0, Math.min(maxHalf, Math.ceil(truncateSigmas * sigmaCells)));
  const w = new Float64Array(2 * half + 1);
  for (let d = -half; d <= half; d++) w[d + half] = sigmaCells > 0 ? Math.exp(-0.5 * (d / sigmaCells) ** 2) : d === 0 ? 1 : 0;
  return w;
}

/** Mass-conserving separable smoothing (east–west, then north–south), no wrap; σ in km. */
export function spreadMass(grid: GridDef, mass: Float64Array, sigmaKm: number, truncateSigmas: number, kmPerDegree: number): Float64Array {
  const across = new Float64Array(mass.length);
  for (let i = 0; i < grid.nlat; i++) {
    const cellKm = kmPerDegree * cosDeg(grid.lat0 + (i + 0.5) * grid.dlat) * grid.dlon;
    spreadLine(mass, across, i * grid.nlon, 1, grid.nlon, normalisedWeights(sigmaKm / cellKm, truncateSigmas));
  }
  const out = new Float64Array(mass.length);
  const weights = normalisedWeights(sigmaKm / (kmPerDegree * grid.dlat), truncateSigmas);
  for (let j = 0; j < grid.nlon; j++) spreadLine(across, out, j, grid.nlon, grid.nlat, weights);
  return out;
}

/** Scatters each value of one grid line (start, stride, count) over its neighbours. */
function spreadLine(src: Float64Array, dst: Float64Array, start: number, stride: number, count: number, weights: Float64Array): void {
  const n = (weights.length - 1) / 2;
  for (let a = 0; a < count; a++) {
    const v = src[start + a * stride]!;
    if (v === 0) continue;
    const lo = Math.max(0, a - n);
    const hi = Math.min(count - 1, a + n);
    for (let b = lo; b <= hi; b++) dst[start + b * stride]! += v * weights[b - a + n]!;
  }
}

/** Unnormalised separable kernel sums (east–west with longitude wrapping, then north–south); σ in km. */
export function kernelSums(grid: GridDef, values: Float64Array, sigmaKm: number, truncateSigmas: number, kmPerDegree: number): Float64Array {
  const { nlat, nlon, dlat, dlon } = grid;
  const rowPass = new Float64Array(values.length);
  for (let i = 0; i < nlat; i++) {
    const latitude = grid.lat0 + (i + 0.5) * dlat;
    const stepKm = kmPerDegree * dlon * cosDeg(latitude);
    const w = kernelWeights(sigmaKm / stepKm, truncateSigmas, Math.floor((nlon - 1) / 2));
    const half = (w.length - 1) / 2;
    const base = i * nlon;
    let any = false;
    for (let j = 0; j < nlon; j++) if (values[base + j] !== 0) any = true;
    if (!any) continue;
    for (let j = 0; j < nlon; j++) {
      const v = values[base + j]!;
      if (v === 0) continue;
      for (let k = -half; k <= half; k++) rowPass[base + ((j + k + nlon) % nlon)]! += v * w[k + half]!;
    }
  }
  const out = new Float64Array(values.length);
  const w = kernelWeights(sigmaKm / (kmPerDegree * dlat), truncateSigmas, nlat);
  const half = (w.length - 1) / 2;
  for (let i = 0; i < nlat; i++) {
    for (let k = -half; k <= half; k++) {
      const ii = i + k;
      if (ii < 0 || ii >= nlat) continue;
      const wk = w[k + half]!;
      const src = i * nlon;
      const dst = ii * nlon;
      for (let j = 0; j < nlon; j++) out[dst + j]! += rowPass[src + j]! * wk;
    }
  }
  return out;
}

/**
 * Weighted average of neighbouring values, weights renormalised over the cells
 * inside the grid (north–south, then east–west; longitude wraps on a global
 * grid). `values` holds `width` numbers per cell (cells × width, row-major).
 */
export function weightedAverage(grid: GridDef, values: Float64Array, width: number, sigmaKm: number, truncateSigmas: number, kmPerDegree: number): Float64Array {
  const { nlat, nlon } = grid;
  const wraps = nlon * grid.dlon >= 360 - 1e-9;
  const meridional = new Float64Array(values.length);
  const kLat = kernelWeights(sigmaKm / (grid.dlat * kmPerDegree), truncateSigmas);
  const hLat = (kLat.length - 1) / 2;
  for (let i = 0; i < nlat; i++) {
    let norm = 0;
    for (let d = -hLat; d <= hLat; d++) if (i + d >= 0 && i + d < nlat) norm += kLat[d + hLat]!;
    for (let d = -hLat; d <= hLat; d++) {
      const ii = i + d;
      if (ii < 0 || ii >= nlat) continue;
      const w = kLat[d + hLat]! / norm;
      const src = ii * nlon * width;
      const dst = i * nlon * width;
      for (let x = 0; x < nlon * width; x++) meridional[dst + x]! += w * values[src + x]!;
    }
  }
  const out = new Float64Array(values.length);
  for (let i = 0; i < nlat; i++) {
    const kmPerCell = grid.dlon * kmPerDegree * cosDeg(grid.lat0 + (i + 0.5) * grid.dlat);
    const kLon = kernelWeights(sigmaKm / Math.max(kmPerCell, 1e-6), truncateSigmas);
    const centre = (kLon.length - 1) / 2;
    const hLon = Math.min(centre, Math.floor((nlon - 1) / 2));
    let norm = 0;
    for (let d = -hLon; d <= hLon; d++) norm += kLon[d + centre]!;
    const row = i * nlon;
    for (let j = 0; j < nlon; j++) {
      let edgeNorm = norm;
      if (!wraps) {
        edgeNorm = 0;
        for (let d = -hLon; d <= hLon; d++) if (j + d >= 0 && j + d < nlon) edgeNorm += kLon[d + centre]!;
      }
      for (let d = -hLon; d <= hLon; d++) {
        let jj = j + d;
        if (wraps) jj = (jj + nlon) % nlon;
        else if (jj < 0 || jj >= nlon) continue;
        const w = kLon[d + centre]! / edgeNorm;
        const src = (row + jj) * width;
        const dst = (row + j) * width;
        for (let x = 0; x < width; x++) out[dst + x]! += w * meridional[src + x]!;
      }
    }
  }
  return out;
}

/** Periodic series spread with weights summing to 1 (σ in slots, truncated at truncateSigmas·σ). */
export function spreadCircular(values: Float64Array, sigmaSlots: number, truncateSigmas: number): Float64Array {
  return scatterCircular(values, normalisedWeights(sigmaSlots, truncateSigmas));
}

/** Periodic series spread with unnormalised weights exp(−½(d/σ)²), truncated at 3σ. */
export function sumCircular(values: Float64Array, sigmaSlots: number): Float64Array {
  return scatterCircular(values, kernelWeights(sigmaSlots, 3));
}

function scatterCircular(values: Float64Array, weights: Float64Array): Float64Array {
  const count = values.length;
  const n = (weights.length - 1) / 2;
  const out = new Float64Array(count);
  for (let a = 0; a < count; a++) {
    const v = values[a]!;
    if (v === 0) continue;
    for (let d = -n; d <= n; d++) out[(((a + d) % count) + count) % count]! += v * weights[d + n]!;
  }
  return out;
}

/**
 * The same kernel sums as sumCircular, added up per slot from its neighbours
 * (gather order) rather than spread from each slot: kept apart because the
 * order of the additions changes the last bits of the result.
 */
export function sumCircularGathered(values: ArrayLike<number>, sigmaSlots: number): Float64Array {
  const count = values.length;
  const kernel = kernelWeights(sigmaSlots, 3);
  const half = (kernel.length - 1) / 2;
  const out = new Float64Array(count);
  for (let s = 0; s < count; s++) {
    let sum = 0;
    for (let k = -half; k <= half; k++) sum += kernel[k + half]! * values[(s + k + count) % count]!;
    out[s] = sum;
  }
  return out;
}

/**
 * Gaussian weights over the circular offsets 0…count−1 of a short cycle (e.g.
 * 12 months), untruncated, summing to 1; σ and the slot length in one unit
 * (e.g. days).
 */
export function cycleWeights(count: number, sigma: number, slotLength: number): Float64Array {
  const w = Float64Array.from({ length: count }, (_, offset) => {
    const steps = Math.min(offset, count - offset);
    return Math.exp(-((steps * slotLength) ** 2) / (2 * sigma ** 2));
  });
  const total = w.reduce((a, b) => a + b, 0);
  return w.map((v) => v / total);
}

/**
 * A cycle of `weights.length` slots × `width` values (slot-major) smoothed
 * between slots: out[m][j] = Σₙ weights[(m − n) mod count] · values[n][j].
 */
export function smoothCycle(values: Float64Array, width: number, weights: Float64Array): Float64Array {
  const count = weights.length;
  const out = new Float64Array(count * width);
  for (let m = 0; m < count; m++) {
    for (let j = 0; j < width; j++) {
      let smoothed = 0;
      for (let n = 0; n < count; n++) smoothed += weights[(m - n + count) % count]! * values[n * width + j]!;
      out[m * width + j] = smoothed;
    }
  }
  return out;
}
