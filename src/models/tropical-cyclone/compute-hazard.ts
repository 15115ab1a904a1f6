/**
 * The counting method on storms already read (§2.5): for each storm of a
 * basin's reliable period, its footprint (site maximum sustained wind per
 * cell); a cell reaching threshold k adds 1/years to its rate λ_k; the rates
 * are smoothed; coverage and seasonal profiles are gathered along the way.
 * The shipped table counts the synthetic event set instead (synthetic/hazard.ts),
 * and this method only for groups with too few storms to fit it.
 */
import { SAFFIR_SIMPSON_KNOTS } from '../../engine/perils.js';
import type { GridDef } from '../../engine/table-spec.js';
import { KM_PER_DEGREE } from '../../geo/sphere.js';
import { weightedAverage } from '../toolkit/smoothing.js';
import { markCoverage } from './coverage.js';
import { FootprintScratch, stormFootprint } from './footprint.js';
import type { LandMask } from './land-mask.js';
import { CLIMATOLOGY_PERIODS, SMOOTHING, type ClimatologyPeriod } from './parameters.js';
import { SeasonAccumulator, type SeasonProfiles } from './seasonality.js';
import { trackSteps } from './track-steps.js';
import type { Storm } from './track-types.js';

export interface HazardField {
  grid: GridDef;
  thresholdsKt: readonly number[];
  /** cells × K annual exceedance rates after smoothing. */
  rates: Float64Array;
  /** cells × K before smoothing. */
  rawRates: Float64Array;
  covered: Uint8Array;
  seasons: SeasonProfiles;
  /** Observed storms behind the rates, per rate group (counted, or fitted by the event set). */
  stormsUsed: Record<string, number>;
  /** Synthetic storm footprints evaluated per rate group, when the rates come from the event set. */
  syntheticFootprints?: Record<string, number>;
}

export interface HazardOptions {
  periods?: readonly ClimatologyPeriod[];
  progress?: (fraction: number, label: string) => void;
}

/** The rate group and weight (1/years) of a storm, or null outside every reliable period. */
export function groupOf(storm: Storm, periods: readonly ClimatologyPeriod[]): { group: number; weight: number } | null {
  const group = periods.findIndex((p) => p.basins.includes(storm.basin) && storm.season >= p.first && storm.season <= p.last);
  if (group < 0) return null;
  const p = periods[group]!;
  return { group, weight: 1 / (p.last - p.first + 1) };
}

/**
 * The per-cell rates smoothed: isotropic Gaussian (σ = SMOOTHING.sigmaKm, truncated
 * and renormalised), separable: along meridians, then along parallels widened by
 * 1/cos(latitude). Linear and positive, so the rates stay non-increasing in the threshold.
 */
export function smoothRates(grid: GridDef, raw: Float64Array, thresholds: number): Float64Array {
  return weightedAverage(grid, raw, thresholds, SMOOTHING.sigmaKm, SMOOTHING.truncateSigmas, KM_PER_DEGREE);
}

/** The observed storms' rates before smoothing, with what was gathered along the way. */
export interface ObservedCounts {
  /** cells × K: each storm adds 1/years of its period where its footprint reaches threshold k. */
  raw: Float64Array;
  covered: Uint8Array;
  seasons: SeasonAccumulator;
  stormsUsed: Record<string, number>;
}

/** Count the storms of the reliable periods (only those of `groups`, when given). */
export function countObservedStorms(storms: readonly Storm[], land: LandMask, grid: GridDef, options: HazardOptions & { groups?: ReadonlySet<number> } = {}): ObservedCounts {
  const periods = options.periods ?? CLIMATOLOGY_PERIODS;
  const thresholds = SAFFIR_SIMPSON_KNOTS;
  const k = thresholds.length;
  const cells = grid.nlat * grid.nlon;
  const raw = new Float64Array(cells * k);
  const covered = new Uint8Array(cells);
  const scratch = new FootprintScratch(grid);
  const seasons = new SeasonAccumulator(grid, periods.length);
  const stormsUsed: Record<string, number> = Object.fromEntries(periods.map((p) => [p.group, 0]));
  storms.forEach((storm, index) => {
    if (index % 200 === 0) options.progress?.(index / storms.length, `footprints ${index}/${storms.length}`);
    const member = groupOf(storm, periods);
    if (!member || (options.groups && !options.groups.has(member.group))) return;
    const steps = trackSteps(storm, land);
    if (!steps.some((s) => s.vmaxKt >= thresholds[0])) return;
    stormsUsed[periods[member.group]!.group]! += 1;
    markCoverage(covered, grid, steps);
    const footprint = stormFootprint(steps, thresholds[0], scratch);
    for (let c = 0; c < footprint.cells.length; c++) {
      const base = footprint.cells[c]! * k;
      const wind = footprint.maxKt[c]!;
      for (let j = 0; j < k && wind >= thresholds[j]!; j++) raw[base + j]! += member.weight;
    }
    seasons.add(footprint, thresholds[0], member.weight, member.group);
  });
  return { raw, covered, seasons, stormsUsed };
}

export function computeHazard(storms: readonly Storm[], land: LandMask, grid: GridDef, options: HazardOptions = {}): HazardField {
  const counts = countObservedStorms(storms, land, grid, options);
  options.progress?.(0.95, 'smoothing');
  return hazardOfCounts(grid, counts);
}

/** The observed storms' field: their counted rates smoothed, their coverage and seasons. */
export function hazardOfCounts(grid: GridDef, { raw, covered, seasons, stormsUsed }: ObservedCounts): HazardField {
  const rates = smoothRates(grid, raw, SAFFIR_SIMPSON_KNOTS.length);
  return { grid, thresholdsKt: SAFFIR_SIMPSON_KNOTS, rates, rawRates: raw, covered, seasons: seasons.profiles(), stormsUsed };
}
