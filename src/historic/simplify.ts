/**
 * Douglas–Peucker simplification of contoured footprints, kept only when it
 * stays valid. Marching squares puts about one vertex in every grid cell the
 * boundary crosses; most are redundant along smooth arcs and straight swath
 * edges, and dropping them makes footprints 3–5 times smaller. A simplified
 * ring that degenerates or flips orientation keeps its original, and if any
 * two edges of the simplified footprint cross or touch, the whole original is
 * kept: the output is never less valid than the input.
 */
import { ringArea, type PolygonCoords, type Position, type Ring } from './contour.js';

export function simplifyPolygons(polygons: PolygonCoords[], tolerance: number): PolygonCoords[] {
  const simplified = polygons.map((rings) => rings.map((ring) => simplifyRing(ring, tolerance)));
  return hasCrossings(simplified) ? polygons : simplified;
}

function simplifyRing(ring: Ring, tolerance: number): Ring {
  const n = ring.length - 1;
  if (n < 8) return ring;
  // Anchor the closed ring at its first point and the point farthest from it.
  let far = 1;
  for (let k = 2; k < n; k++) if (distance2(ring[0]!, ring[k]!) > distance2(ring[0]!, ring[far]!)) far = k;
  const keep = new Uint8Array(n + 1);
  keep[0] = keep[far] = keep[n] = 1;
  const stack: [number, number][] = [[0, far], [far, n]];
  const tolerance2 = tolerance * tolerance;
  while (stack.length) {
    const [from, to] = stack.pop()!;
    let worst = -1;
    let worstD2 = tolerance2;
    for (let k = from + 1; k < to; k++) {
      const d2 = segmentDistance2(ring[k]!, ring[from]!, ring[to]!);
      if (d2 > worstD2) {
        worst = k;
        worstD2 = d2;
      }
    }
    if (worst >= 0) {
      keep[worst] = 1;
      stack.push([from, worst], [worst, to]);
    }
  }
  const out = ring.filter((_, k) => keep[k] === 1);
  const before = ringArea(ring);
  const after = ringArea(out);
  return out.length >= 4 && Math.sign(after) === Math.sign(before) && after !== 0 ? out : ring;
}

function distance2(p: Position, q: Position): number {
  return (p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2;
}

function segmentDistance2(p: Position, a: Position, b: Position): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const length2 = dx * dx + dy * dy;
  const t = length2 > 0 ? Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2)) : 0;
  return (p[0] - a[0] - t * dx) ** 2 + (p[1] - a[1] - t * dy) ** 2;
}

interface Edge {
  a: Position;
  b: Position;
  ring: number;
  index: number;
  ringLength: number;
}

/**
 * Whether any two edges of the footprint intersect, other than neighbours in
 * one ring at their shared vertex. Edges are bucketed on a grid about one
 * mean edge length square, so only nearby pairs are compared.
 */
export function hasCrossings(polygons: PolygonCoords[]): boolean {
  const edges: Edge[] = [];
  let ringNo = 0;
  for (const rings of polygons) {
    for (const ring of rings) {
      for (let k = 0; k + 1 < ring.length; k++) edges.push({ a: ring[k]!, b: ring[k + 1]!, ring: ringNo, index: k, ringLength: ring.length - 1 });
      ringNo++;
    }
  }
  if (edges.length === 0) return false;
  const cell = Math.max(1e-9, edges.reduce((sum, e) => sum + Math.sqrt(distance2(e.a, e.b)), 0) / edges.length);
  const buckets = new Map<string, Edge[]>();
  for (const e of edges) {
    const x0 = Math.floor(Math.min(e.a[0], e.b[0]) / cell);
    const x1 = Math.floor(Math.max(e.a[0], e.b[0]) / cell);
    const y0 = Math.floor(Math.min(e.a[1], e.b[1]) / cell);
    const y1 = Math.floor(Math.max(e.a[1], e.b[1]) / cell);
    for (let x = x0; x <= x1; x++) {
      for (let y = y0; y <= y1; y++) {
        const key = `${x},${y}`;
        const bucket = buckets.get(key);
        if (bucket) {
          for (const other of bucket) if (!neighbours(e, other) && intersects(e, other)) return true;
          bucket.push(e);
        } else buckets.set(key, [e]);
      }
    }
  }
  return false;
}

function neighbours(e: Edge, f: Edge): boolean {
  if (e.ring !== f.ring) return false;
  const gap = Math.abs(e.index - f.index);
  return gap === 1 || gap === e.ringLength - 1;
}

function orientation(p: Position, q: Position, r: Position): number {
  const v = (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0]);
  return v > 0 ? 1 : v < 0 ? -1 : 0;
}

function onSegment(p: Position, q: Position, r: Position): boolean {
  return Math.min(p[0], r[0]) <= q[0] && q[0] <= Math.max(p[0], r[0]) && Math.min(p[1], r[1]) <= q[1] && q[1] <= Math.max(p[1], r[1]);
}

/** Segments intersect or touch (collinear overlaps included). */
function intersects(e: Edge, f: Edge): boolean {
  const o1 = orientation(e.a, e.b, f.a);
  const o2 = orientation(e.a, e.b, f.b);
  const o3 = orientation(f.a, f.b, e.a);
  const o4 = orientation(f.a, f.b, e.b);
  if (o1 !== o2 && o3 !== o4) return true;
  return (o1 === 0 && onSegment(e.a, f.a, e.b)) || (o2 === 0 && onSegment(e.a, f.b, e.b)) || (o3 === 0 && onSegment(f.a, e.a, f.b)) || (o4 === 0 && onSegment(f.a, e.b, f.b));
}
