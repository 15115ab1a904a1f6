import { GRID } from './half-degree.js';
import { EARTH_RADIUS_KM } from '../../geo/sphere.js';

/**
 * Gaussian kernel sums on the 0.5° grid with a bandwidth in kilometres:
 * out[c] = Σ_s exp(−d(c, s)²/2σ²)·x[s], done separably along each row
 * (longitude, wrapping; the step in km shrinks with cos latitude) and then
 * along each column. The weights are not normalised: the results are only
 * used as ratios — a quantity and its exposure smoothed alike and divided —
 * which is the ratio-of-kernels rate estimate, free of edge effects at coasts
 * and region borders (Diggle 1985).
 */
const KM_PER_DEGREE = (Math.PI * EARTH_RADIUS_KM) / 180;
/** Kernel weights beyond this many bandwidths are dropped. */
const TRUNCATE_SIGMAS = 3;

function weights(sigmaCells: number, maxHalf: number): Float64Array {
  const half = Math.min(maxHalf, Math.ceil(TRUNCATE_SIGMAS * sigmaCells));
  const w = new Float64Array(2 * half + 1);
  for (let k = -half; k <= half; k++) w[k + half] = sigmaCells > 0 ? Math.exp(-0.5 * (k / sigmaCells) ** 2) : k === 0 ? 1 : 0;
  return w;
}

export function gaussianSmooth(values: Float64Array, sigmaKm: number): Float64Array {
  const { nlat, nlon, dlat, dlon } = GRID;
  const rowPass = new Float64Array(values.length);
  for (let i = 0; i < nlat; i++) {
    const latitude = GRID.lat0 + (i + 0.5) * dlat;
    const stepKm = KM_PER_DEGREE * dlon * Math.cos((latitude * Math.PI) / 180);
    const w = weights(sigmaKm / stepKm, Math.floor((nlon - 1) / 2));
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
  const w = weights(sigmaKm / (KM_PER_DEGREE * dlat), nlat);
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
