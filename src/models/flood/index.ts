import type { ModelBuilder } from '../types.js';
import { FLOOD_SOURCES } from './meta.js';
import { rainTable } from './rain-table.js';
import { buildFlood } from './build.js';

/**
 * Builder of the FloodLivePlus table: DFO large-flood frequency over
 * HAND-style terrain, behind protection standards, plus heavy-rain flooding
 * from the Rain table (docs/models/flood-live-plus.md).
 */
export const floodBuilder: ModelBuilder = {
  name: 'flood',
  perils: ['FloodLivePlus'],
  sources: [...FLOOD_SOURCES].sort(),
  async build(ctx) {
    const rain = await rainTable(ctx);
    const flood = buildFlood(ctx.sourcesDir, rain, (fraction, label) => ctx.progress(fraction, label));
    ctx.log(`FloodLivePlus: ${flood.table.rows} rows, ${flood.events} DFO events over ${flood.recordYears.toFixed(1)} years, low land filled ${(100 * flood.filledShare).toFixed(1)} %`);
    return [flood.table];
  },
};
