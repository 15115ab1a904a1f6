import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Feature, FeatureCollection, Geometry, Position } from 'geojson';
import topojson from 'topojson-client';

/**
 * The world map the location explorer draws: Natural Earth 1:50m land and
 * country borders from the installed world-atlas package, converted once at
 * build time to SVG path data in degree space (x = longitude, y = −latitude).
 * The browser scales that space for the place's latitude, so one file serves
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

const require = createRequire(import.meta.url);

/** One subpath per ring or line; points that round onto the previous one are dropped. */
function subpath(line: Position[], closed: boolean): string {
  const steps: string[] = [];
  let start = '';
  let x = 0;
  let y = 0;
  for (const [lon, lat] of line) {
    const px = Math.round(lon! * UNITS_PER_DEGREE);
    const py = Math.round(-lat! * UNITS_PER_DEGREE);
    if (start === '') start = `M${px} ${py}`;
    else if (px !== x || py !== y) steps.push(`${px - x} ${py - y}`);
    x = px;
    y = py;
  }
  if (steps.length === 0) return '';
  return `${start}l${steps.join(' ')}${closed ? 'z' : ''}`;
}

function geometryPath(geometry: Geometry): string {
  switch (geometry.type) {
    case 'Polygon':
      return geometry.coordinates.map((ring) => subpath(ring, true)).join('');
    case 'MultiPolygon':
      return geometry.coordinates.flatMap((polygon) => polygon.map((ring) => subpath(ring, true))).join('');
    case 'LineString':
      return subpath(geometry.coordinates, false);
    case 'MultiLineString':
      return geometry.coordinates.map((line) => subpath(line, false)).join('');
    default:
      return '';
  }
}

function features(value: Feature | FeatureCollection): Feature[] {
  return value.type === 'FeatureCollection' ? value.features : [value];
}

export function worldMapData(): WorldMapData {
  const land = JSON.parse(fs.readFileSync(require.resolve('world-atlas/land-50m.json'), 'utf8'));
  const countries = JSON.parse(fs.readFileSync(require.resolve('world-atlas/countries-50m.json'), 'utf8'));
  const landPath = features(topojson.feature(land, land.objects.land))
    .map((f) => geometryPath(f.geometry))
    .join('');
  // Borders between two countries only; coastlines come from the land outline.
  const borders = topojson.mesh(countries, countries.objects.countries, (a, b) => a !== b);
  return { source: 'Natural Earth 1:50m via world-atlas 2', units_per_degree: UNITS_PER_DEGREE, land: landPath, borders: geometryPath(borders) };
}
