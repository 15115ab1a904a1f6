import { CELLS, cellAreaKm2 } from '../toolkit/half-degree.js';
import { annualPrecipitation, coldestMonth, monthlyDryness, productivity, warmestMonth, type CruNormals } from './climate-indices.js';
import { FIRE_CLIMATE, WILDFIRE } from './parameters.js';

/**
 * The fire-climate model: the expected share of a cell's land burnt per year,
 *
 *   BP = unbuilt · treeline · exp(x · β),
 *   x = [1, ℓ, ℓ², D, D², W, S],  ℓ = ln(NPP / 1000 g m⁻²),
 *
 * NPP the precipitation-limited productivity (fuel), D the dry-season length in
 * months (moisture), W a logistic "cold winter" indicator of the coldest month
 * (the continental boreal forests, whose lightning-lit crown fires burn without
 * a dry season), S = 1 in summer-drought (Mediterranean, Köppen Cs) climates,
 * whose winter rain grows shrubs rather than the grass a savanna's summer rain
 * grows and cures each year, `unbuilt` the share of the land that is not city and
 * `treeline` a logistic in the warmest month's temperature that takes the fuel
 * away in tundra and on high mountains. The quadratics let both limbs bend: fire
 * rises with fuel from deserts to savannas and falls again towards rainforest,
 * where no month is dry (the intermediate-productivity hump: Pausas & Ribeiro
 * 2013; Krawchuk & Moritz 2011; Bistinas et al. 2014). β is fitted to observed
 * burned area by country (country-calibration.ts).
 */
export const COVARIATES = ['intercept', 'ln(NPP/1000)', 'ln(NPP/1000)²', 'dry months', '(dry months)²', 'cold winter', 'Mediterranean (Cs)'] as const;
export const WIDTH = COVARIATES.length;

export interface FireCovariates {
  /** CELLS × WIDTH covariates; rows of unmodelled cells are zero. */
  design: Float64Array;
  /** Cells with climate data outside the excluded classes (ice caps). */
  modelled: Uint8Array;
  /** Land (km²) of each cell that can burn: not built up, weighted by the treeline factor. */
  burnableKm2: Float64Array;
  /** Dry-season length (months) per cell, for reports. */
  dryMonths: Float64Array;
}

/** Fuel continuity at the treeline: logistic in the warmest month's mean temperature (°C). */
export function treelineFactor(warmestMonthC: number): number {
  const { warmestMonthC: threshold, widthC } = FIRE_CLIMATE.treeline;
  return 1 / (1 + Math.exp(-(warmestMonthC - threshold) / widthC));
}

/** Cold-winter indicator: logistic in the coldest month's mean temperature (°C), 1 well below the threshold. */
export function coldWinter(coldestMonthC: number, thresholdC: number = FIRE_CLIMATE.coldWinter.coldestMonthC): number {
  return 1 / (1 + Math.exp((coldestMonthC - thresholdC) / FIRE_CLIMATE.coldWinter.widthC));
}

/** Share of a cell's land that is not city, from its people per km² of land. */
export function unbuiltShare(people: number, landKm2: number): number {
  if (!(landKm2 > 0)) return 1;
  return Math.max(FIRE_CLIMATE.minUnbuiltShare, 1 - people / landKm2 / FIRE_CLIMATE.builtUpDensityPerKm2);
}

/** Köppen class per cell (koppen-geiger), for coverage and the Mediterranean indicator. `coldWinterC` overrides the cold-winter threshold (the bench script scans it). */
export function fireCovariates(cru: CruNormals, land: Float64Array, population: Float64Array, koppen: readonly string[], coldWinterC?: number): FireCovariates {
  const design = new Float64Array(CELLS * WIDTH);
  const modelled = new Uint8Array(CELLS);
  const burnableKm2 = new Float64Array(CELLS);
  const dryMonths = new Float64Array(CELLS).fill(NaN);
  for (let c = 0; c < CELLS; c++) {
    const precipitation = annualPrecipitation(cru.pre, c);
    const warmest = warmestMonth(cru.tmp, c);
    if (!Number.isFinite(precipitation) || !Number.isFinite(warmest) || WILDFIRE.noCoverageClasses.includes(koppen[c]!)) continue;
    const lnNpp = Math.log(productivity(precipitation) / FIRE_CLIMATE.productivity.centre);
    const dry = monthlyDryness(cru, c).reduce((a, b) => a + b, 0);
    const mediterranean = koppen[c]!.startsWith(FIRE_CLIMATE.mediterraneanClass) ? 1 : 0;
    design.set([1, lnNpp, lnNpp * lnNpp, dry, dry * dry, coldWinter(coldestMonth(cru.tmp, c), coldWinterC), mediterranean], c * WIDTH);
    modelled[c] = 1;
    dryMonths[c] = dry;
    const landKm2 = land[c]! * cellAreaKm2(c);
    burnableKm2[c] = landKm2 * unbuiltShare(population[c]!, landKm2) * treelineFactor(warmest);
  }
  return { design, modelled, burnableKm2, dryMonths };
}

/** exp(x · β) of a cell: the burn probability of its unbuilt land. */
export function climateRate(beta: readonly number[], design: Float64Array, cell: number): number {
  let eta = 0;
  for (let j = 0; j < WIDTH; j++) eta += design[cell * WIDTH + j]! * beta[j]!;
  return Math.exp(eta);
}
