import { parseIsoDate, seasonSlot } from '../../engine/calendar.js';
import { KM_PER_DEGREE } from '../../geo/sphere.js';
import { CELLS, GRID, cellAreaKm2 } from '../toolkit/half-degree.js';
import { kernelSums } from '../toolkit/smoothing.js';
import { selectBandwidth, type BandwidthScore } from './bandwidth.js';
import { burntAreaGrid } from './fire-footprints.js';
import { WILDFIRE } from './parameters.js';
import { fitPoisson } from './poisson-glm.js';
import type { RegionMasks } from './regions.js';
import type { DatedArea, FireRecord } from './sources.js';

/**
 * Observed burn probability in the two calibration regions and the climate
 * model fitted to it. Burn probability (BP) here is the annual expected
 * fraction of land inside fires > 5 ha: Σ burnt area per year / land area
 * (cf. the FSim burn probability of Finney et al. 2011).
 */
export interface CalibrationInput {
  incidents: readonly FireRecord[];
  frap: readonly DatedArea[];
  portugal: readonly FireRecord[];
  masks: RegionMasks;
  /** Miami NPP per cell (NaN without CRU). */
  npp: Float64Array;
}

export interface Calibration {
  /** Burnt area per year (km²) per cell, California rescaled to its long-run level. */
  californiaBurnt: Float64Array;
  portugalBurnt: Float64Array;
  /** Both regions together. */
  burntPerYear: Float64Array;
  bandwidth: { sigmaKm: number; scores: BandwidthScore[] };
  /** Land area (km²) per cell inside a calibration region. */
  regionLand: Float64Array;
  /** Smoothed observed BP: model BP × smoothed observed / smoothed model-expected burnt area; NaN outside the regions. */
  observedBp: Float64Array;
  /** ln BP = intercept + slope · ln NPP, with NPP clamped to [nppMin, nppMax]. */
  model: { intercept: number; slope: number; nppMin: number; nppMax: number; cells: number };
  california: { levelHaPerYear: number; incidentHaPerYear: number; scale: number; years: number };
  portugal: { haPerYear: number; years: number };
}

function inYears(year: number, [first, last]: readonly [number, number]): boolean {
  return year >= first && year <= last;
}

/** Mean annual burnt area (ha) of California: FRAP years, then incident years. */
export function californiaLevel(frap: readonly DatedArea[], incidents: readonly FireRecord[]): number {
  const byYear = new Map<number, number>();
  const add = (year: number, ha: number): void => void byYear.set(year, (byYear.get(year) ?? 0) + ha);
  for (let y = WILDFIRE.frapLevelYears[0]; y <= WILDFIRE.incidentLevelYears[1]; y++) byYear.set(y, 0);
  for (const f of frap) if (inYears(f.year, WILDFIRE.frapLevelYears)) add(f.year, f.areaHa);
  for (const f of incidents) if (inYears(f.year, WILDFIRE.incidentLevelYears) && f.areaHa > WILDFIRE.severeAreaHa) add(f.year, f.areaHa);
  const years = [...byYear.values()];
  return years.reduce((a, b) => a + b, 0) / years.length;
}

/** Years of observation in the incident windows, each day weighted by its share of a mean fire year. */
export function exposureYears(windows: ReadonlyArray<readonly [string, string]>, season: Float64Array): number {
  let years = 0;
  for (const [first, last] of windows) {
    const from = parseIsoDate(first);
    const to = parseIsoDate(last);
    if (from === null || to === null) throw new Error(`bad incident window ${first}…${last}`);
    for (let d = from; d <= to; d++) years += season[seasonSlot(d)]!;
  }
  return years;
}

function insideWindows(f: FireRecord, windows: ReadonlyArray<readonly [string, string]>): boolean {
  return windows.some(([first, last]) => f.day >= parseIsoDate(first)! && f.day <= parseIsoDate(last)!);
}

/**
 * @param californiaSeason California's season profile normalised to one mean year
 *   (weights per slot), used to count the partial years of the incident list.
 */
