import type { ModelBuilder } from '../types.js';
import { FLOOD_SOURCES } from './meta.js';
import { buildFlood } from './table.js';

/**
 * Builder of the FloodLivePlus table: DFO large-flood frequency × inundation
 * share × depth (docs/models/flood-live-plus.md).
 */
export const floodBuilder: ModelBuilder = {
  name: 'flood',
  perils: ['FloodLivePlus'],
  sources: [...FLOOD_SOURCES].sort(),
  async build(ctx) {
    const flood = buildFlood(ctx.sourcesDir, (fraction, label) => ctx.progress(fraction, label));
    ctx.log(`FloodLivePlus: ${flood.table.rows} rows, ${flood.events} DFO events over ${flood.recordYears.toFixed(1)} years`);
    return [flood.table];
  },
};
