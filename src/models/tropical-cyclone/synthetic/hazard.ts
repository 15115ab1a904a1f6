/**
 * Site-wind rates from the synthetic event set: the years of every rate group
 * cut into shards (shard.ts), counted in worker threads, merged, divided by
 * each threshold's tier years and smoothed as the observed storms' rates are
 * (compute-hazard.ts), with the counted rates of any group too small to fit
 * added (build.ts). The shards are fixed by the tiers alone and their
 * counts are integers, so the field is the same on any number of threads.
 * Coverage and seasons stay the observed storms' (a place the record never
 * reached keeps "no coverage"; docs/models/tropical-cyclone.md §2.8 says why
 * the seasons are the record's).
 */
import os from 'node:os';
import { Piscina } from 'piscina';
import { SAFFIR_SIMPSON_KNOTS } from '../../../engine/perils.js';
import type { GridDef } from '../../../engine/table-spec.js';
import { smoothRates, type HazardField, type ObservedCounts } from '../compute-hazard.js';
import { landMaskOf } from '../land-mask.js';
import { CLIMATOLOGY_PERIODS, SYNTHETIC } from '../parameters.js';
import type { SeasonAccumulator } from '../seasonality.js';
import type { GroupModel } from './event-set.js';
import { countShard, tierYears, type Shard, type ShardCounts, type Tiers } from './shard.js';

const THREAD_URL = new URL(`./shard-thread.${import.meta.url.endsWith('.ts') ? 'ts' : 'js'}`, import.meta.url);

/** Years per shard in each tier: a shard of any tier costs roughly the same (~1–3 s). */
const SHARD_YEARS = { years34: 5, years64: 50, years96: 250 } as const;

export interface SyntheticHazardOptions {
  /** Worker threads; 0 counts on the calling thread. Default: the machine's available parallelism. */
  threads?: number;
  /** The event set's random streams; default SYNTHETIC.seed (the shipped table's). */
  seed?: string;
  progress?: (fraction: number, label: string) => void;
}

/** Every (model, years) shard, in a fixed order: the tier boundaries cut shards, the threads do not. */
export function planShards(models: number, tiers: Tiers): Shard[] {
  const shards: Shard[] = [];
  for (let model = 0; model < models; model++) {
    let from = 0;
    for (const tier of ['years34', 'years64', 'years96'] as const) {
      while (from < tiers[tier]) {
        const to = Math.min(tiers[tier], from + SHARD_YEARS[tier]);
        shards.push({ model, from, to });
        from = to;
      }
    }
  }
  return shards;
}

async function countAll(models: readonly GroupModel[], landCells: Uint8Array, grid: GridDef, tiers: Tiers, options: SyntheticHazardOptions, onShard: (counts: ShardCounts, shard: Shard) => void): Promise<void> {
  const shards = planShards(models.length, tiers);
  const threads = options.threads ?? os.availableParallelism();
  const seed = options.seed ?? SYNTHETIC.seed;
  if (threads === 0) {
    const land = landMaskOf(landCells);
    for (const shard of shards) onShard(countShard(models, shard, land, grid, tiers, seed), shard);
    return;
  }
  const pool = new Piscina({ filename: THREAD_URL.href, minThreads: threads, maxThreads: threads, workerData: { models, landCells, grid, tiers, seed } });
  try {
    await Promise.all(shards.map(async (shard) => onShard((await pool.run(shard)) as ShardCounts, shard)));
  } finally {
    await pool.destroy();
  }
}

/** What the observed storms give the synthetic field: coverage (§2.7) and seasons (§2.8). */
export interface ObservedClimate {
  covered: Uint8Array;
  seasons: SeasonAccumulator;
}

/**
 * The hazard field of the event set, with the observed storms' coverage and seasons.
 * `counted`: the observed storms of groups with too few to fit (SYNTHETIC.minFitStorms), added as counted.
 */
export async function computeSyntheticHazard(models: readonly GroupModel[], observed: ObservedClimate, landCells: Uint8Array, grid: GridDef, tiers: Tiers, options: SyntheticHazardOptions = {}, counted?: ObservedCounts): Promise<HazardField> {
  const thresholds = SAFFIR_SIMPSON_KNOTS;
  const k = thresholds.length;
  const cells = grid.nlat * grid.nlon;
  const counts = new Uint32Array(cells * k);
  const stormsUsed: Record<string, number> = { ...(counted?.stormsUsed ?? Object.fromEntries(CLIMATOLOGY_PERIODS.map((p) => [p.group, 0]))) };
  for (const model of models) stormsUsed[CLIMATOLOGY_PERIODS[model.group]!.group] = model.genesis.byMonth.reduce((n, month) => n + month.length, 0);
  const syntheticFootprints: Record<string, number> = Object.fromEntries(CLIMATOLOGY_PERIODS.map((p) => [p.group, 0]));
  const total = planShards(models.length, tiers).length;
  let done = 0;
  await countAll(models, landCells, grid, tiers, options, (shard, plan) => {
    for (let i = 0; i < counts.length; i++) counts[i]! += shard.counts[i]!;
    syntheticFootprints[CLIMATOLOGY_PERIODS[models[plan.model]!.group]!.group]! += shard.storms;
    options.progress?.((0.95 * ++done) / total, `synthetic storms, ${done} of ${total} shards`);
  });
  options.progress?.(0.95, 'smoothing');
  const raw = new Float64Array(cells * k);
  for (let cell = 0; cell < cells; cell++) {
    for (let j = 0; j < k; j++) {
      const i = cell * k + j;
      const rate = counts[i]! / tierYears(tiers, j) + (counted?.raw[i] ?? 0);
      // Tiers of different lengths may cross by sampling; a rate never exceeds the threshold below's.
      raw[i] = j === 0 ? rate : Math.min(rate, raw[i - 1]!);
    }
  }
  const rates = smoothRates(grid, raw, k);
  return { grid, thresholdsKt: thresholds, rates, rawRates: raw, covered: observed.covered, seasons: observed.seasons.profiles(), stormsUsed, syntheticFootprints };
}
