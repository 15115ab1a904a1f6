/**
 * Land mask for the inland decay of storm intensity: a 0.5° cell is land when
 * its ETOPO5 mean elevation is above sea level (src/catalogues/etopo.ts).
 * Coarse: coastal cells mixing land and sea count as sea when their mean is below 0 m.
 */
import { ETOPO_GRID, readElevation } from '../../catalogues/etopo.js';
import { wrapLongitude } from '../../geo/sphere.js';

const STEP = ETOPO_GRID.dlat;
const NLAT = ETOPO_GRID.nlat;
const NLON = ETOPO_GRID.nlon;

export interface LandMask {
  isLand(lat: number, lon: number): boolean;
}

export function readLandMask(sourcesDir: string): LandMask {
  return landMaskOf(readLandCells(sourcesDir));
}

/** The mask's cells, 1 = land (what landMaskOf takes; small enough to hand to worker threads). */
export function readLandCells(sourcesDir: string): Uint8Array {
  return Uint8Array.from(readElevation(sourcesDir), (metres) => (metres > 0 ? 1 : 0));
}

/** A mask over the global 0.5° grid (row-major from 90°S, 180°W). */
export function landMaskOf(land: Uint8Array): LandMask {
  return {
    isLand(lat: number, lon: number): boolean {
      const i = Math.min(NLAT - 1, Math.max(0, Math.floor((lat + 90) / STEP)));
      const j = Math.min(NLON - 1, Math.max(0, Math.floor((wrapLongitude(lon) + 180) / STEP)));
      return land[i * NLON + j] === 1;
    },
  };
}

/** A mask with no land (tests, or storms over open sea only). */
export const ALL_SEA: LandMask = { isLand: () => false };
