import { cellCentre } from '../../engine/grid.js';
import type { GridDef } from '../../engine/table-spec.js';
import { SPC } from './parameters.js';
import type { GustReport } from './sources.js';
import { DEGREES_PER_RADIAN, EARTH_RADIUS_KM, RADIANS_PER_DEGREE, distanceKm } from '../../geo/sphere.js';
import { MEAN_DAYS_IN_MONTH, MEAN_DAYS_PER_MONTH } from '../../units.js';
import { cycleWeights, smoothCycle } from '../toolkit/smoothing.js';

/**
 * Convective gusts from the SPC wind reports (kt). Each report is spread with a
 * Gaussian kernel (SD SPC.kernelSigmaKm) into a report density per km², per
 * calendar month and gust threshold, smoothed between months (SD SPC.seasonSigmaDays),
 * divided by the years of record and multiplied by the footprint area one report
 * stands for; that is the expected number of such gusts at a point per month,
 * and over the month's days the daily hazard h = λ_month / days.
 */

/**
 * Daily hazard per grid cell (cells within SPC.domainRadiusKm of a report only,
 * and only the cells of `only` when given), 12 months × thresholds, for gust
 * thresholds in m/s, with one report standing for SPC.footprintKm2.
 */
export function convectiveDailyHazard(
  grid: GridDef,
  reports: readonly GustReport[],
  thresholds: readonly number[],
  years: number,
  only?: ReadonlySet<number>,
): Map<number, Float64Array> {
  const k = thresholds.length;
  const sigma = SPC.kernelSigmaKm;
  const cutoff = SPC.kernelCutoffSigmas * sigma;
  const norm = 1 / (2 * Math.PI * sigma * sigma);
  const density = new Map<number, Float64Array>();
  const nearest = new Map<number, number>();
  const dLat = (cutoff / EARTH_RADIUS_KM) * DEGREES_PER_RADIAN;
  for (const r of reports) {
    let reached = 0;
    while (reached < k && r.gustMs >= thresholds[reached]!) reached++;
    if (reached === 0) continue;
    const dLon = dLat / Math.max(Math.cos((Math.abs(r.latitude) + dLat) * RADIANS_PER_DEGREE), 0.05);
    const i0 = Math.max(0, Math.floor((r.latitude - dLat - grid.lat0) / grid.dlat));
    const i1 = Math.min(grid.nlat - 1, Math.floor((r.latitude + dLat - grid.lat0) / grid.dlat));
    const j0 = Math.floor((r.longitude - dLon - grid.lon0) / grid.dlon);
    const j1 = Math.floor((r.longitude + dLon - grid.lon0) / grid.dlon);
    for (let i = i0; i <= i1; i++) {
      for (let jj = j0; jj <= j1; jj++) {
        const cell = i * grid.nlon + ((jj % grid.nlon) + grid.nlon) % grid.nlon;
        if (only && !only.has(cell)) continue;
        const c = cellCentre(grid, cell);
        const d = distanceKm(r.latitude, r.longitude, c.latitude, c.longitude);
        if (d > cutoff) continue;
        if (d < (nearest.get(cell) ?? Infinity)) nearest.set(cell, d);
        let values = density.get(cell);
        if (!values) density.set(cell, (values = new Float64Array(12 * k)));
        const w = norm * Math.exp((-d * d) / (2 * sigma * sigma));
        for (let j = 0; j < reached; j++) values[r.month * k + j]! += w;
      }
    }
  }
  const season = cycleWeights(12, SPC.seasonSigmaDays, MEAN_DAYS_PER_MONTH);
  const out = new Map<number, Float64Array>();
  for (const [cell, values] of [...density].sort((a, b) => a[0] - b[0])) {
    if (nearest.get(cell)! > SPC.domainRadiusKm) continue;
    const hazard = smoothCycle(values, k, season);
    for (let m = 0; m < 12; m++) {
      for (let j = 0; j < k; j++) hazard[m * k + j] = (hazard[m * k + j]! * SPC.footprintKm2) / years / MEAN_DAYS_IN_MONTH[m]!;
    }
    out.set(cell, hazard);
  }
  return out;
}
