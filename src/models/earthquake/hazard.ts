import type { GridDef } from '../../engine/table-spec.js';
import { cellCentre } from '../../engine/grid.js';
import { cutoffKm, sourceResponse, type ExceedanceTables } from './exceedance-tables.js';
import { COMPLETENESS, INTEGRATION, RECURRENCE } from './parameters.js';
import { forCellsWithin } from './smoothing.js';

/** The smoothed-seismicity source model on a grid. */
export interface SourceModel {
  grid: GridDef;
  /** Per depth class, per cell: annual rate of M ≥ mRef (the lowest completeness class). */
  rateByDepthClass: Float64Array[];
  /** Per cell: maximum magnitude (on the bin grid). */
  mmax: Float64Array;
}

/**
 * Rate of M ≥ mMin implied by the rate of M ≥ mRef under the truncated
 * Gutenberg–Richter law ending at mmax: N(≥m) ∝ 10^(−b(m−mRef)) − 10^(−b(mmax−mRef)).
 */
export function rateAboveMinimum(rateAboveRef: number, mmax: number, b: number = RECURRENCE.bValue, mRef: number = COMPLETENESS.classes[0].from): number {
  const tail = 10 ** (-b * (mmax - mRef));
  return (rateAboveRef * (10 ** (b * (mRef - RECURRENCE.mMin)) - tail)) / (1 - tail);
}

/**
 * Classical PSHA sum λ_k(site) = Σ_sources Σ_M ν(M) P(IM ≥ x_k | M, R) over
 * every source cell and depth class, for the sites given by `siteRow` (cell →
 * row, −1 = not a site). Sources are visited in cell order; each adds to the
 * sites within its cutoff distance. Returns rows × K annual rates.
 */
export function integrateHazard(
  model: SourceModel,
  tables: ExceedanceTables,
  siteRow: Int32Array,
  rows: number,
  progress: (fraction: number) => void = () => {},
): Float64Array {
  const k = tables.thresholds.length;
  const rates = new Float64Array(rows * k);
  const responses = new Map<string, Float64Array>();
  const response = (depthClass: number, mmax: number): Float64Array => {
    const key = `${depthClass}:${mmax.toFixed(2)}`;
    let r = responses.get(key);
    if (!r) responses.set(key, (r = sourceResponse(tables, depthClass, mmax)));
    return r;
  };
  const cells = model.grid.nlat * model.grid.nlon;
  const layers: { nu: number; table: Float64Array }[] = [];
  const step = tables.stepKm;
  for (let cell = 0; cell < cells; cell++) {
    if (cell % 20000 === 0) progress(cell / cells);
    const mmax = model.mmax[cell]!;
    layers.length = 0;
    model.rateByDepthClass.forEach((rate, depthClass) => {
      const nu = rateAboveMinimum(rate[cell]!, mmax);
      if (nu >= INTEGRATION.minSourceRate) layers.push({ nu, table: response(depthClass, mmax) });
    });
    if (layers.length === 0) continue;
    const { latitude, longitude } = cellCentre(model.grid, cell);
    forCellsWithin(model.grid, latitude, longitude, cutoffKm(mmax), (site, km) => {
      const row = siteRow[site]!;
      if (row < 0) return;
      const x = km / step;
      const node = Math.min(Math.floor(x), tables.nodes - 2);
      const frac = x - node;
      const out = row * k;
      for (const { nu, table } of layers) {
        const a = node * k;
        const b = a + k;
        for (let j = 0; j < k; j++) rates[out + j]! += nu * (table[a + j]! + frac * (table[b + j]! - table[a + j]!));
      }
    });
  }
  progress(1);
  return rates;
}
