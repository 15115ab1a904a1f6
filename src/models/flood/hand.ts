import { KM_PER_DEGREE, cosDeg } from '../../geo/sphere.js';
import { CELLS, GRID } from '../toolkit/half-degree.js';
import { insideSpans, type Spans } from '../toolkit/scanlines.js';
import { FLOOD } from './parameters.js';

/**
 * HAND-style floodplain screening (height above nearest drainage: Rennó et al.
 * 2008; Nobre et al. 2011) at the resolution the catalogues allow. On a 0.1°
 * grid the ETOPO5 0.5° mean elevation is interpolated bilinearly; every fine
 * cell a mapped river, lake shore or the coast crosses is water, at its own
 * interpolated elevation (the coast at 0 m); a two-pass chamfer transform
 * (Borgefors 1986) carries the nearest water's elevation to every fine cell,
 * and the fine cell's HAND is its elevation above that water.
 *
 * A 0.5° cell then has the HAND values of its (up to 25) land fine cells; each
 * spreads ± gradient × half a fine cell (the relief inside a fine cell), and the
 * streams too small for the map add a floodplain of their own (parameters.ts).
 * `shareBelow(h)` is the share of the cell's land whose HAND is at most h: the
 * share a flood with stage h above the channels inundates, and, at h − d, the
 * share it floods at least d deep.
 */
const FINE_PER_CELL = 5;
const FINE = FINE_PER_CELL * FINE_PER_CELL;
const NLAT = GRID.nlat * FINE_PER_CELL;
const NLON = GRID.nlon * FINE_PER_CELL;
const STEP = GRID.dlat / FINE_PER_CELL;
/** Lines are sampled at half a fine cell so no crossed cell is missed. */
const SAMPLE_DEG = STEP / 2;
const ANTIMERIDIAN = 180 - 1e-6;

type Path = ReadonlyArray<readonly [number, number]>;

export interface Floodplain {
  /** CELLS × 25: HAND (m) of each land fine cell, the first count[c] entries used. */
  hand: Float32Array;
  count: Uint8Array;
  /** Terrain gradient (m/km) of each cell, floored (parameters.ts). */
  gradient: Float64Array;
}

/** Land elevation (m, sea and NaN as 0) of the 0.5° cells. */
function landElevation(elevation: Float64Array): Float64Array {
  return elevation.map((e) => (Number.isFinite(e) ? Math.max(0, e) : 0));
}

/** Bilinear interpolation of the 0.5° field at a fine cell centre (longitude wraps, latitude clamps). */
function fineElevation(z: Float64Array, i: number, j: number): number {
  const u = Math.min(GRID.nlat - 1, Math.max(0, (i + 0.5) / FINE_PER_CELL - 0.5));
  const v = (j + 0.5) / FINE_PER_CELL - 0.5;
  const i0 = Math.min(GRID.nlat - 2, Math.floor(u));
  const j0 = Math.floor(v);
  const t = u - i0;
  const s = v - j0;
  const col = (jj: number): number => (jj + GRID.nlon) % GRID.nlon;
  const at = (ii: number, jj: number): number => z[ii * GRID.nlon + col(jj)]!;
  return (1 - t) * ((1 - s) * at(i0, j0) + s * at(i0, j0 + 1)) + t * ((1 - s) * at(i0 + 1, j0) + s * at(i0 + 1, j0 + 1));
}

function fineIndex(lat: number, lon: number): number {
  const i = Math.min(NLAT - 1, Math.max(0, Math.floor((lat - GRID.lat0) / STEP)));
  const j = Math.min(NLON - 1, Math.max(0, Math.floor((lon - GRID.lon0) / STEP)));
  return i * NLON + j;
}

/** Marks the fine cells a set of paths crosses as water at elevation `level(fine cell)`. */
function markWater(paths: readonly Path[], distance: Float32Array, waterZ: Float32Array, level: (fine: number) => number): void {
  const mark = (at: number): void => {
    distance[at] = 0;
    waterZ[at] = level(at);
  };
  for (const path of paths) {
    for (let v = 0; v + 1 < path.length; v++) {
      const [x1, y1] = path[v]!;
      const [x2, y2] = path[v + 1]!;
      // Polygons cut at the antimeridian have artificial edges along it: not water.
      if (Math.abs(x1) >= ANTIMERIDIAN && Math.abs(x2) >= ANTIMERIDIAN) continue;
      const n = Math.max(1, Math.ceil(Math.max(Math.abs(x2 - x1), Math.abs(y2 - y1)) / SAMPLE_DEG));
      for (let k = 0; k <= n; k++) mark(fineIndex(y1 + ((y2 - y1) * k) / n, x1 + ((x2 - x1) * k) / n));
    }
    if (path.length === 1) mark(fineIndex(path[0]![1], path[0]![0]));
  }
}

