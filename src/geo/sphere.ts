/**
 * Spherical-earth geometry, one copy for the whole service: models, historic
 * footprints and the geocoder all measure distance the same way. The radius
 * is the IUGG mean radius R1, as Turf uses, so our geometry agrees with
 * @turf/destination to the metre.
 */
export const EARTH_RADIUS_KM = 6371.0088;
export const RADIANS_PER_DEGREE = Math.PI / 180;
export const DEGREES_PER_RADIAN = 180 / Math.PI;
/** Kilometres per degree of latitude (and of longitude at the equator). */
export const KM_PER_DEGREE = EARTH_RADIUS_KM * RADIANS_PER_DEGREE;

/** Kilometres per degree of longitude at a latitude (a local plane's east–west scale). */
export function kmPerDegreeLongitude(latitude: number): number {
  return KM_PER_DEGREE * Math.cos(latitude * RADIANS_PER_DEGREE);
}

/**
 * East and north displacement in km between two points `dLon` degrees of longitude apart, in the local
 * plane at their mean latitude (storm motion between track fixes).
 */
export function eastNorthKm(latA: number, latB: number, dLon: number): { east: number; north: number } {
  return { east: dLon * KM_PER_DEGREE * Math.cos(((latA + latB) / 2) * RADIANS_PER_DEGREE), north: (latB - latA) * KM_PER_DEGREE };
}

/**
 * Degrees → radians as (deg·π)/180. It can differ from deg × RADIANS_PER_DEGREE in the last bit; the
 * table builders were written with this form, and keeping it keeps every table byte-identical.
 */
export function toRadians(deg: number): number {
  return (deg * Math.PI) / 180;
}

/** cos of a latitude in degrees: the km-per-degree-of-longitude factor. */
export function cosDeg(deg: number): number {
  return Math.cos((deg * Math.PI) / 180);
}

/** Any longitude → [−180, 180). IBTrACS, for one, keeps tracks continuous up to 242°E. */
export function wrapLongitude(lon: number): number {
  if (lon >= -180 && lon < 180) return lon;
  return ((((lon + 180) % 360) + 360) % 360) - 180;
}

/** Signed longitude difference b − a in (−180, 180], so shapes and tracks crossing the antimeridian stay continuous. */
export function longitudeDelta(a: number, b: number): number {
  const d = wrapLongitude(b - a);
  return d === -180 ? 180 : d;
}

/** Great-circle (haversine) distance in km. */
export function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = (lat2 - lat1) * RADIANS_PER_DEGREE;
  const dLon = longitudeDelta(lon1, lon2) * RADIANS_PER_DEGREE;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RADIANS_PER_DEGREE) * Math.cos(lat2 * RADIANS_PER_DEGREE) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Initial great-circle bearing from point 1 to point 2, degrees clockwise from north in [0, 360). */
export function bearingDeg(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const p1 = lat1 * RADIANS_PER_DEGREE;
  const p2 = lat2 * RADIANS_PER_DEGREE;
  const dLon = longitudeDelta(lon1, lon2) * RADIANS_PER_DEGREE;
  const y = Math.sin(dLon) * Math.cos(p2);
  const x = Math.cos(p1) * Math.sin(p2) - Math.sin(p1) * Math.cos(p2) * Math.cos(dLon);
  return (((Math.atan2(y, x) / RADIANS_PER_DEGREE) % 360) + 360) % 360;
}
