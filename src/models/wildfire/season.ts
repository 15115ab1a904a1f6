import { daysFromCivil } from '../../engine/calendar.js';
import { cellCentre } from '../../engine/grid.js';
import { HOURS, SEASON_SLOTS } from '../../engine/profiles.js';
import { GRID } from '../toolkit/half-degree.js';
import { sumCircular } from '../toolkit/smoothing.js';
import { WILDFIRE } from './parameters.js';
import { MEAN_DAYS_IN_MONTH, MONTHS } from '../../units.js';

/**
 * Fire seasons. In California and Portugal the profile is the observed
 * day-of-year distribution of burnt area (by fire start date). Elsewhere a
 * month's share of the year's burning is taken ∝ (ε + dryness)·VPDᵏ: the same
 * drivers as the annual model, the driest and most evaporative months. VPD,
 * the monthly daytime vapour-pressure deficit, drives dead-fuel moisture and
 * fire activity (Williams et al. 2019; Sedano & Randerson 2014); dryness is the
 * month's Gaussen drought (climate-indices.ts), which puts a savanna's fires in
 * its dry season whichever hemisphere it lies in; ε (parameters.ts) leaves
 * climates without a dry month their hottest months. k is fitted so that the
 * burnt-area-weighted climate of the two regions reproduces their observed
 * monthly shares (minimum summed Hellinger distance).
 *
 * Seasonal weights live on the 366-slot calendar (slot 59 = 29 February; the
 * writer normalises them to one mean year) and are smoothed by a circular
 * Gaussian over the slots; diurnal profiles are hour histograms.
 */
/** A place's monthly fire-season drivers: VPD (kPa) and Gaussen dryness (0–1). */
export interface MonthlyDrivers {
  vpd: number[];
  dryness: number[];
}

export interface RegionSeason extends MonthlyDrivers {
  /** Observed monthly shares of burnt area (sum 1). */
  monthlyShares: number[];
}

/** Slot of the first day of each month (2000 is a leap year, so 29 February has its slot). */
export const MONTH_START = Array.from({ length: MONTHS + 1 }, (_, m) => (m === MONTHS ? SEASON_SLOTS : daysFromCivil(2000, m + 1, 1) - daysFromCivil(2000, 1, 1)));

function normalised(values: readonly number[]): number[] {
  const total = values.reduce((a, b) => a + b, 0);
  return values.map((v) => (total > 0 ? v / total : 1 / values.length));
}

export function hellinger(p: readonly number[], q: readonly number[]): number {
  let s = 0;
  for (let i = 0; i < p.length; i++) s += (Math.sqrt(p[i]!) - Math.sqrt(q[i]!)) ** 2;
  return Math.sqrt(s / 2);
}

/** Monthly shares of the year's burning ∝ (ε + dryness)·VPDᵏ. */
export function seasonShares(drivers: MonthlyDrivers, exponent: number): number[] {
  return normalised(drivers.vpd.map((v, m) => (WILDFIRE.wetMonthSeasonWeight + drivers.dryness[m]!) * v ** exponent));
}

/** The exponent k on the parameter grid that best reproduces the regions' observed seasons. */
export function fitVpdExponent(regions: readonly RegionSeason[]): { exponent: number; distances: number[] } {
  const { from, to, step } = WILDFIRE.vpdExponentGrid;
  let best: { exponent: number; total: number; distances: number[] } = { exponent: from, total: Infinity, distances: [] };
  for (let i = 0; from + i * step <= to + 1e-9; i++) {
    const exponent = Math.round((from + i * step) * 1e6) / 1e6;
    const distances = regions.map((r) => hellinger(r.monthlyShares, seasonShares(r, exponent)));
    const total = distances.reduce((a, b) => a + b, 0);
    if (total < best.total) best = { exponent, total, distances };
  }
  return { exponent: best.exponent, distances: best.distances };
}

/** Observed profile (366 slots) from a slot histogram of burnt area. */
export function observedSeason(histogram: Float64Array): Float64Array {
  return sumCircular(histogram, WILDFIRE.seasonSmoothingDays);
}

/** Monthly shares of burnt area from a slot histogram. */
export function monthlySharesOf(histogram: Float64Array): number[] {
  const months = new Array<number>(MONTHS).fill(0);
  for (let m = 0; m < MONTHS; m++) for (let s = MONTH_START[m]!; s < MONTH_START[m + 1]!; s++) months[m]! += histogram[s]!;
  return normalised(months);
}

/** Key of the climate profile a cell shares: Köppen class and latitude band. */
export function climateProfileKey(koppen: string, cell: number): string {
  const { latitude } = cellCentre(GRID, cell);
  return `${koppen || '-'}|${Math.floor(latitude / WILDFIRE.profileBandDeg)}`;
}

/**
 * Climate profiles: per key, the mean of the member cells' monthly shares,
 * spread over the days and smoothed. Keys are sorted for a stable profile order.
 */
export function climateSeasons(members: ReadonlyMap<string, MonthlyDrivers[]>, exponent: number): Map<string, Float64Array> {
  const out = new Map<string, Float64Array>();
  for (const key of [...members.keys()].sort()) {
    const mean = new Array<number>(MONTHS).fill(0);
    const cells = members.get(key)!;
    for (const drivers of cells) seasonShares(drivers, exponent).forEach((s, m) => (mean[m]! += s / cells.length));
    out.set(key, sumCircular(monthlyToSlots(mean), WILDFIRE.seasonSmoothingDays));
  }
  return out;
}

/** Weighted counts of dated records per slot (slots < 0 are skipped). */
export function slotHistogram(records: Iterable<{ slot: number; weight: number }>): Float64Array {
  const out = new Float64Array(SEASON_SLOTS);
  for (const r of records) if (r.slot >= 0 && r.slot < SEASON_SLOTS) out[r.slot]! += r.weight;
  return out;
}

/** Monthly shares spread evenly over each month's days (29 February counts a quarter day). */
export function monthlyToSlots(shares: readonly number[]): Float64Array {
  const out = new Float64Array(SEASON_SLOTS);
  for (let m = 0; m < MONTHS; m++) {
    for (let s = MONTH_START[m]!; s < MONTH_START[m + 1]!; s++) out[s] = shares[m]! / MEAN_DAYS_IN_MONTH[m]!;
  }
  return out;
}

/** Hour histogram (local solar hours 0–23) of records with a known hour. */
export function hourHistogram(hours: Iterable<number>): Float64Array {
  const out = new Float64Array(HOURS);
  for (const h of hours) if (h >= 0 && h < HOURS) out[h]! += 1;
  return out;
}
