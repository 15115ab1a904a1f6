/**
 * Second implementations, from the method pages (docs/models/rain.md,
 * max-wind-gust.md) and the papers they cite, of the weather model's formulas,
 * for the tests: written with the test-only series of test/helpers/distributions.ts
 * and plain loops, never importing the model code they check.
 */
import { gammaUpperQuantileSeries, gammaUpperSeries, lnGammaStirling, normalCdfSeries } from '../../helpers/distributions.js';
import { STORM, stormFixes } from './fixtures.js';

const MEAN_DAYS = [31, 28.25, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Hybrid gamma–GPD wet-day survival function (Furrer & Katz 2008): gamma to its upper-5 % quantile u, GPD with the gamma's density at u above. */
export function hybridSurvival(alpha: number, beta: number, xi: number): { u: number; sigma: number; survival: (x: number) => number } {
  const u = beta * gammaUpperQuantileSeries(alpha, 0.05);
  const tail = gammaUpperSeries(alpha, u / beta);
  const density = Math.exp((alpha - 1) * Math.log(u) - u / beta - lnGammaStirling(alpha) - alpha * Math.log(beta));
  const sigma = tail / density;
  const survival = (x: number): number => {
    if (x <= u) return gammaUpperSeries(alpha, x / beta);
    return tail * (xi === 0 ? Math.exp(-(x - u) / sigma) : Math.pow(1 + (xi * (x - u)) / sigma, -1 / xi));
  };
  return { u, sigma, survival };
}

/** E[X] = ∫ S and E[X²] = 2 ∫ x S by the trapezoid rule, to 3,000 GPD scale lengths past u. */
export function hybridMoments(alpha: number, beta: number, xi: number): { mean: number; second: number } {
  const { u, sigma, survival } = hybridSurvival(alpha, beta, xi);
  let mean = 0;
  let second = 0;
  const integrate = (from: number, to: number, steps: number): void => {
    const h = (to - from) / steps;
    for (let i = 0; i <= steps; i++) {
      const x = from + i * h;
      const w = (i === 0 || i === steps ? 0.5 : 1) * h;
      const s = survival(x);
      mean += w * s;
      second += w * 2 * x * s;
    }
  };
  integrate(0, u, 20_000);
  integrate(u, u + 3000 * sigma, 600_000);
  return { mean, second };
}

/** R-CLIPER symmetric rain rate (mm/h), Tuleya et al. (2007) eqs. 3–5 with their Table 2 (NHC) coefficients. */
export function rcliperOracle(vmaxKt: number, rKm: number): number {
  const u = 1 + (vmaxKt - 35) / 33;
  const [t0, tm, rm, re] = [-1.1 + 3.96 * u, -1.6 + 4.8 * u, 64.5 - 13 * u, 150 - 16 * u];
  const inchesPerDay = rKm <= rm ? t0 + ((tm - t0) * rKm) / rm : tm * Math.exp(-(rKm - rm) / re);
  return (Math.max(0, inchesPerDay) * 25.4) / 24;
}

/** The synthetic storm's rain (mm) per local solar day at a point, integrated every minute along its great-circle-free straight track. */
export function stormDayTotals(latitude: number, longitude: number): Map<number, number> {
  const fixes = stormFixes();
  const totals = new Map<number, number>();
  const step = 60_000;
  for (let f = 0; f + 1 < fixes.length; f++) {
    const [t0, lon0] = fixes[f]!;
    const [t1, lon1] = fixes[f + 1]!;
    for (let t = t0 + step / 2; t < t1; t += step) {
      const lon = lon0 + ((t - t0) / (t1 - t0)) * (lon1 - lon0);
      const r = haversineKm(latitude, longitude, STORM.latitude, lon);
      if (r > 500) continue;
      const day = Math.floor((t + (longitude / 15) * 3_600_000) / 86_400_000);
      totals.set(day, (totals.get(day) ?? 0) + (rcliperOracle(STORM.vmaxKt, r) * step) / 3_600_000);
    }
  }
  return totals;
}

function haversineKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const a = Math.sin(((lat2 - lat1) * rad) / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lon2 - lon1) * rad) / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.sqrt(a));
}

/** Lognormal spread with mean 1: P(D·ε ≥ x). */
export function lognormalExceedance(dayMm: number, x: number, sigma: number): number {
  return normalCdfSeries((Math.log(dayMm / x) - (sigma * sigma) / 2) / sigma);
}

/** Daily hazard of the background gusts: ordinary days (Rayleigh, mean 1.66 × 1.2 × U) plus the storm tail Weibull(k), mean s·5·(U/5)^b. */
export function backgroundHazard(u: number, x: number, p: { s: number; b: number; k: number }): number {
  const ordinary = (1.66 * 1.2 * u) / Math.exp(lnGammaStirling(1.5));
  const storm = (p.s * 5 * Math.pow(u / 5, p.b)) / Math.exp(lnGammaStirling(1 + 1 / p.k));
  return -Math.log(1 - Math.exp(-((x / ordinary) ** 2))) - Math.log(1 - Math.exp(-Math.pow(x / storm, p.k)));
}

/** Return level (m/s) of the background gusts alone, by bisection on the annual hazard. */
export function weibullReturnLevel(monthly: readonly number[], p: { s: number; b: number; k: number }, years: number): number {
  const hazard = (x: number): number => monthly.reduce((h, u, m) => h + MEAN_DAYS[m]! * backgroundHazard(u, x, p), 0);
  const target = -Math.log(1 - 1 / years);
  let lo = 1;
  let hi = 200;
  for (let i = 0; i < 100; i++) {
    const mid = (lo + hi) / 2;
    if (hazard(mid) > target) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}
