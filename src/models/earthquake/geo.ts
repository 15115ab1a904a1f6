import { EARTH_RADIUS_KM, RADIANS_PER_DEGREE as RAD } from '../../geo/sphere.js';

/** Unit vectors for fast pairwise distances between many sources (haversine itself: src/geo/sphere.ts). */

/** Unit vector of a point on the sphere (for fast pairwise distances). */
export function unitVector(latitude: number, longitude: number): [number, number, number] {
  const phi = latitude * RAD;
  const lambda = longitude * RAD;
  return [Math.cos(phi) * Math.cos(lambda), Math.cos(phi) * Math.sin(lambda), Math.sin(phi)];
}

/** Great-circle distance in km between two unit vectors. */
export function chordToKm(dot: number): number {
  return EARTH_RADIUS_KM * Math.acos(Math.max(-1, Math.min(1, dot)));
}
