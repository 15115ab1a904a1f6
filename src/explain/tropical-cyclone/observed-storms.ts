import { cellCentre, cellIndex } from '../../engine/grid.js';
import type { GridDef } from '../../engine/table-spec.js';
import { distanceKm } from '../../geo/sphere.js';
import { groupOf } from '../../models/tropical-cyclone/compute-hazard.js';
import { cellMaxWind, stepVortex } from '../../models/tropical-cyclone/footprint.js';
import type { LandMask } from '../../models/tropical-cyclone/land-mask.js';
import { CLIMATOLOGY_PERIODS } from '../../models/tropical-cyclone/parameters.js';
import { trackSteps } from '../../models/tropical-cyclone/track-steps.js';
import type { Storm } from '../../models/tropical-cyclone/track-types.js';
import { windRadiusKm } from '../../models/tropical-cyclone/wind-field.js';

/**
 * The recorded storms whose site wind reached a speed at a place: each best
 * track through the model's own wind field (track-steps.ts, footprint.ts), at
 * the centre of the hazard grid's cell holding the place, as the build's
 * observed counts (compute-hazard.ts countObservedStorms) see that cell.
 */
export interface ObservedStorm {
  storm: Storm;
  /** Highest 1-min sustained site wind, kt. */
  kt: number;
  /** When it came, epoch ms. */
  time: number;
  /** 1 ÷ the years of the reliable period the storm falls in (CLIMATOLOGY_PERIODS), 0 outside every one. */
  weight: number;
}

/** The lowest threshold: footprints are computed from it, as the build's are. */
const FOOTPRINT_MIN_KT = 34;
/**
 * Slack on a step's reach for the prefilter: great-circle distance against the
 * footprint's local flat offsets (< 1 % within 1,000 km) and Float32 storage.
 */
const REACH_SLACK = { factor: 1.02, km: 5 };

/**
 * The tracks with where each can reach: per storm, every step at ≥ 34 kt as
 * (latitude, longitude, radius beyond which its wind is below 34 kt), so a
 * request recomputes the wind field only for the storms that can reach the place.
 */
export interface TrackIndex {
  storms: readonly Storm[];
  land: LandMask;
  /** Per storm: latitude, longitude, radius (km) per step at ≥ 34 kt. */
  reach: readonly Float32Array[];
}

export function indexTracks(storms: readonly Storm[], land: LandMask): TrackIndex {
  const reach = storms.map((storm) => {
    const steps = trackSteps(storm, land).filter((s) => s.vmaxKt >= FOOTPRINT_MIN_KT);
    const out = new Float32Array(steps.length * 3);
    steps.forEach((s, k) => {
      out.set([s.lat, s.lon, windRadiusKm(stepVortex(s), FOOTPRINT_MIN_KT)], k * 3);
    });
    return out;
  });
  return { storms, land, reach };
}

export function observedStormsAt({ storms, land, reach }: TrackIndex, grid: GridDef, latitude: number, longitude: number): ObservedStorm[] {
  const cell = cellIndex(grid, latitude, longitude);
  if (cell < 0) return [];
  const centre = cellCentre(grid, cell);
  const found: ObservedStorm[] = [];
  storms.forEach((storm, s) => {
    if (!canReach(reach[s]!, centre.latitude, centre.longitude)) return;
    const max = cellMaxWind(trackSteps(storm, land), grid, cell, FOOTPRINT_MIN_KT);
    if (max) found.push({ storm, kt: max.kt, time: max.time, weight: groupOf(storm, CLIMATOLOGY_PERIODS)?.weight ?? 0 });
  });
  return found;
}

function canReach(steps: Float32Array, latitude: number, longitude: number): boolean {
  for (let k = 0; k < steps.length; k += 3) {
    if (distanceKm(steps[k]!, steps[k + 1]!, latitude, longitude) <= steps[k + 2]! * REACH_SLACK.factor + REACH_SLACK.km) return true;
  }
  return false;
}
