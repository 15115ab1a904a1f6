import type { ModelBuilder } from '../types.js';
import { buildFlood, FLOOD_SOURCES } from './flood-table.js';
import { loadSharedInputs } from './shared-inputs.js';
import { buildWildfire, WILDFIRE_SOURCES } from './wildfire-table.js';

/**
 * Builder of the two heuristic rate perils: Wildfire (burn probability of
 * fires > 5 ha, docs/models/wildfire.md) and FloodLivePlus (DFO large-flood
 * frequency × inundation share × depth, docs/models/flood-live-plus.md).
 */
export const wildfireFloodBuilder: ModelBuilder = {
  name: 'wildfire-flood',
  perils: ['Wildfire', 'FloodLivePlus'],
  sources: [...new Set([...WILDFIRE_SOURCES, ...FLOOD_SOURCES])].sort(),
  async build(ctx) {
    ctx.progress(0, 'masks and climate');
    const inputs = loadSharedInputs(ctx.sourcesDir);
    const wildfire = buildWildfire(inputs, (f, label) => ctx.progress(0.1 + 0.45 * f, label));
    ctx.log(`Wildfire: ${wildfire.table.rows} rows, smoothing ${wildfire.calibration.bandwidth.sigmaKm} km, VPD exponent ${wildfire.vpdExponent.exponent}`);
    const flood = buildFlood(inputs, (f, label) => ctx.progress(0.55 + 0.45 * f, label));
    ctx.log(`FloodLivePlus: ${flood.table.rows} rows, ${flood.events} DFO events over ${flood.recordYears.toFixed(1)} years`);
    return [wildfire.table, flood.table];
  },
};

export default wildfireFloodBuilder;
