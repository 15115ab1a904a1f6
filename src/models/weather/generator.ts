import { clampCovariates, cruCovariates, occurrenceCovariates, persistenceCovariates, shapeCovariates, type Calibration } from './calibration.js';
import { clamp, predictLinear } from '../toolkit/least-squares.js';
import { GENERATOR } from './parameters.js';
import { snowProbability } from './snow-partition.js';
import type { CruClimatology } from './sources.js';
import { MEAN_DAYS_IN_MONTH } from '../../units.js';

/**
 * The daily generator of one cell and calendar month (docs/methods.md §3(c)):
 * a wet day has ≥ 1 mm; π is the stationary wet-day probability, ρ = p11 − p01
 * the Markov persistence, a wet day's amount is Gamma(α, β) mm and falls as snow
 * with probability qSnow.
 */
export interface MonthGenerator {
  pi: number;
  rho: number;
  alpha: number;
  beta: number;
  qSnow: number;
}

export interface CellMonthClimate {
  /** Mean precipitation, mm/day. */
  pre: number;
  /** Wet days (≥ 0.1 mm) per month. */
  wet: number;
  temp: number;
  dtr: number;
}

/** null when the climatology lacks a value (no coverage); a month without rain gets π = 0. */
export function monthGenerator(cal: Calibration, climate: CellMonthClimate, month: number): MonthGenerator | null {
  const { pre, wet, temp, dtr } = climate;
  if (![pre, wet, temp, dtr].every(Number.isFinite)) return null;
  const qSnow = snowProbability(cal.snow, temp, dtr);
  if (!(pre > 0)) return { pi: 0, rho: 0, alpha: 1, beta: GENERATOR.dryMonthWetDayMm, qSnow };
  // CRU reports rain but no wet day: put it on the fewest days the calibration range allows.
  const wetDays = wet > 0 ? wet : (pre / Math.exp(cal.covariateRange.lnMu0[1])) * MEAN_DAYS_IN_MONTH[month]!;
  const raw = cruCovariates(pre, wetDays, temp, dtr, month)!;
  const c = clampCovariates(raw, cal.covariateRange);
  const ratio = 1 / (1 + Math.exp(-predictLinear(cal.occurrence.coefficients, occurrenceCovariates(c))));
  const pi = ratio * raw.p0;
  const heavyDayTotal = Math.max(pre - (raw.p0 - pi) * cal.subThresholdDayMm, GENERATOR.minHeavyDayShare * pre);
  const alpha = Math.exp(predictLinear(cal.shape.coefficients, shapeCovariates(c)));
  const rho = clamp(predictLinear(cal.persistence.coefficients, persistenceCovariates(c)), ...GENERATOR.persistenceRange);
  return { pi, rho, alpha, beta: heavyDayTotal / pi / alpha, qSnow };
}

/** The twelve monthly generators of the CRU land cell at `position`, or null when a month has none (no coverage). */
export function cellMonthGenerators(cru: CruClimatology, cal: Calibration, position: number): MonthGenerator[] | null {
  const { pre, wet, tmp, dtr } = cru.values;
  const months: MonthGenerator[] = [];
  for (let m = 0; m < 12; m++) {
    const at = position * 12 + m;
    const g = monthGenerator(cal, { pre: pre[at]!, wet: wet[at]!, temp: tmp[at]!, dtr: dtr[at]! }, m);
    if (!g) return null;
    months.push(g);
  }
  return months;
}

/** Markov transition probabilities with stationary wet probability π and persistence ρ. */
export function transitions(g: MonthGenerator): { p01: number; p11: number } {
  const p01 = g.pi * (1 - g.rho);
  return { p01, p11: p01 + g.rho };
}
