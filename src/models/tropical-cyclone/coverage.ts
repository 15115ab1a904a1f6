/**
 * Where the model has coverage: cells near track positions of tropical or
 * subtropical storms (or of sources that report no stage) at tropical-storm
 * strength in a basin's reliable period (COVERAGE). Everything else is "no
 * coverage" (cellRow −1), never a zero rate.
 */
import type { GridDef } from '../../engine/table-spec.js';
import { distanceKm } from '../../geo/sphere.js';
import { forCellOffsetsWithin } from './hazard-grid.js';
import { COVERAGE } from './parameters.js';
import type { TrackStep } from './track-steps.js';

const NOT_COVERING = new Set(['extratropical', 'disturbance']);

export function coversSite(step: TrackStep): boolean {
  return step.vmaxKt >= COVERAGE.minWindKt && !(step.stage !== null && NOT_COVERING.has(step.stage));
}

/** Sets covered[cell] = 1 around the storm's qualifying positions. */
export function markCoverage(covered: Uint8Array, grid: GridDef, steps: readonly TrackStep[]): void {
  let last: TrackStep | null = null;
  for (const step of steps) {
    if (!coversSite(step)) {
      last = null;
      continue;
    }
    if (last && distanceKm(last.lat, last.lon, step.lat, step.lon) < COVERAGE.markSpacingKm) continue;
    forCellOffsetsWithin(grid, step.lat, step.lon, COVERAGE.radiusKm, (cell) => {
      covered[cell] = 1;
    });
    last = step;
  }
}
