/**
 * Land mask for the inland decay of storm intensity: a 0.5° cell is land when
 * its ETOPO5 mean elevation is above sea level (etopo/). Coarse: coastal cells
 * mixing land and sea count as sea when their mean is below 0 m.
 */
import { parseCsv, readGzipText, sourceFile } from '../../catalogues/files.js';
import { wrapLongitude } from '../../geo/sphere.js';

export const ETOPO = { folder: 'etopo', file: 'etopo5_0p5deg_mean_elevation.csv.gz' } as const;

const STEP = 0.5;
const NLAT = 360;
const NLON = 720;

export interface LandMask {
  isLand(lat: number, lon: number): boolean;
}

export function readLandMask(sourcesDir: string): LandMask {
  const [header, ...rows] = parseCsv(readGzipText(sourceFile(sourcesDir, ETOPO.folder, ETOPO.file)));
  const col = (name: string): number => {
    const i = header?.indexOf(name) ?? -1;
    if (i < 0) throw new Error(`${ETOPO.file}: column ${name} missing`);
    return i;
  };
  const [lonCol, latCol, elevCol] = [col('lon'), col('lat'), col('elev_m')];
  const land = new Uint8Array(NLAT * NLON);
  for (const r of rows) {
    const i = Math.floor((Number(r[latCol]) + 90) / STEP);
    const j = Math.floor((Number(r[lonCol]) + 180) / STEP);
    if (i >= 0 && i < NLAT && j >= 0 && j < NLON && Number(r[elevCol]) > 0) land[i * NLON + j] = 1;
  }
  return landMaskOf(land);
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
