import { cellCentre } from '../../engine/grid.js';
import { distanceKm } from '../../geo/sphere.js';
import type { CountryGrid } from '../toolkit/country-grid.js';
import { CELLS, GRID } from '../toolkit/half-degree.js';
import { FLOPROS_COUNTRIES } from './flopros.js';

/**
 * Flood protection standards: the return period (years) of the largest flood
 * the defences of a place are built to hold. A cell takes the largest standard
 * of the places whose circle covers its centre (a circle wins a tie with its
 * country, as New Orleans's perimeter does), else its country's (FLOPROS,
 * flopros.ts), else the default. The standard protects the cell's built-up
 * share only (defended-share.ts), except where a defence system encloses all
 * the land (`wholeArea`): the Dutch dike rings, the Thames Barrier, New
 * Orleans's perimeter. How the standard enters the hazard curve is stage.ts
 * (overtopping).
 */
export const DEFAULT_PROTECTION_YEARS = 5;

export interface CountryStandard {
  years: number;
  name: string;
  source: string;
  wholeArea?: boolean;
}

const FLOPROS_SOURCE = 'FLOPROS V1 (Scussolini et al. 2016): median over admin-1 units of design max, else model clamped to the policy range, else model';

/**
 * High-income countries outside the 47 FLOPROS rows read so far: kept at the
 * former ~1/100 of high-income countries (Scussolini et al. 2016; Jongman et
 * al. 2014) until their FLOPROS units are read.
 */
const HUNDRED_YEAR_COUNTRIES: ReadonlyArray<readonly [string, string]> = [
  ['056', 'Belgium'], ['208', 'Denmark'], ['246', 'Finland'], ['372', 'Ireland'], ['442', 'Luxembourg'], ['554', 'New Zealand'],
  ['578', 'Norway'], ['620', 'Portugal'], ['702', 'Singapore'], ['752', 'Sweden'],
];

const NETHERLANDS = '528';

/** Country standards (world-atlas id → standard). The Dutch Water Act sets its standards per dike ring, for all the land inside it. */
export const COUNTRY_PROTECTION: ReadonlyMap<string, CountryStandard> = new Map<string, CountryStandard>([
  ...HUNDRED_YEAR_COUNTRIES.map(([id, name]): [string, CountryStandard] => [id, { years: 100, name, source: 'about 1/100 in high-income countries (Scussolini et al. 2016; Jongman et al. 2014); FLOPROS not yet read' }]),
  ...FLOPROS_COUNTRIES.map((c): [string, CountryStandard] => [c.id, { years: c.years, name: c.name, source: `${FLOPROS_SOURCE} (${c.layers})`, ...(c.id === NETHERLANDS ? { wholeArea: true } : {}) }]),
]);

export interface ProtectedPlace {
  name: string;
  latitude: number;
  longitude: number;
  radiusKm: number;
  years: number;
  source: string;
  wholeArea?: boolean;
}

/** 40 km: a 0.5° cell's centre-to-corner distance (39 km at the equator), so a city's own cell is always covered. */
const CITY_RADIUS_KM = 40;
const city = (name: string, latitude: number, longitude: number, years: number, source: string): ProtectedPlace => ({ name, latitude, longitude, radiusKm: CITY_RADIUS_KM, years, source });

/** Regions and cities defended above their country's standard. */
export const PLACE_PROTECTION: readonly ProtectedPlace[] = [
  { name: 'Holland dike rings (Randstad: Rotterdam, Amsterdam, The Hague)', latitude: 52.1, longitude: 4.6, radiusKm: 75, years: 10_000, wholeArea: true, source: 'Dutch Water Act 1996: coastal dike rings of North and South Holland 1/10,000 (Scussolini et al. 2016)' },
  { ...city('London (Thames Barrier)', 51.5, -0.1, 1000, 'Thames Barrier and estuary defences, 1/1,000 until the 2030s (Environment Agency, Thames Estuary 2100 plan, 2012)'), wholeArea: true },
  { ...city('New Orleans (HSDRRS)', 29.95, -90.07, 100, 'Hurricane and Storm Damage Risk Reduction System, completed 2011 to the 1 % annual chance (USACE)'), wholeArea: true },
  city('Tokyo (Arakawa, Tone)', 35.68, 139.75, 200, 'major rivers of the Tokyo region designed for 1/200 (MLIT, Japan)'),
  city('Shanghai (Huangpu floodwalls)', 31.23, 121.47, 1000, 'Huangpu river floodwalls designed for 1/1,000 (GB 50201: most important cities ≥ 1/200)'),
  city('Hamburg', 53.55, 9.99, 400, 'FLOPROS V1, design layer, Hamburg: 400 (Scussolini et al. 2016)'),
  city('Prague', 50.08, 14.43, 200, 'FLOPROS V1, design layer, Prague: 20–200, upper bound (Scussolini et al. 2016)'),
  city('Mexico City', 19.43, -99.13, 208, 'FLOPROS V1, model layer, Distrito Federal: 208 (Scussolini et al. 2016)'),
  city('Cairo', 30.04, 31.24, 102, 'FLOPROS V1, model layer, Cairo governorate: 102 (Scussolini et al. 2016)'),
  city('Hanoi', 21.03, 105.85, 120, 'FLOPROS V1, design layer, Hà Nội: 120 (Scussolini et al. 2016)'),
  city('Bangkok', 13.75, 100.5, 50, 'FLOPROS V1, design layer, Bangkok: 10–50, upper bound (Scussolini et al. 2016)'),
];

export interface ProtectionGrid {
  /** Standard (years) of every cell. */
  years: Float64Array;
  /** 1 where the standard's defences enclose all the cell's land, 0 where they protect its built-up share. */
  wholeArea: Uint8Array;
}

export function protectionGrid(countries: CountryGrid): ProtectionGrid {
  const years = new Float64Array(CELLS).fill(DEFAULT_PROTECTION_YEARS);
  const wholeArea = new Uint8Array(CELLS);
  for (let c = 0; c < CELLS; c++) {
    const k = countries.countryOf[c]!;
    const country = k >= 0 ? COUNTRY_PROTECTION.get(countries.ids[k]!) : undefined;
    if (country) {
      years[c] = country.years;
      wholeArea[c] = country.wholeArea ? 1 : 0;
    }
    const { latitude, longitude } = cellCentre(GRID, c);
    for (const p of PLACE_PROTECTION) {
      if (p.years >= years[c]! && distanceKm(latitude, longitude, p.latitude, p.longitude) <= p.radiusKm) {
        years[c] = p.years;
        wholeArea[c] = p.wholeArea ? 1 : 0;
      }
    }
  }
  return { years, wholeArea };
}
