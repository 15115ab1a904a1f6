/**
 * Severe convective storms over the contiguous US: USTornado and Tornado (the same
 * path-area model from SPC tracks) and Hail (SPC reports with a swath-area
 * assumption). Methods: docs/models/us-tornado.md, tornado.md, hail.md. The
 * pipeline is build.ts.
 */
import type { ModelBuilder } from '../types.js';
import { buildSevereConvective } from './build.js';
import { spcFolders } from './sources.js';

export const severeConvectiveBuilder: ModelBuilder = {
  name: 'severe-convective',
  perils: ['Hail', 'USTornado', 'Tornado'],
  sources: spcFolders('tornado'),
  build: buildSevereConvective,
};
