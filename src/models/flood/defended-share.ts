import type { CountryGrid } from '../toolkit/country-grid.js';
import { CELLS } from '../toolkit/half-degree.js';
import { FLOOD } from './parameters.js';

/**
 * The share p of a cell's flood-prone land that lies behind its protection
 * standard: its built-up land, people ÷ city density, concentrated E-fold on
 * the floodplain, capped (parameters.ts `defended`):
 *
 *   p = min(cap, E · P / (D · land km²)),
 *
 * 1 where a defence system encloses all the land (protection.ts wholeArea).
 * Because p is a share of the flood-prone land it is the same at every stage,
 * so the hazard curve mixes a defended and a natural curve (build.ts).
 */

/**
 * High-income countries for the city density: those the protection table
 * listed as high-income (~1/100) before FLOPROS, and the Netherlands. Other
 * high-income countries (Poland, Hungary, the Gulf states …) take the other
 * density: a known simplification.
 */
const HIGH_INCOME_COUNTRIES: ReadonlySet<string> = new Set([
  '036', '040', '056', '124', '158', '203', '208', '246', '250', '276', '372', '380', '392', '410', '442', '528', '554', '578', '620', '702', '724', '752', '756', '826', '840',
]);

/** Mean density (inh/km²) of city land in a country (OECD 2020, Fig. 4.13). */
export function cityDensity(countryId: string | undefined): number {
  return countryId !== undefined && HIGH_INCOME_COUNTRIES.has(countryId) ? FLOOD.defended.cityDensityHighIncome : FLOOD.defended.cityDensityOther;
}

/** p of one cell from its people, its city density and its land (km²). */
export function defendedShare(people: number, densityPerKm2: number, landKm2: number): number {
  if (!(landKm2 > 0)) return 0;
  const { floodplainConcentration, maxShare } = FLOOD.defended;
  return Math.min(maxShare, (floodplainConcentration * people) / (densityPerKm2 * landKm2));
}

export function defendedShareGrid(people: Float64Array, landKm2: Float64Array, countries: CountryGrid, wholeArea: Uint8Array): Float64Array {
  const out = new Float64Array(CELLS);
  for (let c = 0; c < CELLS; c++) {
    if (wholeArea[c]) out[c] = 1;
    else {
      const k = countries.countryOf[c]!;
      out[c] = defendedShare(people[c]!, cityDensity(k >= 0 ? countries.ids[k] : undefined), landKm2[c]!);
    }
  }
  return out;
}
