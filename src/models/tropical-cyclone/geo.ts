/**
 * Spherical helpers shared by the track readers, the wind field and the
 * validation: great-circle distance and bearing, longitude normalisation.
 */
export const EARTH_RADIUS_KM = 6371;
export const KM_PER_DEGREE = (Math.PI * EARTH_RADIUS_KM) / 180;
export const KM_PER_NMI = 1.852;
export const MS_PER_KT = 1852 / 3600;

const RAD = Math.PI / 180;

/** Any longitude → [−180, 180). IBTrACS keeps tracks continuous up to 242°E. */
export function normaliseLongitude(lon: number): number {
  if (lon >= -180 && lon < 180) return lon;
  return ((((lon + 180) % 360) + 360) % 360) - 180;
}

/** Signed longitude difference b − a in (−180, 180], so tracks crossing the dateline stay continuous. */
export function longitudeDelta(a: number, b: number): number {
  const d = normaliseLongitude(b - a);
  return d === -180 ? 180 : d;
}

/** Great-circle (haversine) distance in km. */
export function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = (lat2 - lat1) * RAD;
  const dLon = longitudeDelta(lon1, lon2) * RAD;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Initial bearing from point 1 to point 2, degrees clockwise from north in [0, 360). */
export function bearingDeg(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const p1 = lat1 * RAD;
  const p2 = lat2 * RAD;
  const dLon = longitudeDelta(lon1, lon2) * RAD;
  const y = Math.sin(dLon) * Math.cos(p2);
  const x = Math.cos(p1) * Math.sin(p2) - Math.sin(p1) * Math.cos(p2) * Math.cos(dLon);
  return ((Math.atan2(y, x) / RAD) % 360 + 360) % 360;
}
