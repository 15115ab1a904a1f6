import { expectedCountFromProbability } from '../../engine/formulas.js';
import { cellCentre } from '../../engine/grid.js';
import type { PerilName } from '../../engine/perils.js';
import type { HazardTable, RateTable } from '../../engine/table-spec.js';
import { countryGrid, type CountryGrid } from '../toolkit/country-grid.js';
import { CELLS, GRID, cellAreaKm2 } from '../toolkit/half-degree.js';
import { annualProbability, greater, place as P, referenceRow as row, type Place } from '../toolkit/place-checks.js';
import type { OrderingCheck, ValidationRow } from '../validation-types.js';
import { COUNTRY_CALIBRATION } from './parameters.js';
import { regionMasks } from './regions.js';
import type { ModelValidation } from '../validation-types.js';
import { rateTableMap } from '../toolkit/rate-map.js';

/**
 * The Wildfire table against published burn fractions of well-known fire
 * regimes and against orderings of well-known places, evaluated with the
 * reference window maths (one calendar year, all hours; percent). None of
 * these references calibrates the model: the calibration is GWIS burned area
 * by country, the CAL FIRE and ICNF records (docs/models/wildfire.md).
 * Regional references are compared with the land-weighted mean annual rate
 * of the region's cells.
 */
export const PLACES = {
  laFoothills: P('Los Angeles foothills (La Cañada Flintridge)', 34.2, -118.2),
  sanDiegoBackcountry: P('San Diego County backcountry (Ramona)', 33.04, -116.87),
  sacramento: P('Sacramento', 38.58, -121.49),
  sanFrancisco: P('San Francisco downtown', 37.79, -122.4),
  viseu: P('Viseu (interior Portugal)', 40.66, -7.91),
  lisbon: P('Lisbon', 38.72, -9.14),
  sydneyOutskirts: P('Sydney outskirts (Penrith / Blue Mountains edge)', -33.75, 150.69),
  london: P('London', 51.51, -0.13),
  paris: P('Paris', 48.86, 2.35),
  berlin: P('Berlin', 52.52, 13.4),
  tokyo: P('Tokyo downtown', 35.68, 139.69),
  miami: P('Miami downtown', 25.77, -80.19),
  katherine: P('Northern Australian savanna (Katherine)', -14.47, 132.26),
  kasama: P('Zambian miombo (Kasama)', -10.2, 31.2),
  tabora: P('Tanzanian miombo (Tabora)', -5.0, 32.8),
  majete: P('Malawi miombo (Majete Wildlife Reserve)', -15.95, 34.6),
  linguere: P('Sahel, Ferlo (Linguère, Senegal)', 15.39, -15.12),
  greenland: P('Greenland ice sheet (Summit)', 72.58, -38.46),
} as const;

/** A Lite score of 26–50 years is "Moderate" (src/lite/bands.ts): Miami must score above 50. */
const MODERATE_MAX_YEARS = 50;
/** The bar for humid temperate cities: below 0.1 %/yr. */
const HUMID_CITY_MAX = 0.001;
const SAVANNA_RANGE = [0.1, 0.5] as const;
const pct = (p: number | null): number => (p === null ? NaN : 100 * p);

interface Region {
  place: Place;
  inside(cell: number, latitude: number, longitude: number): boolean;
}

/** Land-weighted mean annual rate of a table's covered cells inside a region. */
function meanRate(table: RateTable, land: Float64Array, inside: Region['inside']): number {
  const K = table.rates.length / table.rows;
  let sum = 0;
  let total = 0;
  for (let c = 0; c < CELLS; c++) {
    const r = table.cellRow[c]!;
    const { latitude, longitude } = cellCentre(GRID, c);
    if (r < 0 || !(land[c]! > 0) || !inside(c, latitude, longitude)) continue;
    const w = land[c]! * cellAreaKm2(c);
    sum += w * table.rates[r * K]!;
    total += w;
  }
  return sum / total;
}

