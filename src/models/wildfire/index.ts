import type { ModelBuilder } from '../types.js';
import { WILDFIRE_SOURCES } from './meta.js';
import { buildWildfire } from './build.js';

/**
 * Builder of the Wildfire table: burn probability of fires > 5 ha from a
 * fire-climate model calibrated on burned area by country, observed in
 * California and mainland Portugal (docs/models/wildfire.md).
 */
export const wildfireBuilder: ModelBuilder = {
  name: 'wildfire',
  perils: ['Wildfire'],
  sources: [...WILDFIRE_SOURCES].sort(),
  async build(ctx) {
    const wildfire = buildWildfire(ctx.sourcesDir, (fraction, label) => ctx.progress(fraction, label));
    ctx.log(`Wildfire: ${wildfire.table.rows} rows, ${wildfire.countries.countries.length} countries calibrated, smoothing ${wildfire.calibration.smoothing.best.sigmaKm} km, model pattern^${wildfire.calibration.smoothing.best.exponent}, season exponent ${wildfire.vpdExponent.exponent}`);
    return [wildfire.table];
  },
};
