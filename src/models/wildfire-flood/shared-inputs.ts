import type { CruNormals } from './climate-indices.js';
import { readCru, readKoppen } from './half-degree.js';
import { regionMasks, type RegionMasks } from './regions.js';

/** Inputs both tables read: land and region masks, Köppen classes and CRU normals. */
export interface SharedInputs {
  sourcesDir: string;
  masks: RegionMasks;
  koppen: string[];
  cru: CruNormals;
}

export function loadSharedInputs(sourcesDir: string): SharedInputs {
  return {
    sourcesDir,
    masks: regionMasks(),
    koppen: readKoppen(sourcesDir),
    cru: { pre: readCru(sourcesDir, 'pre'), tmp: readCru(sourcesDir, 'tmp'), tmx: readCru(sourcesDir, 'tmx'), tmn: readCru(sourcesDir, 'tmn') },
  };
}
