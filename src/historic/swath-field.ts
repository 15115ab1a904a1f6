/**
 * Swaths drawn on a grid: a moving shape (a circle, or four quadrant radii as
 * in wind-radii best tracks) swept along track segments. Each node keeps its
 * largest margin (radius − distance, km) over all segments, so {margin > 0} is
 * the union of the swept shapes; contour.ts turns it into polygons.
 *
 * For a node and a segment A→B: the nearest point of the segment is C = A +
 * t·(B − A); the radius toward the node, seen from C, is interpolated between
 * the quadrant radii, each placed on its quadrant's centre bearing (45°, 135°,
 * 225°, 315°), and linearly in t between A's and B's radii. At a fix this is
 * the fix's own shape; between fixes it is swept without gaps. (Quarter
 * circles with steps at the quadrant edges would leave radial steps and saw
 * teeth along a swath.)
 */
import { contourPolygons, OUTSIDE, type FieldGrid, type PolygonCoords } from './contour.js';
import { lonDegreesFor, type Box } from './search-boxes.js';
import { KM_PER_DEGREE, kmPerDegreeLongitude } from '../geo/sphere.js';
import { simplifyPolygons } from './simplify.js';

/** Radii in km of the NE, SE, SW and NW quadrants. */
export type QuadrantKm = readonly [number, number, number, number];

/** A track point; lon may run past ±180 so tracks crossing the antimeridian stay continuous. */
export interface TrackPoint {
  lat: number;
  lon: number;
}

export interface Segment {
  a: TrackPoint;
  b: TrackPoint;
  ra: QuadrantKm;
  rb: QuadrantKm;
}

/** Nodes beyond the largest radius get true margins too, so contours interpolate between real values. */
const MARGIN_CELLS = 2;
/** Douglas–Peucker tolerance for swath outlines, in cells. */
const SIMPLIFY_CELLS = 0.15;
/** Margins this close to zero (in cells) count as outside (contour.ts, FieldGrid.snap). */
const SNAP_CELLS = 0.01;

export function segmentReachKm(s: Segment): number {
  return Math.max(...s.ra, ...s.rb);
}

/** The box (unwrapped longitudes) that holds everything a segment's swept shape covers. */
export function segmentBox(s: Segment, extraKm = 0): Box {
  const reach = segmentReachKm(s) + extraKm;
  const dLat = reach / KM_PER_DEGREE;
  const minLat = Math.min(s.a.lat, s.b.lat) - dLat;
  const maxLat = Math.max(s.a.lat, s.b.lat) + dLat;
  const dLon = lonDegreesFor(reach, minLat, maxLat);
  return { minLon: Math.min(s.a.lon, s.b.lon) - dLon, minLat, maxLon: Math.max(s.a.lon, s.b.lon) + dLon, maxLat };
}

/** A grid with `perDegree` nodes per degree covering every segment's reach. */
export function gridFor(segments: readonly Segment[], perDegree: number): FieldGrid {
  const pad = (MARGIN_CELLS + 1) / perDegree;
  let minLon = Infinity;
  let minLat = Infinity;
  let maxLon = -Infinity;
  let maxLat = -Infinity;
  for (const s of segments) {
    const box = segmentBox(s, (MARGIN_CELLS * KM_PER_DEGREE) / perDegree);
    minLon = Math.min(minLon, box.minLon - pad);
    minLat = Math.min(minLat, box.minLat - pad);
    maxLon = Math.max(maxLon, box.maxLon + pad);
    maxLat = Math.max(maxLat, box.maxLat + pad);
  }
  const i0 = Math.floor(minLon * perDegree);
  const j0 = Math.floor(Math.max(-89.9, minLat) * perDegree);
  const nx = Math.ceil(maxLon * perDegree) - i0 + 1;
  const ny = Math.ceil(Math.min(89.9, maxLat) * perDegree) - j0 + 1;
  return { perDegree, i0, j0, nx, ny, values: new Float64Array(nx * ny).fill(OUTSIDE), snap: (SNAP_CELLS * KM_PER_DEGREE) / perDegree };
}

