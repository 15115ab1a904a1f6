/**
 * Test-only normal and gamma distribution functions, written with different
 * formulas from src/engine/gamma.ts and src/models/weather/distributions.ts
 * (alternating Taylor series and a Stirling-series ln Γ instead of Numerical
 * Recipes' series/continued fraction and Lanczos), so synthetic "true"
 * catalogues are not built with the code they are used to test. The series
 * lose digits to cancellation as x grows: ~1e-9 relative for |z| < 5 and gamma
 * quantiles with x < 15, ~1e-6 by x = 25, which the fixtures stay within.
 */

/** Φ(z) = 1/2 + (1/√(2π)) Σ (−1)^n z^(2n+1) / (2^n n! (2n+1)). */
export function normalCdfSeries(z: number): number {
  let term = z;
  let sum = z;
  for (let n = 1; n < 400 && Math.abs(term) > 1e-17; n++) {
    term *= (-z * z) / (2 * n);
    sum += term / (2 * n + 1);
  }
  return 0.5 + sum / Math.sqrt(2 * Math.PI);
}

/** ln Γ(a) by Stirling's series at a + 10, shifted back with the recurrence Γ(a+1) = aΓ(a). */
export function lnGammaStirling(a: number): number {
  let shift = 0;
  for (let k = 0; k < 10; k++) shift += Math.log(a + k);
  const z = a + 10;
  const stirling = (z - 0.5) * Math.log(z) - z + 0.5 * Math.log(2 * Math.PI) + 1 / (12 * z) - 1 / (360 * z ** 3) + 1 / (1260 * z ** 5) - 1 / (1680 * z ** 7);
  return stirling - shift;
}

/** P(Gamma(a, 1) ≥ x) = 1 − γ(a, x)/Γ(a), with γ(a, x) = Σ (−1)^n x^(a+n) / (n! (a+n)). */
export function gammaUpperSeries(a: number, x: number): number {
  if (x <= 0) return 1;
  let power = 1; // (−x)^n / n!
  let sum = 1 / a;
  for (let n = 1; n < 2000; n++) {
    power *= -x / n;
    const term = power / (a + n);
    sum += term;
    if (Math.abs(term) < 1e-18 * Math.abs(sum)) break;
  }
  return 1 - Math.exp(a * Math.log(x) - lnGammaStirling(a)) * sum;
}

/** x with P(Gamma(a, 1) ≥ x) = tail, by bisection. */
export function gammaUpperQuantileSeries(a: number, tail: number): number {
  let lo = 0;
  let hi = 40;
  for (let i = 0; i < 200 && hi - lo > 1e-13 * hi; i++) {
    const mid = (lo + hi) / 2;
    if (gammaUpperSeries(a, mid) > tail) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}
