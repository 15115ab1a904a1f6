/**
 * Which country a coordinate is in, approximated by the country of the nearest
 * gazetteer place or ZIP centroid within COUNTRY_RADIUS_KM. There is no
 * boundary data offline; ZIP centroids make rural US coverage dense, which is
 * what "US only" Lite perils need.
 */
import KDBush from 'kdbush';
import { EARTH_RADIUS_KM, RADIANS_PER_DEGREE as RADIANS } from './sphere.js';
import type { Gazetteer } from './gazetteer.js';
import type { ZipTable } from './zips.js';

const COUNTRY_RADIUS_KM = 100;
/** Radii tried before the full one (km): a city centre has tens of points within 10 km. */
const SEARCH_STEPS_KM = [3, 10, 30];
/** Index coordinates are degrees × 1e5 in Int32 (half the size of Float64). */
const E5 = 1e5;

export function isValidCoordinate(latitude: number, longitude: number): boolean {
  return Number.isFinite(latitude) && Number.isFinite(longitude) && Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180;
}

/** Longitude boxes (degrees) covering every point within radiusKm, split at the antimeridian. */
function longitudeSpans(latitude: number, longitude: number, radiusKm: number): Array<[number, number]> {
  const reach = Math.sin(radiusKm / EARTH_RADIUS_KM);
  const cosLatitude = Math.cos(latitude * RADIANS);
  if (reach >= cosLatitude) return [[-180, 180]];
  const half = Math.asin(reach / cosLatitude) / RADIANS;
  const west = longitude - half;
  const east = longitude + half;
  if (west < -180) return [[west + 360, 180], [-180, east]];
  if (east > 180) return [[west, 180], [-180, east - 360]];
  return [[west, east]];
}

export class CountryLocator {
  private constructor(
    private readonly gazetteer: Gazetteer,
    private readonly zips: ZipTable,
    private readonly index: KDBush,
  ) {}

  /** Points 0..places-1 are gazetteer places, the rest ZIP centroids. */
  static build(gazetteer: Gazetteer, zips: ZipTable): CountryLocator {
    const index = new KDBush(gazetteer.count + zips.count, 64, Int32Array);
    for (let place = 0; place < gazetteer.count; place++) index.add(gazetteer.lonE5[place]!, gazetteer.latE5[place]!);
    for (let row = 0; row < zips.count; row++) {
      index.add(Math.round(zips.longitude[row]! * E5), Math.round(zips.latitude[row]! * E5));
    }
    return new CountryLocator(gazetteer, zips, index.finish());
  }

  /**
   * Packed ISO2 of the nearest point within radiusKm (ties: lower point id), or null.
   * Small boxes first: if anything lies within r, so does the nearest point, so the
   * first non-empty search radius gives the exact answer without scanning a dense 100 km box.
   */
  nearestCountry(latitude: number, longitude: number, radiusKm = COUNTRY_RADIUS_KM): number | null {
    if (!isValidCoordinate(latitude, longitude)) return null;
    for (const reach of SEARCH_STEPS_KM) {
      if (reach >= radiusKm) break;
      const found = this.nearestWithin(latitude, longitude, reach);
      if (found !== null) return found;
    }
    return this.nearestWithin(latitude, longitude, radiusKm);
  }

  private nearestWithin(latitude: number, longitude: number, radiusKm: number): number | null {
    const latitudeReach = radiusKm / EARTH_RADIUS_KM / RADIANS;
    const south = Math.max(-90, latitude - latitudeReach) * E5;
    const north = Math.min(90, latitude + latitudeReach) * E5;
    const cosLatitude = Math.cos(latitude * RADIANS);
    let best = -1;
    let bestHaversine = Infinity;
    for (const [west, east] of longitudeSpans(latitude, longitude, radiusKm)) {
      for (const point of this.index.range(west * E5, south, east * E5, north)) {
        const h = this.haversineTo(point, latitude, longitude, cosLatitude);
        if (h < bestHaversine || (h === bestHaversine && point < best)) {
          best = point;
          bestHaversine = h;
        }
      }
    }
    if (best < 0 || 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(bestHaversine))) > radiusKm) return null;
    const places = this.gazetteer.count;
    return best < places ? this.gazetteer.country[best]! : this.zips.country[best - places]!;
  }

  /**
   * The haversine term h of the distance to a point, 2R·asin(√h): ranking by h ranks by distance
   * without an asin and a square root per point (sin² needs no longitude wrap).
   */
  private haversineTo(point: number, latitude: number, longitude: number, cosLatitude: number): number {
    const places = this.gazetteer.count;
    const [lat, lon] =
      point < places ? [this.gazetteer.latE5[point]! / E5, this.gazetteer.lonE5[point]! / E5] : [this.zips.latitude[point - places]!, this.zips.longitude[point - places]!];
    const sinLat = Math.sin((lat - latitude) * RADIANS * 0.5);
    const sinLon = Math.sin((lon - longitude) * RADIANS * 0.5);
    return sinLat * sinLat + cosLatitude * Math.cos(lat * RADIANS) * sinLon * sinLon;
  }
}
