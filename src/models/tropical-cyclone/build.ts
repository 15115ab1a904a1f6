import { HOURS } from '../../engine/profiles.js';
import type { HazardTable, RateTable } from '../../engine/table-spec.js';
import { assembleRateTable } from '../toolkit/rate-table.js';
import type { BuildContext } from '../types.js';
import { countObservedStorms, type HazardField } from './compute-hazard.js';
import { hazardGrid } from './hazard-grid.js';
import { landMaskOf, readLandCells } from './land-mask.js';
import { tableMeta } from './meta.js';
import { CLIMATOLOGY_PERIODS, SYNTHETIC } from './parameters.js';
import { readAllStorms } from './sources.js';
import { fitGroupModels } from './synthetic/event-set.js';
import { computeSyntheticHazard } from './synthetic/hazard.js';

/**
 * Best tracks → the synthetic event set fitted on them → footprints → rates per
 * cell and threshold → the TropicalCyclone table; coverage and seasons from the observed tracks.
 */
export async function buildTropicalCyclone(ctx: BuildContext): Promise<HazardTable[]> {
  ctx.progress(0, 'reading best tracks');
  const storms = readAllStorms(ctx.sourcesDir);
  const landCells = readLandCells(ctx.sourcesDir);
  const land = landMaskOf(landCells);
  const grid = hazardGrid();
  ctx.progress(0.02, 'fitting the synthetic event set');
  const models = fitGroupModels(storms, land);
  const simulated = new Set(models.map((m) => m.group));
  const tooFew = CLIMATOLOGY_PERIODS.flatMap((p, group) => (simulated.has(group) ? [] : [group]));
  const counted = tooFew.length > 0 ? countObservedStorms(storms, land, grid, { groups: new Set(tooFew) }) : undefined;
  if (counted) ctx.log(`tropical-cyclone: too few storms to simulate ${tooFew.map((g) => CLIMATOLOGY_PERIODS[g]!.group).join(', ')}; their storms are counted`);
  ctx.progress(0.03, 'coverage and seasons from the observed storms');
  const observed = countObservedStorms(storms, land, grid);
  const field = await computeSyntheticHazard(models, observed, landCells, grid, SYNTHETIC.tierYears, { progress: (f, label) => ctx.progress(0.1 + 0.9 * f, label) }, counted);
  const table = rateTable(field);
  const count = (by: Record<string, number> = {}): string => Object.entries(by).map(([g, n]) => `${g} ${n}`).join(', ');
  ctx.log(`tropical-cyclone: ${storms.length} storms read, ${count(field.stormsUsed)} fitted; synthetic footprints ${count(field.syntheticFootprints)}; ${table.rows} rows`);
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
