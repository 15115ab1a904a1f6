/**
 * Catalogue records → track fixes, shared by the readers (read-*.ts): field
 * parsers (empty and sentinel values become null, times epoch milliseconds
 * UTC), fix construction and ordering, and the southern-hemisphere basin split.
 */
import type { Basin, Quadrants, TrackFix } from './track-types.js';

/** A number, or null for empty fields and the sentinels the sources use for "missing". */
export function numberOrNull(text: string | undefined): number | null {
  if (text === undefined) return null;
  const t = text.trim();
  if (t === '') return null;
  const v = Number(t);
  if (!Number.isFinite(v) || v <= -99) return null;
  return v;
}

/** A wind speed: missing, zero or negative values are unknown. */
export function windOrNull(text: string | undefined): number | null {
  const v = numberOrNull(text);
  return v !== null && v > 0 ? v : null;
}

/** A positive radius or pressure, else null. */
export function positiveOrNull(text: string | undefined): number | null {
  const v = numberOrNull(text);
  return v !== null && v > 0 ? v : null;
}

/** Four quadrant radii (n mi) when all four are given. */
export function quadrants(ne: string | undefined, se: string | undefined, sw: string | undefined, nw: string | undefined): Quadrants | null {
  const q = [ne, se, sw, nw].map(numberOrNull);
  if (q.some((v) => v === null || v < 0)) return null;
  return { ne: q[0]!, se: q[1]!, sw: q[2]!, nw: q[3]! };
}

const UTC_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?Z?$/;

/** `YYYY-MM-DDTHH:MMZ` or `YYYY-MM-DD HH:MM:SS` (UTC) → epoch ms. */
export function parseUtc(text: string): number {
  const m = UTC_TIME.exec(text.trim());
  if (!m) throw new Error(`unreadable time ${text}`);
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6] ?? 0));
}

/** Group records by a key, keeping first-seen order of keys. */
export function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = groups.get(k);
    if (list) list.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

/** A fix with only position, time and wind; the readers fill in what their source has. */
export function makeFix(time: number, lat: number, lon: number, vmaxKt: number | null, extra: Partial<TrackFix> = {}): TrackFix {
  return { time, lat, lon, vmaxKt, pressureHpa: null, rmwNm: null, r34: null, r50: null, r64: null, stage: null, ...extra };
}

/** Fixes in time order, one per time (the first kept). */
export function orderFixes(fixes: TrackFix[]): TrackFix[] {
  const sorted = fixes.slice().sort((a, b) => a.time - b.time);
  return sorted.filter((f, i) => i === 0 || f.time !== sorted[i - 1]!.time);
}

/** Longitude splitting the South Indian from the South Pacific basin (as IBTrACS and the JTWC SH file do). */
export const SOUTH_PACIFIC_FROM_LON = 135;

/** SI or SP by the longitude of the first fix (genesis). */
export function southernBasin(fixes: readonly TrackFix[]): Basin {
  const lon = fixes[0]?.lon ?? 0;
  return lon >= 0 && lon < SOUTH_PACIFIC_FROM_LON ? 'SI' : 'SP';
}
