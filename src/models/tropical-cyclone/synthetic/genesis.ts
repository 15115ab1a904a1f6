/**
 * Where, when and how a synthetic storm is born, per rate group: the number
 * per year is Poisson with the observed mean (STORM, Bloemendaal et al. 2020);
 * the month follows the observed genesis months; the place is a random
 * observed genesis of the group within ±genesisMonthWindow months moved by a
 * Gaussian of genesisJitterDegrees (sampling the kernel density of the
 * observed genesis points), redrawn when it falls on land; the first wind,
 * first step, storm size and potential are that observed storm's.
 */
import { wrapLongitude } from '../../../geo/sphere.js';
import type { LandMask } from '../land-mask.js';
import { SYNTHETIC } from '../parameters.js';
import { cumulativeWeights, type Random } from '../../toolkit/random.js';
import type { FitTrack } from './fit-data.js';

export interface Genesis {
  lat: number;
  lon: number;
  vmaxKt: number;
  month: number;
  /** The first 6-hour step (degrees, kt); zero for a one-step storm. */
  dLat: number;
  dLon: number;
  dV: number;
  /** The observed storm's outer-length multiplier (fit-data.ts). */
  outerScale: number;
  /** The observed storm's potential (intensity.ts stormPotential): the share of the local cap it heads for. */
  potential: number;
}

export interface GenesisModel {
  stormsPerYear: number;
  /** Running sums of the observed genesis months (12). */
  months: Float64Array;
  /** Observed geneses by month. */
  byMonth: Genesis[][];
}

const MAX_DRAWS = 20;

/** The genesis model of one group from its fit tracks over `years` seasons. */
export function fitGenesis(tracks: readonly FitTrack[], years: number, potentialOf: (track: FitTrack) => number = () => 1): GenesisModel {
  const byMonth: Genesis[][] = Array.from({ length: 12 }, () => []);
  for (const track of tracks) {
    const [a, b] = track.steps;
    byMonth[a!.month]!.push({
      lat: a!.lat,
      lon: a!.lon,
      vmaxKt: a!.vmaxKt,
      month: a!.month,
      dLat: b ? b.lat - a!.lat : 0,
      dLon: b ? wrapLongitude(b.lon - a!.lon) : 0,
      dV: b ? b.vmaxKt - a!.vmaxKt : 0,
      outerScale: track.outerScale,
      potential: potentialOf(track),
    });
  }
  return { stormsPerYear: tracks.length / years, months: cumulativeWeights(byMonth.map((g) => g.length)), byMonth };
}

/** One synthetic genesis. */
export function drawGenesis(model: GenesisModel, random: Random, land: LandMask): Genesis {
  const month = random.pick(model.months);
  const pool: Genesis[] = [];
  for (let d = -SYNTHETIC.genesisMonthWindow; d <= SYNTHETIC.genesisMonthWindow; d++) pool.push(...model.byMonth[(month + d + 12) % 12]!);
  const parent = pool[Math.floor(random.uniform() * pool.length)]!;
  for (let draw = 0; draw < MAX_DRAWS; draw++) {
    const lat = parent.lat + SYNTHETIC.genesisJitterDegrees * random.normal();
    const lon = wrapLongitude(parent.lon + SYNTHETIC.genesisJitterDegrees * random.normal());
    if (Math.sign(lat) === Math.sign(parent.lat) && !land.isLand(lat, lon)) return { ...parent, lat, lon, month };
  }
  return { ...parent, month };
}
