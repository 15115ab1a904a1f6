import { monthRunEnd, runMonth } from './calendar';
import { gammaQ } from './gamma';
import { ACCUMULATION_PARAMS, section, SECTION_DATA, SECTION_THRESHOLD_VALUES } from './layout';

/**
 * Accumulation perils (docs/methods.md §3c): window totals of a chain-dependent
 * generator. Exact P(S = 0), mean and variance by forward recursion over days
 * (Katz 1977); S | S > 0 as the moment-matched gamma. Runs of days within one
 * month share parameters, loaded once per run.
 */
const PARAM_BYTES: usize = <usize>ACCUMULATION_PARAMS << 3;

/** Emit P(S ≥ x_k) for each threshold from the window's moments. */
function emit(thresholds: usize, k: i32, mean: f64, variance: f64, positive: f64, out: usize): void {
  for (let j = 0; j < k; j++) {
    const x = load<f64>(thresholds + (<usize>j << 3));
    let p: f64 = 0;
    if (positive > 0 && mean > 0) {
      const mu = mean / positive;
      const sigma2 = (variance + mean * mean) / positive - mu * mu;
      if (!(sigma2 > mu * mu * 1e-12)) p = mu >= x ? positive : 0;
      else p = positive * gammaQ((mu * mu) / sigma2, (x * mu) / sigma2);
    }
    store<f64>(out + (<usize>j << 3), p);
  }
}

/** Nested windows: a curve may not dip below the previous (shorter) window's. */
function keepRunningMaximum(curve: usize, k: i32): void {
  const previous = curve - (<usize>k << 3);
  for (let j = 0; j < k; j++) {
    const at = <usize>j << 3;
    const before = load<f64>(previous + at);
    if (before > load<f64>(curve + at)) store<f64>(curve + at, before);
  }
}

/**
 * Whole window [d0, d1] (expanding = false) or, with expanding = true, one curve
 * per window [d0, d] for every d in d0..d1, written consecutively.
 */
export function accumulationWindow(table: usize, k: i32, row: i32, d0: i32, d1: i32, out: usize, expanding: bool): void {
  const params = section(table, SECTION_DATA) + <usize>(row * 12) * PARAM_BYTES;
  const thresholds = section(table, SECTION_THRESHOLD_VALUES);
  let pi: f64 = 0;
  let cov: f64 = 0;
  let mean: f64 = 0;
  let varSum: f64 = 0;
  let cross: f64 = 0;
  let dry: f64 = 0;
  let wet: f64 = 0;
  let prevM1: f64 = 0;
  let o = out;
  let d = d0;
  while (d <= d1) {
    const segEnd = monthRunEnd(d, d1);
    const month = runMonth;
    const p = params + <usize>month * PARAM_BYTES;
    const p01 = load<f64>(p);
    const p11 = load<f64>(p, 8);
    const alpha = load<f64>(p, 16);
    const beta = load<f64>(p, 24);
    const q = load<f64>(p, 32);
    const r = load<f64>(p, 40);
    const rho = p11 - p01;
    const m1 = q * r * alpha * beta;
    const m2 = q * r * r * alpha * (alpha + 1) * beta * beta;
    for (let day = d; day <= segEnd; day++) {
      if (day == d0) {
        pi = p01 / (1 - p11 + p01);
        dry = 1 - pi;
        wet = pi * (1 - q);
      } else {
        cov = rho * (cov + prevM1 * pi * (1 - pi));
        pi = p01 + rho * pi;
        const nextDry = dry * (1 - p01) + wet * (1 - p11);
        wet = (dry * p01 + wet * p11) * (1 - q);
        dry = nextDry;
      }
      mean += pi * m1;
      varSum += pi * m2 - pi * pi * m1 * m1;
      cross += m1 * cov;
      prevM1 = m1;
      if (expanding) {
        emit(thresholds, k, mean, varSum + 2 * cross, 1 - (dry + wet), o);
        if (o > out) keepRunningMaximum(o, k);
        o += <usize>k << 3;
      }
    }
    d = segEnd + 1;
  }
  if (!expanding) emit(thresholds, k, mean, varSum + 2 * cross, 1 - (dry + wet), out);
}

/** Daily mode: each day a one-day window; the days of a month share the value. */
export function accumulationDailyMean(table: usize, k: i32, row: i32, d0: i32, d1: i32, out: usize, scratch: usize): void {
  for (let j = 0; j < k; j++) store<f64>(out + (<usize>j << 3), 0);
  let d = d0;
  while (d <= d1) {
    const segEnd = monthRunEnd(d, d1);
    accumulationWindow(table, k, row, d, d, scratch, false);
    const days = <f64>(segEnd - d + 1);
    for (let j = 0; j < k; j++) {
      const at = <usize>j << 3;
      store<f64>(out + at, load<f64>(out + at) + days * load<f64>(scratch + at));
    }
    d = segEnd + 1;
  }
  const total = <f64>(d1 - d0 + 1);
  for (let j = 0; j < k; j++) store<f64>(out + (<usize>j << 3), load<f64>(out + (<usize>j << 3)) / total);
}
