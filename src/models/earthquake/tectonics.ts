import { distanceKm, longitudeDelta, wrapLongitude } from '../../geo/sphere.js';
import type { GridDef } from '../../engine/table-spec.js';
import { coverFraction, polygonSpans } from '../toolkit/scanlines.js';
import { REGIONALISATION } from './parameters.js';
import { forCellsWithin } from './smoothing.js';
import type { BoundaryStep } from './sources.js';

/**
 * Tectonic regionalisation (docs/models/earthquake.md "Regimes"): every cell
 * of the 0.5° grid is a subduction zone, active crust, oceanic intraplate or
 * stable continental region, by its distance to the PB2002 plate boundaries
 * of each class, the PB2002 orogens and its mean elevation (REGIONALISATION).
 */
export type TectonicRegime = 'subduction' | 'active' | 'oceanic' | 'stable';
export const TECTONIC_REGIMES: readonly TectonicRegime[] = ['subduction', 'active', 'oceanic', 'stable'];

const CONTINENTAL = new Set(['CCB', 'CTF', 'CRB']);
const OCEANIC = new Set(['OSR', 'OTF', 'OCB']);
/** Steps are sampled at least this often (km) along their length. */
const SAMPLE_KM = 20;

export interface Regionalisation {
  grid: GridDef;
  /** Index into TECTONIC_REGIMES per cell. */
  regime: Uint8Array;
}

/** Nearest distance (km, capped at `reachKm`) from each cell centre to any step of the class set. */
function distanceTo(grid: GridDef, steps: readonly BoundaryStep[], reachKm: number): Float32Array {
  const out = new Float32Array(grid.nlat * grid.nlon).fill(Infinity);
  for (const step of steps) {
    const lengthKm = distanceKm(step.startLatitude, step.startLongitude, step.endLatitude, step.endLongitude);
    const samples = Math.max(1, Math.ceil(lengthKm / SAMPLE_KM));
    for (let s = 0; s <= samples; s++) {
      const f = s / samples;
      const latitude = step.startLatitude + f * (step.endLatitude - step.startLatitude);
      // Steps that cross the antimeridian run the short way round.
      const longitude = wrapLongitude(step.startLongitude + f * longitudeDelta(step.startLongitude, step.endLongitude));
      forCellsWithin(grid, latitude, longitude, reachKm, (cell, km) => {
        if (km < out[cell]!) out[cell] = km;
      });
    }
  }
  return out;
}

export function regionalise(grid: GridDef, steps: readonly BoundaryStep[], orogens: readonly [number, number][][], elevation: Float64Array): Regionalisation {
  const r = REGIONALISATION;
  const subduction = distanceTo(grid, steps.filter((s) => s.stepClass === 'SUB'), r.subductionKm);
  const continental = distanceTo(grid, steps.filter((s) => CONTINENTAL.has(s.stepClass)), r.continentalBoundaryKm);
  const oceanic = distanceTo(grid, steps.filter((s) => OCEANIC.has(s.stepClass)), r.oceanicBoundaryKm);
  const inOrogen = coverFraction(polygonSpans(orogens));
  const regime = new Uint8Array(grid.nlat * grid.nlon);
  for (let cell = 0; cell < regime.length; cell++) {
    let name: TectonicRegime = 'stable';
    if (subduction[cell]! <= r.subductionKm) name = 'subduction';
    else if (continental[cell]! <= r.continentalBoundaryKm || oceanic[cell]! <= r.oceanicBoundaryKm || inOrogen[cell]! >= 0.5) name = 'active';
    else if (elevation[cell]! < r.oceanFloorM) name = 'oceanic';
    regime[cell] = TECTONIC_REGIMES.indexOf(name);
  }
  return { grid, regime };
}

/** The regime of the cell holding a point (tests and validation). */
export function regimeAt(regionalisation: Regionalisation, cell: number): TectonicRegime {
  return TECTONIC_REGIMES[regionalisation.regime[cell]!]!;
}
