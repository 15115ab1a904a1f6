import { cellCentre } from '../../engine/grid.js';
import { cellAreaKm2 } from '../toolkit/half-degree.js';
import { cutoffKm, sourceResponse, type ExceedanceTables } from './exceedance-tables.js';
import { COMPLETENESS, INTEGRATION, LAYERS, RECURRENCE } from './parameters.js';
import type { SourceModel } from './source-model.js';
import { forCellsWithin } from './smoothing.js';

/**
 * Rate of M ≥ mMin implied by the rate of M ≥ mRef under the truncated
 * Gutenberg–Richter law ending at mmax: N(≥m) ∝ 10^(−b(m−mRef)) − 10^(−b(mmax−mRef)).
 */
export function rateAboveMinimum(rateAboveRef: number, mmax: number, b: number = RECURRENCE.bValue, mRef: number = COMPLETENESS.classes[0].from): number {
  const tail = 10 ** (-b * (mmax - mRef));
  return (rateAboveRef * (10 ** (b * (mRef - RECURRENCE.mMin)) - tail)) / (1 - tail);
}

/**
 * Distances (km) standing for a source spread over the site's own cell: the
 * centres of INTEGRATION.ownCellRings rings of equal area of the disc with the
 * cell's area, so a site is not placed at zero distance from its own cell's
 * seismicity (each ring carries an equal share).
 */
export function ownCellDistancesKm(cell: number): number[] {
  const radius = Math.sqrt(cellAreaKm2(cell) / Math.PI);
  const n = INTEGRATION.ownCellRings;
  return Array.from({ length: n }, (_, i) => radius * Math.sqrt((i + 0.5) / n));
}

/**
 * Classical PSHA sum λ_k(site) = Σ_sources Σ_M ν(M) P(IM ≥ x_k | M, R) over
 * every source cell and layer, for the sites given by `siteRow` (cell → row,
 * −1 = not a site). Sources are visited in cell order; each adds to the sites
 * within its layer's cutoff distance. Returns rows × K annual rates.
 */
export function integrateHazard(model: SourceModel, tables: ExceedanceTables, siteRow: Int32Array, rows: number, progress: (fraction: number) => void = () => {}): Float64Array {
  const k = tables.thresholds.length;
  const rates = new Float64Array(rows * k);
  const responses = new Map<string, Float64Array>();
  const response = (layer: number, mmax: number): Float64Array => {
    const key = `${layer}:${mmax.toFixed(2)}`;
    let r = responses.get(key);
    if (!r) responses.set(key, (r = sourceResponse(tables, layer, mmax, model.bByLayer[layer])));
    return r;
  };
  const cells = model.grid.nlat * model.grid.nlon;
  const step = tables.stepKm;
  const add = (out: number, nu: number, table: Float64Array, nodes: number, km: number, share: number): void => {
    const x = km / step;
    const node = Math.min(Math.floor(x), nodes - 2);
    const frac = x - node;
    const a = node * k;
    for (let j = 0; j < k; j++) rates[out + j]! += share * nu * (table[a + j]! + frac * (table[a + k + j]! - table[a + j]!));
  };
  for (let cell = 0; cell < cells; cell++) {
    if (cell % 20000 === 0) progress(cell / cells);
    const { latitude, longitude } = cellCentre(model.grid, cell);
    for (let layer = 0; layer < LAYERS.length; layer++) {
      const mmax = model.mmaxByLayer[layer]![cell]!;
      const nu = rateAboveMinimum(model.rateByLayer[layer]![cell]!, mmax, model.bByLayer[layer]);
      if (!(nu >= INTEGRATION.minSourceRate)) continue;
      const table = response(layer, mmax);
      const nodes = tables.nodes[layer]!;
      forCellsWithin(model.grid, latitude, longitude, cutoffKm(mmax, layer), (site, km) => {
        const row = siteRow[site]!;
        if (row < 0) return;
        if (site !== cell) return add(row * k, nu, table, nodes, km, 1);
        const rings = ownCellDistancesKm(cell);
        for (const r of rings) add(row * k, nu, table, nodes, r, 1 / rings.length);
      });
    }
  }
  progress(1);
  return rates;
}
