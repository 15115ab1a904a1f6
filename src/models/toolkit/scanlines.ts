import { CELLS, GRID } from './half-degree.js';

/**
 * Polygon coverage of the 0.5° cells (half-degree.ts) by scanlines: each cell
 * is cut into SUB_ROWS horizontal lines; on each line a polygon is a set of
 * x-spans (even–odd rule), and a cell's covered fraction is the mean span
 * length inside it. Exact in longitude, sampled every 0.05° in latitude.
 * Dense (`polygonSpans` + `coverFraction`, clipped to the grid) or sparse over
 * the lines a shape spans (`ringCover`, with a wrap mode for the antimeridian).
 */
const SUB_ROWS = 10;
const LINES = GRID.nlat * SUB_ROWS;
const LINE_STEP = GRID.dlat / SUB_ROWS;

/** A closed ring of [lon, lat] vertices. */
export type Ring = ReadonlyArray<readonly [number, number]>;
/** Per scanline (south to north), sorted [start, end, start, end, …] longitudes. */
export type Spans = Float64Array[];

function lineLatitude(line: number): number {
  return GRID.lat0 + (line + 0.5) * LINE_STEP;
}

/**
 * Where each ring edge crosses each scanline, by line (sparse, lines in the
 * order first crossed). Half-open rule: an edge counts on a line when exactly
 * one of its ends lies at or below it.
 */
function lineCrossings(rings: readonly Ring[]): Map<number, number[]> {
  const crossings = new Map<number, number[]>();
  for (const ring of rings) {
    for (let v = 0; v < ring.length; v++) {
      const [x1, y1] = ring[v]!;
      const [x2, y2] = ring[(v + 1) % ring.length]!;
      if (y1 === y2) continue;
      const first = Math.max(0, Math.ceil((Math.min(y1, y2) - GRID.lat0) / LINE_STEP - 0.5));
      const last = Math.min(LINES - 1, Math.floor((Math.max(y1, y2) - GRID.lat0) / LINE_STEP - 0.5));
      for (let line = first; line <= last; line++) {
        const y = lineLatitude(line);
        if (y1 <= y === y2 <= y) continue;
        let xs = crossings.get(line);
        if (!xs) crossings.set(line, (xs = []));
        xs.push(x1 + ((y - y1) * (x2 - x1)) / (y2 - y1));
      }
    }
  }
  return crossings;
}

/** The even–odd spans of a set of rings (holes and multipart shapes alike). */
export function polygonSpans(rings: readonly Ring[]): Spans {
  const crossings = lineCrossings(rings);
  return Array.from({ length: LINES }, (_, line) => Float64Array.from((crossings.get(line) ?? []).sort((a, b) => a - b)));
}

/** Spans lying in both a and b, line by line. */
export function intersectSpans(a: Spans, b: Spans): Spans {
  return a.map((sa, line) => {
    const sb = b[line]!;
    const out: number[] = [];
    let i = 0;
    let j = 0;
    while (i + 1 < sa.length && j + 1 < sb.length) {
      const lo = Math.max(sa[i]!, sb[j]!);
      const hi = Math.min(sa[i + 1]!, sb[j + 1]!);
      if (hi > lo) out.push(lo, hi);
      if (sa[i + 1]! < sb[j + 1]!) i += 2;
      else j += 2;
    }
    return Float64Array.from(out);
  });
}

/** Spans of a longitude/latitude box (used to keep mainland Portugal only). */
export function boxSpans(west: number, south: number, east: number, north: number): Spans {
  return Array.from({ length: LINES }, (_, line) => {
    const y = lineLatitude(line);
    return y >= south && y <= north ? Float64Array.of(west, east) : new Float64Array(0);
  });
}

/**
 * Adds each cell's covered share of one scanline's sorted spans. Without wrap
 * the spans are clipped to the grid; with wrap, longitudes past ±180° fall on
 * the columns they reach around the globe.
 */
function addLineCover(xs: ArrayLike<number>, row: number, wrap: boolean, add: (cell: number, share: number) => void): void {
  const share = 1 / (SUB_ROWS * GRID.dlon);
  const width = GRID.nlon * GRID.dlon;
  for (let k = 0; k + 1 < xs.length; k += 2) {
    const a = wrap ? xs[k]! - GRID.lon0 : Math.max(xs[k]! - GRID.lon0, 0);
    const b = wrap ? xs[k + 1]! - GRID.lon0 : Math.min(xs[k + 1]! - GRID.lon0, width);
    for (let col = Math.floor(a / GRID.dlon); (wrap || col < GRID.nlon) && col * GRID.dlon < b; col++) {
      const lo = Math.max(a, col * GRID.dlon);
      const hi = Math.min(b, (col + 1) * GRID.dlon);
      if (hi > lo) add(row * GRID.nlon + (((col % GRID.nlon) + GRID.nlon) % GRID.nlon), (hi - lo) * share);
    }
  }
}

/** Covered fraction (0–1) of every cell. */
export function coverFraction(spans: Spans): Float64Array {
  const out = new Float64Array(CELLS);
  const add = (cell: number, share: number): void => {
    out[cell]! += share;
  };
  spans.forEach((s, line) => addLineCover(s, Math.floor(line / SUB_ROWS), false, add));
  for (let c = 0; c < CELLS; c++) out[c] = Math.min(1, out[c]!);
  return out;
}

/**
 * Covered fraction of the cells a set of rings touches (sparse: cell →
 * fraction, not clipped to 1), only over the lines the rings span. In wrap
 * mode a ring that jumps across the antimeridian (Fiji, Chukotka, the
 * Aleutians) is unwrapped to continuous longitudes first and its spans
 * wrapped back onto the grid, where the plain even–odd rule would fill the
 * whole latitude line.
 */
export function ringCover(rings: readonly Ring[], { wrap }: { wrap: boolean }): Map<number, number> {
  const crossings = lineCrossings(wrap ? rings.map(unwrapped) : rings);
  const out = new Map<number, number>();
  const add = (cell: number, share: number): void => {
    out.set(cell, (out.get(cell) ?? 0) + share);
  };
  for (const [line, xs] of crossings) addLineCover(xs.sort((a, b) => a - b), Math.floor(line / SUB_ROWS), wrap, add);
  return out;
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

/** Whether a point lies inside the spans (nearest scanline). */
export function insideSpans(spans: Spans, latitude: number, longitude: number): boolean {
  const line = Math.floor((latitude - GRID.lat0) / LINE_STEP);
  const s = spans[line];
  if (!s) return false;
  for (let k = 0; k + 1 < s.length; k += 2) if (longitude >= s[k]! && longitude < s[k + 1]!) return true;
  return false;
}
