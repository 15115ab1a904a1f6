/**
 * TropicalCyclone: annual rates of site sustained wind ≥ each Saffir–Simpson
 * threshold from historical best tracks and a parametric wind field
 * (docs/models/tropical-cyclone.md).
 */
import type { ModelBuilder } from '../types.js';
import { computeHazard } from './compute-hazard.js';
import { hazardGrid } from './hazard-grid.js';
import { readLandMask } from './land-mask.js';
import { TC_SOURCES, tableMeta } from './meta.js';
import { assembleTable } from './table.js';
import { readAllStorms } from './tracks.js';

export const tropicalCycloneBuilder: ModelBuilder = {
  name: 'tropical-cyclone',
  perils: ['TropicalCyclone'],
  sources: TC_SOURCES,
  async build(ctx) {
    const started = performance.now();
    ctx.progress(0, 'reading best tracks');
    const storms = readAllStorms(ctx.sourcesDir);
    const land = readLandMask(ctx.sourcesDir);
    ctx.progress(0.05, 'footprints');
    const field = computeHazard(storms, land, hazardGrid(), { progress: (f, label) => ctx.progress(0.05 + 0.9 * f, label) });
    const table = assembleTable(field, tableMeta(field));
    ctx.log(
      `tropical-cyclone: ${storms.length} storms read, ${Object.entries(field.stormsUsed).map(([g, n]) => `${g} ${n}`).join(', ')} used; ` +
        `${table.rows} rows in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    return [table];
  },
};

export default tropicalCycloneBuilder;
