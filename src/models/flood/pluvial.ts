import { cellCentre } from '../../engine/grid.js';
import { perilDef } from '../../engine/perils.js';
import type { DailyTable } from '../../engine/table-spec.js';
import type { CountryGrid } from '../toolkit/country-grid.js';
import { CELLS, GRID, cellAreaKm2 } from '../toolkit/half-degree.js';
import { FLOOD } from './parameters.js';
import { MEAN_DAYS_IN_MONTH, MONTHS } from '../../units.js';

/**
 * Pluvial and flash flooding: water from heavy rain that overwhelms drainage
 * or runs off steep slopes, away from any river a DFO flood names. At depth
 * d ≥ 0.1 m the annual rate is
 *
 *   λ(d) = c · H · (1 + g / g₀) · exp(−(d − 0.1 m) / μ),
 *
 * H the expected days per year with ≥ 50 mm of rain (the Rain table), g the
 * terrain gradient (m/km; flashiness rises with slope, g₀ parameters.ts), μ the
 * mean depth of surface water above 0.1 m. c is calibrated so that England's
 * mean rate at 0.1 m equals the Environment Agency's surface-water figure
 * (parameters.ts englandSurfaceWater). Not reduced by river defences, which do
 * not stop rain falling behind them.
 */
const UNITED_KINGDOM = '826';

/** Expected days per year with rain ≥ the heavy-rain threshold, per cell (NaN without a Rain row). */
export function heavyRainDays(rain: DailyTable): Float64Array {
  if (rain.grid.nlat !== GRID.nlat || rain.grid.nlon !== GRID.nlon) throw new Error('flood: the Rain table is not on the 0.5° grid');
  const thresholds = perilDef('Rain').thresholds as readonly number[];
  const k = thresholds.indexOf(FLOOD.pluvial.heavyRainMm);
  if (k < 0) throw new Error(`flood: the Rain table has no ${FLOOD.pluvial.heavyRainMm} mm threshold`);
  const width = MONTHS * thresholds.length;
  const out = new Float64Array(CELLS).fill(NaN);
  for (let c = 0; c < CELLS; c++) {
    const row = rain.cellRow[c]!;
    if (row < 0) continue;
    let days = 0;
    for (let m = 0; m < MONTHS; m++) days += MEAN_DAYS_IN_MONTH[m]! * rain.dailyProb[row * width + m * thresholds.length + k]!;
    out[c] = days;
  }
  return out;
}

/** H · (1 + g/g₀): heavy-rain days weighted by slope (0 without rain data). */
export function pluvialExposure(heavyDays: Float64Array, gradient: Float64Array, cell: number): number {
  const h = heavyDays[cell]!;
  return Number.isFinite(h) ? h * (1 + gradient[cell]! / FLOOD.pluvial.slopeScaleMPerKm) : 0;
}

/** England's mean annual chance of surface-water flooding at a random point (parameters.ts). */
export function englandSurfaceWaterRate(): number {
  const { shareInExtent, extentYears, highBandYears } = FLOOD.englandSurfaceWater;
  return (shareInExtent * (1 / highBandYears - 1 / extentYears)) / Math.log(extentYears / highBandYears);
}

/** c: the England land-weighted mean of c · H · (1 + g/g₀) equals englandSurfaceWaterRate(). */
export function calibratePluvial(heavyDays: Float64Array, gradient: Float64Array, land: Float64Array, countries: CountryGrid): number {
  const uk = countries.ids.indexOf(UNITED_KINGDOM);
  const [west, south, east, north] = FLOOD.englandSurfaceWater.box;
  let exposure = 0;
  let area = 0;
  for (let c = 0; c < CELLS; c++) {
    if (countries.countryOf[c] !== uk || !(land[c]! > 0) || !Number.isFinite(heavyDays[c]!)) continue;
    const { latitude, longitude } = cellCentre(GRID, c);
    if (latitude < south || latitude > north || longitude < west || longitude > east) continue;
    const a = land[c]! * cellAreaKm2(c);
    exposure += a * pluvialExposure(heavyDays, gradient, c);
    area += a;
  }
  if (!(exposure > 0)) throw new Error('flood: no England cells with heavy rain to calibrate the pluvial term');
  return englandSurfaceWaterRate() / (exposure / area);
}

/** P(depth ≥ d | surface-water flooding ≥ 0.1 m): exponential above the 0.1 m base. */
export function pluvialDepthShare(depthM: number): number {
  const { baseDepthM, meanDepthAboveM } = FLOOD.pluvial;
  return depthM <= baseDepthM ? 1 : Math.exp(-(depthM - baseDepthM) / meanDepthAboveM);
}
