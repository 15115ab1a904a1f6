/**
 * The offline geocoder's public face. One Geocoder per process (getGeocoder)
 * so Lite requests, synchronous events and batch jobs share one cache.
 */
import { Geocoder } from './geocoder.js';

export { Geocoder, GEOCODE_CACHE_ENTRIES, type GeocoderStats } from './geocoder.js';
export type { GeocodeMatch } from './match.js';
export { missingLocationField, resolveLocation, type LocationInput, type Resolved } from './resolve-location.js';

let shared: Geocoder | undefined;

/** Whether the gazetteer is in memory yet (readiness). */
export function geocoderLoaded(): boolean {
  return shared !== undefined;
}

/** The process-wide geocoder, loaded on first use. */
export function getGeocoder(): Geocoder {
  shared ??= Geocoder.load();
  return shared;
}
