/**
 * The spec's location rules in one place, shared by Lite, the synchronous
 * in-depth modes and batch rows: coordinates win when both are given; a
 * location fills in an incomplete pair; otherwise the input is an error.
 * Callers map an error to their own shape (400, failed item, failed row).
 */
import { isValidCoordinate } from './country-locator.js';
import type { Geocoder } from './geocoder.js';
import type { GeocodeMatch } from './match.js';
import { parseCoordinatePair } from './query.js';

export type LocationInput = { location?: string | null; latitude?: number | null; longitude?: number | null };

export type Resolved =
  | { ok: true; latitude: number; longitude: number; source: 'coordinates' | 'geocoded'; match: GeocodeMatch | null }
  | { ok: false; error: string };

/** Longest piece of a location quoted back in an error message. */
const QUOTED_LENGTH = 80;

function quote(location: string): string {
  const text = location.trim();
  return text.length > QUOTED_LENGTH ? `${text.slice(0, QUOTED_LENGTH)}…` : text;
}

function present(value: number | null | undefined): value is number {
  return typeof value === 'number';
}

/**
 * The field a request lacks to be located, or null when it has enough: a location, or both
 * coordinates (spec row rules 1–3). Every entry point names the same field: `location` when
 * nothing is given, else the missing coordinate.
 */
export function missingLocationField(has: { location: boolean; latitude: boolean; longitude: boolean }): 'location' | 'latitude' | 'longitude' | null {
  if (has.location || (has.latitude && has.longitude)) return null;
  if (!has.latitude && !has.longitude) return 'location';
  return has.latitude ? 'longitude' : 'latitude';
}

export function resolveLocation(geocoder: Geocoder, input: LocationInput): Resolved {
  const location = typeof input.location === 'string' && input.location.trim() !== '' ? input.location : null;
  const { latitude, longitude } = input;

  if (present(latitude) && present(longitude)) {
    if (!Number.isFinite(latitude) || Math.abs(latitude) > 90) {
      return { ok: false, error: `latitude ${latitude} is out of range (-90 to 90)` };
    }
    if (!Number.isFinite(longitude) || Math.abs(longitude) > 180) {
      return { ok: false, error: `longitude ${longitude} is out of range (-180 to 180)` };
    }
    return { ok: true, latitude, longitude, source: 'coordinates', match: null };
  }

  if (location === null) {
    const missing = missingLocationField({ location: false, latitude: present(latitude), longitude: present(longitude) });
    if (missing === 'location') return { ok: false, error: 'A location, or both latitude and longitude, is required' };
    return { ok: false, error: `${missing} is missing: give both latitude and longitude, or a location` };
  }

  const match = geocoder.geocode(location);
  if (match) return { ok: true, latitude: match.latitude, longitude: match.longitude, source: 'geocoded', match };
  const pair = parseCoordinatePair(location);
  if (pair && !isValidCoordinate(pair.latitude, pair.longitude)) {
    return { ok: false, error: `Could not geocode location "${quote(location)}": coordinates out of range (latitude -90 to 90, longitude -180 to 180)` };
  }
  return { ok: false, error: `Could not geocode location "${quote(location)}": no matching place` };
}
