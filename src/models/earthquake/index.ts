/** Earthquake: a small classical PSHA on smoothed ISC-GEM + ComCat seismicity (docs/models/earthquake.md). */
import type { ModelBuilder } from '../types.js';
import { buildEarthquake } from './build.js';
import { EARTHQUAKE_SOURCES } from './meta.js';

export const earthquakeBuilder: ModelBuilder = {
  name: 'earthquake',
  perils: ['Earthquake'],
  sources: EARTHQUAKE_SOURCES,
  async build(ctx) {
    // Checked by the assembler; monotone within each scale (MMI, then PGA), as checkTable tests per scale.
    const { table, merge, sources } = buildEarthquake(ctx.sourcesDir, (f, label) => ctx.progress(f, label));
    ctx.log(
      `earthquake: ${merge.merged} events after merging (${merge.duplicates} duplicates), ${sources.mainshocks} mainshocks, ` +
        `${sources.completeMainshocks} complete; ${table.rows} rows`,
    );
    return [table];
  },
};
