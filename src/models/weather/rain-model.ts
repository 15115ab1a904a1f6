import { expectedCountFromProbability, probabilityFromExpectedCount } from '../../engine/formulas.js';
import { transitions, type MonthGenerator } from './generator.js';
import { wetDayMoments, wetDaySurvival, type WetDayTail } from './rain-tail.js';
import { MEAN_DAYS_IN_MONTH } from '../../units.js';

/**
 * The rain numbers of one cell and month, shared by the tables
 * (precip-tables.ts) and the calibrations that fit them:
 * - Rain: two competing daily processes, the generator's wet days (gamma body,
 *   GPD tail; rain with probability 1 − q_snow) and tropical-cyclone storm-days
 *   (tc-rain.ts), whose hazards add:
 *     p(x) = 1 − (1 − π (1 − q_snow) P(X ≥ x)) · exp(−h_TC(x));
 * - CumulativeRain: the accumulation kernel holds one gamma per wet day, so a
 *   wet day's amount there is the gamma with the mean and `factor` × the variance
 *   of the day's rain above (generator wet day plus the month's TC rain per wet
 *   day; `factor` carries the clustering of heavy days in multi-day storms),
 *   its shape at most the generator's α.
 */
export function rainDayProbability(g: MonthGenerator, tail: WetDayTail, x: number, tcHazard: number): number {
  const body = g.pi * (1 - g.qSnow) * wetDaySurvival(tail, x);
  return probabilityFromExpectedCount(expectedCountFromProbability(body) + tcHazard);
}

/** Expected days a year reaching x from the twelve monthly generators (the annual daily-table hazard) and a TC annual rate. */
export function annualRainHazard(months: readonly MonthGenerator[], tails: readonly WetDayTail[], x: number, tcRate: number): number {
  let hazard = tcRate;
  months.forEach((g, m) => (hazard += MEAN_DAYS_IN_MONTH[m]! * expectedCountFromProbability(g.pi * (1 - g.qSnow) * wetDaySurvival(tails[m]!, x))));
  return hazard;
}

/** (p01, p11, α, β, q, r) of the CumulativeRain table; tcMean/tcSecond are the month's TC rain moments per day. */
export function rainAccumulationParams(g: MonthGenerator, tail: WetDayTail, tcMean: number, tcSecond: number, factor: number): number[] {
  const { p01, p11 } = transitions(g);
  const q = 1 - g.qSnow;
  const counted = g.pi * q;
  if (!(counted > 0)) return [p01, p11, g.alpha, g.beta, q, 1];
  const day = wetDayMoments(tail);
  const mean = day.mean + tcMean / counted;
  const variance = factor * (day.second + tcSecond / counted - mean * mean);
  // Where TC storm-days outnumber the generator's wet days the moments admit no
  // amount distribution (variance ≤ 0); the shape never exceeds the generator's.
  const alpha = variance > 0 ? Math.min((mean * mean) / variance, g.alpha) : g.alpha;
  return [p01, p11, alpha, mean / alpha, q, 1];
}
