import type { ModelBuilder } from './types.js';
import { earthquakeBuilder } from './earthquake/index.js';
import { severeConvectiveBuilder } from './severe-convective/index.js';

/**
 * Every model builder, in build order. TropicalCyclone comes first because the
 * MaxWindGust builder may read its table (BuildContext.built).
 */
export const BUILDERS: readonly ModelBuilder[] = [earthquakeBuilder, severeConvectiveBuilder];
