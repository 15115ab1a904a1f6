import { KM_PER_DEGREE } from '../../geo/sphere.js';
import { CELLS, GRID } from '../toolkit/half-degree.js';
import { kernelSums } from '../toolkit/smoothing.js';
import { burntAreaGrid } from './fire-footprints.js';
import { WILDFIRE } from './parameters.js';
import type { FireRecord } from './sources.js';

/**
 * How to smooth the located records, chosen by likelihood cross-validation over
 * years: the fires of odd years, smoothed relative to an expected pattern,
 * predict the spatial pattern of even years' burnt area and vice versa (each
 * region's held-out total is given, so only the pattern is scored); the
 * bandwidth σ and the expected pattern (the model's BP raised to a power γ)
 * with the lowest summed Poisson deviance win. The kernel sums of the burnt
 * area do not depend on γ and are computed once per σ.
 */
export interface SmoothingScore {
  exponent: number;
  sigmaKm: number;
  deviance: number;
}

export interface RegionFires {
  fires: readonly FireRecord[];
  /** Land (km²) per cell of the region; 0 outside it. */
  land: Float64Array;
}

function poissonDeviance(observed: number, expected: number): number {
  if (!(expected > 0)) return observed > 0 ? Infinity : 0;
  return 2 * ((observed > 0 ? observed * Math.log(observed / expected) : 0) - (observed - expected));
}

const smooth = (values: Float64Array, sigmaKm: number): Float64Array => kernelSums(GRID, values, sigmaKm, WILDFIRE.kernelTruncateSigmas, KM_PER_DEGREE);

/** Deviance of `test` against `train` smoothed relative to `weight` (expected burnt area), the totals matched. */
function heldOutDeviance(smoothTrain: Float64Array, test: Float64Array, weight: Float64Array, smoothWeight: Float64Array): number {
  const predicted = new Float64Array(CELLS);
  let predictedTotal = 0;
  let testTotal = 0;
  for (let c = 0; c < CELLS; c++) {
    if (!(weight[c]! > 0)) continue;
    predicted[c] = smoothWeight[c]! > 0 ? (smoothTrain[c]! / smoothWeight[c]!) * weight[c]! : 0;
    predictedTotal += predicted[c]!;
    testTotal += test[c]!;
  }
  let deviance = 0;
  for (let c = 0; c < CELLS; c++) if (weight[c]! > 0) deviance += poissonDeviance(test[c]!, (predicted[c]! * testTotal) / predictedTotal);
  return deviance;
}

/**
 * @param patterns per candidate exponent γ, the model BP^γ per cell (the expected burnt area is land × pattern)
 */
export function selectSmoothing(regions: readonly RegionFires[], exponents: readonly number[], patterns: readonly Float64Array[], candidatesKm: readonly number[]): { best: SmoothingScore; scores: SmoothingScore[] } {
  const folds = regions.map((r) => ({
    odd: burntAreaGrid(r.fires.filter((f) => f.year % 2 === 1)),
    even: burntAreaGrid(r.fires.filter((f) => f.year % 2 === 0)),
    weights: patterns.map((p) => r.land.map((a, c) => (a > 0 ? a * p[c]! : 0))),
  }));
  const scores: SmoothingScore[] = [];
  for (const sigmaKm of candidatesKm) {
    const smoothed = folds.map((f) => ({ odd: smooth(f.odd, sigmaKm), even: smooth(f.even, sigmaKm), weights: f.weights.map((w) => smooth(w, sigmaKm)) }));
    exponents.forEach((exponent, e) => {
      const deviance = folds.reduce((s, f, r) => {
        const k = smoothed[r]!;
        return s + heldOutDeviance(k.odd, f.even, f.weights[e]!, k.weights[e]!) + heldOutDeviance(k.even, f.odd, f.weights[e]!, k.weights[e]!);
      }, 0);
      scores.push({ exponent, sigmaKm, deviance });
    });
  }
  const best = scores.reduce((a, b) => (b.deviance < a.deviance ? b : a));
  return { best, scores };
}
