import { perilDef } from '../../engine/perils.js';
import type { GridDef } from '../../engine/table-spec.js';
import { depositPoint, smoothedDensity } from './density.js';
import { cellOf } from './grid-geometry.js';
import { HAIL, HAIL_YEARS } from './parameters.js';
import type { Occurrence } from './profiles.js';
import { populationDensity, type PopulatedPlace } from './population.js';
import { correctedMass, fitReportingEfficiency, type ReportingEfficiency } from './reporting-efficiency.js';
import type { HailReport } from './sources.js';
import { cropToModel, workGrid, type WorkGrid } from './work-grid.js';

/**
 * Point rates of hail of diameter ≥ s:
 *
 *   λ_s(x) = A × D(x) × R_s(x)
 *
 * D = cell-days with a report ≥ 1 in, per km² per year, each divided by the
 * reporting efficiency of its cell's population-density class (fitted separately
 * for the modern and the early years, reporting-efficiency.ts): the modern density
 * blended with the 1955–1989 pattern rescaled to the modern national total; R_s = local
 * P(largest size ≥ s | cell-day ≥ 1 in) from a wide kernel (R_1 = 1; R_0.75 from the
 * 2005–2009 years, when 0.75 in was still severe); A = area of hail ≥ s one cell-day
 * stands for (an assumption, see docs/models/hail.md).
 */
export interface HailModel {
  /** Per registry threshold: annual rate on each model-grid cell. */
  rates: Float64Array[];
  occurrences: Occurrence[];
  summary: HailSummary;
}

export interface HailSummary {
  modernCellDays: number;
  earlyCellDays: number;
  /** Modern cell-days ≥ 1 in per year, national (within the model grid). */
  modernCellDaysPerYear: number;
  /** National P(largest size ≥ s | cell-day ≥ 1 in) per threshold. */
  nationalSizeRatio: number[];
  /** Reported modern cell-days ≥ 1 in per year before the reporting correction. */
  reportedCellDaysPerYear: number;
  modernReporting: ReportingEfficiency;
  earlyReporting: ReportingEfficiency;
}

const THRESHOLDS = perilDef('Hail').thresholds as readonly number[];
const SIZE_TOLERANCE = 1e-9;
const MODERN = new Set(HAIL_YEARS.modern);
const EARLY = new Set(HAIL_YEARS.early);

/** Modern years whose file contains `month` (2024 stops in October). */
export function modernYearsCovering(month: number): number {
  return HAIL_YEARS.modern.filter((y) => month <= (HAIL_YEARS.lastMonth[y] ?? 12)).length;
}

/**
 * `places` give the population density of the reporting correction; `covered`
 * are the model cells (coverage.ts) over which the correction is fitted.
 */