function regions(countries: CountryGrid): Record<string, Region> {
  const isIn = (cell: number, ...ids: string[]): boolean => {
    const k = countries.countryOf[cell]!;
    return k >= 0 && ids.includes(countries.ids[k]!);
  };
  const franceBox = COUNTRY_CALIBRATION.homeBoxes['250']!;
  return {
    savanna: { place: P('Northern Australian tropical savanna (Australia north of 20°S)', -15, 133), inside: (c, la) => isIn(c, '036') && la > -20 },
    mediterranean: {
      place: P('Southern Europe (Portugal, Spain, France, Italy, Greece)', 41, 5),
      inside: (c, la, lo) => isIn(c, '620', '724', '380', '300') || (isIn(c, '250') && lo >= franceBox[0] && la >= franceBox[1] && lo <= franceBox[2] && la <= franceBox[3]),
    },
    canada: { place: P('Boreal Canada (Canada 53–65°N)', 58, -105), inside: (c, la) => isIn(c, '124') && la >= 53 && la <= 65 },
    siberia: { place: P('Boreal Siberia (Russia 55–70°N, 60–140°E)', 62, 100), inside: (c, la, lo) => isIn(c, '643') && la >= 55 && la <= 70 && lo >= 60 && lo <= 140 },
    westernUs: { place: P('Western United States (11 states: 31–49°N, 125–102°W)', 40, -113), inside: (c, la, lo) => isIn(c, '840') && la >= 31 && la <= 49 && lo >= -125 && lo <= -102 },
    california: { place: P('California (statewide mean)', 37.2, -119.5), inside: () => false },
    world: { place: P('Global ice-free land (mean)', 0, 0), inside: () => true },
  };
}

function wildfireRows(table: RateTable): ValidationRow[] {
  const masks = regionMasks();
  const r = regions(countryGrid());
  const mean = (region: Region): number => 100 * meanRate(table, masks.land, region.inside);
  const at = (p: Place): number => pct(annualProbability(table, p));
  const bp = '% of land burnt per year';
  const fsim = 'Finney et al. 2011; Short et al. 2020 (FSim national burn probability): S. California chaparral ≈ 1–2 %/yr';
  return [
    row('Wildfire', 'seen', r.savanna!.place, bp, 21, 'Russell-Smith et al. 2007 (Fire Ecology 3(1)): 21 % of the 1.9 million km² savanna region burnt per year, 1997–2005', mean(r.savanna!)),
    row('Wildfire', 'seen', PLACES.katherine, 'annual burn probability (%)', 21, 'Russell-Smith et al. 2007: regional mean; higher-rainfall savannas burn every 1–2 years', at(PLACES.katherine)),
    row('Wildfire', 'seen', PLACES.majete, 'annual burn probability (%)', 25, 'Nieman et al. 2021 (Fire Ecology 17:4): mean fire return interval 4 years in miombo, MODIS 2001–2019', at(PLACES.majete), '0.5° cell: reserve and the farmed Shire valley around it'),
    row('Wildfire', 'seen', PLACES.tabora, 'annual burn probability (%)', 25, 'Tarimo et al. 2015 (Carbon Balance Manag. 10:18): more than half of Tanzanian miombo burns at least every 2 years, up to 50.6 % in a year', at(PLACES.tabora)),
    row('Wildfire', 'seen', PLACES.linguere, 'annual burn probability (%)', 10, 'IRIN (2007, via Pambazuka News): almost a tenth of the southern Linguère region burnt in the severe 2005–2006 season', at(PLACES.linguere), 'one severe season: an upper bound for the mean'),
    row('Wildfire', 'fitted', r.mediterranean!.place, bp, (100 * 14.367e6) / 158.3e6 / 30, 'EFFIS (San-Miguel-Ayanz et al.): 14.37 million ha burnt in the five southern EU countries 1980–2009, over 1.58 million km²', mean(r.mediterranean!), 'our levels come from GWIS 2012–2023 for the same countries'),
    row('Wildfire', 'seen', r.canada!.place, bp, 0.7, 'Stocks et al. 2002 (JGR 108): 0.7 % of forested land in the boreal and taiga ecozones burnt per year, fires > 200 ha 1959–1997', mean(r.canada!), 'our mean is over all land of the band, forest or not'),
    row('Wildfire', 'seen', r.siberia!.place, bp, 0.87, 'Conard & Davidenko 1999: 7.3 million ha/yr in Russian boreal forests, over ~840 million ha (70 % of 1.2 billion ha of boreal forest)', mean(r.siberia!)),
    row('Wildfire', 'seen', r.westernUs!.place, bp, (100 * (55.9e6 * 0.404686)) / 18 / 310.0e6, 'Abolafia-Rosenzweig et al. 2022 (Eos): 55.9 million acres burnt in 11 western states 2001–2018, over 3.10 million km²', mean(r.westernUs!)),
    row('Wildfire', 'seen', PLACES.laFoothills, 'annual burn probability (%)', 1.5, fsim, at(PLACES.laFoothills), '0.5° cell average incl. the urban basin'),
    row('Wildfire', 'seen', PLACES.sanDiegoBackcountry, 'annual burn probability (%)', 1.5, fsim, at(PLACES.sanDiegoBackcountry)),
    row('Wildfire', 'fitted', r.california!.place, '% of land burnt per year by fires > 5 ha', null, 'input: FRAP 1990–2017 + CAL FIRE incidents 2018–2024 (level of the calibration)', 100 * meanRate(table, masks.land, (c) => masks.california[c]! >= 0.5)),
    row('Wildfire', 'seen', P('Mainland Portugal (mean)', 39.6, -8.0), '% of land burnt per year by fires > 5 ha', (100 * 115_000) / 8_900_000, 'DaCamara et al. (2025, arXiv): > 115,000 ha burnt per year on average 1980–2024, of 89,000 km²', 100 * meanRate(table, masks.land, (c) => masks.portugal[c]! >= 0.5), 'our Portuguese records are 1980–2000 and 2014 only'),
    row('Wildfire', 'fitted', r.world!.place, '% of ice-free land burnt per year', (100 * 348) / 13_100, 'Giglio et al. 2013 (GFED4): 348 Mha/yr 1997–2011, over ≈ 13,100 Mha ice-free land', mean(r.world!), 'calibrated on GWIS (MCD64A1, the product behind GFED4): a check of the level, not an independent reference'),
    row('Wildfire', 'seen', r.world!.place, '% of ice-free land burnt per year', 5.9, 'Chen et al. 2023 (GFED5): 774 Mha/yr = 5.9 % of ice-free land, 2001–2020, small fires included', mean(r.world!), 'MCD64A1 misses most burns < 25–50 ha; GFED5 adds them'),
  ];
}

