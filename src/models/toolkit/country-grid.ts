import { CELLS, GRID } from './half-degree.js';
import { SUB_ROWS, type Ring } from './scanlines.js';
import { geometryRings, loadWorldAtlas, type TopoGeometry, type Topology } from './world-atlas.js';

/**
 * The country of every 0.5° cell: the Natural Earth 1:50m country (world-atlas,
 * ISO 3166 numeric id) that covers most of the cell. Models use it to apply
 * tables published by country (observed burned area, flood protection
 * standards). Polygons without an id (Somaliland, Kosovo, N. Cyprus,
 * Siachen) belong to no country.
 *
 * Coverage follows the scanline rule of scanlines.ts (even–odd spans on
 * SUB_ROWS lines per cell row, exact in longitude) but only over the rows a
 * country spans, so ~240 countries rasterise in a fraction of a second; and a
 * ring that jumps across the antimeridian (Fiji, Chukotka, the Aleutians) is
 * unwrapped to continuous longitudes first and its spans wrapped back onto the
 * grid, where the plain even–odd rule would fill the whole latitude line.
 */
export interface CountryGrid {
  /** ISO 3166 numeric ids as world-atlas spells them ("840", "076"). */
  ids: string[];
  /** Index into `ids` of each cell's country, −1 where no country covers it. */
  countryOf: Int16Array;
}

const LINE_STEP = GRID.dlat / SUB_ROWS;

/** Rings per polygon part, as geometryRings returns them (outer ring and holes). */
function ringCount(geometry: TopoGeometry): number {
  if (geometry.type === 'Polygon') return (geometry.arcs as unknown[]).length;
  if (geometry.type === 'MultiPolygon') return (geometry.arcs as unknown[][]).reduce((n, part) => n + part.length, 0);
  return 0;
}

/**
 * Every country's rings from one decoding of the arcs (geometryRings decodes
 * all arcs per call): the countries are read as one MultiPolygon and its rings
 * handed back country by country.
 */
function ringsByCountry(topology: Topology, geometries: TopoGeometry[]): Ring[][] {
  const parts = geometries.flatMap((g) => (g.type === 'Polygon' ? [g.arcs] : g.type === 'MultiPolygon' ? (g.arcs as unknown[]) : []));
  const all = geometryRings(topology, { type: 'MultiPolygon', arcs: parts });
  let at = 0;
  return geometries.map((g) => {
    const n = ringCount(g);
    const rings = all.slice(at, at + n);
    at += n;
    return rings;
  });
}

/** A ring with continuous longitudes (steps of at most 180°), unless it winds around a pole. */
function unwrapped(ring: Ring): Ring {
  if (!ring.some((p, v) => Math.abs(p[0] - ring[(v + 1) % ring.length]![0]) > 180)) return ring;
  const out: Array<[number, number]> = [[ring[0]![0], ring[0]![1]]];
  for (let v = 1; v < ring.length; v++) {
    const step = ring[v]![0] - ring[v - 1]![0];
    out.push([out[v - 1]![0] + step - 360 * Math.round(step / 360), ring[v]![1]]);
  }
  const closing = ring[0]![0] - ring[ring.length - 1]![0];
  const shift = out[out.length - 1]![0] + closing - 360 * Math.round(closing / 360) - out[0]![0];
  return Math.abs(shift) < 1e-6 ? out : ring;
}

/** Covered fraction of the cells a set of rings touches (sparse: cell → fraction). */
function coverage(rawRings: readonly Ring[]): Map<number, number> {
  const rings = rawRings.map(unwrapped);
  const crossings = new Map<number, number[]>();
  for (const ring of rings) {
    for (let v = 0; v < ring.length; v++) {
      const [x1, y1] = ring[v]!;
      const [x2, y2] = ring[(v + 1) % ring.length]!;
      if (y1 === y2) continue;
      const first = Math.max(0, Math.ceil((Math.min(y1, y2) - GRID.lat0) / LINE_STEP - 0.5));
      const last = Math.min(GRID.nlat * SUB_ROWS - 1, Math.floor((Math.max(y1, y2) - GRID.lat0) / LINE_STEP - 0.5));
      for (let line = first; line <= last; line++) {
        const y = GRID.lat0 + (line + 0.5) * LINE_STEP;
        // Half-open rule of scanlines.ts: an edge counts when exactly one end lies at or below the line.
        if (y1 <= y === y2 <= y) continue;
        if (!crossings.has(line)) crossings.set(line, []);
        crossings.get(line)!.push(x1 + ((y - y1) * (x2 - x1)) / (y2 - y1));
      }
    }
  }
  const out = new Map<number, number>();
  const share = 1 / (SUB_ROWS * GRID.dlon);
  for (const [line, xs] of crossings) {
    xs.sort((a, b) => a - b);
    const row = Math.floor(line / SUB_ROWS);
    for (let k = 0; k + 1 < xs.length; k += 2) {
      // Unwrapped rings may run past ±180°: columns wrap around the globe.
      const a = xs[k]! - GRID.lon0;
      const b = xs[k + 1]! - GRID.lon0;
      for (let col = Math.floor(a / GRID.dlon); col * GRID.dlon < b; col++) {
        const lo = Math.max(a, col * GRID.dlon);
        const hi = Math.min(b, (col + 1) * GRID.dlon);
        const cell = row * GRID.nlon + (((col % GRID.nlon) + GRID.nlon) % GRID.nlon);
        if (hi > lo) out.set(cell, (out.get(cell) ?? 0) + (hi - lo) * share);
      }
    }
  }
  return out;
}

export function countryGrid(topology: Topology = loadWorldAtlas()): CountryGrid {
  const geometries = (topology.objects.countries?.geometries ?? []).filter((g) => g.id !== undefined);
  const countryOf = new Int16Array(CELLS).fill(-1);
  const best = new Float64Array(CELLS);
  ringsByCountry(topology, geometries).forEach((rings, k) => {
    for (const [cell, fraction] of coverage(rings)) {
      if (fraction > best[cell]!) {
        best[cell] = fraction;
        countryOf[cell] = k;
      }
    }
  });
  return { ids: geometries.map((g) => g.id!), countryOf };
}
