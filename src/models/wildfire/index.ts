import type { ModelBuilder } from '../types.js';
import { WILDFIRE_SOURCES } from './meta.js';
import { buildWildfire } from './table.js';

/**
 * Builder of the Wildfire table: burn probability of fires > 5 ha, observed in
 * California and mainland Portugal and extended by a climate model
 * (docs/models/wildfire.md).
 */
export const wildfireBuilder: ModelBuilder = {
  name: 'wildfire',
  perils: ['Wildfire'],
  sources: [...WILDFIRE_SOURCES].sort(),
  async build(ctx) {
    const wildfire = buildWildfire(ctx.sourcesDir, (fraction, label) => ctx.progress(fraction, label));
    ctx.log(`Wildfire: ${wildfire.table.rows} rows, smoothing ${wildfire.calibration.bandwidth.sigmaKm} km, VPD exponent ${wildfire.vpdExponent.exponent}`);
    return [wildfire.table];
  },
};
