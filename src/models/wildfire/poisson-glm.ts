/**
 * Poisson regression with a log link and an exposure offset, fitted by
 * iteratively reweighted least squares (McCullagh & Nelder 1989, §2.5):
 * E[y_i] = exposure_i · exp(x_i · β). For a non-integer response (burnt area)
 * the same estimating equations give the quasi-Poisson fit of the mean.
 */
const MAX_ITERATIONS = 100;
const TOLERANCE = 1e-12;

export function fitPoisson(design: readonly number[][], y: readonly number[], exposure: readonly number[]): number[] {
  const p = design[0]?.length ?? 0;
  const beta = new Array<number>(p).fill(0);
  const totalY = y.reduce((a, b) => a + b, 0);
  const totalE = exposure.reduce((a, b) => a + b, 0);
  if (!(totalY > 0 && totalE > 0)) throw new Error('Poisson fit: no events or no exposure');
  beta[0] = Math.log(totalY / totalE); // start from the constant-rate fit (column 0 is the intercept)
  for (let iteration = 0; iteration < MAX_ITERATIONS; iteration++) {
    const xtwx = Array.from({ length: p }, () => new Array<number>(p).fill(0));
    const xtwz = new Array<number>(p).fill(0);
    design.forEach((x, i) => {
      const eta = x.reduce((s, v, j) => s + v * beta[j]!, 0);
      const mu = exposure[i]! * Math.exp(eta);
      if (!(mu > 0)) return;
      const z = eta + (y[i]! - mu) / mu;
      for (let a = 0; a < p; a++) {
        xtwz[a]! += x[a]! * mu * z;
        for (let b = 0; b < p; b++) xtwx[a]![b]! += x[a]! * mu * x[b]!;
      }
    });
    const next = solve(xtwx, xtwz);
    const change = Math.max(...next.map((v, j) => Math.abs(v - beta[j]!)));
    next.forEach((v, j) => (beta[j] = v));
    if (change < TOLERANCE) break;
  }
  return beta;
}

/** Gaussian elimination with partial pivoting (p is 2 or 3 here). */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(m[r]![col]!) > Math.abs(m[pivot]![col]!)) pivot = r;
    [m[col], m[pivot]] = [m[pivot]!, m[col]!];
    const d = m[col]![col]!;
    if (d === 0) throw new Error('Poisson fit: singular design');
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const f = m[r]![col]! / d;
      for (let c = col; c <= n; c++) m[r]![c]! -= f * m[col]![c]!;
    }
  }
  return m.map((row, i) => row[n]! / row[i]!);
}
