/**
 * The modelled wind field's reach in the form best tracks record it: per
 * quadrant (NE, SE, SW, NW) the farthest distance at which the wind reaches a
 * threshold, the quantity of the NHC and JTWC quadrant wind radii.
 */
import { siteWind, windRadiusKm, type Vortex } from './wind-field.js';

const BEARING_STEP = 10;
const RADIUS_STEP_KM = 2;

/** Farthest distance (km) within a quadrant (0 = NE … 3 = NW) at which the modelled wind reaches thresholdKt. */
export function modelQuadrantRadius(v: Vortex, quadrant: number, thresholdKt: number): number {
  const bound = windRadiusKm(v, thresholdKt);
  let reach = 0;
  for (let b = quadrant * 90 + BEARING_STEP / 2; b < (quadrant + 1) * 90; b += BEARING_STEP) {
    for (let r = bound; r > reach; r -= RADIUS_STEP_KM) {
      if (siteWind(v, r, b) >= thresholdKt) {
        reach = r;
        break;
      }
    }
  }
  return reach;
}

/** Mean over the four quadrants of modelQuadrantRadius. */
export function meanQuadrantRadius(v: Vortex, thresholdKt: number): number {
  let sum = 0;
  for (let q = 0; q < 4; q++) sum += modelQuadrantRadius(v, q, thresholdKt);
  return sum / 4;
}
