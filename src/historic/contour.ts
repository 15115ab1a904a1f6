/**
 * Marching squares: the region {value > 0} of a regular lon/lat grid → valid
 * polygons. Footprints that are unions of many overlapping shapes (hail
 * swaths, tropical-cyclone wind swaths) are drawn as a field first and
 * contoured here, because a boolean union of thousands of shapes
 * (@turf/union) takes seconds per storm.
 *
 * Why the output is valid: each crossing point belongs to one grid edge and is
 * computed once from that edge's two nodes, every crossing starts exactly one
 * segment and ends exactly one, and saddle cells are resolved by the cell
 * centre, so contours close and never cross. Segments keep the inside on
 * their left, so exterior rings run counter-clockwise and holes clockwise
 * (RFC 7946 right-hand rule).
 */
export type Position = [number, number];
export type Ring = Position[];
export type PolygonCoords = Ring[];

/** Node (i, j) sits at lon (i0 + i) / perDegree, lat (j0 + j) / perDegree; values row-major. */
export interface FieldGrid {
  perDegree: number;
  i0: number;
  j0: number;
  nx: number;
  ny: number;
  values: Float64Array;
  /**
   * Values within ±snap of zero count as −snap (outside). Without it a node at
   * almost exactly zero puts the crossings of its four edges on the node itself,
   * and the ring pinches there; with it crossings keep a snap-sized distance.
   */
  snap: number;
}

/** The value of nodes no shape reached (and of the padding around the grid). */
export const OUTSIDE = -1e9;

/** Coordinates are rounded to 1e-6° (0.11 m), the precision the store keeps. */
const QUANTUM = 1e6;

/**
 * Polygons of {value > 0} using only columns colMin…colMax (others read as
 * OUTSIDE, which puts the boundary on those columns: the antimeridian cut),
 * with lonShift subtracted from every longitude.
 */
export function contourPolygons(grid: FieldGrid, colMin = 0, colMax = grid.nx - 1, lonShift = 0): PolygonCoords[] {
  const rings = traceRings(grid, colMin, colMax).map((ring) => toLonLat(ring, grid, lonShift)).filter((ring) => ring.length >= 4);
  return assemble(rings);
}

function traceRings(grid: FieldGrid, colMin: number, colMax: number): number[][] {
  const { nx, ny, values, snap } = grid;
  const value = (i: number, j: number): number => {
    if (i < colMin || i > colMax || j < 0 || j >= ny) return OUTSIDE;
    const v = values[j * nx + i]!;
    return v > snap ? v : Math.min(v, -snap);
  };
  // Inside flags with a one-node border of outside all round, so every contour closes.
  const width = nx + 2;
  const inside = new Uint8Array(width * (ny + 2));
  for (let j = 0; j < ny; j++) {
    for (let i = colMin; i <= colMax; i++) inside[(j + 1) * width + i + 1] = values[j * nx + i]! > snap ? 1 : 0;
  }
  const edgeId = (i: number, j: number, vertical: number): number => ((j + 1) * width + (i + 1)) * 2 + vertical;
  const next = new Map<number, number>();
  const edges = [0, 0, 0, 0];
  const transitions = [0, 0, 0, 0];
  for (let j = -1; j < ny; j++) {
    for (let i = colMin - 1; i <= colMax; i++) {
      const k = (j + 1) * width + i + 1;
      const a = inside[k]!;
      const b = inside[k + 1]!;
      const c = inside[k + width + 1]!;
      const d = inside[k + width]!;
      const corners = a + b + c + d;
      if (corners === 0 || corners === 4) continue;
      // Cell edges in counter-clockwise order: bottom a→b, right b→c, top c→d, left d→a.
      edges[0] = edgeId(i, j, 0);
      edges[1] = edgeId(i + 1, j, 1);
      edges[2] = edgeId(i, j + 1, 0);
      edges[3] = edgeId(i, j, 1);
      transitions[0] = a - b;
      transitions[1] = b - c;
      transitions[2] = c - d;
      transitions[3] = d - a;
      if (corners !== 2 || a !== c) {
        next.set(edges[transitions.indexOf(1)]!, edges[transitions.indexOf(-1)]!);
        continue;
      }
      // A saddle: two segments; the cell centre decides whether the inside corners are joined.
      const joined = value(i, j) + value(i + 1, j) + value(i + 1, j + 1) + value(i, j + 1) > 0;
      for (let e = 0; e < 4; e++) {
        if (transitions[e] === 1) next.set(edges[e]!, edges[(e + (joined ? 1 : 3)) % 4]!);
      }
    }
  }
  const rings: number[][] = [];
  for (const start of next.keys()) {
    if (!next.has(start)) continue;
    const ring: number[] = [];
    let edge: number | undefined = start;
    while (edge !== undefined) {
      const following = next.get(edge);
      if (following === undefined) break;
      ring.push(...crossing(edge, width, value));
      next.delete(edge);
      edge = following;
    }
    rings.push(ring);
  }
  return rings;
}

