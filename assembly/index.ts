import { accumulationDailyMean, accumulationWindow } from './accumulation';
import { dailyDailyMean, dailyWindow } from './daily';
import { MODEL_ACCUMULATION, MODEL_DAILY, modelType, thresholdCount } from './layout';
import { rateDailyMean, rateWindow } from './rate';

/**
 * The hazard kernel. Every instance shares one memory holding the tables, so
 * nothing here allocates: callers pass pointers to requests, output and a
 * small scratch area (docs/table-format.md, docs/methods.md).
 *
 * A request is seven i32: row, startDay, endDay, startHour, endHour, op, threshold.
 * op 0 = whole window → K probabilities; op 1 = daily mean → K;
 * op 2 = expanding → (endDay − startDay + 1) × K, window i = [startDay, startDay + i];
 * op 3 = whole window at one threshold (index: the seventh int, ignored by the
 * others) → 1 probability, for callers that read one (Lite).
 */
export const REQUEST_INTS: i32 = 7;
export const OP_WINDOW: i32 = 0;
export const OP_DAILY_MEAN: i32 = 1;
export const OP_EXPANDING: i32 = 2;
export const OP_THRESHOLD: i32 = 3;

/** Thresholds j0 ≤ j < j1 of the whole window's curve from out on; accumulation computes its whole curve in scratch first. */
function window(table: usize, type: u32, k: i32, row: i32, d0: i32, d1: i32, h0: i32, h1: i32, j0: i32, j1: i32, out: usize, scratch: usize): void {
  if (type == MODEL_ACCUMULATION) {
    if (j0 == 0 && j1 == k) accumulationWindow(table, k, row, d0, d1, out, false);
    else {
      accumulationWindow(table, k, row, d0, d1, scratch, false);
      memory.copy(out, scratch + (<usize>j0 << 3), <usize>(j1 - j0) << 3);
    }
  } else if (type == MODEL_DAILY) dailyWindow(table, k, row, d0, d1, h0, h1, j0, j1, out);
  else rateWindow(table, k, row, d0, d1, h0, h1, j0, j1, out);
}

export function evaluate(table: usize, requests: usize, count: i32, out: usize, scratch: usize): void {
  const type = modelType(table);
  const k = thresholdCount(table);
  const curveBytes = <usize>k << 3;
  let o = out;
  for (let i = 0; i < count; i++) {
    const r = requests + <usize>(i * REQUEST_INTS * 4);
    const row = load<i32>(r);
    const d0 = load<i32>(r, 4);
    const d1 = load<i32>(r, 8);
    const h0 = load<i32>(r, 12);
    const h1 = load<i32>(r, 16);
    const op = load<i32>(r, 20);
    if (op == OP_EXPANDING) {
      if (type == MODEL_ACCUMULATION) accumulationWindow(table, k, row, d0, d1, o, true);
      else for (let e = d0; e <= d1; e++) window(table, type, k, row, d0, e, h0, h1, 0, k, o + <usize>(e - d0) * curveBytes, scratch);
      o += <usize>(d1 - d0 + 1) * curveBytes;
    } else if (op == OP_DAILY_MEAN) {
      if (type == MODEL_ACCUMULATION) accumulationDailyMean(table, k, row, d0, d1, o, scratch);
      else if (type == MODEL_DAILY) dailyDailyMean(table, k, row, d0, d1, h0, h1, o);
      else rateDailyMean(table, k, row, d0, d1, h0, h1, o);
      o += curveBytes;
    } else if (op == OP_THRESHOLD) {
      const j = load<i32>(r, 24);
      window(table, type, k, row, d0, d1, h0, h1, j, j + 1, o, scratch);
      o += 8;
    } else {
      window(table, type, k, row, d0, d1, h0, h1, 0, k, o, scratch);
      o += curveBytes;
    }
  }
}
