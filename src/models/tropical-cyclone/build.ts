import { HOURS } from '../../engine/profiles.js';
import type { HazardTable, RateTable } from '../../engine/table-spec.js';
import { assembleRateTable } from '../toolkit/rate-table.js';
import type { BuildContext } from '../types.js';
import { computeHazard, type HazardField } from './compute-hazard.js';
import { hazardGrid } from './hazard-grid.js';
import { readLandMask } from './land-mask.js';
import { tableMeta } from './meta.js';
import { readAllStorms } from './sources.js';

/** Best tracks → footprints → rates per cell and threshold → the TropicalCyclone table. */
export async function buildTropicalCyclone(ctx: BuildContext): Promise<HazardTable[]> {
  ctx.progress(0, 'reading best tracks');
  const storms = readAllStorms(ctx.sourcesDir);
  const land = readLandMask(ctx.sourcesDir);
  ctx.progress(0.05, 'footprints');
  const field = computeHazard(storms, land, hazardGrid(), { progress: (f, label) => ctx.progress(0.05 + 0.9 * f, label) });
  const table = rateTable(field);
  ctx.log(`tropical-cyclone: ${storms.length} storms read, ${Object.entries(field.stormsUsed).map(([g, n]) => `${g} ${n}`).join(', ')} used; ${table.rows} rows`);
  return [table];
}

/**
 * Covered cells get a data row (cells whose rates are all zero share one),
 * uncovered cells −1; one season profile per tile, one uniform diurnal profile.
 */
export function rateTable(field: HazardField): RateTable {
  const k = field.thresholdsKt.length;
  const covered: number[] = [];
  field.covered.forEach((c, cell) => c === 1 && covered.push(cell));
  return assembleRateTable({
    peril: 'TropicalCyclone',
    grid: field.grid,
    thresholds: k,
    covered,
    ratesOf: (cell, out) => out.set(field.rates.subarray(cell * k, (cell + 1) * k)),
    seasonOf: (cell) => field.seasons.profileOfCell[cell]!,
    seasonWeights: field.seasons.weights,
    diurnalShares: new Float64Array(HOURS).fill(1 / HOURS),
    rowSharing: 'zeros',
    meta: tableMeta(field),
  });
}
