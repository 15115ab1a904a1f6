import { worldOutline, type WorldOutline } from '../../geo/world-outline.js';

/**
 * The report's inline world map: Natural Earth 1:110m land and country
 * borders at 0.1° (x = 10 × longitude, y = −10 × latitude, integer SVG
 * units), converted by src/geo/world-outline.ts. Built once per process and
 * reused by every report.
 */
export const MAP_SCALE = 10;
/** SVG viewBox of the whole world in map units. */
export const MAP_VIEWBOX = { x: -180 * MAP_SCALE, y: -90 * MAP_SCALE, width: 360 * MAP_SCALE, height: 180 * MAP_SCALE } as const;

let cached: WorldOutline | null = null;

export function worldPaths(): WorldOutline {
  cached ??= worldOutline({ resolution: '110m', unitsPerDegree: MAP_SCALE, separator: 'compact' });
  return cached;
}
