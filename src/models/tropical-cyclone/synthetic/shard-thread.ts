import { workerData } from 'piscina';
import type { GridDef } from '../../../engine/table-spec.js';
import { landMaskOf } from '../land-mask.js';
import type { GroupModel } from './event-set.js';
import { countShard, type Shard, type ShardCounts, type Tiers } from './shard.js';

/**
 * Piscina worker of the synthetic build (hazard.ts): the fitted models, land
 * mask, grid and tiers arrive once as workerData; each task is one shard.
 */
const { models, landCells, grid, tiers, seed } = workerData as { models: GroupModel[]; landCells: Uint8Array; grid: GridDef; tiers: Tiers; seed: string };
const land = landMaskOf(landCells);

export default function run(shard: Shard): ShardCounts {
  return countShard(models, shard, land, grid, tiers, seed);
}
