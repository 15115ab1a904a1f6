/**
 * The answer shape of the geocoder and how each kind of match is built. Match
 * objects are frozen because the cache hands the same object to every caller.
 */
import { placeName, unpackCountry, NO_ADMIN1, type Gazetteer } from './gazetteer.js';
import { formatZip, type ZipTable } from './zips.js';

export interface GeocodeMatch {
  latitude: number;
  longitude: number;
  /** Place name as GeoNames writes it, the ZIP code, or the "lat, lon" text. */
  name: string;
  /** Admin-1 division name ("Florida", "Ontario"), null when unknown. */
  admin1: string | null;
  /** ISO 3166-1 alpha-2; "" for coordinates with no gazetteer place within 100 km. */
  country: string;
  /** GeoNames population; 0 for ZIPs, coordinates and places GeoNames has no figure for. */
  population: number;
  kind: 'city' | 'zip' | 'coordinates';
  /** "Miami, Florida, US". */
  display: string;
}

const E5 = 1e5;

function frozen(match: GeocodeMatch): GeocodeMatch {
  return Object.freeze(match);
}

export function placeMatch(gazetteer: Gazetteer, place: number): GeocodeMatch {
  const name = placeName(gazetteer, place);
  const admin1Index = gazetteer.admin1[place]!;
  const admin1 = admin1Index === NO_ADMIN1 ? null : (gazetteer.admin1s[admin1Index]?.name ?? null);
  const country = unpackCountry(gazetteer.country[place]!);
  // "Tokyo, Tokyo, JP" says nothing the shorter "Tokyo, JP" does not.
  const display = [name, admin1 === name ? null : admin1, country].filter((part) => part !== null).join(', ');
  return frozen({
    latitude: gazetteer.latE5[place]! / E5,
    longitude: gazetteer.lonE5[place]! / E5,
    name,
    admin1,
    country,
    population: gazetteer.population[place]!,
    kind: 'city',
    display,
  });
}

export function zipMatch(zips: ZipTable, row: number): GeocodeMatch {
  const zip = formatZip(zips.codes[row]!);
  const country = unpackCountry(zips.country[row]!);
  return frozen({
    latitude: zips.latitude[row]!,
    longitude: zips.longitude[row]!,
    name: zip,
    admin1: null,
    country,
    population: 0,
    kind: 'zip',
    display: `${zip}, ${country}`,
  });
}

export function coordinateMatch(latitude: number, longitude: number, country: string | null): GeocodeMatch {
  const name = `${latitude}, ${longitude}`;
  return frozen({
    latitude,
    longitude,
    name,
    admin1: null,
    country: country ?? '',
    population: 0,
    kind: 'coordinates',
    display: country ? `${name}, ${country}` : name,
  });
}
