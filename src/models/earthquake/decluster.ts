import type { Quake } from './sources.js';
import { KM_PER_DEGREE, distanceKm } from '../../geo/sphere.js';
import { firstAtOrAfter } from './merge.js';
import { DECLUSTER } from './parameters.js';
import { MS_PER_DAY } from '../../units.js';


/** Gardner & Knopoff (1974) space window in km for a mainshock of magnitude m. */
export function windowKm(m: number): number {
  return 10 ** (DECLUSTER.distance.slope * m + DECLUSTER.distance.intercept);
}

/** Gardner & Knopoff (1974) time window in days for a mainshock of magnitude m. */
export function windowDays(m: number): number {
  const c = m >= DECLUSTER.timeLarge.from ? DECLUSTER.timeLarge : DECLUSTER.timeSmall;
  return 10 ** (c.slope * m + c.intercept);
}

/**
 * Mainshocks of a time-sorted catalogue. Events are visited from the largest
 * magnitude down (ties: earlier first); each event not yet assigned to a
 * cluster claims every smaller-or-equal unassigned event inside its window,
 * before (foreshocks) or after (aftershocks). Returns the mainshocks in time order.
 */
export function decluster(sorted: readonly Quake[]): Quake[] {
  const n = sorted.length;
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => sorted[b]!.mw - sorted[a]!.mw || a - b);
  const removed = new Uint8Array(n);
  for (const i of order) {
    if (removed[i]) continue;
    const main = sorted[i]!;
    const spanMs = windowDays(main.mw) * MS_PER_DAY;
    const km = windowKm(main.mw);
    const latSpan = km / KM_PER_DEGREE;
    for (let j = firstAtOrAfter(sorted, main.timeMs - spanMs); j < n; j++) {
      const q = sorted[j]!;
      if (q.timeMs > main.timeMs + spanMs) break;
      if (j === i || removed[j] || q.mw > main.mw || Math.abs(q.latitude - main.latitude) > latSpan) continue;
      if (distanceKm(main.latitude, main.longitude, q.latitude, q.longitude) <= km) removed[j] = 1;
    }
  }
  return sorted.filter((_, i) => !removed[i]);
}
