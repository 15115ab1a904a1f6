import { CELLS, GRID } from './half-degree.js';

/**
 * Polygon coverage of the 0.5° cells (half-degree.ts) by scanlines: each cell
 * is cut into SUB_ROWS horizontal lines; on each line a polygon is a set of
 * x-spans (even–odd rule), and a cell's covered fraction is the mean span
 * length inside it. Exact in longitude, sampled every 0.05° in latitude.
 */
export const SUB_ROWS = 10;
const LINES = GRID.nlat * SUB_ROWS;
const LINE_STEP = GRID.dlat / SUB_ROWS;

/** A closed ring of [lon, lat] vertices. */
export type Ring = ReadonlyArray<readonly [number, number]>;
/** Per scanline (south to north), sorted [start, end, start, end, …] longitudes. */
export type Spans = Float64Array[];

function lineLatitude(line: number): number {
  return GRID.lat0 + (line + 0.5) * LINE_STEP;
}

/** The even–odd spans of a set of rings (holes and multipart shapes alike). */
export function polygonSpans(rings: readonly Ring[]): Spans {
  const crossings: number[][] = Array.from({ length: LINES }, () => []);
  for (const ring of rings) {
    for (let v = 0; v < ring.length; v++) {
      const [x1, y1] = ring[v]!;
      const [x2, y2] = ring[(v + 1) % ring.length]!;
      if (y1 === y2) continue;
      const first = Math.max(0, Math.ceil((Math.min(y1, y2) - GRID.lat0) / LINE_STEP - 0.5));
      const last = Math.min(LINES - 1, Math.floor((Math.max(y1, y2) - GRID.lat0) / LINE_STEP - 0.5));
      for (let line = first; line <= last; line++) {
        const y = lineLatitude(line);
        // Half-open rule: an edge counts when exactly one end lies at or below the line.
        if (y1 <= y === y2 <= y) continue;
        crossings[line]!.push(x1 + ((y - y1) * (x2 - x1)) / (y2 - y1));
      }
    }
  }
  return crossings.map((xs) => Float64Array.from(xs.sort((a, b) => a - b)));
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

/** Covered fraction (0–1) of every cell. */
export function coverFraction(spans: Spans): Float64Array {
  const out = new Float64Array(CELLS);
  const share = 1 / (SUB_ROWS * GRID.dlon);
  spans.forEach((s, line) => {
    const row = Math.floor(line / SUB_ROWS);
    for (let k = 0; k + 1 < s.length; k += 2) {
      const a = Math.max(s[k]! - GRID.lon0, 0);
      const b = Math.min(s[k + 1]! - GRID.lon0, GRID.nlon * GRID.dlon);
      for (let col = Math.floor(a / GRID.dlon); col < GRID.nlon && col * GRID.dlon < b; col++) {
        const lo = Math.max(a, col * GRID.dlon);
        const hi = Math.min(b, (col + 1) * GRID.dlon);
        if (hi > lo) out[row * GRID.nlon + col]! += (hi - lo) * share;
      }
    }
  });
  for (let c = 0; c < CELLS; c++) out[c] = Math.min(1, out[c]!);
  return out;
}

/** Whether a point lies inside the spans (nearest scanline). */
export function insideSpans(spans: Spans, latitude: number, longitude: number): boolean {
  const line = Math.floor((latitude - GRID.lat0) / LINE_STEP);
  const s = spans[line];
  if (!s) return false;
  for (let k = 0; k + 1 < s.length; k += 2) if (longitude >= s[k]! && longitude < s[k + 1]!) return true;
  return false;
}
