import { KM_PER_DEGREE } from '../../geo/sphere.js';
import { CELLS, GRID } from '../toolkit/half-degree.js';
import { insideSpans, type Spans } from '../toolkit/scanlines.js';

/**
 * How close the land of each 0.5° cell lies to mapped water (rivers, lake
 * shores, the sea coast): on a 0.1° grid, the distance (km) of every fine
 * cell to the nearest fine cell that a water line crosses (two-pass 8-neighbour
 * chamfer transform, east–west steps shrinking with cos latitude; Borgefors
 * 1986), then per 0.5° cell the mean of exp(−d/d₀) over its land fine cells.
 */
const FINE_PER_CELL = 5;
const NLAT = GRID.nlat * FINE_PER_CELL;
const NLON = GRID.nlon * FINE_PER_CELL;
const STEP = GRID.dlat / FINE_PER_CELL;
/** Lines are sampled at half a fine cell so no crossed cell is missed. */
const SAMPLE_DEG = STEP / 2;
const ANTIMERIDIAN = 180 - 1e-6;

type Path = ReadonlyArray<readonly [number, number]>;

function fineIndex(lat: number, lon: number): number {
  const i = Math.min(NLAT - 1, Math.max(0, Math.floor((lat - GRID.lat0) / STEP)));
  const j = Math.min(NLON - 1, Math.max(0, Math.floor((lon - GRID.lon0) / STEP)));
  return i * NLON + j;
}

/** Distance (km) of every fine cell to the nearest fine cell crossed by a path. */
export function waterDistance(paths: readonly Path[]): Float32Array {
  const d = new Float32Array(NLAT * NLON).fill(Infinity);
  for (const path of paths) {
    for (let v = 0; v + 1 < path.length; v++) {
      const [x1, y1] = path[v]!;
      const [x2, y2] = path[v + 1]!;
      // Polygons cut at the antimeridian have artificial edges along it: not water.
      if (Math.abs(x1) >= ANTIMERIDIAN && Math.abs(x2) >= ANTIMERIDIAN) continue;
      const n = Math.max(1, Math.ceil(Math.max(Math.abs(x2 - x1), Math.abs(y2 - y1)) / SAMPLE_DEG));
      for (let k = 0; k <= n; k++) d[fineIndex(y1 + ((y2 - y1) * k) / n, x1 + ((x2 - x1) * k) / n)] = 0;
    }
    if (path.length === 1) d[fineIndex(path[0]![1], path[0]![0])] = 0;
  }
  const dy = KM_PER_DEGREE * STEP;
  const dxOf = (i: number): number => KM_PER_DEGREE * STEP * Math.cos(((GRID.lat0 + (i + 0.5) * STEP) * Math.PI) / 180);
  for (let i = 0; i < NLAT; i++) {
    const dx = dxOf(i);
    const diagonal = Math.hypot(dx, dy);
    for (let j = 0; j < NLON; j++) {
      const at = i * NLON + j;
      let best = d[at]!;
      if (j > 0) best = Math.min(best, d[at - 1]! + dx);
      if (i > 0) {
        best = Math.min(best, d[at - NLON]! + dy);
        if (j > 0) best = Math.min(best, d[at - NLON - 1]! + diagonal);
        if (j + 1 < NLON) best = Math.min(best, d[at - NLON + 1]! + diagonal);
      }
      d[at] = best;
    }
  }
  for (let i = NLAT - 1; i >= 0; i--) {
    const dx = dxOf(i);
    const diagonal = Math.hypot(dx, dy);
    for (let j = NLON - 1; j >= 0; j--) {
      const at = i * NLON + j;
      let best = d[at]!;
      if (j + 1 < NLON) best = Math.min(best, d[at + 1]! + dx);
      if (i + 1 < NLAT) {
        best = Math.min(best, d[at + NLON]! + dy);
        if (j + 1 < NLON) best = Math.min(best, d[at + NLON + 1]! + diagonal);
        if (j > 0) best = Math.min(best, d[at + NLON - 1]! + diagonal);
      }
      d[at] = best;
    }
  }
  return d;
}

/**
 * Per 0.5° cell (only where `wanted`), the mean over its land fine cells of
 * exp(−distance / scaleKm); cells without a land fine cell average all of theirs.
 */
export function waterProximity(distance: Float32Array, landSpans: Spans, scaleKm: number, wanted: (cell: number) => boolean): Float64Array {
  const out = new Float64Array(CELLS).fill(NaN);
  for (let c = 0; c < CELLS; c++) {
    if (!wanted(c)) continue;
    const ci = Math.floor(c / GRID.nlon);
    const cj = c - ci * GRID.nlon;
    let landSum = 0;
    let landCount = 0;
    let allSum = 0;
    for (let a = 0; a < FINE_PER_CELL; a++) {
      for (let b = 0; b < FINE_PER_CELL; b++) {
        const i = ci * FINE_PER_CELL + a;
        const j = cj * FINE_PER_CELL + b;
        const p = Math.exp(-distance[i * NLON + j]! / scaleKm);
        allSum += p;
        if (insideSpans(landSpans, GRID.lat0 + (i + 0.5) * STEP, GRID.lon0 + (j + 0.5) * STEP)) {
          landSum += p;
          landCount++;
        }
      }
    }
    out[c] = landCount > 0 ? landSum / landCount : allSum / FINE_PER_CELL ** 2;
  }
  return out;
}
