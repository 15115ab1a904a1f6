import { cellCentre } from '../../engine/grid.js';
import { KM_PER_DEGREE } from '../../geo/sphere.js';
import type { CountryGrid } from '../toolkit/country-grid.js';
import { CELLS, GRID, cellAreaKm2 } from '../toolkit/half-degree.js';
import { kernelSums } from '../toolkit/smoothing.js';
import { climateRate, WIDTH, type FireCovariates } from './fire-climate.js';
import { fitGroupedPoisson, type Group } from './grouped-poisson.js';
import { OBSERVED_BURNED_PERCENT } from './observed-burned-area.js';
import { COUNTRY_CALIBRATION, WILDFIRE } from './parameters.js';

/**
 * Observed burned area by country (GWIS 2012–2023) calibrates the fire-climate
 * model twice over:
 * 1. β is fitted to all country totals at once (grouped Poisson), so the shape
 *    of the climate response is learnt from every fire regime on Earth;
 * 2. each country's total is then distributed over its cells in proportion to
 *    the fitted model: factor K = observed / modelled burnt area, so the
 *    country's table total equals its observed total exactly. Where K lies
 *    beyond the spread of K among the world's burning countries (factorCap),
 *    the country burns far more than its climate explains (crop-residue
 *    burning in the Nile delta, gas flares on the Gulf): scaling the model by
 *    K would pour the whole total into the country's least arid cell (north
 *    Sinai at 7 %/yr), so K is capped and the rest is spread evenly over the
 *    country's burnable land — "we know how much, not where".
 * Cells of countries without a row (under 10,000 km² of land, overseas parts,
 * land outside any country) take exp of the land-weighted Gaussian mean of
 * ln K around them, the level of their neighbours; with no calibrated
 * neighbour within reach, K = 1.
 */
export interface CountryFit {
  id: string;
  name: string;
  landKm2: number;
  observedKm2: number;
  modelledKm2: number;
  factor: number;
  /** Burnt area per year spread evenly because K was capped (km²). */
  unplacedKm2: number;
}

export interface CountryCalibration {
  beta: number[];
  deviance: number;
  iterations: number;
  countries: CountryFit[];
  /** The largest country factor K (factorCap). */
  factorCap: number;
  /** Country factor K of every cell. */
  factor: Float64Array;
  /** The evenly spread remainder of every cell: burn probability of its burnable land. */
  uniformRate: Float64Array;
}

function insideHomeBox(id: string, cell: number): boolean {
  const box = COUNTRY_CALIBRATION.homeBoxes[id];
  if (!box) return true;
  const { latitude, longitude } = cellCentre(GRID, cell);
  return longitude >= box[0] && latitude >= box[1] && longitude <= box[2] && latitude <= box[3];
}

/** Modelled cells of each table row's country (inside its home box), in cell order. */
function countryCells(grid: CountryGrid, covariates: FireCovariates): Map<string, number[]> {
  const out = new Map<string, number[]>(OBSERVED_BURNED_PERCENT.map(([id]) => [id, []]));
  for (let c = 0; c < CELLS; c++) {
    const k = grid.countryOf[c]!;
    if (k < 0 || !covariates.modelled[c]) continue;
    const id = grid.ids[k]!;
    if (insideHomeBox(id, c)) out.get(id)?.push(c);
  }
  return out;
}

/** ln K smoothed over calibrated land, for the cells no country row covers. */
function neighbourhoodFactor(factor: Float64Array, calibrated: Uint8Array, land: Float64Array): Float64Array {
  const weight = new Float64Array(CELLS);
  const weightedLog = new Float64Array(CELLS);
  for (let c = 0; c < CELLS; c++) {
    if (!calibrated[c] || !(factor[c]! > 0)) continue;
    weight[c] = land[c]! * cellAreaKm2(c);
    weightedLog[c] = weight[c]! * Math.log(factor[c]!);
  }
  const { neighbourhoodSigmaKm: sigma } = COUNTRY_CALIBRATION;
  const sumWeight = kernelSums(GRID, weight, sigma, WILDFIRE.kernelTruncateSigmas, KM_PER_DEGREE);
  const sumLog = kernelSums(GRID, weightedLog, sigma, WILDFIRE.kernelTruncateSigmas, KM_PER_DEGREE);
  return sumWeight.map((w, c) => (w > 0 ? Math.exp(sumLog[c]! / w) : 1));
}

