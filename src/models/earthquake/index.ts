import type { ModelBuilder } from '../types.js';
import { buildEarthquake } from './build.js';
import { checkTable } from '../../engine/table-spec.js';

/** Earthquake: a small classical PSHA on smoothed ISC-GEM + ComCat seismicity (docs/models/earthquake.md). */
export const earthquakeBuilder: ModelBuilder = {
  name: 'earthquake',
  perils: ['Earthquake'],
  sources: ['isc-gem', 'usgs-comcat', 'etopo'],
  async build(ctx) {
    const started = performance.now();
    const { table, merge, sources } = buildEarthquake(ctx.sourcesDir, (f, label) => ctx.progress(f, label));
    ctx.log(
      `earthquake: ${merge.merged} events after merging (${merge.duplicates} duplicates), ${sources.mainshocks} mainshocks, ` +
        `${sources.completeMainshocks} complete; ${table.rows} rows in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    // Monotone within each scale (MMI, then PGA): checkTable tests per scale.
    checkTable(table);
    return [table];
  },
};

export default earthquakeBuilder;
