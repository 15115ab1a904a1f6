import { cellCentre } from '../../engine/grid.js';
import { distanceKm } from '../../geo/sphere.js';
import type { CountryGrid } from '../toolkit/country-grid.js';
import { CELLS, GRID } from '../toolkit/half-degree.js';

/**
 * Flood protection standards: the return period (years) of the largest flood
 * the defences of a place are built to hold, after the FLOPROS approach
 * (Scussolini et al. 2016: design and policy standards by country and, where
 * known, by region or city). Published standards, each row with its source;
 * everything else gets the default, FLOPROS's "many countries ~1/2–1/10".
 * A cell takes the largest standard of the places whose circle covers its
 * centre, else its country's, else the default. How the standard enters the
 * hazard curve is stage.ts (overtopping).
 */
export const DEFAULT_PROTECTION_YEARS = 5;

/**
 * High-income countries whose river defences are designed for about the
 * 100-year flood (Scussolini et al. 2016; Jongman et al. 2014): Germany's and
 * Austria's HQ100 design flood, France's 100-year reference flood of its flood
 * risk plans (PPRI), England's urban defences (Environment Agency), US levee
 * accreditation at the 1 % annual chance (FEMA, 44 CFR 65.10), Japan's
 * first-class rivers (1/100–1/200, MLIT), and the rest of Western Europe,
 * Scandinavia, Canada, Australia, New Zealand, South Korea, Taiwan and Singapore.
 */
const HUNDRED_YEAR_COUNTRIES: ReadonlyArray<readonly [string, string]> = [
  ['040', 'Austria'], ['056', 'Belgium'], ['036', 'Australia'], ['124', 'Canada'], ['158', 'Taiwan'], ['203', 'Czechia'],
  ['208', 'Denmark'], ['246', 'Finland'], ['250', 'France'], ['276', 'Germany'], ['372', 'Ireland'], ['380', 'Italy'],
  ['392', 'Japan'], ['410', 'South Korea'], ['442', 'Luxembourg'], ['554', 'New Zealand'], ['578', 'Norway'], ['620', 'Portugal'],
  ['702', 'Singapore'], ['724', 'Spain'], ['752', 'Sweden'], ['756', 'Switzerland'], ['826', 'United Kingdom'], ['840', 'United States'],
];

/** Country standards (world-atlas id → years, name, source). */
export const COUNTRY_PROTECTION: ReadonlyMap<string, { years: number; name: string; source: string }> = new Map([
  ...HUNDRED_YEAR_COUNTRIES.map(([id, name]) => [id, { years: 100, name, source: 'about 1/100 in high-income countries (Scussolini et al. 2016; Jongman et al. 2014)' }] as const),
  ['528', { years: 1250, name: 'Netherlands', source: 'Dutch Water Act (Wet op de waterkering 1996): river dike rings 1/1,250 (Scussolini et al. 2016)' }],
  ['156', { years: 20, name: 'China', source: 'national flood control standard GB 50201-2014: rural areas 1/10–1/20, cities 1/20–1/200 by importance' }],
]);

export interface ProtectedPlace {
  name: string;
  latitude: number;
  longitude: number;
  radiusKm: number;
  years: number;
  source: string;
}

/** Regions and cities defended above their country's standard. */
export const PLACE_PROTECTION: readonly ProtectedPlace[] = [
  { name: 'Holland dike rings (Randstad: Rotterdam, Amsterdam, The Hague)', latitude: 52.1, longitude: 4.6, radiusKm: 75, years: 10_000, source: 'Dutch Water Act 1996: coastal dike rings of North and South Holland 1/10,000 (Scussolini et al. 2016)' },
  { name: 'London (Thames Barrier)', latitude: 51.5, longitude: -0.1, radiusKm: 40, years: 1000, source: 'Thames Barrier and estuary defences, 1/1,000 until the 2030s (Environment Agency, Thames Estuary 2100 plan, 2012)' },
  { name: 'New Orleans (HSDRRS)', latitude: 29.95, longitude: -90.07, radiusKm: 40, years: 100, source: 'Hurricane and Storm Damage Risk Reduction System, completed 2011 to the 1 % annual chance (USACE)' },
  { name: 'Tokyo (Arakawa, Tone)', latitude: 35.68, longitude: 139.75, radiusKm: 40, years: 200, source: 'major rivers of the Tokyo region designed for 1/200 (MLIT, Japan)' },
  { name: 'Shanghai (Huangpu floodwalls)', latitude: 31.23, longitude: 121.47, radiusKm: 40, years: 1000, source: 'Huangpu river floodwalls designed for 1/1,000 (GB 50201: most important cities ≥ 1/200)' },
];

/** Protection standard (years) of every cell. */
export function protectionGrid(countries: CountryGrid): Float64Array {
  const out = new Float64Array(CELLS).fill(DEFAULT_PROTECTION_YEARS);
  for (let c = 0; c < CELLS; c++) {
    const k = countries.countryOf[c]!;
    if (k >= 0) out[c] = COUNTRY_PROTECTION.get(countries.ids[k]!)?.years ?? DEFAULT_PROTECTION_YEARS;
    const { latitude, longitude } = cellCentre(GRID, c);
    for (const p of PLACE_PROTECTION) {
      if (p.years > out[c]! && distanceKm(latitude, longitude, p.latitude, p.longitude) <= p.radiusKm) out[c] = p.years;
    }
  }
  return out;
}
