import { EARTH_RADIUS_KM, RADIANS_PER_DEGREE as RAD } from '../../geo/sphere.js';

/**
 * Epicentral distance (km) from each point to its n-th nearest other point,
 * by brute force over unit vectors (O(N²) dot products: ~10⁸ for the global
 * catalogue, well under a second). Infinity when fewer than n others exist.
 */
export function nthNeighbourKm(points: readonly { latitude: number; longitude: number }[], n: number): Float64Array {
  const count = points.length;
  const xyz = new Float64Array(count * 3);
  points.forEach((p, i) => xyz.set(unitVector(p.latitude, p.longitude), i * 3));
  const out = new Float64Array(count);
  const best = new Float64Array(n);
  for (let i = 0; i < count; i++) {
    best.fill(-2);
    const x = xyz[i * 3]!;
    const y = xyz[i * 3 + 1]!;
    const z = xyz[i * 3 + 2]!;
    for (let j = 0; j < count; j++) {
      if (j === i) continue;
      const dot = x * xyz[j * 3]! + y * xyz[j * 3 + 1]! + z * xyz[j * 3 + 2]!;
      if (dot <= best[n - 1]!) continue;
      // keep the n largest dot products (nearest points) in descending order
      let k = n - 1;
      while (k > 0 && best[k - 1]! < dot) {
        best[k] = best[k - 1]!;
        k--;
      }
      best[k] = dot;
    }
    out[i] = best[n - 1]! > -2 ? chordToKm(best[n - 1]!) : Infinity;
  }
  return out;
}

/** Unit vector of a point on the sphere (for fast pairwise distances; haversine itself: src/geo/sphere.ts). */
function unitVector(latitude: number, longitude: number): [number, number, number] {
  const phi = latitude * RAD;
  const lambda = longitude * RAD;
  return [Math.cos(phi) * Math.cos(lambda), Math.cos(phi) * Math.sin(lambda), Math.sin(phi)];
}

/** Great-circle distance in km between two unit vectors. */
function chordToKm(dot: number): number {
  return EARTH_RADIUS_KM * Math.acos(Math.max(-1, Math.min(1, dot)));
}
