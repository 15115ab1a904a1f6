import { parseIsoDate, seasonSlot } from '../../engine/calendar.js';
import { KM_PER_DEGREE } from '../../geo/sphere.js';
import { CELLS, GRID, cellAreaKm2 } from '../toolkit/half-degree.js';
import { kernelSums } from '../toolkit/smoothing.js';
import { selectSmoothing, type SmoothingScore } from './bandwidth.js';
import { burntAreaGrid } from './fire-footprints.js';
import { WILDFIRE } from './parameters.js';
import type { RegionMasks } from './regions.js';
import { locateFrapFires } from './frap-units.js';
import type { DatedArea, FireRecord, Incident } from './sources.js';

/**
 * Observed burn probability in the two regions with located fire records
 * (California, mainland Portugal). Burn probability (BP) here is the annual
 * expected fraction of land inside fires > 5 ha: Σ burnt area per year / land
 * area (cf. the FSim burn probability of Finney et al. 2011). The records are
 * smoothed relative to the global fire-climate model's pattern raised to a
 * power γ (indirect standardisation), γ and the bandwidth chosen together by
 * cross-validation over years: γ = 1 keeps the model's pattern, 0 ignores it.
 */
export interface CalibrationInput {
  incidents: readonly Incident[];
  frap: readonly DatedArea[];
  portugal: readonly FireRecord[];
  masks: RegionMasks;
  /** The fire-climate model's BP per cell (country-calibrated); NaN where it has none. */
  modelBp: Float64Array;
}

export interface Calibration {
  /** Burnt area per year (km²) per cell, California rescaled to its long-run level. */
  californiaBurnt: Float64Array;
  portugalBurnt: Float64Array;
  /** Both regions together. */
  burntPerYear: Float64Array;
  /** The bandwidth σ and the exponent γ of the model's pattern kept inside the record regions, with every candidate's deviance. */
  smoothing: { best: SmoothingScore; scores: SmoothingScore[] };
  /** Land area (km²) per cell inside a calibration region. */
  regionLand: Float64Array;
  /** Smoothed observed BP: BP_modelᵞ × smoothed observed / smoothed BP_modelᵞ-expected burnt area; NaN outside the regions. */
  observedBp: Float64Array;
  california: { levelHaPerYear: number; incidentHaPerYear: number; scale: number; years: number; frapLocatedShare: number };
  portugal: { haPerYear: number; years: number };
}

const KM2_PER_HA = 0.01;

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

  // California's pattern: FRAP's earlier fires placed by their unit's incident points, then the incidents themselves.
  const frapPattern = locateFrapFires(input.frap.filter((f) => inYears(f.year, WILDFIRE.frapPatternYears)), input.incidents);
  const californiaFires = [...frapPattern.fires, ...incidents.map((f) => ({ ...f, areaHa: f.areaHa * scale }))];
  const californiaPattern = burntAreaGrid(californiaFires);
  const patternTotal = californiaPattern.reduce((a, b) => a + b, 0);
  const californiaBurnt = californiaPattern.map((a) => (a / patternTotal) * levelHaPerYear * KM2_PER_HA);

  const portugal = input.portugal.filter((f) => severe(f) && WILDFIRE.portugalYears.includes(f.year));
  const portugalYears = WILDFIRE.portugalYears.length;
  const portugalBurnt = burntAreaGrid(portugal).map((a) => a / portugalYears);
  const californiaLand = input.masks.california.map((f, c) => f * cellAreaKm2(c));
  const portugalLand = input.masks.portugal.map((f, c) => f * cellAreaKm2(c));
  const burntPerYear = californiaBurnt.map((a, c) => a + portugalBurnt[c]!);
  const regionLand = californiaLand.map((a, c) => a + portugalLand[c]!);

  // Region cells without climate data (a few coastal slivers) take the region's mean model BP.
  const modelBp = fillRegionGaps(input.modelBp, regionLand);
  // How much of the model's pattern to keep (BP_model^γ) and how far to smooth are chosen together by cross-validation.
  const exponents: readonly number[] = WILDFIRE.patternExponents;
  const patterns = exponents.map((exponent) => modelBp.map((v, c) => (regionLand[c]! > 0 ? v ** exponent : 0)));
  const smoothing = selectSmoothing(
    [
      { fires: californiaFires, land: californiaLand },
      { fires: portugal, land: portugalLand },
    ],
    exponents,
    patterns,
    WILDFIRE.bandwidthCandidatesKm,
  );
  const { sigmaKm, exponent } = smoothing.best;
  const pattern = patterns[exponents.indexOf(exponent)]!;
  // Smooth observed over expected (indirect standardisation) so the kept pattern survives the smoothing.
  const smoothBurnt = kernelSums(GRID, burntPerYear, sigmaKm, WILDFIRE.kernelTruncateSigmas, KM_PER_DEGREE);
  const smoothExpected = kernelSums(GRID, regionLand.map((a, c) => a * pattern[c]!), sigmaKm, WILDFIRE.kernelTruncateSigmas, KM_PER_DEGREE);
  const observedBp = new Float64Array(CELLS).fill(NaN);
  for (let c = 0; c < CELLS; c++) {
    if (regionLand[c]! > 0 && smoothExpected[c]! > 0) observedBp[c] = (pattern[c]! * smoothBurnt[c]!) / smoothExpected[c]!;
  }

  return {
    californiaBurnt,
    portugalBurnt,
    burntPerYear,
    smoothing,
    regionLand,
    observedBp,
    california: { levelHaPerYear, incidentHaPerYear, scale, years: incidentYears, frapLocatedShare: frapPattern.locatedHa / frapPattern.totalHa },
    portugal: { haPerYear: portugal.reduce((s, f) => s + f.areaHa, 0) / portugalYears, years: portugalYears },
  };
}

/** The model BP of region cells without climate data: the land-weighted mean over the region cells that have one. */
function fillRegionGaps(modelBp: Float64Array, regionLand: Float64Array): Float64Array {
  let sum = 0;
  let weight = 0;
  for (let c = 0; c < CELLS; c++) {
    if (!(regionLand[c]! > 0) || !Number.isFinite(modelBp[c]!)) continue;
    sum += regionLand[c]! * modelBp[c]!;
    weight += regionLand[c]!;
  }
  const mean = weight > 0 ? sum / weight : 0;
  return modelBp.map((v, c) => (Number.isFinite(v) || !(regionLand[c]! > 0) ? v : mean));
}
