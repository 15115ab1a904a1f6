import { cellIndex } from '../../engine/grid.js';
import { EARTH_RADIUS_KM, cosDeg, DEGREES_PER_RADIAN } from '../../geo/sphere.js';
import { CELLS, GRID } from '../toolkit/half-degree.js';
import { WILDFIRE } from './parameters.js';

/**
 * Burnt area of located fires on the 0.5° grid. A fire is a disc of its burnt
 * area centred on its reported point (the records have no perimeters); discs
 * wider than WILDFIRE.smallDiscKm are spread over the cells they overlap by
 * sampling a lattice of WILDFIRE.discLattice points across the diameter.
 */
export interface LocatedArea {
  latitude: number;
  longitude: number;
  areaHa: number;
}

const KM2_PER_HA = 0.01;

/** Σ burnt area (km²) per cell of the given fires. */
export function burntAreaGrid(fires: Iterable<LocatedArea>): Float64Array {
  const out = new Float64Array(CELLS);
  for (const f of fires) {
    const areaKm2 = f.areaHa * KM2_PER_HA;
    const radius = Math.sqrt(areaKm2 / Math.PI);
    const home = cellIndex(GRID, f.latitude, f.longitude);
    if (home < 0) continue;
    if (radius <= WILDFIRE.smallDiscKm) {
      out[home]! += areaKm2;
      continue;
    }
    const step = (2 * radius) / (WILDFIRE.discLattice - 1);
    const cells: number[] = [];
    for (let a = 0; a < WILDFIRE.discLattice; a++) {
      for (let b = 0; b < WILDFIRE.discLattice; b++) {
        const north = -radius + a * step;
        const east = -radius + b * step;
        if (north * north + east * east > radius * radius) continue;
        const lat = f.latitude + (north / EARTH_RADIUS_KM) * DEGREES_PER_RADIAN;
        const lon = f.longitude + (east / (EARTH_RADIUS_KM * cosDeg(f.latitude))) * DEGREES_PER_RADIAN;
        const cell = cellIndex(GRID, lat, lon);
        if (cell >= 0) cells.push(cell);
      }
    }
    for (const cell of cells) out[cell]! += areaKm2 / cells.length;
  }
  return out;
}
