/**
 * One shard of the synthetic site-wind count: the years [from, to) of one rate
 * group, each synthetic storm's footprint (footprint.ts, the observed storms'
 * wind field and track steps) counted towards the thresholds it reaches.
 *
 * Thresholds take their rates from nested tiers of years, because a storm's
 * footprint costs ~7 ms from 34 kt but ~0.8 ms from 64 kt and ~0.2 ms from
 * 96 kt: years below years34 are evaluated from 34 kt (CAT0), below years64 from 64 kt (CAT1–2), below years96 from 96 kt
 * (CAT3–5). Everything a shard returns is an integer count, so shards merged
 * in any order, from any number of threads, give the same sums.
 */
import { SAFFIR_SIMPSON_KNOTS } from '../../../engine/perils.js';
import type { GridDef } from '../../../engine/table-spec.js';
import { MS_PER_HOUR } from '../../../units.js';
import { makeFix } from '../fixes.js';
import { FootprintScratch, stormFootprint } from '../footprint.js';
import type { LandMask } from '../land-mask.js';
import { CLIMATOLOGY_PERIODS, SYNTHETIC } from '../parameters.js';
import { trackSteps } from '../track-steps.js';
import type { Storm } from '../track-types.js';
import { syntheticYear, type GroupModel } from './event-set.js';
import type { FitTrack } from './fit-data.js';

export interface Tiers {
  years34: number;
  years64: number;
  years96: number;
}

export interface Shard {
  /** Index into the fitted models. */
  model: number;
  from: number;
  to: number;
}

export interface ShardCounts {
  /** cells × thresholds: storms whose footprint reached the threshold in the threshold's tier years. */
  counts: Uint32Array;
  /** Storm footprints evaluated. */
  storms: number;
}

/** The tier years behind threshold index j. */
export function tierYears(tiers: Tiers, j: number): number {
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

export function countShard(models: readonly GroupModel[], shard: Shard, land: LandMask, grid: GridDef, tiers: Tiers, seed: string): ShardCounts {
  const thresholds = SAFFIR_SIMPSON_KNOTS;
  const k = thresholds.length;
  const counts = new Uint32Array(grid.nlat * grid.nlon * k);
  const scratch = new FootprintScratch(grid);
  const model = models[shard.model]!;
  let storms = 0;
  for (let year = shard.from; year < shard.to; year++) {
    const minKt = tierKt(tiers, year);
    syntheticYear(model, year, land, seed).forEach((track, index) => {
      const storm = asStorm(track, STEP_SHARE * minKt, index);
      if (!storm) return;
      storms++;
      const steps = trackSteps(storm, land);
      for (const step of steps) {
        step.outerScale = track.outerScale;
        step.rmwScale = track.rmwScale;
      }
      const footprint = stormFootprint(steps, minKt, scratch, STEP_SHARE * minKt);
      for (let c = 0; c < footprint.cells.length; c++) {
        const base = footprint.cells[c]! * k;
        const wind = footprint.maxKt[c]!;
        for (let j = 0; j < k && wind >= thresholds[j]!; j++) if (year < tierYears(tiers, j)) counts[base + j]! += 1;
      }
    });
  }
  return { counts, storms };
}