export function hailModel(model: GridDef, reports: readonly HailReport[], places: readonly PopulatedPlace[], covered: ArrayLike<number>): HailModel {
  const work = workGrid(model, HAIL.kernelSigmaKm);
  const population = populationDensity(work.grid, places);
  const cellDays = hailCellDays(work.grid, reports);
  const modern = cellDays.filter((r) => MODERN.has(r.year));
  const early = cellDays.filter((r) => EARLY.has(r.year));
  const perYear = (r: HailReport): number => 1 / modernYearsCovering(r.month);
  const atLeast = (s: number) => (r: HailReport) => r.sizeInches >= s - SIZE_TOLERANCE;

  const base = atLeast(HAIL.baseSizeInches);
  const modernReported = deposit(work, modern.filter(base), perYear);
  const earlyReported = deposit(work, early, () => 1 / HAIL_YEARS.early.length);
  const modernReporting = fitReportingEfficiency(work, modernReported, population, covered);
  const earlyReporting = fitReportingEfficiency(work, earlyReported, population, covered);
  const modernMass = correctedMass(modernReported, population, modernReporting);
  const earlyMass = correctedMass(earlyReported, population, earlyReporting);
  const modernTotal = modelTotal(work, modernMass);
  const earlyTotal = modelTotal(work, earlyMass);
  const density = smoothedDensity(work, modernMass, HAIL.kernelSigmaKm);
  if (earlyTotal > 0) {
    const earlyDensity = smoothedDensity(work, earlyMass, HAIL.kernelSigmaKm);
    const scale = modernTotal / earlyTotal;
    for (let c = 0; c < density.length; c++) {
      density[c] = HAIL.modernWeight * density[c]! + (1 - HAIL.modernWeight) * scale * earlyDensity[c]!;
    }
  }

  const threeQuarterYears = new Set(HAIL.threeQuarterInchYears);
  const nationalSizeRatio: number[] = [];
  const rates = THRESHOLDS.map((s) => {
    // The 0.75 in ratio comes only from the years when 0.75 in reports were still severe.
    const sample = s < HAIL.baseSizeInches ? modern.filter((r) => threeQuarterYears.has(r.year)) : modern;
    const ratio = sizeRatio(work, sample.filter(atLeast(s)), sample.filter(base), perYear);
    nationalSizeRatio.push(ratio.national);
    return density.map((d, c) => HAIL.swathAreaKm2 * d * ratio.local[c]!);
  });

  const occurrences: Occurrence[] = modern.filter(base).map((r) => ({ month: r.month, day: r.day, utcHour: r.utcHour, lat: r.lat, lon: r.lon, weight: perYear(r) }));
  return {
    rates,
    occurrences,
    summary: {
      modernCellDays: modern.length,
      earlyCellDays: early.length,
      modernCellDaysPerYear: modernTotal,
      nationalSizeRatio,
      reportedCellDaysPerYear: modelTotal(work, modernReported),
      modernReporting,
      earlyReporting,
    },
  };
}

/**
 * Hail reports reduced to cell-days: all reports in one grid cell on one (CST)
 * date become one record carrying the largest size reported. A storm over a city
 * yields dozens of reports of one swath; counting cell-days instead of reports damps
 * that population bias (cf. the hail and tornado "days" of Doswell, Brooks & Kay 2005
 * and Brooks et al. 2003). The record kept is the first report of the largest size.
 */
function hailCellDays(grid: GridDef, reports: readonly HailReport[]): HailReport[] {
  const byKey = new Map<string, HailReport>();
  for (const r of reports) {
    const cell = cellOf(grid, r.lat, r.lon);
    if (cell < 0) continue;
    const key = `${r.year}-${r.month}-${r.day}:${cell}`;
    const kept = byKey.get(key);
    if (!kept || r.sizeInches > kept.sizeInches) byKey.set(key, r);
  }
  return [...byKey.values()];
}

function deposit(work: WorkGrid, reports: readonly HailReport[], weight: (r: HailReport) => number): Float64Array {
  const mass = new Float64Array(work.grid.nlat * work.grid.nlon);
  for (const r of reports) depositPoint(work.grid, mass, r.lat, r.lon, weight(r));
  return mass;
}

/** Total deposited mass inside the model part of the work grid. */
function modelTotal(work: WorkGrid, mass: Float64Array): number {
  return cropToModel(work, mass).reduce((a, b) => a + b, 0);
}

/**
 * Local ratio of smoothed counts (numerator ⊆ denominator, so ≤ 1 for s ≥ 1 in);
 * where the denominator vanishes the national ratio stands in, and 1 (no
 * information) when the sample is empty.
 */
function sizeRatio(work: WorkGrid, numerator: readonly HailReport[], denominator: readonly HailReport[], weight: (r: HailReport) => number): { local: Float64Array; national: number } {
  const numMass = deposit(work, numerator, weight);
  const denMass = deposit(work, denominator, weight);
  const denTotal = modelTotal(work, denMass);
  const national = denTotal > 0 ? modelTotal(work, numMass) / denTotal : 1;
  const num = smoothedDensity(work, numMass, HAIL.sizeKernelSigmaKm);
  const den = smoothedDensity(work, denMass, HAIL.sizeKernelSigmaKm);
  return { local: num.map((n, c) => (den[c]! > 0 ? n / den[c]! : national)), national };
}