/** Two-pass 8-neighbour chamfer distance (km) that carries the nearest water's elevation along. */
function chamfer(distance: Float32Array, waterZ: Float32Array): void {
  const dy = KM_PER_DEGREE * STEP;
  const dxOf = (i: number): number => KM_PER_DEGREE * STEP * cosDeg(GRID.lat0 + (i + 0.5) * STEP);
  const relax = (at: number, from: number, step: number): void => {
    const d = distance[from]! + step;
    if (d < distance[at]!) {
      distance[at] = d;
      waterZ[at] = waterZ[from]!;
    }
  };
  for (let i = 0; i < NLAT; i++) {
    const dx = dxOf(i);
    const diagonal = Math.hypot(dx, dy);
    for (let j = 0; j < NLON; j++) {
      const at = i * NLON + j;
      if (j > 0) relax(at, at - 1, dx);
      if (i > 0) {
        relax(at, at - NLON, dy);
        if (j > 0) relax(at, at - NLON - 1, diagonal);
        if (j + 1 < NLON) relax(at, at - NLON + 1, diagonal);
      }
    }
  }
  for (let i = NLAT - 1; i >= 0; i--) {
    const dx = dxOf(i);
    const diagonal = Math.hypot(dx, dy);
    for (let j = NLON - 1; j >= 0; j--) {
      const at = i * NLON + j;
      if (j + 1 < NLON) relax(at, at + 1, dx);
      if (i + 1 < NLAT) {
        relax(at, at + NLON, dy);
        if (j + 1 < NLON) relax(at, at + NLON + 1, diagonal);
        if (j > 0) relax(at, at + NLON - 1, diagonal);
      }
    }
  }
}

/** Gradient magnitude (m/km) of the 0.5° land elevation by central differences, floored. */
function gradients(z: Float64Array): Float64Array {
  const out = new Float64Array(CELLS);
  const dyKm = 2 * KM_PER_DEGREE * GRID.dlat;
  for (let i = 0; i < GRID.nlat; i++) {
    const dxKm = Math.max(1, 2 * KM_PER_DEGREE * GRID.dlon * cosDeg(GRID.lat0 + (i + 0.5) * GRID.dlat));
    const north = Math.min(GRID.nlat - 1, i + 1);
    const south = Math.max(0, i - 1);
    for (let j = 0; j < GRID.nlon; j++) {
      const east = (j + 1) % GRID.nlon;
      const west = (j - 1 + GRID.nlon) % GRID.nlon;
      const gx = (z[i * GRID.nlon + east]! - z[i * GRID.nlon + west]!) / dxKm;
      const gy = (z[north * GRID.nlon + j]! - z[south * GRID.nlon + j]!) / dyKm;
      out[i * GRID.nlon + j] = Math.max(FLOOD.terrain.minGradientMPerKm, Math.hypot(gx, gy));
    }
  }
  return out;
}

export function floodplain(elevation: Float64Array, rivers: readonly Path[], coast: readonly Path[], landSpans: Spans, wanted: (cell: number) => boolean): Floodplain {
  const z = landElevation(elevation);
  const distance = new Float32Array(NLAT * NLON).fill(Infinity);
  const waterZ = new Float32Array(NLAT * NLON);
  const levelOf = (fine: number): number => fineElevation(z, Math.floor(fine / NLON), fine % NLON);
  markWater(rivers, distance, waterZ, levelOf);
  markWater(coast, distance, waterZ, () => 0);
  chamfer(distance, waterZ);
  const hand = new Float32Array(CELLS * FINE);
  const count = new Uint8Array(CELLS);
  for (let c = 0; c < CELLS; c++) {
    if (!wanted(c)) continue;
    const ci = Math.floor(c / GRID.nlon);
    const cj = c - ci * GRID.nlon;
    const all: number[] = [];
    const onLand: number[] = [];
    for (let a = 0; a < FINE_PER_CELL; a++) {
      for (let b = 0; b < FINE_PER_CELL; b++) {
        const i = ci * FINE_PER_CELL + a;
        const j = cj * FINE_PER_CELL + b;
        const at = i * NLON + j;
        const height = Number.isFinite(distance[at]!) ? Math.max(0, fineElevation(z, i, j) - waterZ[at]!) : Infinity;
        all.push(height);
        if (insideSpans(landSpans, GRID.lat0 + (i + 0.5) * STEP, GRID.lon0 + (j + 0.5) * STEP)) onLand.push(height);
      }
    }
    // A cell with no land fine cell (a sliver of coast) uses all of them.
    const used = onLand.length > 0 ? onLand : all;
    hand.set(used, c * FINE);
    count[c] = used.length;
  }
  return { hand, count, gradient: gradients(z) };
}

/**
 * Share of a cell's land with HAND ≤ h (m): mapped drainage (each fine cell's
 * HAND spread uniformly over ± gradient × half a fine cell) combined with the
 * unmapped streams (HAND uniform on [0, gradient × spacing / 2]) as independent
 * chances of lying low: 1 − (1 − mapped)(1 − unmapped).
 */
export function shareBelow(fp: Floodplain, cell: number, h: number): number {
  const n = fp.count[cell]!;
  if (n === 0 || !(h > 0)) return 0;
  const spread = fp.gradient[cell]! * FLOOD.terrain.halfFineCellKm;
  let mapped = 0;
  for (let k = 0; k < n; k++) {
    const centre = fp.hand[cell * FINE + k]!;
    if (!Number.isFinite(centre)) continue; // no mapped water anywhere on this landmass
    const low = Math.max(0, centre - spread);
    const high = centre + spread;
    mapped += Math.min(1, Math.max(0, (h - low) / (high - low)));
  }
  mapped /= n;
  const unmapped = Math.min(1, h / ((fp.gradient[cell]! * FLOOD.minorStreamSpacingKm) / 2));
  return 1 - (1 - mapped) * (1 - unmapped);
}
