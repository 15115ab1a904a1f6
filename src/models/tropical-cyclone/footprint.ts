/**
 * One storm's footprint on the hazard grid: per cell the highest sustained
 * wind over the storm's life (≥ the lowest threshold only) and when it came.
 * Only cells within windRadiusKm of each track position are visited.
 */
import type { GridDef } from '../../engine/table-spec.js';
import { cellOffsetWithin, forCellOffsetsWithin } from './hazard-grid.js';
import { WIND_FIELD } from './parameters.js';
import type { TrackStep } from './track-steps.js';
import { siteWindXY, vortexAt, windRadiusKm, type Vortex } from './wind-field.js';

export interface Footprint {
  cells: Int32Array;
  maxKt: Float64Array;
  /** Epoch ms of the maximum. */
  time: Float64Array;
}

/** The wind field of a track position. */
export function stepVortex(step: TrackStep): Vortex {
  return vortexAt({ latitude: step.lat, vmaxKt: step.vmaxKt, rmwKm: step.rmwKm, motionEastKt: step.motionEastKt, motionNorthKt: step.motionNorthKt, outerScale: step.outerScale, rmwScale: step.rmwScale });
}

/** Reusable per-grid scratch so each storm costs only the cells it touches. */
export class FootprintScratch {
  readonly maxKt: Float64Array;
  readonly time: Float64Array;
  constructor(readonly grid: GridDef) {
    this.maxKt = new Float64Array(grid.nlat * grid.nlon);
    this.time = new Float64Array(grid.nlat * grid.nlon);
  }
}

/**
 * `stepMinKt` (default minKt) skips positions weaker than it: the site wind can
 * exceed a position's vmax slightly (motion asymmetry, inflow), so a footprint
 * evaluated from a higher threshold needs a lower step bound to see every
 * cell that reaches it (synthetic/hazard.ts).
 */
export function stormFootprint(steps: readonly TrackStep[], minKt: number, scratch: FootprintScratch, stepMinKt = minKt): Footprint {
  const { maxKt, time } = scratch;
  const touched: number[] = [];
  for (const step of steps) {
    if (step.vmaxKt < stepMinKt) continue;
    const vortex = stepVortex(step);
    const radius = windRadiusKm(vortex, minKt);
    forCellOffsetsWithin(scratch.grid, step.lat, step.lon, radius, (cell, eastKm, northKm) => {
      const wind = siteWindXY(vortex, eastKm, northKm);
      if (wind < minKt || wind <= maxKt[cell]!) return;
      if (maxKt[cell] === 0) touched.push(cell);
      maxKt[cell] = wind;
      time[cell] = step.time;
    });
  }
  touched.sort((a, b) => a - b);
  const out: Footprint = { cells: Int32Array.from(touched), maxKt: new Float64Array(touched.length), time: new Float64Array(touched.length) };
  touched.forEach((cell, k) => {
    out.maxKt[k] = maxKt[cell]!;
    out.time[k] = time[cell]!;
    maxKt[cell] = 0;
    time[cell] = 0;
  });
  return out;
}

/**
 * One cell's value in stormFootprint(steps, minKt, …): the storm's highest
 * sustained wind there and when it came, or null where it stays below minKt.
 * The same positions, radii and offsets, for one cell only (the explainer's
 * observed storms at a site); the wind is tried before the radius, which
 * only decides for winds that reach minKt (no wind reaches beyond WIND_FIELD.maxRadiusKm).
 */
export function cellMaxWind(steps: readonly TrackStep[], grid: GridDef, cell: number, minKt: number): { kt: number; time: number } | null {
  let best: { kt: number; time: number } | null = null;
  for (const step of steps) {
    if (step.vmaxKt < minKt) continue;
    const offset = cellOffsetWithin(grid, cell, step.lat, step.lon, WIND_FIELD.maxRadiusKm);
    if (!offset) continue;
    const vortex = stepVortex(step);
    const wind = siteWindXY(vortex, offset.eastKm, offset.northKm);
    if (wind < minKt || wind <= (best?.kt ?? 0)) continue;
    if (!cellOffsetWithin(grid, cell, step.lat, step.lon, windRadiusKm(vortex, minKt))) continue;
    best = { kt: wind, time: step.time };
  }
  return best;
}
