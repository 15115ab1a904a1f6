/**
 * Gamma-function helpers shared by the table builders, the reference maths and
 * validation: ln Γ (Lanczos, g = 7, n = 9; ~1e-15 relative) and the regularised
 * incomplete gamma functions (series below a + 1, Lentz continued fraction above;
 * Numerical Recipes §6.2), their quantile, and the Poisson interval built on it.
 * The WASM kernel carries the incomplete gamma functions too.
 */
const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
  12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
];

export function lnGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - lnGamma(1 - x);
  const z = x - 1;
  let a = LANCZOS[0]!;
  const t = z + 7.5;
  for (let i = 1; i < 9; i++) a += LANCZOS[i]! / (z + i);
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(a);
}

const EPS = 1e-15;
const TINY = 1e-300;
const MAX_ITER = 100_000;

/** Regularised lower incomplete gamma P(a, x) = γ(a, x)/Γ(a). */
export function gammaP(a: number, x: number): number {
  if (x <= 0) return 0;
  return x < a + 1 ? series(a, x) : 1 - continuedFraction(a, x);
}

/** x with P(Gamma(shape, 1) ≥ x) = tail, by bisection on ln x (monotone, 200 halvings at most). */
export function gammaUpperQuantile(shape: number, tail: number): number {
  let lo = Math.log(1e-12);
  let hi = Math.log(shape + 60 * Math.sqrt(shape) + 60);
  for (let i = 0; i < 200 && hi - lo > 1e-12; i++) {
    const mid = (lo + hi) / 2;
    if (gammaQ(shape, Math.exp(mid)) > tail) lo = mid;
    else hi = mid;
  }
  return Math.exp((lo + hi) / 2);
}

/**
 * The exact (Garwood 1936) central interval of a Poisson mean from an observed
 * count n at the given confidence: [Gamma(n) quantile at (1 − c)/2, Gamma(n + 1)
 * quantile at (1 + c)/2], the lower end 0 when n = 0.
 */
export function poissonInterval(count: number, confidence = 0.95): [number, number] {
  const tail = (1 - confidence) / 2;
  return [count === 0 ? 0 : gammaUpperQuantile(count, 1 - tail), gammaUpperQuantile(count + 1, tail)];
}

/** Regularised upper incomplete gamma Q(a, x) = 1 − P(a, x): P(Gamma(a, 1) ≥ x). */
export function gammaQ(a: number, x: number): number {
  if (x <= 0) return 1;
  return x < a + 1 ? 1 - series(a, x) : continuedFraction(a, x);
}

function series(a: number, x: number): number {
  let ap = a;
  let del = 1 / a;
  let sum = del;
  for (let n = 0; n < MAX_ITER; n++) {
    ap += 1;
    del *= x / ap;
    sum += del;
    if (Math.abs(del) < Math.abs(sum) * EPS) break;
  }
  return sum * Math.exp(-x + a * Math.log(x) - lnGamma(a));
}

function continuedFraction(a: number, x: number): number {
  let b = x + 1 - a;
  let c = 1 / TINY;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < MAX_ITER; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < TINY) d = TINY;
    c = b + an / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const del = d * c;
    h *= del;
    if (Math.abs(del - 1) < EPS) break;
  }
  return Math.exp(-x + a * Math.log(x) - lnGamma(a)) * h;
}
