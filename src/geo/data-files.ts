/**
 * The hand-made inputs under data/ that complete the registry gazetteer:
 * country names and aliases, admin-1 postal abbreviations, and extra names
 * for places. Their formats are described in docs/geocoding.md.
 */
import fs from 'node:fs';

/** data/ sits two levels above both src/geo and dist/geo. */
const DATA_DIR = new URL('../../data/', import.meta.url);

export interface CountryRow {
  iso2: string;
  iso3: string;
  name: string;
  aliases: string[];
  /** The sovereign country a territory also answers to ("Hong Kong, China"). */
  parent?: string;
}

export interface Admin1Abbreviation {
  country: string;
  abbreviation: string;
  /** GeoNames admin-1 code within the country ("08" for Ontario). */
  code: string;
}

function readJson(name: string): unknown {
  return JSON.parse(fs.readFileSync(new URL(name, DATA_DIR), 'utf8'));
}

function fail(name: string, problem: string): never {
  throw new Error(`data/${name}: ${problem}`);
}

const ISO2 = /^[A-Z]{2}$/;

export function loadCountries(): CountryRow[] {
  const rows = readJson('countries.json');
  if (!Array.isArray(rows)) fail('countries.json', 'expected an array');
  for (const row of rows as CountryRow[]) {
    if (!ISO2.test(row.iso2) || !/^[A-Z]{3}$/.test(row.iso3) || typeof row.name !== 'string' || !Array.isArray(row.aliases)) {
      fail('countries.json', `malformed row ${JSON.stringify(row)}`);
    }
    if (row.parent !== undefined && !ISO2.test(row.parent)) fail('countries.json', `bad parent in ${row.iso2}`);
  }
  return rows as CountryRow[];
}

export function loadAdmin1Abbreviations(): Admin1Abbreviation[] {
  const file = readJson('admin1-abbreviations.json') as { abbreviations?: Record<string, Record<string, string>> };
  if (typeof file.abbreviations !== 'object' || file.abbreviations === null) fail('admin1-abbreviations.json', 'missing "abbreviations"');
  return Object.entries(file.abbreviations).flatMap(([country, table]) =>
    Object.entries(table).map(([abbreviation, code]) => ({ country, abbreviation, code })),
  );
}

/** GeoNames id → the extra names it answers to. */
export function loadPlaceAliases(): Map<number, string[]> {
  const file = readJson('place-aliases.json') as { aliases?: Record<string, number> };
  if (typeof file.aliases !== 'object' || file.aliases === null) fail('place-aliases.json', 'missing "aliases"');
  const byId = new Map<number, string[]>();
  for (const [alias, id] of Object.entries(file.aliases)) {
    if (!Number.isInteger(id)) fail('place-aliases.json', `"${alias}" must map to a GeoNames id`);
    const names = byId.get(id);
    if (names) names.push(alias);
    else byId.set(id, [alias]);
  }
  return byId;
}
