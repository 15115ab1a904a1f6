import { FIRE_CLIMATE } from './parameters.js';
import { MEAN_DAYS_IN_MONTH, MONTHS } from '../../units.js';

/**
 * Climate indices from the CRU CL 1.0 normals, per 0.5° cell:
 * - productivity, the fuel limit: the precipitation limb of the Miami model
 *   (Lieth 1975), NPP = 3000 (1 − e^(−0.000664 P)) g m⁻² yr⁻¹;
 * - monthly dryness, the moisture limit: 1 for a month with precipitation (mm)
 *   well below twice its mean temperature (°C), 0 well above (Bagnouls &
 *   Gaussen 1957), a logistic in between; the dry-season length is its sum;
 * - the warmest month's mean temperature, for the treeline, and the coldest
 *   month's, for the cold-winter (boreal) fire regimes;
 * - monthly vapour-pressure deficit, for the fire season:
 *   VPD = e°(Tmax) − e°(Tmin), i.e. the daytime deficit with the dew point taken
 *   as the daily minimum temperature (FAO-56, Allen et al. 1998, eqs. 11 and 48).
 * NaN marks cells without CRU data.
 */
export interface CruNormals {
  /** cells × 12: mm/day, °C, °C, °C. */
  pre: Float64Array;
  tmp: Float64Array;
  tmx: Float64Array;
  tmn: Float64Array;
}

export function annualPrecipitation(pre: Float64Array, cell: number): number {
  let total = 0;
  for (let m = 0; m < MONTHS; m++) total += pre[cell * MONTHS + m]! * MEAN_DAYS_IN_MONTH[m]!;
  return total;
}

/** Precipitation-limited net primary productivity (g dry matter m⁻² yr⁻¹), floored. */
export function productivity(precipitationMm: number): number {
  const { maxNpp, precipSlope, floor } = FIRE_CLIMATE.productivity;
  return Math.max(floor, maxNpp * (1 - Math.exp(-precipSlope * Math.max(0, precipitationMm))));
}

/** Dryness (0–1) of each month: logistic of (2T − P) over the width of parameters.ts. */
export function monthlyDryness(cru: CruNormals, cell: number): number[] {
  return Array.from({ length: MONTHS }, (_, m) => {
    const i = cell * MONTHS + m;
    const precipitationMm = cru.pre[i]! * MEAN_DAYS_IN_MONTH[m]!;
    return 1 / (1 + Math.exp(-(2 * cru.tmp[i]! - precipitationMm) / FIRE_CLIMATE.dryMonthWidthMm));
  });
}

export function warmestMonth(tmp: Float64Array, cell: number): number {
  let warmest = -Infinity;
  for (let m = 0; m < MONTHS; m++) warmest = Math.max(warmest, tmp[cell * MONTHS + m]!);
  return warmest;
}

export function coldestMonth(tmp: Float64Array, cell: number): number {
  let coldest = Infinity;
  for (let m = 0; m < MONTHS; m++) coldest = Math.min(coldest, tmp[cell * MONTHS + m]!);
  return coldest;
}

/** Saturation vapour pressure (kPa) over water, Tetens form as in FAO-56 eq. 11. */
export function saturationVapourPressure(celsius: number): number {
  return 0.6108 * Math.exp((17.27 * celsius) / (celsius + 237.3));
}

/** The 12 monthly VPDs (kPa) of a cell, clamped at 0; NaN without data. */
export function monthlyVpd(cru: CruNormals, cell: number): number[] {
  return Array.from({ length: MONTHS }, (_, m) => {
    const i = cell * MONTHS + m;
    return Math.max(0, saturationVapourPressure(cru.tmx[i]!) - saturationVapourPressure(cru.tmn[i]!));
  });
}
