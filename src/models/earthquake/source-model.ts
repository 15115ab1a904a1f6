import type { GridDef } from '../../engine/table-spec.js';
import type { Quake } from './sources.js';
import { effectiveYears, isComplete } from './completeness.js';
import { depthClassOf } from './exceedance-tables.js';
import type { SourceModel } from './hazard.js';
import { mmaxGrid } from './mmax.js';
import { DEPTH_CLASSES } from './parameters.js';
import { smoothCounts } from './smoothing.js';

export interface SourceModelStats {
  mainshocks: number;
  completeMainshocks: number;
  effectiveYears: number;
  /** Global annual rate of M ≥ mRef (sum over all cells and depth classes). */
  globalRateAboveRef: number;
}

/**
 * Smoothed-seismicity sources: the complete declustered mainshocks are
 * smoothed per depth class (Helmstetter et al. 2007 kernel) and divided by the
 * effective observation time T_eff, giving per-cell annual rates of M ≥ mRef;
 * Mmax comes from the full merged catalogue.
 */
export function buildSourceModel(grid: GridDef, merged: readonly Quake[], mainshocks: readonly Quake[]): { model: SourceModel; stats: SourceModelStats } {
  const complete = mainshocks.filter((q) => isComplete(q));
  const points = complete.map((q) => ({ latitude: q.latitude, longitude: q.longitude, layer: depthClassOf(q.depthKm) }));
  const years = effectiveYears();
  const rateByDepthClass = smoothCounts(grid, points, DEPTH_CLASSES.length).map((counts) => counts.map((c) => c / years));
  const model = { grid, rateByDepthClass, mmax: mmaxGrid(grid, merged) };
  const globalRateAboveRef = rateByDepthClass.reduce((sum, layer) => sum + layer.reduce((s, v) => s + v, 0), 0);
  return {
    model,
    stats: { mainshocks: mainshocks.length, completeMainshocks: complete.length, effectiveYears: years, globalRateAboveRef },
  };
}
