/**
 * Site-wind rates from the synthetic event set: each synthetic storm's
 * footprint (footprint.ts, the observed storms' wind field and track steps)
 * counts towards the thresholds it reaches. Thresholds take their rates from
 * nested tiers of years, because a storm's footprint costs ~7 ms at 34 kt but
 * ~0.8 ms at 64 kt and ~0.2 ms at 96 kt: years below years34 are evaluated
 * from 34 kt (CAT0 rate and seasonality), below years64 from 64 kt (CAT1–2),
 * below years96 from 96 kt (CAT3–5), and threshold k's rate is its count over
 * its tier's years. Counts are integers, so the sums do not depend on the
 * order storms are evaluated in. Coverage stays the observed storms' (a
 * place the record never reached keeps "no coverage").
 */
import { SAFFIR_SIMPSON_KNOTS } from '../../../engine/perils.js';
import type { GridDef } from '../../../engine/table-spec.js';
import { MS_PER_HOUR } from '../../../units.js';
import { smoothRates, type HazardField } from '../compute-hazard.js';
import { FootprintScratch, stormFootprint } from '../footprint.js';
import type { LandMask } from '../land-mask.js';
import { CLIMATOLOGY_PERIODS, SYNTHETIC } from '../parameters.js';
import { SeasonAccumulator } from '../seasonality.js';
import { trackSteps } from '../track-steps.js';
import { makeFix } from '../fixes.js';
import type { Storm } from '../track-types.js';
import { syntheticYear, type GroupModel } from './event-set.js';
import type { FitTrack } from './fit-data.js';

export interface Tiers {
  years34: number;
  years64: number;
  years96: number;
}

/** The tier years behind threshold index j. */
function tierYears(tiers: Tiers, j: number): number {
  const kt = SAFFIR_SIMPSON_KNOTS[j]!;
  return kt < 64 ? tiers.years34 : kt < 96 ? tiers.years64 : tiers.years96;
}

/** The wind a year is evaluated from. */
function tierKt(tiers: Tiers, year: number): number {
  return year < tiers.years34 ? 34 : year < tiers.years64 ? 64 : 96;
}

/**
 * Positions at least this share of a tier's wind are evaluated: the site wind
 * can exceed a position's vmax by a little (seen: 0.6 %), and a footprint from
 * a tier's wind must find every cell that evaluating from 34 kt would.
 */
const STEP_SHARE = 0.9;

/** A synthetic track as a best track, from one step before its first ≥ minKt to one after its last. */
function asStorm(track: FitTrack, minKt: number, index: number): Storm | null {
  const first = track.steps.findIndex((s) => s.vmaxKt >= minKt);
  if (first < 0) return null;
  let last = track.steps.length - 1;
  while (track.steps[last]!.vmaxKt < minKt) last--;
  const stepMs = SYNTHETIC.stepHours * MS_PER_HOUR;
  const fixes = [];
  for (let i = Math.max(0, first - 1); i <= Math.min(track.steps.length - 1, last + 1); i++) {
    const s = track.steps[i]!;
    fixes.push(makeFix(track.start + i * stepMs, s.lat, s.lon, s.vmaxKt, { stage: 'tropical' }));
  }
  return { id: `SYN-${track.group}-${track.season}-${index}`, name: null, basin: CLIMATOLOGY_PERIODS[track.group]!.basins[0]!, season: track.season, source: 'synthetic', fixes };
}

/** The hazard field of the event set; `covered` is the observed storms' coverage (compute-hazard.ts). */
export function computeSyntheticHazard(models: readonly GroupModel[], covered: Uint8Array, land: LandMask, grid: GridDef, tiers: Tiers, progress?: (fraction: number, label: string) => void): HazardField {
  const thresholds = SAFFIR_SIMPSON_KNOTS;
  const k = thresholds.length;
  const cells = grid.nlat * grid.nlon;
  const counts = new Uint32Array(cells * k);
  const scratch = new FootprintScratch(grid);
  const seasons = new SeasonAccumulator(grid, CLIMATOLOGY_PERIODS.length);
  const stormsUsed: Record<string, number> = Object.fromEntries(CLIMATOLOGY_PERIODS.map((p) => [p.group, 0]));
  models.forEach((model, m) => {
    for (let year = 0; year < tiers.years96; year++) {
      if (year % 500 === 0) progress?.((m + year / tiers.years96) / models.length, `synthetic ${CLIMATOLOGY_PERIODS[model.group]!.group} year ${year}`);
      const minKt = tierKt(tiers, year);
      syntheticYear(model, year, land).forEach((track, index) => {
        const storm = asStorm(track, STEP_SHARE * minKt, index);
        if (!storm) return;
        stormsUsed[CLIMATOLOGY_PERIODS[model.group]!.group]! += 1;
        const steps = trackSteps(storm, land);
        for (const step of steps) step.outerScale = track.outerScale;
        const footprint = stormFootprint(steps, minKt, scratch, STEP_SHARE * minKt);
        for (let c = 0; c < footprint.cells.length; c++) {
          const base = footprint.cells[c]! * k;
          const wind = footprint.maxKt[c]!;
          for (let j = 0; j < k && wind >= thresholds[j]!; j++) if (year < tierYears(tiers, j)) counts[base + j]! += 1;
        }
        if (minKt === thresholds[0]) seasons.add(footprint, thresholds[0], 1 / tiers.years34, model.group);
      });
    }
  });
  progress?.(0.97, 'smoothing');
  const raw = new Float64Array(cells * k);
  for (let cell = 0; cell < cells; cell++) {
    for (let j = 0; j < k; j++) {
      const rate = counts[cell * k + j]! / tierYears(tiers, j);
      // Tiers of different lengths may cross by sampling; a rate never exceeds the threshold below's.
      raw[cell * k + j] = j === 0 ? rate : Math.min(rate, raw[cell * k + j - 1]!);
    }
  }
  const rates = smoothRates(grid, raw, k);
  return { grid, thresholdsKt: thresholds, rates, rawRates: raw, covered, seasons: seasons.profiles(), stormsUsed };
}