export function validate(tables: ReadonlyMap<PerilName, HazardTable>): ValidationRow[] {
  const wildfire = tables.get('Wildfire');
  return wildfire?.type === 'rate' ? wildfireRows(wildfire) : [];
}

const fmt = (p: number | null): string => (p === null ? 'no coverage' : `${(100 * p).toPrecision(3)} %`);

function below(table: HazardTable, at: Place, limit: number): OrderingCheck {
  const p = annualProbability(table, at);
  return { peril: 'Wildfire', claim: `${at.name} < ${100 * limit} %/yr`, holds: p !== null && p < limit, detail: `${fmt(p)} per year` };
}

function within(table: HazardTable, at: Place, [low, high]: readonly [number, number]): OrderingCheck {
  const p = annualProbability(table, at);
  return { peril: 'Wildfire', claim: `${at.name} burns ${100 * low}–${100 * high} %/yr`, holds: p !== null && p >= low && p <= high, detail: `${fmt(p)} per year` };
}

export function orderings(tables: ReadonlyMap<PerilName, HazardTable>): OrderingCheck[] {
  const wildfire = tables.get('Wildfire');
  if (!wildfire) return [];
  const ice = annualProbability(wildfire, PLACES.greenland);
  const la = annualProbability(wildfire, PLACES.laFoothills);
  const london = annualProbability(wildfire, PLACES.london);
  const miami = annualProbability(wildfire, PLACES.miami);
  const miamiYears = miami === null || miami <= 0 ? Infinity : 1 / expectedCountFromProbability(miami);
  return [
    greater('Wildfire', wildfire, PLACES.laFoothills, PLACES.sacramento),
    greater('Wildfire', wildfire, PLACES.sacramento, PLACES.sanFrancisco),
    greater('Wildfire', wildfire, PLACES.viseu, PLACES.lisbon),
    greater('Wildfire', wildfire, PLACES.sydneyOutskirts, PLACES.london),
    { peril: 'Wildfire', claim: `${PLACES.laFoothills.name} > 10 × ${PLACES.london.name}`, holds: la !== null && london !== null && la > 10 * london, detail: `${fmt(la)} vs ${fmt(london)} per year` },
    within(wildfire, PLACES.katherine, SAVANNA_RANGE),
    within(wildfire, PLACES.kasama, SAVANNA_RANGE),
    ...[PLACES.london, PLACES.paris, PLACES.berlin, PLACES.tokyo].map((p) => below(wildfire, p, HUMID_CITY_MAX)),
    { peril: 'Wildfire', claim: `${PLACES.miami.name} scores above Moderate in Lite (return period > ${MODERATE_MAX_YEARS} years)`, holds: miamiYears > MODERATE_MAX_YEARS + 0.5, detail: `${fmt(miami)} per year = ${Math.round(miamiYears)} years` },
    { peril: 'Wildfire', claim: `${PLACES.greenland.name} has no coverage`, holds: ice === null, detail: ice === null ? 'cellRow = -1' : `${(100 * ice).toPrecision(3)} %` },
  ];
}

export const validation: ModelValidation = {
  references: validate,
  orderings,
  maps: rateTableMap('Wildfire', 'wildfire.png', 'Wildfire: annual probability of burning in a fire > 5 ha', 0, { low: 1e-5, high: 0.5, label: 'annual probability of burning in a fire > 5 ha' }),
};
