/**
 * One storm held by two sources. Two fixes coincide when they are at the same
 * time and within DEDUPE.maxDistanceKm; storms sharing DEDUPE.minCommonTimes or
 * more coinciding fixes are the same storm.
 */
import { distanceKm } from '../../geo/sphere.js';
import { DEDUPE } from './parameters.js';
import type { Storm, TrackFix } from './track-types.js';

interface IndexedFix {
  storm: number;
  lat: number;
  lon: number;
}

function indexByTime(storms: readonly Storm[]): Map<number, IndexedFix[]> {
  const index = new Map<number, IndexedFix[]>();
  storms.forEach((s, storm) => {
    for (const f of s.fixes) {
      const list = index.get(f.time);
      const entry = { storm, lat: f.lat, lon: f.lon };
      if (list) list.push(entry);
      else index.set(f.time, [entry]);
    }
  });
  return index;
}

function coincide(f: TrackFix, g: IndexedFix): boolean {
  return distanceKm(f.lat, f.lon, g.lat, g.lon) < DEDUPE.maxDistanceKm;
}

/**
 * Drops every `secondary` storm that a `primary` storm also holds; the primary
 * storm takes the secondary's id (the best-matching one when several match),
 * so IBTrACS tracks carry the JTWC ATCF id. Returns primary + unmatched secondary.
 */
export function matchDuplicates(primary: readonly Storm[], secondary: readonly Storm[]): Storm[] {
  const index = indexByTime(primary);
  const bestFor = new Map<number, { id: string; shared: number }>();
  const unmatched: Storm[] = [];
  for (const s of secondary) {
    const shared = new Map<number, number>();
    for (const f of s.fixes) {
      for (const g of index.get(f.time) ?? []) if (coincide(f, g)) shared.set(g.storm, (shared.get(g.storm) ?? 0) + 1);
    }
    let best = -1;
    let bestShared = 0;
    for (const [storm, n] of [...shared.entries()].sort((a, b) => a[0] - b[0])) {
      if (n > bestShared) {
        best = storm;
        bestShared = n;
      }
    }
    if (bestShared < DEDUPE.minCommonTimes) {
      unmatched.push(s);
      continue;
    }
    const previous = bestFor.get(best);
    if (!previous || bestShared > previous.shared) bestFor.set(best, { id: s.id, shared: bestShared });
  }
  const renamed = primary.map((p, i) => {
    const match = bestFor.get(i);
    return match ? { ...p, id: match.id } : p;
  });
  return [...renamed, ...unmatched];
}

/**
 * Removes from `trim` storms the fixes that coincide with a fix of a `keep`
 * storm (a storm crossing between basins held by both agencies); storms left
 * with fewer than two fixes are dropped.
 */
export function trimSharedFixes(keep: readonly Storm[], trim: readonly Storm[]): Storm[] {
  const index = indexByTime(keep);
  return trim
    .map((s) => ({ ...s, fixes: s.fixes.filter((f) => !(index.get(f.time) ?? []).some((g) => coincide(f, g))) }))
    .filter((s) => s.fixes.length >= 2);
}
