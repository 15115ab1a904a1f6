import { gammaUpperQuantile } from '../../engine/gamma.js';
import { GENERATOR } from './parameters.js';

/**
 * ln(q_t(α)/α) — the upper-tail-t quantile of a gamma with shape α over its mean —
 * tabulated on a grid of ln α (GENERATOR.shapeRange) × ln t (GENERATOR.tailRange)
 * and read back bilinearly; it falls monotonically in both α and t.
 */
export class TailQuantileTable {
  private readonly logShapes: Float64Array;
  private readonly logTails: Float64Array;
  private readonly logRatios: Float64Array;

  constructor() {
    const grid = (lo: number, hi: number, n: number): Float64Array =>
      Float64Array.from({ length: n }, (_, i) => Math.log(lo) + ((Math.log(hi) - Math.log(lo)) * i) / (n - 1));
    this.logShapes = grid(...GENERATOR.shapeRange, GENERATOR.shapeLookupPoints);
    this.logTails = grid(...GENERATOR.tailRange, GENERATOR.tailLookupPoints);
    this.logRatios = new Float64Array(this.logShapes.length * this.logTails.length);
    this.logShapes.forEach((ls, i) => {
      const shape = Math.exp(ls);
      this.logTails.forEach((lt, j) => (this.logRatios[i * this.logTails.length + j] = Math.log(gammaUpperQuantile(shape, Math.exp(lt)) / shape)));
    });
  }

  get logShapeRange(): [number, number] {
    return [this.logShapes[0]!, this.logShapes[this.logShapes.length - 1]!];
  }

  logRatio(logShape: number, tail: number): number {
    const [i, u] = locate(this.logShapes, logShape);
    const [j, v] = locate(this.logTails, Math.log(tail));
    const n = this.logTails.length;
    const at = (a: number, b: number): number => this.logRatios[a * n + b]!;
    return (1 - u) * ((1 - v) * at(i, j) + v * at(i, j + 1)) + u * ((1 - v) * at(i + 1, j) + v * at(i + 1, j + 1));
  }

  /**
   * Shape whose gamma (mean = the observed mean) has the observed 99th percentile:
   * ln(q(α)/α) = ln(q99/mean), solved by bisection on ln α over the table's range
   * (the ratio falls as α rises; clamped at the range ends).
   */
  fitShape(q99OverMean: number): number {
    const target = Math.log(q99OverMean);
    let [lo, hi] = this.logShapeRange;
    for (let iter = 0; iter < 60; iter++) {
      const mid = (lo + hi) / 2;
      if (this.logRatio(mid, GENERATOR.tailProbability) > target) lo = mid;
      else hi = mid;
    }
    return Math.exp((lo + hi) / 2);
  }
}

/** Index of the grid interval holding x (clamped) and the fraction along it. */
function locate(grid: Float64Array, x: number): [number, number] {
  const n = grid.length;
  if (!(x > grid[0]!)) return [0, 0];
  if (!(x < grid[n - 1]!)) return [n - 2, 1];
  let lo = 0;
  let hi = n - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (grid[mid]! > x) hi = mid;
    else lo = mid;
  }
  return [lo, (x - grid[lo]!) / (grid[lo + 1]! - grid[lo]!)];
}
