/**
 * Observed storms as the synthetic model sees them: from genesis (first fix
 * ≥ SYNTHETIC.genesisKt) to the last fix at that wind, resampled every
 * SYNTHETIC.stepHours by linear interpolation, each step with its land flag
 * and calendar month. Only storms of a reliable period count (groupOf), and a
 * track stops at a gap in its record. Synthetic storms are described the same
 * way (event-set.ts), so observed and synthetic statistics are like with like.
 */
import { longitudeDelta, wrapLongitude } from '../../../geo/sphere.js';
import { MS_PER_HOUR } from '../../../units.js';
import { groupOf } from '../compute-hazard.js';
import type { LandMask } from '../land-mask.js';
import { CLIMATOLOGY_PERIODS, SYNTHETIC, TRACK_STEPS, type ClimatologyPeriod } from '../parameters.js';
import type { Storm } from '../track-types.js';
import { quantile } from '../../toolkit/least-squares.js';
import { usesR34Size } from '../r34-size.js';
import { trackSteps } from '../track-steps.js';

export interface FitStep {
  lat: number;
  /** −180 … 180. */
  lon: number;
  vmaxKt: number;
  land: boolean;
  /** 0 = January. */
  month: number;
}

export interface FitTrack {
  /** Index into the climatology periods (the rate group). */
  group: number;
  season: number;
  /** Epoch ms of the first step (genesis); steps follow every SYNTHETIC.stepHours. */
  start: number;
  /**
   * The storm's multiplier on the wind profile's outer length: the median of
   * its steps' r34-fitted values where its source sets storm size from
   * recorded 34-kt radii (r34-size.ts), else 1. Synthetic storms inherit
   * their genesis parent's, so they are the size of the basin's storms.
   */
  outerScale: number;
  /**
   * A synthetic storm's multiplier on the estimated radius of maximum wind
   * (event-set.ts; SYNTHETIC.rmwLogSd); 1 for observed storms, whose recorded or
   * estimated Rmax the footprints use as it is.
   */
  rmwScale: number;
  steps: FitStep[];
  /**
   * An observed record after its last fix at ≥ genesisKt, to its end or first gap, resampled the same way:
   * where a weakened storm dissipated (termination.ts fits the chance of ending over land from it). Empty for
   * synthetic storms, which are cut at their last step at genesis strength too.
   */
  tail: FitStep[];
}

export type SeasonFilter = 'all' | 'fit' | 'held-out';

/** Whether a season is held out of the fit (whole years: SYNTHETIC.holdOutEvery). */
export function isHeldOut(season: number): boolean {
  return season % SYNTHETIC.holdOutEvery === 0;
}

export function fitTracks(storms: readonly Storm[], land: LandMask, seasons: SeasonFilter = 'all', periods: readonly ClimatologyPeriod[] = CLIMATOLOGY_PERIODS): FitTrack[] {
  const out: FitTrack[] = [];
  for (const storm of storms) {
    const member = groupOf(storm, periods);
    if (!member) continue;
    if (seasons === 'fit' && isHeldOut(storm.season)) continue;
    if (seasons === 'held-out' && !isHeldOut(storm.season)) continue;
    const { steps, tail } = resampled(storm, land);
    const genesis = storm.fixes.find((f) => f.vmaxKt !== null && f.vmaxKt >= SYNTHETIC.genesisKt);
    if (steps.length > 0) out.push({ group: member.group, season: storm.season, start: genesis!.time, outerScale: stormOuterScale(storm, land), rmwScale: 1, steps, tail });
  }
  return out;
}

/** Median r34-fitted outer scale over the storm's positions at ≥ genesisKt, or 1 where its source has none. */
function stormOuterScale(storm: Storm, land: LandMask): number {
  if (!usesR34Size(storm.source)) return 1;
  return quantile(trackSteps(storm, land).filter((s) => s.vmaxKt >= SYNTHETIC.genesisKt).map((s) => s.outerScale), 0.5) || 1;
}

/**
 * Genesis to the last fix ≥ genesisKt (steps), and on to the record's end (tail), every stepHours, cut at the
 * first gap longer than TRACK_STEPS.maxGapHours.
 */
function resampled(storm: Storm, land: LandMask): { steps: FitStep[]; tail: FitStep[] } {
  const fixes = storm.fixes.filter((f) => f.vmaxKt !== null).sort((a, b) => a.time - b.time);
  const first = fixes.findIndex((f) => f.vmaxKt! >= SYNTHETIC.genesisKt);
  if (first < 0) return { steps: [], tail: [] };
  let last = first;
  let end = first;
  for (let k = first; k < fixes.length; k++) {
    if (k > first && (fixes[k]!.time - fixes[k - 1]!.time) / MS_PER_HOUR > TRACK_STEPS.maxGapHours) break;
    if (fixes[k]!.vmaxKt! >= SYNTHETIC.genesisKt) last = k;
    end = k;
  }
  const steps: FitStep[] = [];
  const tail: FitStep[] = [];
  const stepMs = SYNTHETIC.stepHours * MS_PER_HOUR;
  let k = first;
  for (let t = fixes[first]!.time; t <= fixes[end]!.time; t += stepMs) {
    while (k + 1 <= end && fixes[k + 1]!.time <= t) k++;
    const a = fixes[k]!;
    const b = fixes[Math.min(k + 1, end)]!;
    const s = b.time > a.time ? (t - a.time) / (b.time - a.time) : 0;
    const lat = a.lat + (b.lat - a.lat) * s;
    const lon = wrapLongitude(a.lon + longitudeDelta(a.lon, b.lon) * s);
    (t <= fixes[last]!.time ? steps : tail).push({ lat, lon, vmaxKt: a.vmaxKt! + (b.vmaxKt! - a.vmaxKt!) * s, land: land.isLand(lat, lon), month: new Date(t).getUTCMonth() });
  }
  return { steps, tail };
}
