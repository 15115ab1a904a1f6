import { KOPPEN_GRID, readKoppen } from '../../catalogues/koppen.js';
import { CLIMATE_GROUPS } from './parameters.js';
import type { CruClimatology } from './sources.js';

/**
 * The climate group of each CRU land cell, which sets the shape ξ of its rain
 * tail (rain-tail.ts), from the Köppen–Geiger class of the cell (Kottek et al.
 * 2006, the same 0.5° grid as CRU):
 *   humid        A* (tropical), Cf*, Cw*       (warm, rain in every season or a summer maximum)
 *   continental  D f/w *, E*                   (cold winters)
 *   steppe       BS*
 *   desert       BW*
 *   dry-summer   Cs*, Ds*                      (Mediterranean: winter rain, dry summers)
 * A cell without a class takes the nearest classified cell's group within
 * CLIMATE_GROUPS.fillRadiusCells (grid distance, ties to the lower cell index),
 * else CLIMATE_GROUPS.fallback.
 */
export type ClimateGroup = (typeof CLIMATE_GROUPS.groups)[number];

export function groupOfClass(cls: string): ClimateGroup | null {
  if (cls === '') return null;
  const main = cls[0];
  const second = cls[1];
  if (main === 'A') return 'humid';
  if (main === 'B') return second === 'W' ? 'desert' : 'steppe';
  if ((main === 'C' || main === 'D') && second === 's') return 'dry-summer';
  if (main === 'C') return 'humid';
  return 'continental';
}

/** Group index (into CLIMATE_GROUPS.groups) per CRU land cell position. */
export function cellGroups(sourcesDir: string, cru: CruClimatology): Uint8Array {
  if (KOPPEN_GRID.nlat !== cru.grid.nlat || KOPPEN_GRID.nlon !== cru.grid.nlon) throw new Error('Köppen and CRU grids differ');
  const classes = readKoppen(sourcesDir);
  const own = classes.map(groupOfClass);
  const { nlat, nlon } = cru.grid;
  const r = CLIMATE_GROUPS.fillRadiusCells;
  return Uint8Array.from(cru.cells, (cell) => {
    let group = own[cell];
    if (!group) {
      const row = Math.floor(cell / nlon);
      const col = cell - row * nlon;
      let best = -1;
      let bestDist = Infinity;
      for (let di = -r; di <= r; di++) {
        const ii = row + di;
        if (ii < 0 || ii >= nlat) continue;
        for (let dj = -r; dj <= r; dj++) {
          const other = ii * nlon + ((col + dj + nlon) % nlon);
          const dist = di * di + dj * dj;
          if (!own[other] || dist > bestDist || (dist === bestDist && other > best)) continue;
          best = other;
          bestDist = dist;
        }
      }
      group = best >= 0 ? own[best]! : CLIMATE_GROUPS.fallback;
    }
    return CLIMATE_GROUPS.groups.indexOf(group);
  });
}
