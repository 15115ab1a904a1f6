/**
 * TropicalCyclone: annual rates of site sustained wind ≥ each Saffir–Simpson
 * threshold from a synthetic event set fitted on the historical best tracks
 * (synthetic/) and a parametric wind field (docs/models/tropical-cyclone.md).
 * The pipeline is build.ts.
 */
import type { ModelBuilder } from '../types.js';
import { buildTropicalCyclone } from './build.js';
import { TC_SOURCES } from './meta.js';

export const tropicalCycloneBuilder: ModelBuilder = {
  name: 'tropical-cyclone',
  perils: ['TropicalCyclone'],
  sources: TC_SOURCES,
  build: buildTropicalCyclone,
};
