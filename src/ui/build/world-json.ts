import { worldOutline } from '../../geo/world-outline.js';

/**
 * The world map the location explorer draws: Natural Earth 1:50m land and
 * country borders, converted once at build time by src/geo/world-outline.ts
 * to SVG path data in degree space (x = longitude, y = −latitude). The
 * browser scales that space for the place's latitude, so one file serves
 * every view and nothing is fetched from a tile server.
 */
export interface WorldMapData {
  source: string;
  /** Path units per degree. */
  units_per_degree: number;
  land: string;
  borders: string;
}

/**
 * Path units are hundredths of a degree (about 1 km, below what 1:50m data
 * resolves), written as integer steps from the previous point: a third of the
 * size of absolute decimal coordinates.
 */
export const UNITS_PER_DEGREE = 100;

export function worldMapData(): WorldMapData {
  const { land, borders } = worldOutline({ resolution: '50m', unitsPerDegree: UNITS_PER_DEGREE, separator: 'spaced' });
  return { source: 'Natural Earth 1:50m via world-atlas 2', units_per_degree: UNITS_PER_DEGREE, land, borders };
}
