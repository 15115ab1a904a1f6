/**
 * Tornado path polygons, built with Turf's modules. SPC records a straight
 * path (start and end point) and a width; the footprint is that segment
 * buffered by half the width: two half circles joined by the path's sides
 * (the shape @turf/buffer gives for a two-point line), made here from
 * @turf/destination points because JSTS buffering costs ~1.5 ms a path and
 * the store holds 70,000 of them. test/historic checks the two agree.
 * A track without an end point is a circle of half the width round its start
 * (@turf/circle).
 */
import { circle } from '@turf/circle';
import { destination } from '@turf/destination';
import { polygon } from '@turf/helpers';
import type { Polygon, Position } from 'geojson';
import { bearingDeg } from '../geo/sphere.js';
import { KM_PER_YARD } from '../units.js';

/** Points on each half circle (Turf's buffer default: 8 per quarter). */
const CAP_STEPS = 16;

export interface TornadoPath {
  geometry: Polygon;
  method: 'path' | 'start-point';
}

/** start/end as [lon, lat]; end null (or equal to start) when SPC has no end point. */
export function tornadoPath(start: Position, end: Position | null, widthYards: number): TornadoPath {
  const halfKm = (widthYards * KM_PER_YARD) / 2;
  if (!end || (end[0] === start[0] && end[1] === start[1])) {
    return { geometry: circle(start, halfKm, { steps: 2 * CAP_STEPS, units: 'kilometers' }).geometry, method: 'start-point' };
  }
  const outbound = bearingDeg(start[1]!, start[0]!, end[1]!, end[0]!);
  const arrival = bearingDeg(end[1]!, end[0]!, start[1]!, start[0]!) + 180;
  const ring: Position[] = [];
  // Counter-clockwise: round the end from the right-hand side to the left, back along the left, round the start.
  for (let k = 0; k <= CAP_STEPS; k++) ring.push(offset(end, halfKm, arrival + 90 - (180 * k) / CAP_STEPS));
  for (let k = 0; k <= CAP_STEPS; k++) ring.push(offset(start, halfKm, outbound - 90 - (180 * k) / CAP_STEPS));
  ring.push(ring[0]!);
  return { geometry: polygon([ring]).geometry, method: 'path' };
}

function offset(origin: Position, km: number, bearing: number): Position {
  return destination(origin, km, bearing, { units: 'kilometers' }).geometry.coordinates;
}
