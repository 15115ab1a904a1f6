import { expectedCountFromProbability } from '../../engine/formulas.js';
import { lnGamma } from '../../engine/gamma.js';

/**
 * The generalised extreme-value distribution of a station's annual maxima,
 * fitted by L-moments (Hosking 1990; Hosking & Wallis 1997, §A.8), the method
 * of NOAA Atlas 14. Hosking's parameterisation: location ξ_loc, scale α, shape
 * k (k < 0 is a heavy, Fréchet-type tail):
 *   x(F) = ξ_loc + α (1 − (−ln F)^k) / k.
 */
export interface Gev {
  location: number;
  scale: number;
  shape: number;
}

/** L-moment fit of a sample (at least 3 values). Hosking's rational approximation of k, |error| < 9e-4. */
export function fitGev(values: readonly number[]): Gev {
  const x = [...values].sort((a, b) => a - b);
  const n = x.length;
  if (n < 3) throw new Error('GEV fit needs at least 3 values');
  let b0 = 0;
  let b1 = 0;
  let b2 = 0;
  x.forEach((v, i) => {
    b0 += v;
    b1 += (i / (n - 1)) * v;
    b2 += ((i * (i - 1)) / ((n - 1) * (n - 2))) * v;
  });
  [b0, b1, b2] = [b0 / n, b1 / n, b2 / n];
  const l1 = b0;
  const l2 = 2 * b1 - b0;
  const t3 = (6 * b2 - 6 * b1 + b0) / l2;
  const c = 2 / (3 + t3) - Math.LN2 / Math.log(3);
  const shape = 7.859 * c + 2.9554 * c * c;
  const g = Math.exp(lnGamma(1 + shape));
  const scale = (l2 * shape) / ((1 - Math.pow(2, -shape)) * g);
  return { location: l1 - (scale * (1 - g)) / shape, scale, shape };
}

/** The level exceeded with annual probability `aep`. */
export function gevLevel(gev: Gev, aep: number): number {
  const y = expectedCountFromProbability(aep);
  return gev.location + (gev.scale * (1 - Math.pow(y, gev.shape))) / gev.shape;
}
