/**
 * Storm-centred return periods from our tracks, the quantity NHC and Keim et
 * al. (2007) publish: how often a storm of at least a given intensity passes
 * with its centre within a radius of a place. Compared with the table's site
 * winds in the validation, like with like.
 */
import { coversSite } from './coverage.js';
import { distanceKm } from '../../geo/sphere.js';
import type { LandMask } from './land-mask.js';
import type { ClimatologyPeriod } from './parameters.js';
import { trackSteps, type TrackStep } from './track-steps.js';
import type { Storm } from './track-types.js';

/** Annual rate of storms of the period whose centre passes within radiusKm of the place at ≥ minKt (non-extratropical). */
export function strikeRate(
  stepsByStorm: ReadonlyMap<Storm, readonly TrackStep[]>,
  period: ClimatologyPeriod,
  lat: number,
  lon: number,
  radiusKm: number,
  minKt: number,
): number {
  let count = 0;
  for (const [storm, steps] of stepsByStorm) {
    if (!period.basins.includes(storm.basin) || storm.season < period.first || storm.season > period.last) continue;
    if (steps.some((s) => s.vmaxKt >= minKt && coversSite(s) && distanceKm(lat, lon, s.lat, s.lon) <= radiusKm)) count++;
  }
  return count / (period.last - period.first + 1);
}

/** Interpolated steps of every storm of the given periods (computed once for many places). */
export function stepsOfPeriods(storms: readonly Storm[], periods: readonly ClimatologyPeriod[], land: LandMask): Map<Storm, TrackStep[]> {
  const out = new Map<Storm, TrackStep[]>();
  for (const s of storms) {
    if (periods.some((p) => p.basins.includes(s.basin) && s.season >= p.first && s.season <= p.last)) out.set(s, trackSteps(s, land));
  }
  return out;
}
