import { gammaQ } from '../../engine/gamma.js';

/**
 * The standard normal distribution for every model, at two accuracies whose
 * last bits the tables depend on:
 * - `normalTail` (and `truncatedNormalTail`) on erfc, the Chebyshev fit of
 *   Press et al. (Numerical Recipes, 2nd ed., §6.2, "erfcc"), fractional
 *   error < 1.2e-7 everywhere: the ground-motion models' aleatory variability,
 *   evaluated millions of times per build.
 * - `normalCdf` on the regularised incomplete gamma, erfc(x) = Q(½, x²), to
 *   double precision: the weather generator's snow partition and TC rain.
 */
export function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  const poly =
    -z * z - 1.26551223 +
    t * (1.00002368 + t * (0.37409196 + t * (0.09678418 + t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277))))))));
  const r = t * Math.exp(poly);
  return x >= 0 ? r : 2 - r;
}

/** P(Z ≥ z) for a standard normal Z. */
export function normalTail(z: number): number {
  return 0.5 * erfc(z / Math.SQRT2);
}

/**
 * P(Z ≥ z) for Z normal truncated to [−limit, limit] (OpenQuake's
 * truncation_level): 1 below −limit, 0 above +limit.
 */
export function truncatedNormalTail(z: number, limit: number): number {
  if (z <= -limit) return 1;
  if (z >= limit) return 0;
  const edge = normalTail(limit);
  return (normalTail(z) - edge) / (1 - 2 * edge);
}

/** Φ(z) = P(Z ≤ z) to double precision. */
export function normalCdf(z: number): number {
  const tail = 0.5 * gammaQ(0.5, (z * z) / 2);
  return z < 0 ? tail : 1 - tail;
}

/** The standard normal density. */
export function normalDensity(z: number): number {
  return Math.exp(-0.5 * z * z) / Math.sqrt(2 * Math.PI);
}
