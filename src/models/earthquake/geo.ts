/** Spherical-earth geometry shared by the earthquake modules. */
export const EARTH_RADIUS_KM = 6371;
const RAD = Math.PI / 180;

/** Unit vector of a point on the sphere (for fast pairwise distances). */
export function unitVector(latitude: number, longitude: number): [number, number, number] {
  const phi = latitude * RAD;
  const lambda = longitude * RAD;
  return [Math.cos(phi) * Math.cos(lambda), Math.cos(phi) * Math.sin(lambda), Math.sin(phi)];
}

/** Great-circle distance in km (haversine). */
export function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dPhi = (lat2 - lat1) * RAD;
  const dLambda = (lon2 - lon1) * RAD;
  const a = Math.sin(dPhi / 2) ** 2 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(dLambda / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Great-circle distance in km between two unit vectors. */
export function chordToKm(dot: number): number {
  return EARTH_RADIUS_KM * Math.acos(Math.max(-1, Math.min(1, dot)));
}

/** Kilometres per degree of latitude. */
export const KM_PER_DEGREE = EARTH_RADIUS_KM * RAD;
