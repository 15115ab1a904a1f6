import { boxSpans, coverFraction, intersectSpans, polygonSpans, type Ring } from '../toolkit/scanlines.js';
import { countrySpans, landCover, loadWorldAtlas } from '../toolkit/world-atlas.js';

/**
 * Land and the two calibration regions (California, mainland Portugal) as
 * covered fractions of the 0.5° cells, from the Natural Earth 1:50m country
 * polygons of world-atlas (toolkit/world-atlas.ts).
 */

/** ISO 3166 numeric codes as used by world-atlas. */
const USA = '840';
const PORTUGAL = '620';

/** Mainland Portugal (ICNF covers neither the Azores nor Madeira). */
const MAINLAND_PORTUGAL_BOX = [-10, 36.8, -6, 42.3] as const;

/**
 * California's statutory land boundary outside the coast and the Mexican border
 * (which the US polygon supplies): 42°N; 120°W from 42°N to 39°N; the oblique line
 * to the Colorado River at 35°N 114.633°W; the river approximated by three
 * segments to Yuma (32.72°N 114.72°W). The western corners lie in the Pacific.
 */
const CALIFORNIA_LINES: Ring = [
  [-126, 42], [-120, 42], [-120, 39], [-114.633, 35], [-114.14, 34.3], [-114.52, 33.03], [-114.72, 32.72],
  [-114.72, 32], [-126, 32],
];

export interface RegionMasks {
  /** Land fraction of each cell. */
  land: Float64Array;
  /** Fraction of each cell inside California / mainland Portugal. */
  california: Float64Array;
  portugal: Float64Array;
}

export function regionMasks(): RegionMasks {
  const topology = loadWorldAtlas();
  const californiaSpans = intersectSpans(countrySpans(topology, USA), polygonSpans([CALIFORNIA_LINES]));
  const portugalSpans = intersectSpans(countrySpans(topology, PORTUGAL), boxSpans(...MAINLAND_PORTUGAL_BOX));
  return {
    land: landCover(topology).land,
    california: coverFraction(californiaSpans),
    portugal: coverFraction(portugalSpans),
  };
}
