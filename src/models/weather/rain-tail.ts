import { gammaP, gammaQ, lnGamma } from '../../engine/gamma.js';
import type { TailQuantileTable } from './distributions.js';
import { RAIN_TAIL } from './parameters.js';

/**
 * A wet day's amount X (mm) with a heavy upper tail: the generator's
 * Gamma(α, β) up to u, its upper-RAIN_TAIL.thresholdTail quantile, and a
 * generalised Pareto tail above, with the gamma's density at u (a continuous
 * density; the hybrid gamma–GPD of Furrer & Katz 2008):
 *   P(X ≥ x) = Q(α, x/β)                              x ≤ u
 *            = Q(α, u/β) · (1 + ξ (x − u)/σ)^(−1/ξ)    x > u,   σ = Q(α, u/β) / f_Γ(u)
 * (exp(−(x − u)/σ) for ξ = 0). ξ comes from the cell's climate group.
 */
export interface WetDayTail {
  alpha: number;
  beta: number;
  u: number;
  /** P(X ≥ u). */
  tail: number;
  sigma: number;
  xi: number;
}

export function wetDayTail(alpha: number, beta: number, xi: number, quantiles: TailQuantileTable): WetDayTail {
  const u = beta * alpha * Math.exp(quantiles.logRatio(Math.log(alpha), RAIN_TAIL.thresholdTail));
  const tail = gammaQ(alpha, u / beta);
  const logDensity = (alpha - 1) * Math.log(u) - u / beta - lnGamma(alpha) - alpha * Math.log(beta);
  return { alpha, beta, u, tail, sigma: tail / Math.exp(logDensity), xi };
}

/** P(X ≥ x). */
export function wetDaySurvival(t: WetDayTail, x: number): number {
  if (x <= t.u) return gammaQ(t.alpha, x / t.beta);
  const z = (x - t.u) / t.sigma;
  return t.tail * (t.xi === 0 ? Math.exp(-z) : Math.pow(1 + t.xi * z, -1 / t.xi));
}

/** E[X] and E[X²]: gamma partial moments below u plus the shifted GPD's (ξ < ½). */
export function wetDayMoments(t: WetDayTail): { mean: number; second: number } {
  const { alpha, beta, u, tail, sigma, xi } = t;
  const z = u / beta;
  const excess = sigma / (1 - xi);
  const excess2 = (2 * sigma * sigma) / ((1 - xi) * (1 - 2 * xi));
  return {
    mean: alpha * beta * gammaP(alpha + 1, z) + tail * (u + excess),
    second: alpha * (alpha + 1) * beta * beta * gammaP(alpha + 2, z) + tail * (u * u + 2 * u * excess + excess2),
  };
}
