import { cellCentre } from '../../engine/grid.js';
import { SEASON_SLOTS } from '../../engine/profiles.js';
import { distanceKm } from '../../geo/sphere.js';
import { CELLS, GRID } from '../toolkit/half-degree.js';
import { sumCircular } from '../toolkit/smoothing.js';
import { FLOOD } from './parameters.js';
import type { FloodEvent } from './sources.js';
import { DAYS_PER_YEAR } from '../../units.js';

/**
 * Flood seasons from DFO begin dates: one profile per 10° block, built from all
 * events weighted by a Gaussian of the distance from their centroid to the
 * block centre, smoothed over the calendar and mixed with `pseudoEvents`
 * spread evenly over the year so blocks with few nearby events stay flat.
 */
export interface FloodSeasons {
  /** Profile index of every cell (0 where unused). */
  seasonOfCell: Uint16Array;
  profiles: Float64Array[];
  /** Effective number of events behind each profile. */
  weights: number[];
}

function blockOf(cell: number): { key: number; latitude: number; longitude: number } {
  const { blockDeg } = FLOOD.season;
  const { latitude: lat, longitude: lon } = cellCentre(GRID, cell);
  const bi = Math.floor((lat + 90) / blockDeg);
  const bj = Math.floor((lon + 180) / blockDeg);
  return { key: bi * 1000 + bj, latitude: -90 + (bi + 0.5) * blockDeg, longitude: -180 + (bj + 0.5) * blockDeg };
}

export function floodSeasons(events: readonly FloodEvent[], covered: (cell: number) => boolean): FloodSeasons {
  const { sigmaKm, smoothingDays, pseudoEvents } = FLOOD.season;
  const blocks = new Map<number, { latitude: number; longitude: number }>();
  for (let c = 0; c < CELLS; c++) {
    if (!covered(c)) continue;
    const b = blockOf(c);
    if (!blocks.has(b.key)) blocks.set(b.key, b);
  }
  const keys = [...blocks.keys()].sort((a, b) => a - b);
  const profileOfKey = new Map(keys.map((k, i) => [k, i]));
  const weights: number[] = [];
  const profiles = keys.map((key) => {
    const centre = blocks.get(key)!;
    const histogram = new Float64Array(SEASON_SLOTS);
    let total = 0;
    for (const e of events) {
      const w = Math.exp(-0.5 * (distanceKm(centre.latitude, centre.longitude, e.latitude, e.longitude) / sigmaKm) ** 2);
      histogram[e.slot]! += w;
      total += w;
    }
    weights.push(total);
    const smooth = sumCircular(histogram, smoothingDays);
    return smooth.map((v) => v + pseudoEvents / DAYS_PER_YEAR);
  });
  const seasonOfCell = new Uint16Array(CELLS);
  for (let c = 0; c < CELLS; c++) if (covered(c)) seasonOfCell[c] = profileOfKey.get(blockOf(c).key)!;
  return { seasonOfCell, profiles, weights };
}
