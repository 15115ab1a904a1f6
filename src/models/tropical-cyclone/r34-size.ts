/**
 * Storm size from a fix's recorded 34-kt quadrant radii (North Indian and South
 * Pacific JTWC analyses, R34_SIZE): the multiplier m on the outer e-folding
 * length X1 for which the modelled mean quadrant 34-kt radius equals the
 * recorded mean. The radius of maximum wind (recorded or estimated) is kept; only
 * the outer decay changes. Beyond Rmax, r34 − Rmax grows in proportion to X1, so
 * m ← m·(r34_recorded − Rmax)/(r34_model(m) − Rmax) converges in a few steps.
 */
import { R34_SIZE } from './parameters.js';
import { type Quadrants } from './track-types.js';
import { vortexAt, type StormPosition } from './wind-field.js';
import { meanQuadrantRadius } from './wind-radii.js';
import { KM_PER_NMI } from '../../units.js';

const R34_KT = 34;

/** The fitted outer-length multiplier, or null when the fix gives nothing to fit. */
export function outerScaleForR34(position: StormPosition, r34: Quadrants): number | null {
  const target = ((r34.ne + r34.se + r34.sw + r34.nw) / 4) * KM_PER_NMI;
  if (!(target > 0) || position.vmaxKt < R34_SIZE.minWindKt) return null;
  let scale = 1;
  for (let i = 0; i < R34_SIZE.iterations; i++) {
    const vortex = vortexAt({ ...position, outerScale: scale });
    const modelled = meanQuadrantRadius(vortex, R34_KT);
    if (!(modelled > vortex.rmax) || !(target > vortex.rmax)) return i === 0 ? null : scale;
    scale = Math.min(R34_SIZE.maxScale, Math.max(R34_SIZE.minScale, (scale * (target - vortex.rmax)) / (modelled - vortex.rmax)));
  }
  return scale;
}

/** Whether a source's recorded r34 sets storm size (R34_SIZE.sources). */
export function usesR34Size(source: string): boolean {
  return R34_SIZE.sources.includes(source);
}
