import type { ModelBuilder } from './types.js';
import { earthquakeBuilder } from './earthquake/index.js';
import { tropicalCycloneBuilder } from './tropical-cyclone/index.js';
import { severeConvectiveBuilder } from './severe-convective/index.js';
import { weatherBuilder } from './weather/index.js';
import { wildfireBuilder } from './wildfire/index.js';
import { floodBuilder } from './flood/index.js';

/**
 * Every model builder, in build order. TropicalCyclone comes first because the
 * MaxWindGust builder may read its table (BuildContext.built).
 */
export const BUILDERS: readonly ModelBuilder[] = [
  tropicalCycloneBuilder,
  earthquakeBuilder,
  severeConvectiveBuilder,
  weatherBuilder,
  wildfireBuilder,
  floodBuilder,
];
