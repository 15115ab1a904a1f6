/**
 * Qualifiers are the parts of a query after the place name ("FL", "Ontario",
 * "UK"). One written form can mean several things ("GA" is Georgia and Gabon,
 * "Georgia" is a state and a country), so a qualifier is a set of countries
 * and admin-1 divisions; a place satisfies it when it is in any of them.
 */
import type { Admin1, Gazetteer } from './gazetteer.js';
import { packCountry } from './gazetteer.js';
import type { Admin1Abbreviation, CountryRow } from './data-files.js';
import { compactText } from './normalize.js';

export interface Qualifier {
  /** Packed ISO2 codes named outright. */
  countries: ReadonlySet<number>;
  /** Packed ISO2 codes of territories of those countries ("US" also covers PR). */
  territories: ReadonlySet<number>;
  /** Indices into Gazetteer.admin1s. */
  admin1s: ReadonlySet<number>;
}

/** Forms written in capitals in the data are codes: "US", "USA", "U.K.", "FL", "NSW". */
const CODE = /^[A-Z.]+$/;
/** Countries whose GeoNames admin-1 codes are the letters people write ("FL", "ZH", "ENG"). */
const LETTER_CODE_COUNTRIES = new Set(['US', 'CH', 'GB']);
/** Generic words admin-1 names carry that people leave out ("Maidan Wardak Province"). */
const GENERIC_SUFFIX = / (?:province|region|state|prefecture|county|oblast|governorate|department|district)$/i;

interface MutableQualifier {
  countries: Set<number>;
  territories: Set<number>;
  admin1s: Set<number>;
}

export class QualifierTable {
  private readonly byKey = new Map<string, MutableQualifier>();
  /** Keys of code forms, as opposed to names ("usa" but not "unitedstates"). */
  private readonly codes = new Set<string>();

  constructor(countries: readonly CountryRow[], admin1s: readonly Admin1[], abbreviations: readonly Admin1Abbreviation[]) {
    this.addCountries(countries);
    this.addAdmin1s(admin1s, abbreviations);
  }

  /** The qualifier a written form means, undefined when it names no known country or division. */
  lookup(text: string): Qualifier | undefined {
    return this.byKey.get(compactText(text));
  }

  /** Whether the text is a country or division code rather than a name ("Zug" is a name, "ZG" a code). */
  isCode(text: string): boolean {
    return this.codes.has(compactText(text));
  }

  private entry(text: string): MutableQualifier | undefined {
    const key = compactText(text);
    if (key === '') return undefined;
    if (CODE.test(text)) this.codes.add(key);
    let entry = this.byKey.get(key);
    if (!entry) this.byKey.set(key, (entry = { countries: new Set(), territories: new Set(), admin1s: new Set() }));
    return entry;
  }

  private addCountries(countries: readonly CountryRow[]): void {
    const territories = new Map<string, string[]>();
    for (const row of countries) {
      if (row.parent) territories.set(row.parent, [...(territories.get(row.parent) ?? []), row.iso2]);
    }
    for (const row of countries) {
      const covered = (territories.get(row.iso2) ?? []).map(packCountry);
      for (const form of [row.iso2, row.iso3, row.name, ...row.aliases]) {
        const entry = this.entry(form);
        if (!entry) continue;
        entry.countries.add(packCountry(row.iso2));
        for (const code of covered) entry.territories.add(code);
      }
    }
  }

  private addAdmin1s(admin1s: readonly Admin1[], abbreviations: readonly Admin1Abbreviation[]): void {
    const byCode = new Map(admin1s.map((row, index) => [row.code, index]));
    admin1s.forEach((row, index) => {
      if (row.name !== null) {
        this.entry(row.name)?.admin1s.add(index);
        const shortName = row.name.replace(GENERIC_SUFFIX, '');
        if (shortName !== row.name) this.entry(shortName)?.admin1s.add(index);
      }
      const letters = row.code.slice(3);
      if (LETTER_CODE_COUNTRIES.has(row.country) && /^[A-Z]+$/.test(letters)) this.entry(letters)?.admin1s.add(index);
    });
    for (const { country, abbreviation, code } of abbreviations) {
      const index = byCode.get(`${country}.${code}`);
      if (index === undefined) throw new Error(`data/admin1-abbreviations.json: unknown admin-1 code ${country}.${code}`);
      this.entry(abbreviation)?.admin1s.add(index);
    }
  }
}

/**
 * Whether place satisfies every qualifier. With `territories` a country
 * qualifier also accepts its territories; without, only the country itself.
 */
export function satisfiesAll(gazetteer: Gazetteer, place: number, qualifiers: readonly Qualifier[], territories: boolean): boolean {
  const country = gazetteer.country[place]!;
  const admin1 = gazetteer.admin1[place]!;
  return qualifiers.every((q) => q.countries.has(country) || q.admin1s.has(admin1) || (territories && q.territories.has(country)));
}
