import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Position } from 'geojson';
import topojson from 'topojson-client';

/**
 * The report's inline world map: Natural Earth 1:110m land and country
 * borders from the installed `world-atlas` TopoJSON, converted with
 * `topojson-client`, projected equirectangularly and quantised to 0.1°
 * (x = 10 × longitude, y = −10 × latitude, in integer SVG units), written as
 * relative path commands. Built once per process and reused by every report.
 */
export const MAP_SCALE = 10;
/** SVG viewBox of the whole world in map units. */
export const MAP_VIEWBOX = { x: -180 * MAP_SCALE, y: -90 * MAP_SCALE, width: 360 * MAP_SCALE, height: 180 * MAP_SCALE } as const;

export interface WorldPaths {
  land: string;
  borders: string;
}

let cached: WorldPaths | null = null;

export function worldPaths(): WorldPaths {
  cached ??= buildWorldPaths();
  return cached;
}

function buildWorldPaths(): WorldPaths {
  const require = createRequire(import.meta.url);
  const read = (name: string): { objects: Record<string, unknown> } => JSON.parse(fs.readFileSync(require.resolve(`world-atlas/${name}`), 'utf8'));
  const land = read('land-110m.json');
  const countries = read('countries-110m.json');
  const landGeo = topojson.feature(land, land.objects.land);
  const rings: Position[][] = [];
  for (const feature of 'features' in landGeo ? landGeo.features : [landGeo]) {
    const g = feature.geometry;
    if (g.type === 'Polygon') rings.push(...g.coordinates);
    else if (g.type === 'MultiPolygon') for (const polygon of g.coordinates) rings.push(...polygon);
  }
  const borders = topojson.mesh(countries, countries.objects.countries, (a, b) => a !== b);
  return { land: pathData(rings, true), borders: pathData(borders.coordinates, false) };
}

/** Rings or lines → "M x y l dx dy …" with integer map units, dropping repeated points. */
function pathData(lines: Position[][], closed: boolean): string {
  const parts: string[] = [];
  for (const line of lines) {
    const points = quantise(line);
    if (points.length < (closed ? 3 : 2)) continue;
    const [x0, y0] = points[0]!;
    let d = `M${x0} ${y0}l`;
    for (let i = 1; i < points.length; i++) {
      const dx = points[i]![0] - points[i - 1]![0];
      const dy = points[i]![1] - points[i - 1]![1];
      d += `${i === 1 || dx < 0 ? '' : ' '}${dx}${dy < 0 ? '' : ' '}${dy}`;
    }
    parts.push(closed ? `${d}z` : d);
  }
  return parts.join('');
}

function quantise(line: Position[]): [number, number][] {
  const out: [number, number][] = [];
  for (const [lon, lat] of line) {
    const x = Math.round(lon! * MAP_SCALE);
    const y = Math.round(-lat! * MAP_SCALE);
    const last = out[out.length - 1];
    if (!last || last[0] !== x || last[1] !== y) out.push([x, y]);
  }
  return out;
}
