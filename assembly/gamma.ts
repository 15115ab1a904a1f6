/**
 * ln Γ and the regularised upper incomplete gamma Q(a, x); the same algorithms
 * as src/engine/gamma.ts (Lanczos g = 7; NR series / Lentz continued fraction).
 */
const EPS: f64 = 1e-15;
const TINY: f64 = 1e-300;
const MAX_ITER: i32 = 100000;
const HALF_LOG_TWO_PI: f64 = 0.9189385332046727;

export function lnGamma(x: f64): f64 {
  if (x < 0.5) return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - lnGamma(1 - x);
  const z = x - 1;
  const t = z + 7.5;
  let a: f64 = 0.99999999999980993;
  a += 676.5203681218851 / (z + 1);
  a += -1259.1392167224028 / (z + 2);
  a += 771.32342877765313 / (z + 3);
  a += -176.61502916214059 / (z + 4);
  a += 12.507343278686905 / (z + 5);
  a += -0.13857109526572012 / (z + 6);
  a += 9.9843695780195716e-6 / (z + 7);
  a += 1.5056327351493116e-7 / (z + 8);
  return HALF_LOG_TWO_PI + (z + 0.5) * Math.log(t) - t + Math.log(a);
}

export function gammaQ(a: f64, x: f64): f64 {
  if (x <= 0) return 1;
  return x < a + 1 ? 1 - series(a, x) : continuedFraction(a, x);
}

function series(a: f64, x: f64): f64 {
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

function continuedFraction(a: f64, x: f64): f64 {
  let b = x + 1 - a;
  let c = 1 / TINY;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < MAX_ITER; i++) {
    const an = -<f64>i * (<f64>i - a);
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
