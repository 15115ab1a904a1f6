import { CELLS } from '../toolkit/half-degree.js';
import { DAYS_IN_MONTH, MIAMI, MONTHS } from './parameters.js';

/**
 * Climate indices from the CRU CL 1.0 normals, per 0.5° cell:
 * - annual precipitation (mm) and mean temperature (°C);
 * - net primary productivity of the Miami model (Lieth 1975, parameters.ts MIAMI), the fuel proxy;
 * - monthly vapour-pressure deficit, the fire-weather proxy for seasonality:
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
  for (let m = 0; m < MONTHS; m++) total += pre[cell * MONTHS + m]! * DAYS_IN_MONTH[m]!;
  return total;
}

export function annualMeanTemperature(tmp: Float64Array, cell: number): number {
  let total = 0;
  for (let m = 0; m < MONTHS; m++) total += tmp[cell * MONTHS + m]!;
  return total / MONTHS;
}

/** Miami-model NPP (g dry matter m⁻² yr⁻¹) from annual mean temperature and precipitation. */
export function miamiNpp(meanTemperature: number, precipitation: number): number {
  const byTemperature = MIAMI.maxNpp / (1 + Math.exp(MIAMI.tempOffset - MIAMI.tempSlope * meanTemperature));
  const byPrecipitation = MIAMI.maxNpp * (1 - Math.exp(-MIAMI.precipSlope * Math.max(0, precipitation)));
  return Math.min(byTemperature, byPrecipitation);
}

/** NPP per cell (NaN without CRU data). */
export function nppGrid(cru: CruNormals): Float64Array {
  const out = new Float64Array(CELLS).fill(NaN);
  for (let c = 0; c < CELLS; c++) {
    const p = annualPrecipitation(cru.pre, c);
    const t = annualMeanTemperature(cru.tmp, c);
    if (Number.isFinite(p) && Number.isFinite(t)) out[c] = miamiNpp(t, p);
  }
  return out;
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
