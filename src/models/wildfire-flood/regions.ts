import fs from 'node:fs';
import { createRequire } from 'node:module';
import { boxSpans, coverFraction, intersectSpans, polygonSpans, type Ring, type Spans } from './rasterise.js';
import { geometryRings, type Topology } from './topojson.js';

/**
 * Land and calibration-region masks from Natural Earth 1:50m country polygons
 * (npm package world-atlas, public domain data), as covered fractions of the
 * 0.5° cells. The catalogues themselves carry no boundaries.
 */
export const WORLD_ATLAS_FILE = 'world-atlas/countries-50m.json';

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
  /** Land fraction of each cell, the land scanlines and the coastline rings. */
  land: Float64Array;
  landSpans: Spans;
  coastRings: Ring[];
  /** Fraction of each cell inside California / mainland Portugal. */
  california: Float64Array;
  portugal: Float64Array;
  californiaSpans: Spans;
  portugalSpans: Spans;
}

function loadTopology(): Topology {
  const file = createRequire(import.meta.url).resolve(WORLD_ATLAS_FILE);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Topology;
}

function countrySpans(topology: Topology, id: string): Spans {
  const geometry = topology.objects.countries?.geometries?.find((g) => g.id === id);
  if (!geometry) throw new Error(`${WORLD_ATLAS_FILE}: country ${id} missing`);
  return polygonSpans(geometryRings(topology, geometry));
}

export function regionMasks(): RegionMasks {
  const topology = loadTopology();
  const coastRings = topology.objects.land?.geometries?.flatMap((g) => geometryRings(topology, g)) ?? [];
  const landSpans = polygonSpans(coastRings);
  const californiaSpans = intersectSpans(countrySpans(topology, USA), polygonSpans([CALIFORNIA_LINES]));
  const portugalSpans = intersectSpans(countrySpans(topology, PORTUGAL), boxSpans(...MAINLAND_PORTUGAL_BOX));
  return {
    land: coverFraction(landSpans),
    landSpans,
    coastRings,
    california: coverFraction(californiaSpans),
    portugal: coverFraction(portugalSpans),
    californiaSpans,
    portugalSpans,
  };
}