/** Raise every node's margin to this segment's where it is larger. */
export function sweep(grid: FieldGrid, s: Segment): void {
  const reach = segmentReachKm(s);
  if (!(reach > 0)) return;
  const { perDegree, i0, j0, nx, ny, values } = grid;
  const box = segmentBox(s, (MARGIN_CELLS * KM_PER_DEGREE) / perDegree);
  const jLo = Math.max(0, Math.ceil(box.minLat * perDegree) - j0);
  const jHi = Math.min(ny - 1, Math.floor(box.maxLat * perDegree) - j0);
  const iLo = Math.max(0, Math.ceil(box.minLon * perDegree) - i0);
  const iHi = Math.min(nx - 1, Math.floor(box.maxLon * perDegree) - i0);
  const midLat = (s.a.lat + s.b.lat) / 2;
  const northB = (s.b.lat - s.a.lat) * KM_PER_DEGREE;
  for (let j = jLo; j <= jHi; j++) {
    const lat = (j0 + j) / perDegree;
    // East–west scale at the mean latitude of node and segment: keeps distances good to ~1 % out to 1,000 km.
    const kmPerLon = kmPerDegreeLongitude((lat + midLat) / 2);
    const eastB = (s.b.lon - s.a.lon) * kmPerLon;
    const length2 = eastB * eastB + northB * northB;
    const north = (lat - s.a.lat) * KM_PER_DEGREE;
    const row = j * nx;
    const westEast = ((i0 + iLo) / perDegree - s.a.lon) * kmPerLon;
    const stepEast = kmPerLon / perDegree;
    for (let i = iLo; i <= iHi; i++) {
      const east = westEast + (i - iLo) * stepEast;
      const t = length2 > 0 ? Math.min(1, Math.max(0, (east * eastB + north * northB) / length2)) : 0;
      const dx = east - t * eastB;
      const dy = north - t * northB;
      const ra = radiusToward(s.ra, dx, dy);
      const margin = ra + t * (radiusToward(s.rb, dx, dy) - ra) - Math.sqrt(dx * dx + dy * dy);
      const k = row + i;
      if (margin > values[k]!) values[k] = margin;
    }
  }
}

/**
 * The radius toward (dx east, dy north) from quadrant radii [NE, SE, SW, NW] set
 * on the quadrants' centre bearings. Between two centres the weight runs
 * with the ratio of the direction's components (a smooth, monotone stand-in
 * for the angle that needs no atan2 in this innermost loop).
 */
export function radiusToward(r: QuadrantKm, dx: number, dy: number): number {
  const ax = Math.abs(dx);
  const ay = Math.abs(dy);
  if (ay >= ax) {
    if (ay === 0) return Math.max(r[0], r[1], r[2], r[3]);
    const s = dx / ay;
    return dy > 0 ? (r[0] * (1 + s) + r[3] * (1 - s)) / 2 : (r[1] * (1 + s) + r[2] * (1 - s)) / 2;
  }
  const s = dy / ax;
  return dx > 0 ? (r[0] * (1 + s) + r[1] * (1 - s)) / 2 : (r[3] * (1 + s) + r[2] * (1 - s)) / 2;
}

/**
 * The polygons of {margin > 0}, cut at the antimeridian (the grid is contoured
 * once per 360° band it touches, each band shifted back into [−180, 180]),
 * then simplified (simplify.ts).
 */
export function swathPolygons(grid: FieldGrid): PolygonCoords[] {
  const { perDegree, i0, nx } = grid;
  const out: PolygonCoords[] = [];
  const firstBand = Math.floor((i0 / perDegree + 180) / 360);
  const lastBand = Math.floor(((i0 + nx - 1) / perDegree + 180) / 360);
  for (let band = firstBand; band <= lastBand; band++) {
    const colMin = Math.max(0, (band * 360 - 180) * perDegree - i0);
    const colMax = Math.min(nx - 1, (band * 360 + 180) * perDegree - i0);
    out.push(...contourPolygons(grid, colMin, colMax, band * 360));
  }
  return simplifyPolygons(out, SIMPLIFY_CELLS / perDegree);
}