/** The crossing on an edge, in grid units, interpolated linearly between its two nodes. */
function crossing(edge: number, width: number, value: (i: number, j: number) => number): [number, number] {
  const vertical = edge & 1;
  const cell = edge >> 1;
  const i = (cell % width) - 1;
  const j = Math.floor(cell / width) - 1;
  const v0 = value(i, j);
  const v1 = vertical ? value(i, j + 1) : value(i + 1, j);
  const t = v0 / (v0 - v1);
  return vertical ? [i, j + t] : [i + t, j];
}

function toLonLat(flat: number[], grid: FieldGrid, lonShift: number): Ring {
  const ring: Ring = [];
  for (let k = 0; k < flat.length; k += 2) {
    const lon = Math.round(((grid.i0 + flat[k]!) / grid.perDegree - lonShift) * QUANTUM) / QUANTUM;
    const lat = Math.round(((grid.j0 + flat[k + 1]!) / grid.perDegree) * QUANTUM) / QUANTUM;
    const last = ring[ring.length - 1];
    if (!last || last[0] !== lon || last[1] !== lat) ring.push([Math.max(-180, Math.min(180, lon)), lat]);
  }
  const first = ring[0];
  const last = ring[ring.length - 1];
  if (first && last && first[0] === last[0] && first[1] === last[1]) ring.pop();
  if (ring.length < 3 || ringArea(ring) === 0) return [];
  ring.push([ring[0]![0], ring[0]![1]]);
  return ring;
}

/** Shoelace area in degrees² (positive: counter-clockwise). */
export function ringArea(ring: readonly Position[]): number {
  let sum = 0;
  const n = ring.length;
  for (let k = 0; k < n; k++) {
    const p = ring[k]!;
    const q = ring[(k + 1) % n]!;
    sum += p[0] * q[1] - q[0] * p[1];
  }
  return sum / 2;
}

export function pointInRing(lon: number, lat: number, ring: readonly Position[]): boolean {
  let inside = false;
  for (let k = 0, m = ring.length - 1; k < ring.length; m = k++) {
    const p = ring[k]!;
    const q = ring[m]!;
    if (p[1] > lat !== q[1] > lat && lon < ((q[0] - p[0]) * (lat - p[1])) / (q[1] - p[1]) + p[0]) inside = !inside;
  }
  return inside;
}

/** Counter-clockwise rings are exteriors; each clockwise ring is a hole of the smallest exterior around it. */
function assemble(rings: Ring[]): PolygonCoords[] {
  const exteriors = rings.filter((r) => ringArea(r) > 0).map((ring) => ({ ring, area: ringArea(ring), holes: [] as Ring[] }));
  for (const hole of rings.filter((r) => ringArea(r) < 0)) {
    const [lon, lat] = hole[0]!;
    let owner: (typeof exteriors)[number] | null = null;
    for (const e of exteriors) {
      if ((owner === null || e.area < owner.area) && pointInRing(lon, lat, e.ring)) owner = e;
    }
    owner?.holes.push(hole);
  }
  return exteriors.map((e) => [e.ring, ...e.holes]);
}
