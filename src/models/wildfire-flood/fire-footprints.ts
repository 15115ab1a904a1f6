import { cellIndex } from '../../engine/grid.js';
import { CELLS, GRID } from './half-degree.js';
import { EARTH_RADIUS_KM } from '../../geo/sphere.js';

/**
 * Burnt area of located fires on the 0.5° grid. A fire is a disc of its burnt
 * area centred on its reported point (the records have no perimeters); discs
 * wider than SMALL_DISC_KM are spread over the cells they overlap by sampling
 * a lattice of DISC_LATTICE points across the diameter.
 */
export interface LocatedArea {
  latitude: number;
  longitude: number;
  areaHa: number;
}

const SMALL_DISC_KM = 5;
const DISC_LATTICE = 21;
const KM2_PER_HA = 0.01;

/** Σ burnt area (km²) per cell of the given fires. */
export function burntAreaGrid(fires: Iterable<LocatedArea>): Float64Array {
  const out = new Float64Array(CELLS);
  for (const f of fires) {
    const areaKm2 = f.areaHa * KM2_PER_HA;
    const radius = Math.sqrt(areaKm2 / Math.PI);
    const home = cellIndex(GRID, f.latitude, f.longitude);
    if (home < 0) continue;
    if (radius <= SMALL_DISC_KM) {
      out[home]! += areaKm2;
      continue;
    }
    const step = (2 * radius) / (DISC_LATTICE - 1);
    const cells: number[] = [];
    for (let a = 0; a < DISC_LATTICE; a++) {
      for (let b = 0; b < DISC_LATTICE; b++) {
        const north = -radius + a * step;
        const east = -radius + b * step;
        if (north * north + east * east > radius * radius) continue;
        const lat = f.latitude + (north / EARTH_RADIUS_KM) * (180 / Math.PI);
        const lon = f.longitude + (east / (EARTH_RADIUS_KM * Math.cos((f.latitude * Math.PI) / 180))) * (180 / Math.PI);
        const cell = cellIndex(GRID, lat, lon);
        if (cell >= 0) cells.push(cell);
      }
    }
    for (const cell of cells) out[cell]! += areaKm2 / cells.length;
  }
  return out;
}
