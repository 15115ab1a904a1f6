import fs from 'node:fs';
import { createRequire } from 'node:module';
import { coverFraction, polygonSpans, type Ring, type Spans } from './scanlines.js';

/**
 * Natural Earth 1:50m land and country polygons from the npm package
 * world-atlas (public domain data; the catalogues themselves carry no
 * boundaries), decoded from TopoJSON and rasterised on the 0.5° grid.
 */
export const WORLD_ATLAS_FILE = 'world-atlas/countries-50m.json';

/**
 * A minimal TopoJSON decoder (Bostock's format: quantised, delta-encoded arcs;
 * a negative arc index ~i means arc i reversed) for the polygon objects of the
 * world-atlas package.
 */
export interface Topology {
  transform?: { scale: [number, number]; translate: [number, number] };
  arcs: number[][][];
  objects: Record<string, { type: string; geometries?: TopoGeometry[] } & Partial<TopoGeometry>>;
}

export interface TopoGeometry {
  type: string;
  id?: string;
  properties?: Record<string, unknown>;
  arcs?: unknown;
}

function decodeArcs(topology: Topology): Array<Array<[number, number]>> {
  const t = topology.transform;
  return topology.arcs.map((arc) => {
    let x = 0;
    let y = 0;
    return arc.map(([dx, dy]) => {
      if (!t) return [dx!, dy!] as [number, number];
      x += dx!;
      y += dy!;
      return [x * t.scale[0] + t.translate[0], y * t.scale[1] + t.translate[1]] as [number, number];
    });
  });
}

function ringOf(arcs: Array<Array<[number, number]>>, indices: number[]): Ring {
  const out: Array<[number, number]> = [];
  for (const index of indices) {
    const arc = index >= 0 ? arcs[index]! : arcs[~index]!.slice().reverse();
    // Consecutive arcs share their joining vertex; keep it once.
    out.push(...(out.length > 0 ? arc.slice(1) : arc));
  }
  return out;
}

/** All rings of a Polygon or MultiPolygon geometry (outer rings and holes) as [lon, lat] vertices. */
export function geometryRings(topology: Topology, geometry: TopoGeometry): Ring[] {
  const arcs = decodeArcs(topology);
  if (geometry.type === 'Polygon') return (geometry.arcs as number[][]).map((r) => ringOf(arcs, r));
  if (geometry.type === 'MultiPolygon') return (geometry.arcs as number[][][]).flatMap((p) => p.map((r) => ringOf(arcs, r)));
  return [];
}

export function loadWorldAtlas(): Topology {
  const file = createRequire(import.meta.url).resolve(WORLD_ATLAS_FILE);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Topology;
}

/** Scanline spans of one country (ISO 3166 numeric code, as world-atlas ids them). */
export function countrySpans(topology: Topology, id: string): Spans {
  const geometry = topology.objects.countries?.geometries?.find((g) => g.id === id);
  if (!geometry) throw new Error(`${WORLD_ATLAS_FILE}: country ${id} missing`);
  return polygonSpans(geometryRings(topology, geometry));
}

export interface LandCover {
  /** Land fraction of each 0.5° cell. */
  land: Float64Array;
  /** The land scanlines and the coastline rings. */
  landSpans: Spans;
  coastRings: Ring[];
}

export function landCover(topology: Topology = loadWorldAtlas()): LandCover {
  const coastRings = topology.objects.land?.geometries?.flatMap((g) => geometryRings(topology, g)) ?? [];
  const landSpans = polygonSpans(coastRings);
  return { land: coverFraction(landSpans), landSpans, coastRings };
}
