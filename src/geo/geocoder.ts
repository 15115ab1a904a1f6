/**
 * The forward geocoder: place name, US ZIP or "lat, lon" text → one point,
 * entirely offline. Sources, rules and figures are in docs/geocoding.md.
 */
import { LIMITS } from '../limits.js';
import { BoundedCache } from './bounded-cache.js';
import { CountryLocator, isValidCoordinate } from './country-locator.js';
import { loadAdmin1Abbreviations, loadCountries, loadPlaceAliases } from './data-files.js';
import { loadGazetteer, unpackCountry, type Gazetteer } from './gazetteer.js';
import { coordinateMatch, placeMatch, zipMatch, type GeocodeMatch } from './match.js';
import { NameIndex } from './name-index.js';
import { PlaceResolver } from './place-resolver.js';
import { QualifierTable } from './qualifiers.js';
import { extractZip, parseCoordinatePair, splitParts } from './query.js';
import { findZip, loadZips, type ZipTable } from './zips.js';

/**
 * Answers (misses included) kept per process: about 340 bytes each, so
 * 6.5 MiB when full. A miss costs a few µs, so a larger cache buys little.
 */
export const GEOCODE_CACHE_ENTRIES = 20_000;

export interface GeocoderStats {
  places: number;
  names: number;
  zips: number;
  cached: number;
}

export class Geocoder {
  private readonly cache = new BoundedCache<GeocodeMatch | null>(GEOCODE_CACHE_ENTRIES);

  private constructor(
    private readonly gazetteer: Gazetteer,
    private readonly names: NameIndex,
    private readonly zips: ZipTable,
    private readonly resolver: PlaceResolver,
    private readonly locator: CountryLocator,
  ) {}

  /** Builds every table and index from the installed packages and data/ (a few hundred ms; see docs). */
  static load(): Geocoder {
    const gazetteer = loadGazetteer();
    const zips = loadZips();
    const names = NameIndex.build(gazetteer, loadPlaceAliases());
    const qualifiers = new QualifierTable(loadCountries(), gazetteer.admin1s, loadAdmin1Abbreviations());
    const resolver = new PlaceResolver(gazetteer, names, qualifiers);
    return new Geocoder(gazetteer, names, zips, resolver, CountryLocator.build(gazetteer, zips));
  }

  /** The best match for a query, or null when nothing matches. Deterministic. */
  geocode(query: string): GeocodeMatch | null {
    if (typeof query !== 'string') return null;
    const text = query.trim();
    if (text === '' || text.length > LIMITS.maxTextLength) return null;
    const pair = parseCoordinatePair(text);
    if (pair) {
      const { latitude, longitude } = pair;
      return isValidCoordinate(latitude, longitude) ? coordinateMatch(latitude, longitude, this.countryAt(latitude, longitude)) : null;
    }
    const parts = splitParts(text);
    if (parts.length === 0) return null;
    const key = parts.join(',');
    const cached = this.cache.get(key);
    if (cached !== undefined) return cached;
    const match = this.resolveParts(parts);
    this.cache.set(key, match);
    return match;
  }

  /** ISO2 of the nearest gazetteer place or ZIP centroid within ~100 km, or null (open sea, invalid input). */
  countryAt(latitude: number, longitude: number): string | null {
    const packed = this.locator.nearestCountry(latitude, longitude);
    return packed === null ? null : unpackCountry(packed);
  }

  get stats(): GeocoderStats {
    return { places: this.gazetteer.count, names: this.names.size, zips: this.zips.count, cached: this.cache.size };
  }

  /** A ZIP wins when the table knows it; an unknown one is dropped and the rest read as a name. */
  private resolveParts(parts: string[]): GeocodeMatch | null {
    let nameParts = parts;
    const zipQuery = extractZip(parts);
    if (zipQuery) {
      const row = findZip(this.zips, zipQuery.zip);
      if (row >= 0) return zipMatch(this.zips, row);
      nameParts = zipQuery.rest;
    }
    const place = this.resolver.resolve(nameParts);
    return place < 0 ? null : placeMatch(this.gazetteer, place);
  }
}
