/**
 * Distance from a location to a footprint: 0 inside, else the great-circle
 * distance to the nearest point of its boundary. The nearest point is found in
 * a local plane around the location (east scaled by cos latitude), then
 * measured with haversine; searches are bounded at 500 km, where the plane's
 * error in choosing the nearest point is negligible.
 */
import type { FlatPolygons } from './codec.js';
import { KM_PER_DEGREE, distanceKm, kmPerDegreeLongitude, longitudeDelta } from '../geo/sphere.js';

export function distanceToFootprintKm(lat: number, lon: number, polygons: FlatPolygons): number {
  const kmPerLon = kmPerDegreeLongitude(lat);
  let best = Infinity;
  let bestLon = lon;
  let bestLat = lat;
  for (const rings of polygons) {
    let inside = false;
    for (const ring of rings) {
      const n = ring.length;
      // Edges from the last point back to the first close the ring.
      let qx = longitudeDelta(lon, ring[n - 2]!) * kmPerLon;
      let qy = (ring[n - 1]! - lat) * KM_PER_DEGREE;
      for (let k = 0; k < n; k += 2) {
        const px = longitudeDelta(lon, ring[k]!) * kmPerLon;
        const py = (ring[k + 1]! - lat) * KM_PER_DEGREE;
        if (py > 0 !== qy > 0 && 0 < ((qx - px) * -py) / (qy - py) + px) inside = !inside;
        const dx = qx - px;
        const dy = qy - py;
        const length2 = dx * dx + dy * dy;
        const t = length2 > 0 ? Math.min(1, Math.max(0, -(px * dx + py * dy) / length2)) : 0;
        const nx = px + t * dx;
        const ny = py + t * dy;
        const d2 = nx * nx + ny * ny;
        if (d2 < best) {
          best = d2;
          bestLon = lon + nx / kmPerLon;
          bestLat = lat + ny / KM_PER_DEGREE;
        }
        qx = px;
        qy = py;
      }
    }
    if (inside) return 0;
  }
  return best === Infinity ? Infinity : distanceKm(lat, lon, bestLat, bestLon);
}
