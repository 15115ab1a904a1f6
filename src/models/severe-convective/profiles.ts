import { daysFromCivil, seasonSlot } from '../../engine/calendar.js';
import { cellCentre } from '../../engine/grid.js';
import { HOURS, LEAP_DAY_SLOT, SEASON_SLOTS } from '../../engine/profiles.js';
import type { GridDef } from '../../engine/table-spec.js';
import { spreadCircular } from '../toolkit/smoothing.js';
import { GEOMETRY, PROFILES } from './parameters.js';
import { REGIONS, regionOf } from './regions.js';

/**
 * Seasonal (366-slot) and diurnal (24 local-solar-hour) profiles per region, from
 * weighted occurrences. The writer normalises them; here they are occurrences per
 * year in each slot / hour, smoothed with circular Gaussians (σ 15 days, 1 hour;
 * toolkit `spreadCircular`, truncated at GEOMETRY.kernelTruncationSigmas).
 */
export interface Occurrence {
  month: number;
  day: number;
  utcHour: number;
  lat: number;
  lon: number;
  /** Occurrences per year this record stands for (1 / years of record). */
  weight: number;
}

export interface RegionalProfiles {
  /** REGIONS.length × 366 */
  seasonWeights: Float64Array;
  /** REGIONS.length × 24 */
  diurnalShares: Float64Array;
}

/** Slot of a calendar day in the 366-slot year (slot 59 = 29 February). */
export function slotOf(month: number, day: number): number {
  return seasonSlot(daysFromCivil(2000, month, day));
}

/** Local mean solar hour 0–23: UTC + longitude/15 (docs/methods.md §2). */
export function localSolarHour(utcHour: number, lon: number): number {
  const h = (((utcHour + lon / 15) % 24) + 24) % 24;
  return Math.min(HOURS - 1, Math.floor(h));
}

export function regionalProfiles(occurrences: Iterable<Occurrence>): RegionalProfiles {
  const regions = REGIONS.length;
  const season = new Float64Array(regions * SEASON_SLOTS);
  const diurnal = new Float64Array(regions * HOURS);
  for (const o of occurrences) {
    const r = regionOf(o.lat, o.lon);
    const slot = slotOf(o.month, o.day);
    // 29 February exists one year in four: it takes its neighbours' mean below instead.
    if (slot !== LEAP_DAY_SLOT) season[r * SEASON_SLOTS + slot]! += o.weight;
    diurnal[r * HOURS + localSolarHour(o.utcHour, o.lon)]! += o.weight;
  }
  const seasonWeights = new Float64Array(regions * SEASON_SLOTS);
  const diurnalShares = new Float64Array(regions * HOURS);
  for (let r = 0; r < regions; r++) {
    const s = season.subarray(r * SEASON_SLOTS, (r + 1) * SEASON_SLOTS);
    s[LEAP_DAY_SLOT] = (s[LEAP_DAY_SLOT - 1]! + s[LEAP_DAY_SLOT + 1]!) / 2;
    seasonWeights.set(spreadCircular(s, PROFILES.seasonSigmaDays, GEOMETRY.kernelTruncationSigmas), r * SEASON_SLOTS);
    diurnalShares.set(spreadCircular(diurnal.subarray(r * HOURS, (r + 1) * HOURS), PROFILES.diurnalSigmaHours, GEOMETRY.kernelTruncationSigmas), r * HOURS);
  }
  return { seasonWeights, diurnalShares };
}

/** Region (= season and diurnal profile index) of a grid cell, from its centre. */
export function profileOfCell(grid: GridDef, cell: number): number {
  const { latitude, longitude } = cellCentre(grid, cell);
  return regionOf(latitude, longitude);
}
