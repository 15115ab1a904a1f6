/**
 * Seasonal profiles from the storms themselves: for every cell a storm brings
 * to tropical-storm force, the calendar slot of its strongest wind there,
 * weighted like the rates (1/years of the basin's period). Pooled per tile of
 * SEASONALITY.tileDegrees, smoothed with a circular Gaussian kernel and shrunk
 * towards the profile of the basin group dominating the tile:
 *   w = n/(n + n0)·tile + n0/(n + n0)·basin,  n = storms seen in the tile.
 * Profile 0 is uniform (rows whose rates are all zero).
 */
import { seasonSlot } from '../../engine/calendar.js';
import { LEAP_DAY_SLOT, normaliseSeason, SEASON_SLOTS } from '../../engine/profiles.js';
import type { GridDef } from '../../engine/table-spec.js';
import { sumCircularGathered } from '../toolkit/smoothing.js';
import type { Footprint } from './footprint.js';
import { rowCentreLat } from './hazard-grid.js';
import { SEASONALITY } from './parameters.js';
import { MS_PER_DAY } from '../../units.js';

export interface SeasonProfiles {
  /** profiles × 366 weights (normalised per mean year). */
  weights: Float64Array;
  /** Profile index of each grid cell. */
  profileOfCell: Uint16Array;
}

export class SeasonAccumulator {
  private readonly tileRows: number;
  private readonly tileCols: number;
  private readonly tileHist: Float64Array;
  private readonly tileGroupWeight: Float64Array;
  private readonly tileStorms: Float64Array;
  private readonly groupHist: Float64Array;

  constructor(
    private readonly grid: GridDef,
    private readonly groups: number,
  ) {
    this.tileRows = Math.ceil((grid.nlat * grid.dlat) / SEASONALITY.tileDegrees);
    this.tileCols = Math.ceil((grid.nlon * grid.dlon) / SEASONALITY.tileDegrees);
    const tiles = this.tileRows * this.tileCols;
    this.tileHist = new Float64Array(tiles * SEASON_SLOTS);
    this.tileGroupWeight = new Float64Array(tiles * groups);
    this.tileStorms = new Float64Array(tiles);
    this.groupHist = new Float64Array(groups * SEASON_SLOTS);
  }

  tileOfCell(cell: number): number {
    const i = Math.floor(cell / this.grid.nlon);
    const j = cell - i * this.grid.nlon;
    const ti = Math.min(this.tileRows - 1, Math.floor((rowCentreLat(this.grid, i) - this.grid.lat0) / SEASONALITY.tileDegrees));
    const tj = Math.min(this.tileCols - 1, Math.floor(((j + 0.5) * this.grid.dlon) / SEASONALITY.tileDegrees));
    return ti * this.tileCols + tj;
  }

  /** One storm's footprint: cells at or above thresholdKt count, with the storm's weight. */
  add(footprint: Footprint, thresholdKt: number, weight: number, group: number): void {
    const seen = new Set<number>();
    for (let k = 0; k < footprint.cells.length; k++) {
      if (footprint.maxKt[k]! < thresholdKt) continue;
      const tile = this.tileOfCell(footprint.cells[k]!);
      const slot = seasonSlot(Math.floor(footprint.time[k]! / MS_PER_DAY));
      this.tileHist[tile * SEASON_SLOTS + slot]! += weight;
      this.groupHist[group * SEASON_SLOTS + slot]! += weight;
      this.tileGroupWeight[tile * this.groups + group]! += weight;
      seen.add(tile);
    }
    for (const tile of seen) this.tileStorms[tile]! += 1;
  }

  profiles(): SeasonProfiles {
    const basin = Array.from({ length: this.groups }, (_, g) => smoothedProfile(this.groupHist.subarray(g * SEASON_SLOTS, (g + 1) * SEASON_SLOTS)));
    const profiles: Float64Array[] = [new Float64Array(SEASON_SLOTS).fill(1)];
    const profileOfTile = new Uint16Array(this.tileRows * this.tileCols);
    for (let tile = 0; tile < profileOfTile.length; tile++) {
      const n = this.tileStorms[tile]!;
      if (n === 0) continue;
      const own = smoothedProfile(this.tileHist.subarray(tile * SEASON_SLOTS, (tile + 1) * SEASON_SLOTS));
      const prior = basin[this.dominantGroup(tile)]!;
      const share = n / (n + SEASONALITY.priorStorms);
      profileOfTile[tile] = profiles.length;
      profiles.push(own.map((w, s) => share * w + (1 - share) * prior[s]!));
    }
    const weights = new Float64Array(profiles.length * SEASON_SLOTS);
    profiles.forEach((p, k) => weights.set(p, k * SEASON_SLOTS));
    const profileOfCell = new Uint16Array(this.grid.nlat * this.grid.nlon);
    for (let cell = 0; cell < profileOfCell.length; cell++) profileOfCell[cell] = profileOfTile[this.tileOfCell(cell)]!;
    return { weights, profileOfCell };
  }

  private dominantGroup(tile: number): number {
    let best = 0;
    for (let g = 1; g < this.groups; g++) if (this.tileGroupWeight[tile * this.groups + g]! > this.tileGroupWeight[tile * this.groups + best]!) best = g;
    return best;
  }
}

/**
 * Histogram over the 366 slots → smoothed, normalised daily density. The 29 February
 * slot only fills in leap years, so it is scaled by 4 to a per-day density first.
 * Circular Gaussian kernel of SEASONALITY.sigmaDays, truncated at 3σ, unnormalised
 * (the profile is normalised afterwards).
 */
export function smoothedProfile(hist: ArrayLike<number>): Float64Array {
  const density = Float64Array.from(hist);
  if (density.length !== SEASON_SLOTS) throw new Error(`season histogram has ${density.length} slots, expected ${SEASON_SLOTS}`);
  density[LEAP_DAY_SLOT] = density[LEAP_DAY_SLOT]! * 4;
  return normaliseSeason(sumCircularGathered(density, SEASONALITY.sigmaDays));
}
