import type { GridDef } from '../../engine/table-spec.js';
import type { Quake } from './sources.js';
import { forCellsWithin } from './smoothing.js';

/**
 * The largest Mw in the whole merged catalogue (all years, foreshocks and
 * aftershocks included) within `radiusKm` of each cell centre; −Infinity where
 * none. Each source layer adds its increment and clamps to its own bounds.
 */
export function observedMmax(grid: GridDef, quakes: readonly Quake[], radiusKm: number): Float64Array {
  const observed = new Float64Array(grid.nlat * grid.nlon).fill(-Infinity);
  for (const q of quakes) {
    forCellsWithin(grid, q.latitude, q.longitude, radiusKm, (cell) => {
      if (q.mw > observed[cell]!) observed[cell] = q.mw;
    });
  }
  return observed;
}
