import { readElevation } from '../../catalogues/etopo.js';
import { countryGrid } from '../toolkit/country-grid.js';
import { CELLS, cellAreaKm2 } from '../toolkit/half-degree.js';
import { populationGrid } from '../toolkit/population-grid.js';
import { landCover } from '../toolkit/world-atlas.js';
import { cityDensity } from './defended-share.js';
import { floodplain, shareBelow } from './hand.js';
import { FLOOD } from './parameters.js';
import { protectionGrid } from './protection.js';
import { readWaterPaths } from './sources.js';
import { stageM } from './stage.js';

/**
 * The share of people inside our 1-in-100-year flood footprint, per country, to
 * set beside Rentschler et al. (2022), who count people where the 100-year
 * flood is deeper than 0.15 m. A cell's footprint is its land below the
 * 100-year stage less 0.15 m, F(stage(100) − 0.15 m) (hand.ts, stage.ts); its
 * people live on its built-up land, which lies E-fold on the flood-prone land
 * as in defended-share.ts (capped at `maxShare` of the land), so the share of
 * the cell's people in the footprint is min(1, F · min(E, cap / b)), b the
 * built-up share. Natural: no defence (Rentschler's shares, the Netherlands'
 * 59 % among them, read as undefended). Defended: the people of cells whose
 * standard holds the 100-year flood are out, since in this model all of a
 * cell's flood-prone people are on its defended land.
 */
export const FOOTPRINT_DEPTH_M = 0.15;

export interface FootprintShare {
  /** Gazetteer people of the country's cells. */
  people: number;
  natural: number;
  defended: number;
}

export function hundredYearFootprint(sourcesDir: string): Map<string, FootprintShare> {
  const masks = landCover();
  const countries = countryGrid();
  const people = populationGrid();
  const plain = floodplain(readElevation(sourcesDir), readWaterPaths(sourcesDir), masks.coastRings, masks.landSpans, (c) => people[c]! > 0);
  const protection = protectionGrid(countries);
  const stage = stageM(FLOOD.classOneStageM, 100) - FOOTPRINT_DEPTH_M;
  const { floodplainConcentration, maxShare } = FLOOD.defended;
  const sums = new Map<string, { people: number; natural: number; defended: number }>();
  for (let c = 0; c < CELLS; c++) {
    const k = countries.countryOf[c]!;
    if (!(people[c]! > 0) || k < 0) continue;
    const id = countries.ids[k]!;
    const landKm2 = Math.max(masks.land[c]!, 0.01) * cellAreaKm2(c);
    const builtUp = people[c]! / (cityDensity(id) * landKm2);
    const inside = people[c]! * Math.min(1, shareBelow(plain, c, stage) * Math.min(floodplainConcentration, maxShare / builtUp));
    const sum = sums.get(id) ?? { people: 0, natural: 0, defended: 0 };
    sum.people += people[c]!;
    sum.natural += inside;
    if (protection.years[c]! < 100) sum.defended += inside;
    sums.set(id, sum);
  }
  return new Map([...sums].map(([id, s]) => [id, { people: s.people, natural: s.natural / s.people, defended: s.defended / s.people }]));
}
