/**
 * Wind radii per best-track fix and threshold (34, 50, 64 kt), in km by
 * quadrant: the recorded radii where the source has them (HURDAT2 2004+, JTWC
 * North Indian r34, IBTrACS r34), else from the TC hazard model's parametric
 * wind field (wind-field.ts). Parametric quadrant radius = the largest
 * distance at which siteWind reaches the threshold on the quadrant's two edge
 * bearings and its centre bearing, as NHC radii are the largest extent in the
 * quadrant.
 */
import { type Quadrants, type TrackFix } from '../models/tropical-cyclone/track-types.js';
import { siteWind, vortexAt, windRadiusKm, type Vortex } from '../models/tropical-cyclone/wind-field.js';
import type { QuadrantKm } from './swath-field.js';
import { KM_PER_NMI } from '../units.js';

export const SWATH_THRESHOLDS_KT = [34, 50, 64] as const;

/** Bisection steps for a parametric radius: (outer − Rmax) / 2¹² ≈ 0.3 km at most. */
const BISECTION_STEPS = 12;

export type RadiiSource = 'recorded' | 'parametric';

export interface ThresholdRadii {
  radii: QuadrantKm;
  /** null: the fix is below the threshold, so no radii were needed. */
  source: RadiiSource | null;
}

/** Storm motion at a fix, kt toward east and north. */
export interface Motion {
  east: number;
  north: number;
}

const NONE: QuadrantKm = [0, 0, 0, 0];

export function fixRadii(fix: TrackFix & { vmaxKt: number }, motion: Motion): ThresholdRadii[] {
  let vortex: Vortex | null = null;
  const recorded = [fix.r34, fix.r50, fix.r64];
  return SWATH_THRESHOLDS_KT.map((threshold, k) => {
    const quadrants = recorded[k];
    if (quadrants) return { radii: quadrantKm(quadrants), source: 'recorded' };
    if (fix.vmaxKt < threshold) return { radii: NONE, source: null };
    vortex ??= vortexAt({ latitude: fix.lat, vmaxKt: fix.vmaxKt, rmwKm: fix.rmwNm === null ? null : fix.rmwNm * KM_PER_NMI, motionEastKt: motion.east, motionNorthKt: motion.north });
    return { radii: parametricRadii(vortex, threshold), source: 'parametric' };
  });
}

function quadrantKm(q: Quadrants): QuadrantKm {
  return [q.ne * KM_PER_NMI, q.se * KM_PER_NMI, q.sw * KM_PER_NMI, q.nw * KM_PER_NMI];
}

/** Quadrant radii from the wind field, on bearings 0°, 45°, … 315° (NE uses 0°, 45°, 90°, and so on). */
export function parametricRadii(vortex: Vortex, thresholdKt: number): QuadrantKm {
  const outer = windRadiusKm(vortex, thresholdKt);
  const along = Array.from({ length: 8 }, (_, k) => radiusAlong(vortex, k * 45, thresholdKt, outer));
  const quadrant = (k: number): number => Math.max(along[2 * k]!, along[2 * k + 1]!, along[(2 * k + 2) % 8]!);
  return [quadrant(0), quadrant(1), quadrant(2), quadrant(3)];
}

/** The outermost distance on a bearing where the wind reaches the threshold (winds fall beyond Rmax). */
function radiusAlong(vortex: Vortex, bearing: number, thresholdKt: number, outerKm: number): number {
  if (siteWind(vortex, vortex.rmax, bearing) < thresholdKt) return 0;
  let lo = vortex.rmax;
  let hi = outerKm;
  if (hi <= lo || siteWind(vortex, hi, bearing) >= thresholdKt) return Math.max(lo, hi);
  for (let step = 0; step < BISECTION_STEPS; step++) {
    const mid = (lo + hi) / 2;
    if (siteWind(vortex, mid, bearing) >= thresholdKt) lo = mid;
    else hi = mid;
  }
  return lo;
}