/**
 * The largest factor the model's pattern may carry: exp(mean + z·sd) of ln K,
 * weighted by each country's observed burnt area, so the cap follows the
 * spread of K where the world's fires burn.
 */
export function factorCap(countries: readonly { observedKm2: number; factor: number }[]): number {
  const weighted = countries.filter((c) => c.observedKm2 > 0 && c.factor > 0);
  const total = weighted.reduce((s, c) => s + c.observedKm2, 0);
  const mean = weighted.reduce((s, c) => s + c.observedKm2 * Math.log(c.factor), 0) / total;
  const variance = weighted.reduce((s, c) => s + c.observedKm2 * (Math.log(c.factor) - mean) ** 2, 0) / total;
  return Math.exp(mean + COUNTRY_CALIBRATION.factorCapSds * Math.sqrt(variance));
}

/**
 * How a country's observed burnt area (km²/yr) is carried: factor K on the
 * modelled burnt area, at most `cap`, and the rest as an even rate over its
 * burnable land (km²). Observed = K · modelled + uniformRate · burnable.
 */
export function countryLevel(observedKm2: number, modelledKm2: number, burnableKm2: number, cap: number): { factor: number; unplacedKm2: number; uniformRate: number } {
  const raw = modelledKm2 > 0 ? observedKm2 / modelledKm2 : 0;
  const factor = raw > cap ? cap : raw > 0 ? raw : 1;
  const unplacedKm2 = raw > cap || raw === 0 ? observedKm2 - factor * modelledKm2 : 0;
  return { factor, unplacedKm2, uniformRate: burnableKm2 > 0 ? unplacedKm2 / burnableKm2 : 0 };
}

export function calibrateCountries(covariates: FireCovariates, grid: CountryGrid, land: Float64Array): CountryCalibration {
  const cellsOf = countryCells(grid, covariates);
  const landOf = (cells: readonly number[]): number => cells.reduce((s, c) => s + land[c]! * cellAreaKm2(c), 0);
  const groups: Group[] = [];
  const rows = OBSERVED_BURNED_PERCENT.filter(([id]) => cellsOf.get(id)!.length > 0);
  for (const [id, , percent] of rows) {
    const cells = cellsOf.get(id)!;
    groups.push({ cells, observed: (percent / 100) * landOf(cells) });
  }
  const fit = fitGroupedPoisson(groups, covariates.design, WIDTH, covariates.burnableKm2);
  const factor = new Float64Array(CELLS);
  const uniformRate = new Float64Array(CELLS);
  const calibrated = new Uint8Array(CELLS);
  const modelled = groups.map(({ cells }) => cells.reduce((s, c) => s + covariates.burnableKm2[c]! * climateRate(fit.beta, covariates.design, c), 0));
  const cap = factorCap(groups.map((g, i) => ({ observedKm2: g.observed, factor: g.observed / modelled[i]! })));
  const countries = rows.map(([id, name], g) => {
    const { cells, observed } = groups[g]!;
    const level = countryLevel(observed, modelled[g]!, cells.reduce((s, c) => s + covariates.burnableKm2[c]!, 0), cap);
    for (const c of cells) {
      factor[c] = level.factor;
      uniformRate[c] = level.uniformRate;
      calibrated[c] = 1;
    }
    return { id, name, landKm2: landOf(cells), observedKm2: observed, modelledKm2: modelled[g]!, factor: level.factor, unplacedKm2: level.unplacedKm2 };
  });
  const neighbours = neighbourhoodFactor(factor, calibrated, land);
  for (let c = 0; c < CELLS; c++) if (!calibrated[c]) factor[c] = neighbours[c]!;
  return { beta: fit.beta, deviance: fit.deviance, iterations: fit.iterations, countries, factorCap: cap, factor, uniformRate };
}