export function calibrate(input: CalibrationInput, californiaSeason: Float64Array): Calibration {
  const severe = (f: FireRecord): boolean => f.areaHa > WILDFIRE.severeAreaHa;
  const incidents = input.incidents.filter((f) => severe(f) && insideWindows(f, WILDFIRE.incidentWindows));
  const incidentYears = exposureYears(WILDFIRE.incidentWindows, californiaSeason);
  const incidentHaPerYear = incidents.reduce((s, f) => s + f.areaHa, 0) / incidentYears;
  const levelHaPerYear = californiaLevel(input.frap, input.incidents);
  const scale = levelHaPerYear / incidentHaPerYear;

  const portugal = input.portugal.filter((f) => severe(f) && WILDFIRE.portugalYears.includes(f.year));
  const portugalYears = WILDFIRE.portugalYears.length;
  const californiaBurnt = burntAreaGrid(incidents).map((a) => (a * scale) / incidentYears);
  const portugalBurnt = burntAreaGrid(portugal).map((a) => a / portugalYears);
  const californiaLand = input.masks.california.map((f, c) => f * cellAreaKm2(c));
  const portugalLand = input.masks.portugal.map((f, c) => f * cellAreaKm2(c));
  const burntPerYear = californiaBurnt.map((a, c) => a + portugalBurnt[c]!);
  const regionLand = californiaLand.map((a, c) => a + portugalLand[c]!);

  const model = fitClimateModel(burntPerYear, regionLand, input.masks.land, input.npp);
  // Cells without CRU data take the fitted rate at the calibration cells' mean NPP.
  const meanNpp = Math.exp((Math.log(model.nppMin) + Math.log(model.nppMax)) / 2);
  const modelBp = input.npp.map((v) => climateBp(model, Number.isFinite(v) ? v : meanNpp));
  const californiaExpected = californiaLand.map((a, c) => a * modelBp[c]!);
  const portugalExpected = portugalLand.map((a, c) => a * modelBp[c]!);
  const bandwidth = selectBandwidth(
    [
      { fires: incidents, expected: californiaExpected },
      { fires: portugal, expected: portugalExpected },
    ],
    WILDFIRE.bandwidthCandidatesKm,
  );
  // Smooth observed over expected (indirect standardisation) so the climate gradient survives the smoothing.
  const smoothBurnt = kernelSums(GRID, burntPerYear, bandwidth.sigmaKm, WILDFIRE.kernelTruncateSigmas, KM_PER_DEGREE);
  const smoothExpected = kernelSums(GRID, californiaExpected.map((a, c) => a + portugalExpected[c]!), bandwidth.sigmaKm, WILDFIRE.kernelTruncateSigmas, KM_PER_DEGREE);
  const observedBp = new Float64Array(CELLS).fill(NaN);
  for (let c = 0; c < CELLS; c++) {
    if (regionLand[c]! > 0 && smoothExpected[c]! > 0) observedBp[c] = (modelBp[c]! * smoothBurnt[c]!) / smoothExpected[c]!;
  }

  return {
    californiaBurnt,
    portugalBurnt,
    burntPerYear,
    bandwidth,
    regionLand,
    observedBp,
    model,
    california: { levelHaPerYear, incidentHaPerYear, scale, years: incidentYears },
    portugal: { haPerYear: portugal.reduce((s, f) => s + f.areaHa, 0) / portugalYears, years: portugalYears },
  };
}

/** Cells mostly inside a calibration region, with CRU data. */
export function calibrationCells(regionLand: Float64Array, land: Float64Array, npp: Float64Array): number[] {
  const cells: number[] = [];
  for (let c = 0; c < CELLS; c++) {
    const landKm2 = land[c]! * cellAreaKm2(c);
    if (land[c]! >= WILDFIRE.calibrationLand && regionLand[c]! >= WILDFIRE.calibrationShare * landKm2 && npp[c]! > 0) cells.push(c);
  }
  return cells;
}

/** Poisson fit of cell burnt area on ln NPP with the region's land area as exposure. */
export function fitClimateModel(burntPerYear: Float64Array, regionLand: Float64Array, land: Float64Array, npp: Float64Array): Calibration['model'] {
  const cells = calibrationCells(regionLand, land, npp);
  const [intercept, slope] = fitPoisson(
    cells.map((c) => [1, Math.log(npp[c]!)]),
    cells.map((c) => burntPerYear[c]!),
    cells.map((c) => regionLand[c]!),
  ) as [number, number];
  const values = cells.map((c) => npp[c]!);
  return { intercept, slope, nppMin: Math.min(...values), nppMax: Math.max(...values), cells: cells.length };
}

/** The climate model's BP for a cell's NPP, clamped to the calibrated range (Phillips & Dudík 2008). */
export function climateBp(model: Calibration['model'], npp: number): number {
  const clamped = Math.min(model.nppMax, Math.max(model.nppMin, npp));
  return Math.exp(model.intercept + model.slope * Math.log(clamped));
}
