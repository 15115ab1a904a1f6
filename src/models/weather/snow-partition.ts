import { normalCdf, normalDensity } from '../toolkit/normal.js';
import { solveLinear } from '../toolkit/least-squares.js';
import { SNOW } from './parameters.js';

/**
 * Rain/snow partition: on a wet day of a month with mean temperature T and
 * diurnal range DTR the day's temperature is Normal(T, σ), σ = a + b·DTR, and
 * the precipitation falls as snow when it is below the threshold Tₛ:
 *   q_snow = Φ((Tₛ − T)/σ).
 * (Tₛ, a, b) are fitted by least squares (Levenberg–Marquardt) to HCN's share
 * of wet days that report snowfall.
 */
export interface SnowPartition {
  thresholdC: number;
  sigmaInterceptC: number;
  sigmaPerDtr: number;
}

export interface SnowPartitionFit extends SnowPartition {
  r2: number;
  rmse: number;
  n: number;
}

export function snowProbability(p: SnowPartition, meanTempC: number, dtrC: number): number {
  return normalCdf((p.thresholdC - meanTempC) / sigmaOf(p, dtrC));
}

function sigmaOf(p: SnowPartition, dtrC: number): number {
  return Math.max(SNOW.minSigma, p.sigmaInterceptC + p.sigmaPerDtr * dtrC);
}

/** Fit to observed snow shares `share` at temperatures `temp` and ranges `dtr` (finite rows only). */
export function fitSnowPartition(temp: readonly number[], dtr: readonly number[], share: readonly number[]): SnowPartitionFit {
  const rows: number[] = [];
  for (let i = 0; i < share.length; i++) if ([temp[i], dtr[i], share[i]].every((v) => Number.isFinite(v))) rows.push(i);
  let theta: number[] = [...SNOW.start];
  let lambda = 1e-3;
  let cost = sumSquares(theta, rows, temp, dtr, share);
  for (let iter = 0; iter < SNOW.iterations; iter++) {
    const jtj = [[0, 0, 0], [0, 0, 0], [0, 0, 0]];
    const jtr = [0, 0, 0];
    const p = asPartition(theta);
    for (const i of rows) {
      const sigma = sigmaOf(p, dtr[i]!);
      const z = (p.thresholdC - temp[i]!) / sigma;
      const residual = normalCdf(z) - share[i]!;
      const d = normalDensity(z) / sigma;
      const grad = [d, -d * z, -d * z * dtr[i]!];
      for (let a = 0; a < 3; a++) {
        jtr[a]! += grad[a]! * residual;
        for (let b = 0; b < 3; b++) jtj[a]![b]! += grad[a]! * grad[b]!;
      }
    }
    const damped = jtj.map((r, a) => r.map((v, b) => (a === b ? v * (1 + lambda) : v)));
    const step = solveLinear(damped, jtr);
    const trial = theta.map((t, a) => t - step[a]!);
    const trialCost = sumSquares(trial, rows, temp, dtr, share);
    if (trialCost < cost) {
      theta = trial;
      cost = trialCost;
      lambda /= 10;
    } else lambda *= 10;
  }
  let mean = 0;
  for (const i of rows) mean += share[i]!;
  mean /= rows.length;
  let total = 0;
  for (const i of rows) total += (share[i]! - mean) ** 2;
  return { ...asPartition(theta), r2: 1 - cost / total, rmse: Math.sqrt(cost / rows.length), n: rows.length };
}

function asPartition(theta: readonly number[]): SnowPartition {
  return { thresholdC: theta[0]!, sigmaInterceptC: theta[1]!, sigmaPerDtr: theta[2]! };
}

function sumSquares(theta: readonly number[], rows: readonly number[], temp: readonly number[], dtr: readonly number[], share: readonly number[]): number {
  const p = asPartition(theta);
  let s = 0;
  for (const i of rows) s += (snowProbability(p, temp[i]!, dtr[i]!) - share[i]!) ** 2;
  return s;
}
