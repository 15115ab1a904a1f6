import { CELLS, GRID } from '../toolkit/half-degree.js';

/**
 * A HAND-like relative elevation (cf. Rennó et al. 2008; Nobre et al. 2011) at
 * the only resolution available, the ETOPO5 0.5° means: a cell's mean land
 * elevation minus the lowest mean within ±ring cells, sea cells counting as 0 m,
 * so coastal cells are measured from sea level. Flat lowlands and valley floors
 * score near 0, mountains hundreds of metres.
 */
export function relativeElevation(elevation: Float64Array, ring: number): Float64Array {
  const landElevation = elevation.map((e) => (Number.isFinite(e) ? Math.max(0, e) : 0));
  const out = new Float64Array(CELLS);
  for (let i = 0; i < GRID.nlat; i++) {
    for (let j = 0; j < GRID.nlon; j++) {
      let lowest = Infinity;
      for (let di = -ring; di <= ring; di++) {
        const ii = i + di;
        if (ii < 0 || ii >= GRID.nlat) continue;
        for (let dj = -ring; dj <= ring; dj++) {
          const jj = (((j + dj) % GRID.nlon) + GRID.nlon) % GRID.nlon;
          lowest = Math.min(lowest, landElevation[ii * GRID.nlon + jj]!);
        }
      }
      const c = i * GRID.nlon + j;
      out[c] = landElevation[c]! - lowest;
    }
  }
  return out;
}

/**
 * Relative flood susceptibility of a cell:
 * (h + (1 − h)·exp(−H/H₀)) × (w + (1 − w)·water proximity), h and w the floors.
 */
export function susceptibility(relative: number, proximity: number, terrain: { scaleM: number; floor: number }, water: { floor: number }): number {
  const byTerrain = terrain.floor + (1 - terrain.floor) * Math.exp(-relative / terrain.scaleM);
  return byTerrain * (water.floor + (1 - water.floor) * proximity);
}
