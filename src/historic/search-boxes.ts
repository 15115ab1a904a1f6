import { KM_PER_DEGREE, RADIANS_PER_DEGREE } from '../geo/sphere.js';

/**
 * Search boxes and month masks for footprints and searches; distances and
 * bearings come from src/geo/sphere.ts.
 */
const RAD = RADIANS_PER_DEGREE;

/** A lon/lat rectangle; minLon ≤ maxLon (boxes crossing ±180° are split). */
export interface Box {
  minLon: number;
  minLat: number;
  maxLon: number;
  maxLat: number;
}

/** Degrees of longitude spanned by `km` at the most poleward of the given latitudes. */
export function lonDegreesFor(km: number, ...latitudes: number[]): number {
  const worst = Math.min(89, Math.max(...latitudes.map((lat) => Math.abs(lat))));
  return km / (KM_PER_DEGREE * Math.max(Math.cos(worst * RAD), 0.01));
}

/**
 * A box with longitudes that may run past ±180° (unwrapped tracks) → one or
 * two boxes inside [−180, 180].
 */
export function wrapBox(box: Box): Box[] {
  const minLat = Math.max(-90, box.minLat);
  const maxLat = Math.min(90, box.maxLat);
  if (box.maxLon - box.minLon >= 360) return [{ minLon: -180, minLat, maxLon: 180, maxLat }];
  const shift = Math.floor((box.minLon + 180) / 360) * 360;
  const minLon = box.minLon - shift;
  const maxLon = box.maxLon - shift;
  if (maxLon <= 180) return [{ minLon, minLat, maxLon, maxLat }];
  return [
    { minLon, minLat, maxLon: 180, maxLat },
    { minLon: -180, minLat, maxLon: maxLon - 360, maxLat },
  ];
}

/** The boxes (wrapped) holding every point within radiusKm of (lat, lon). */
export function searchBoxes(lat: number, lon: number, radiusKm: number): Box[] {
  const dLat = radiusKm / KM_PER_DEGREE;
  const minLat = lat - dLat;
  const maxLat = lat + dLat;
  if (minLat <= -89 || maxLat >= 89) return [{ minLon: -180, minLat: Math.max(-90, minLat), maxLon: 180, maxLat: Math.min(90, maxLat) }];
  const dLon = lonDegreesFor(radiusKm, minLat, maxLat);
  return wrapBox({ minLon: lon - dLon, minLat, maxLon: lon + dLon, maxLat });
}

/** Calendar months (1–12) → bit mask, bit m − 1 for month m. */
export function monthMask(months: readonly number[]): number {
  let mask = 0;
  for (const m of months) mask |= 1 << (m - 1);
  return mask;
}

/** The months touched by an inclusive ISO date range (YYYY-MM-DD), as a bit mask. */
export function monthsBetween(start: string, end: string): number {
  let year = Number(start.slice(0, 4));
  let month = Number(start.slice(5, 7));
  const endYear = Number(end.slice(0, 4));
  const endMonth = Number(end.slice(5, 7));
  let mask = 0;
  for (let n = 0; n < 12 && (year < endYear || (year === endYear && month <= endMonth)); n++) {
    mask |= 1 << (month - 1);
    month++;
    if (month === 13) {
      month = 1;
      year++;
    }
  }
  return mask;
}
