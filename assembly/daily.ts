import { monthRunEnd, runMonth } from './calendar';
import { section, SECTION_DATA } from './layout';
import { probabilityFromExpected } from './probability';

/**
 * Daily-maximum perils (docs/methods.md §3b): Λ_k = f × Σ_days h_{m(d),k}
 * with the stored daily hazard h = −ln(1 − p_day) and f the hour fraction.
 * Days are walked a month-run at a time; the K-vector update is SIMD.
 */
/** Thresholds j0 ≤ j < j1 of the window's curve, written from out on (the whole curve: 0, k). */
export function dailyWindow(table: usize, k: i32, row: i32, d0: i32, d1: i32, h0: i32, h1: i32, j0: i32, j1: i32, out: usize): void {
  const hazards = section(table, SECTION_DATA) + (<usize>(row * 12 * k + j0) << 3);
  const n = j1 - j0;
  for (let j = 0; j < n; j++) store<f64>(out + (<usize>j << 3), 0);
  let d = d0;
  while (d <= d1) {
    const segEnd = monthRunEnd(d, d1);
    const month = runMonth;
    const days = f64x2.splat(<f64>(segEnd - d + 1));
    const h = hazards + (<usize>(month * k) << 3);
    let j = 0;
    for (; j + 1 < n; j += 2) {
      const at = <usize>j << 3;
      v128.store(out + at, f64x2.add(v128.load(out + at), f64x2.mul(days, v128.load(h + at))));
    }
    if (j < n) {
      const at = <usize>j << 3;
      store<f64>(out + at, load<f64>(out + at) + <f64>(segEnd - d + 1) * load<f64>(h + at));
    }
    d = segEnd + 1;
  }
  const fraction = <f64>(h1 - h0 + 1) / 24.0;
  for (let j = 0; j < n; j++) {
    const at = <usize>j << 3;
    store<f64>(out + at, probabilityFromExpected(fraction * load<f64>(out + at)));
  }
}

/** Daily mode: the days of one month share a probability, so weight each month by its days. */
export function dailyDailyMean(table: usize, k: i32, row: i32, d0: i32, d1: i32, h0: i32, h1: i32, out: usize): void {
  const hazards = section(table, SECTION_DATA) + (<usize>(row * 12 * k) << 3);
  const fraction = <f64>(h1 - h0 + 1) / 24.0;
  for (let j = 0; j < k; j++) store<f64>(out + (<usize>j << 3), 0);
  let d = d0;
  while (d <= d1) {
    const segEnd = monthRunEnd(d, d1);
    const month = runMonth;
    const days = <f64>(segEnd - d + 1);
    const h = hazards + (<usize>(month * k) << 3);
    for (let j = 0; j < k; j++) {
      const at = <usize>j << 3;
      store<f64>(out + at, load<f64>(out + at) + days * probabilityFromExpected(fraction * load<f64>(h + at)));
    }
    d = segEnd + 1;
  }
  const total = <f64>(d1 - d0 + 1);
  for (let j = 0; j < k; j++) store<f64>(out + (<usize>j << 3), load<f64>(out + (<usize>j << 3)) / total);
}
