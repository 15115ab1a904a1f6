/**
 * Spatial smoothing of per-cell rates with an isotropic Gaussian kernel of
 * SMOOTHING.sigmaKm, truncated at truncateSigmas·σ and renormalised, applied
 * separably: along meridians (fixed km per row), then along each parallel with
 * the kernel widened by 1/cos(latitude) so it stays isotropic in km.
 * Linear and positive, so rates stay non-increasing in the threshold.
 */
import type { GridDef } from '../../engine/table-spec.js';
import { KM_PER_DEGREE } from '../../geo/sphere.js';
import { rowCentreLat } from './hazard-grid.js';

function gaussianKernel(sigmaCells: number, truncateSigmas: number): Float64Array {
  const half = Math.max(0, Math.ceil(truncateSigmas * sigmaCells));
  const k = new Float64Array(2 * half + 1);
  for (let d = -half; d <= half; d++) k[d + half] = sigmaCells > 0 ? Math.exp(-0.5 * (d / sigmaCells) ** 2) : d === 0 ? 1 : 0;
  return k;
}

/** values: cells × width (row-major cells). Returns a new smoothed array. */
export function smoothField(grid: GridDef, values: Float64Array, width: number, sigmaKm: number, truncateSigmas: number): Float64Array {
  const { nlat, nlon } = grid;
  const wraps = nlon * grid.dlon >= 360 - 1e-9;
  const meridional = new Float64Array(values.length);
  const kLat = gaussianKernel(sigmaKm / (grid.dlat * KM_PER_DEGREE), truncateSigmas);
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
    const kmPerCell = grid.dlon * KM_PER_DEGREE * Math.cos((rowCentreLat(grid, i) * Math.PI) / 180);
    const kLon = gaussianKernel(sigmaKm / Math.max(kmPerCell, 1e-6), truncateSigmas);
    const hLon = Math.min((kLon.length - 1) / 2, Math.floor((nlon - 1) / 2));
    let norm = 0;
    for (let d = -hLon; d <= hLon; d++) norm += kLon[d + (kLon.length - 1) / 2]!;
    const row = i * nlon;
    for (let j = 0; j < nlon; j++) {
      let edgeNorm = norm;
      if (!wraps) {
        edgeNorm = 0;
        for (let d = -hLon; d <= hLon; d++) if (j + d >= 0 && j + d < nlon) edgeNorm += kLon[d + (kLon.length - 1) / 2]!;
      }
      for (let d = -hLon; d <= hLon; d++) {
        let jj = j + d;
        if (wraps) jj = (jj + nlon) % nlon;
        else if (jj < 0 || jj >= nlon) continue;
        const w = kLon[d + (kLon.length - 1) / 2]! / edgeNorm;
        const src = (row + jj) * width;
        const dst = (row + j) * width;
        for (let x = 0; x < width; x++) out[dst + x]! += w * meridional[src + x]!;
      }
    }
  }
  return out;
}
