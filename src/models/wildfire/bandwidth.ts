import { KM_PER_DEGREE } from '../../geo/sphere.js';
import { CELLS, GRID } from '../toolkit/half-degree.js';
import { kernelSums } from '../toolkit/smoothing.js';
import { burntAreaGrid } from './fire-footprints.js';
import { WILDFIRE } from './parameters.js';
import type { FireRecord } from './sources.js';

/**
 * Smoothing bandwidth by likelihood cross-validation over years: the fires of
 * odd years, smoothed relative to the climate model's expectation, predict the
 * spatial pattern of even years' burnt area and vice versa (each region's
 * held-out total is given, so only the pattern is scored); the bandwidth with
 * the lowest summed Poisson deviance wins.
 */
export interface BandwidthScore {
  sigmaKm: number;
  deviance: number;
}

export interface RegionFires {
  fires: readonly FireRecord[];
  /** Burnt area (any scale) the climate model expects per cell of the region; 0 outside it. */
  expected: Float64Array;
}

function poissonDeviance(observed: number, expected: number): number {
  if (!(expected > 0)) return observed > 0 ? Infinity : 0;
  return 2 * ((observed > 0 ? observed * Math.log(observed / expected) : 0) - (observed - expected));
}

function heldOutDeviance(train: Float64Array, test: Float64Array, weight: Float64Array, sigmaKm: number): number {
  const smoothTrain = kernelSums(GRID, train, sigmaKm, WILDFIRE.kernelTruncateSigmas, KM_PER_DEGREE);
  const smoothWeight = kernelSums(GRID, weight, sigmaKm, WILDFIRE.kernelTruncateSigmas, KM_PER_DEGREE);
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

export function selectBandwidth(regions: readonly RegionFires[], candidatesKm: readonly number[]): { sigmaKm: number; scores: BandwidthScore[] } {
  const folds = regions.map((r) => ({
    odd: burntAreaGrid(r.fires.filter((f) => f.year % 2 === 1)),
    even: burntAreaGrid(r.fires.filter((f) => f.year % 2 === 0)),
    expected: r.expected,
  }));
  const scores = candidatesKm.map((sigmaKm) => ({
    sigmaKm,
    deviance: folds.reduce((s, f) => s + heldOutDeviance(f.odd, f.even, f.expected, sigmaKm) + heldOutDeviance(f.even, f.odd, f.expected, sigmaKm), 0),
  }));
  const best = scores.reduce((a, b) => (b.deviance < a.deviance ? b : a));
  return { sigmaKm: best.sigmaKm, scores };
}
