import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Feature, FeatureCollection, MultiLineString, Position } from 'geojson';

/**
 * The one converter from the installed world-atlas TopoJSON (Natural Earth
 * 1:110m or 1:50m) to SVG path data: land outlines and the borders between
 * two countries (coastlines come from the land), via topojson-client.
 * Coordinates are in degree space, x = longitude and y = −latitude, times
 * `unitsPerDegree` and rounded to integers. Each ring or line is a subpath
 * "M x y l dx dy …" of integer steps from the previous point (closed rings
 * end in "z"); points that round onto the previous one are dropped, and so is
 * a subpath left with a single point. Callers: the batch report's inline map
 * (src/reports/html/outline-map.ts) and the web UI's world.json
 * (src/ui/build/world-json.ts).
 */
export type AtlasResolution = '110m' | '50m';

export interface WorldOutlineOptions {
  resolution: AtlasResolution;
  /** Path units per degree. */
  unitsPerDegree: number;
  /**
   * How numbers are separated: 'compact' writes no space before a negative
   * number ("l3-2-1 4"), 'spaced' a space between every two ("l3 -2 -1 4").
   * Both are valid SVG path data; each caller keeps the form it always had.
   */
  separator: 'compact' | 'spaced';
}

export interface WorldOutline {
  land: string;
  borders: string;
}

interface Topology {
  objects: Record<string, unknown>;
}

/** The two topojson-client calls used here (the package ships no types; shapes from its README). */
interface TopojsonClient {
  /** TopoJSON object → GeoJSON Feature or FeatureCollection. */
  feature(topology: Topology, object: unknown): Feature | FeatureCollection;
  /** Shared arcs of an object as one MultiLineString; `filter(a, b)` picks the arcs kept. */
  mesh(topology: Topology, object: unknown, filter?: (a: unknown, b: unknown) => boolean): MultiLineString;
}

const require = createRequire(import.meta.url);
const topojson = require('topojson-client') as TopojsonClient;

function readAtlas(name: string): Topology {
  return JSON.parse(fs.readFileSync(require.resolve(`world-atlas/${name}`), 'utf8')) as Topology;
}

export function worldOutline(options: WorldOutlineOptions): WorldOutline {
  const land = readAtlas(`land-${options.resolution}.json`);
  const countries = readAtlas(`countries-${options.resolution}.json`);
  const landGeo = topojson.feature(land, land.objects.land);
  const rings: Position[][] = [];
  for (const feature of landGeo.type === 'FeatureCollection' ? landGeo.features : [landGeo]) {
    const g = feature.geometry;
    if (g.type === 'Polygon') rings.push(...g.coordinates);
    else if (g.type === 'MultiPolygon') for (const polygon of g.coordinates) rings.push(...polygon);
  }
  const borders = topojson.mesh(countries, countries.objects.countries, (a, b) => a !== b);
  return { land: outlinePath(rings, true, options), borders: outlinePath(borders.coordinates, false, options) };
}

/** Rings (closed) or lines → path data, as described above. */
export function outlinePath(lines: Position[][], closed: boolean, options: Pick<WorldOutlineOptions, 'unitsPerDegree' | 'separator'>): string {
  const compact = options.separator === 'compact';
  const parts: string[] = [];
  for (const line of lines) {
    const points = quantise(line, options.unitsPerDegree);
    // A closed ring repeats its first point, so it keeps 1 or at least 3 points.
    if (points.length < (closed ? 3 : 2)) continue;
    const [x0, y0] = points[0]!;
    let d = `M${x0} ${y0}l`;
    for (let i = 1; i < points.length; i++) {
      const dx = points[i]![0] - points[i - 1]![0];
      const dy = points[i]![1] - points[i - 1]![1];
      d += compact ? `${i === 1 || dx < 0 ? '' : ' '}${dx}${dy < 0 ? '' : ' '}${dy}` : `${i === 1 ? '' : ' '}${dx} ${dy}`;
    }
    parts.push(closed ? `${d}z` : d);
  }
  return parts.join('');
}

function quantise(line: Position[], unitsPerDegree: number): [number, number][] {
  const out: [number, number][] = [];
  for (const [lon, lat] of line) {
    const x = Math.round(lon! * unitsPerDegree);
    const y = Math.round(-lat! * unitsPerDegree);
    const last = out[out.length - 1];
    if (!last || last[0] !== x || last[1] !== y) out.push([x, y]);
  }
  return out;
}
