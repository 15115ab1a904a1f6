import type { Quake } from './sources.js';
import { distanceKm } from '../../geo/sphere.js';
import { MERGE } from './parameters.js';

export interface MergeReport {
  iscGem: number;
  comcat: number;
  /** ComCat entries dropped as repeats of an ISC-GEM event or of another ComCat entry. */
  duplicates: number;
  /** ComCat entries up to 2012 without an ISC-GEM twin (dropped: ISC-GEM is the reference there). */
  unmatchedBeforeIscGemEnd: number;
  merged: number;
}

/**
 * One catalogue from ISC-GEM (the homogeneous-Mw reference up to 2012) and
 * ComCat: a ComCat entry within MERGE.maxSeconds and MERGE.maxKm of an earlier
 * kept entry is the same event and is dropped (ISC-GEM's Mw wins); ComCat
 * entries up to 2012 are used only through that match, never on their own.
 * Returned sorted by time (ties by latitude, longitude, magnitude) so the order is stable.
 */
export function mergeCatalogues(iscGem: readonly Quake[], comcat: readonly Quake[]): { quakes: Quake[]; report: MergeReport } {
  const kept = [...iscGem].sort(byTime);
  const iscEndMs = Date.UTC(MERGE.iscGemLastYear + 1, 0, 1);
  let duplicates = 0;
  let unmatched = 0;
  const later: Quake[] = [];
  for (const q of [...comcat].sort(byTime)) {
    const twin = hasTwin(kept, q) || hasTwin(later, q);
    if (twin) duplicates++;
    else if (q.timeMs < iscEndMs) unmatched++;
    else later.push(q);
  }
  const quakes = [...kept, ...later].sort(byTime);
  return {
    quakes,
    report: { iscGem: iscGem.length, comcat: comcat.length, duplicates, unmatchedBeforeIscGemEnd: unmatched, merged: quakes.length },
  };
}

export function byTime(a: Quake, b: Quake): number {
  return a.timeMs - b.timeMs || a.latitude - b.latitude || a.longitude - b.longitude || a.mw - b.mw;
}

/** Index of the first quake at or after `timeMs` in a time-sorted list (binary search; merging and declustering). */
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

/** Whether a time-sorted list holds an entry within the duplicate window of q. */
function hasTwin(sorted: readonly Quake[], q: Quake): boolean {
  const windowMs = MERGE.maxSeconds * 1000;
  for (let i = firstAtOrAfter(sorted, q.timeMs - windowMs); i < sorted.length; i++) {
    const other = sorted[i]!;
    if (other.timeMs > q.timeMs + windowMs) break;
    if (distanceKm(q.latitude, q.longitude, other.latitude, other.longitude) <= MERGE.maxKm) return true;
  }
  return false;
}
