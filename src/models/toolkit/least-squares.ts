/**
 * Small deterministic numerics for the calibration: ordinary least squares by
 * the normal equations, a dense linear solve, the Nelder–Mead simplex, and
 * sample quantiles.
 */
export interface LinearFit {
  /** Intercept first, then one coefficient per covariate. */
  coefficients: number[];
  r2: number;
  rmse: number;
  n: number;
}

/** y ≈ c₀ + Σ cᵢ xᵢ over the rows whose values are all finite. */
export function fitLinear(y: readonly number[], covariates: readonly (readonly number[])[]): LinearFit {
  const p = covariates.length + 1;
  const xtx = Array.from({ length: p }, () => new Array<number>(p).fill(0));
  const xty = new Array<number>(p).fill(0);
  const row = new Array<number>(p).fill(1);
  const used: number[] = [];
  for (let i = 0; i < y.length; i++) {
    const yi = y[i]!;
    if (!Number.isFinite(yi)) continue;
    let ok = true;
    for (let j = 1; j < p; j++) {
      row[j] = covariates[j - 1]![i]!;
      if (!Number.isFinite(row[j])) ok = false;
    }
    if (!ok) continue;
    used.push(i);
    for (let a = 0; a < p; a++) {
      xty[a]! += row[a]! * yi;
      for (let b = 0; b < p; b++) xtx[a]![b]! += row[a]! * row[b]!;
    }
  }
  if (used.length <= p) throw new Error(`least squares: ${used.length} usable rows for ${p} coefficients`);
  const coefficients = solveLinear(xtx, xty);
  let mean = 0;
  for (const i of used) mean += y[i]!;
  mean /= used.length;
  let ssRes = 0;
  let ssTot = 0;
  for (const i of used) {
    const fitted = predictLinear(coefficients, covariates.map((c) => c[i]!));
    ssRes += (y[i]! - fitted) ** 2;
    ssTot += (y[i]! - mean) ** 2;
  }
  return { coefficients, r2: ssTot > 0 ? 1 - ssRes / ssTot : 0, rmse: Math.sqrt(ssRes / used.length), n: used.length };
}

export function predictLinear(coefficients: readonly number[], x: readonly number[]): number {
  let v = coefficients[0]!;
  for (let j = 0; j < x.length; j++) v += coefficients[j + 1]! * x[j]!;
  return v;
}

/** Gaussian elimination with partial pivoting; the inputs are copied. */
export function solveLinear(matrix: readonly (readonly number[])[], rhs: readonly number[]): number[] {
  const n = rhs.length;
  const a = matrix.map((r) => [...r]);
  const b = [...rhs];
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(a[r]![col]!) > Math.abs(a[pivot]![col]!)) pivot = r;
    if (Math.abs(a[pivot]![col]!) < 1e-300) throw new Error('least squares: singular system');
    [a[col], a[pivot]] = [a[pivot]!, a[col]!];
    [b[col], b[pivot]] = [b[pivot]!, b[col]!];
    for (let r = col + 1; r < n; r++) {
      const factor = a[r]![col]! / a[col]![col]!;
      for (let c = col; c < n; c++) a[r]![c]! -= factor * a[col]![c]!;
      b[r]! -= factor * b[col]!;
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let s = b[r]!;
    for (let c = r + 1; c < n; c++) s -= a[r]![c]! * x[c]!;
    x[r] = s / a[r]![r]!;
  }
  return x;
}

/** Sample quantile with linear interpolation between order statistics (type 7); NaNs ignored. */
export function quantile(values: readonly number[], q: number): number {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const h = (sorted.length - 1) * q;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, sorted.length - 1);
  return sorted[lo]! + (h - lo) * (sorted[hi]! - sorted[lo]!);
}

export function clamp(x: number, lo: number, hi: number): number {
  return x < lo ? lo : x > hi ? hi : x;
}

/**
 * Minimises f by the Nelder–Mead simplex (Nelder & Mead 1965; standard
 * coefficients: reflection 1, expansion 2, contraction ½, shrink ½) from x0 with
 * initial steps `steps`, for a fixed number of iterations (deterministic).
 */
export function nelderMead(f: (x: readonly number[]) => number, x0: readonly number[], steps: readonly number[], iterations: number): { x: number[]; value: number } {
  const n = x0.length;
  let simplex = [x0, ...x0.map((_, i) => x0.map((v, j) => (i === j ? v + steps[i]! : v)))].map((x) => ({ x: [...x], value: f(x) }));
  const combine = (a: readonly number[], b: readonly number[], t: number): number[] => a.map((v, i) => v + t * (b[i]! - v));
  for (let iter = 0; iter < iterations; iter++) {
    simplex.sort((a, b) => a.value - b.value);
    const worst = simplex[n]!;
    const centroid = x0.map((_, i) => simplex.slice(0, n).reduce((sum, p) => sum + p.x[i]!, 0) / n);
    const reflected = combine(centroid, worst.x, -1);
    const fr = f(reflected);
    if (fr < simplex[0]!.value) {
      const expanded = combine(centroid, worst.x, -2);
      const fe = f(expanded);
      simplex[n] = fe < fr ? { x: expanded, value: fe } : { x: reflected, value: fr };
    } else if (fr < simplex[n - 1]!.value) simplex[n] = { x: reflected, value: fr };
    else {
      const contracted = combine(centroid, worst.x, 0.5);
      const fc = f(contracted);
      if (fc < worst.value) simplex[n] = { x: contracted, value: fc };
      else simplex = simplex.map((p, i) => (i === 0 ? p : { x: combine(simplex[0]!.x, p.x, 0.5), value: f(combine(simplex[0]!.x, p.x, 0.5)) }));
    }
  }
  simplex.sort((a, b) => a.value - b.value);
  return simplex[0]!;
}
