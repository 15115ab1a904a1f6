import type { Quake } from './catalogue.js';

/** Index of the first quake at or after `timeMs` in a time-sorted list (binary search). */
export function firstAtOrAfter(sorted: readonly Quake[], timeMs: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]!.timeMs < timeMs) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
