import type { GridDef } from '../../engine/table-spec.js';
import type { Quake } from './sources.js';
import { RECURRENCE } from './parameters.js';
import { forCellsWithin } from './smoothing.js';

export interface MmaxRule {
  mmaxRadiusKm: number;
  mmaxIncrement: number;
  mmaxFloor: number;
  mmaxCeiling: number;
  binWidth: number;
}

/**
 * Maximum magnitude per source cell: the largest Mw in the whole merged
 * catalogue (all years, foreshocks and aftershocks included) within
 * `mmaxRadiusKm` of the cell centre, plus `mmaxIncrement`, clamped to
 * [floor, ceiling] and rounded to the integration's magnitude bins.
 */
export function mmaxGrid(grid: GridDef, quakes: readonly Quake[], rule: MmaxRule = RECURRENCE): Float64Array {
  const observed = new Float64Array(grid.nlat * grid.nlon).fill(-Infinity);
  for (const q of quakes) {
    forCellsWithin(grid, q.latitude, q.longitude, rule.mmaxRadiusKm, (cell) => {
      if (q.mw > observed[cell]!) observed[cell] = q.mw;
    });
  }
  return observed.map((m) => {
    const raw = Math.min(rule.mmaxCeiling, Math.max(rule.mmaxFloor, m + rule.mmaxIncrement));
    return Math.round(raw / rule.binWidth) * rule.binWidth;
  });
}
