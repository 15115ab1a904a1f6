import type { Ring } from './rasterise.js';

/**
 * A minimal TopoJSON decoder (Bostock's format: quantised, delta-encoded arcs;
 * a negative arc index ~i means arc i reversed) for the polygon objects of the
 * world-atlas package. Returns every ring of a geometry as [lon, lat] vertices.
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

/** All rings of a Polygon or MultiPolygon geometry (outer rings and holes). */
export function geometryRings(topology: Topology, geometry: TopoGeometry): Ring[] {
  const arcs = decodeArcs(topology);
  if (geometry.type === 'Polygon') return (geometry.arcs as number[][]).map((r) => ringOf(arcs, r));
  if (geometry.type === 'MultiPolygon') return (geometry.arcs as number[][][]).flatMap((p) => p.map((r) => ringOf(arcs, r)));
  return [];
}
