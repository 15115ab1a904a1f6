import { LAYERS, RECURRENCE } from '../../models/earthquake/parameters.js';
import type { Breakdown, BreakdownItem } from '../schema.js';
import type { Contribution, SourceId } from './contributions.js';
import type { EarthquakeSiteModel } from './site-model.js';

/** Magnitude bins of the magnitude–distance breakdown: 0.5 units from the model's Mmin. */
const MAGNITUDE_STEP = 0.5;
/** Distance bin edges (km); the last bin is open. */
const DISTANCE_EDGES_KM = [0, 10, 20, 50, 100, 200, 300];
/** Items with a smaller share are folded into one "other" item that says what it holds. */
const MIN_SHARE = { magnitude_distance: 0.001, source: 0.005 };

/** The two earthquake breakdowns of a site's contributions, shares of their own total. */
export function earthquakeBreakdowns(site: EarthquakeSiteModel, parts: readonly Contribution[]): Breakdown[] {
  const total = parts.reduce((sum, c) => sum + c.rate, 0);
  if (!(total > 0)) return [{ by: 'magnitude_distance', items: [] }, { by: 'source', items: [] }];
  return [magnitudeDistance(parts, total), bySource(site, parts, total)];
}

function magnitudeDistance(parts: readonly Contribution[], total: number): Breakdown {
  const bins = new Map<string, { m: number; d: number; rate: number }>();
  for (const c of parts) {
    // Bin centres sit mid-bin, so flooring cannot fall on an edge; fault magnitudes on an edge go up.
    const m = Math.floor((c.magnitude - RECURRENCE.mMin) / MAGNITUDE_STEP + 1e-9);
    const d = DISTANCE_EDGES_KM.findLastIndex((edge) => c.distanceKm >= edge);
    const key = `${m}:${d}`;
    const bin = bins.get(key) ?? bins.set(key, { m, d, rate: 0 }).get(key)!;
    bin.rate += c.rate;
  }
  const items = [...bins.values()].map(({ m, d, rate }): BreakdownItem => {
    const [mLo, mHi] = [RECURRENCE.mMin + m * MAGNITUDE_STEP, RECURRENCE.mMin + (m + 1) * MAGNITUDE_STEP];
    const [dLo, dHi] = [DISTANCE_EDGES_KM[d]!, DISTANCE_EDGES_KM[d + 1] ?? null];
    const distance = dHi === null ? `≥ ${dLo} km` : `${dLo}–${dHi} km`;
    return { label: `M ${mLo.toFixed(1)}–${mHi.toFixed(1)}, ${distance}`, share: rate / total, annual_rate: rate, magnitude_min: mLo, magnitude_max: mHi, distance_min_km: dLo, distance_max_km: dHi };
  });
  return { by: 'magnitude_distance', items: folded(items, MIN_SHARE.magnitude_distance, total, (small) => ({ label: `other: ${small.length} magnitude–distance bins each below ${percent(MIN_SHARE.magnitude_distance)}` })) };
}

function bySource(site: EarthquakeSiteModel, parts: readonly Contribution[], total: number): Breakdown {
  const sources = new Map<string, { id: SourceId; rate: number }>();
  for (const c of parts) {
    const key = JSON.stringify(c.source);
    const entry = sources.get(key) ?? sources.set(key, { id: c.source, rate: 0 }).get(key)!;
    entry.rate += c.rate;
  }
  const items = [...sources.values()].map(({ id, rate }): BreakdownItem => ({ label: sourceLabel(site, id), share: rate / total, annual_rate: rate, source_type: id.type }));
  return { by: 'source', items: folded(items, MIN_SHARE.source, total, (small) => ({ label: `other: ${small.length} sources each below ${percent(MIN_SHARE.source)} (${kinds(small)})`, source_type: 'other' })) };
}

function sourceLabel(site: EarthquakeSiteModel, id: SourceId): string {
  if (id.type === 'fault') return site.faults[id.fault]!.name;
  if (id.type === 'area') return `${site.zones[id.zone]!.source.name} (area source)`;
  return `smoothed seismicity: ${LAYERS[id.layer]!.name}`;
}

/** Largest first; items below `minShare` go into one "other" item (only when there are two or more of them). */
function folded(items: BreakdownItem[], minShare: number, total: number, other: (small: BreakdownItem[]) => Pick<BreakdownItem, 'label' | 'source_type'>): BreakdownItem[] {
  items.sort((a, b) => b.share - a.share);
  const small = items.filter((i) => i.share < minShare);
  if (small.length < 2) return items;
  const rate = small.reduce((sum, i) => sum + i.annual_rate, 0);
  return [...items.filter((i) => i.share >= minShare), { ...other(small), share: rate / total, annual_rate: rate }];
}

function kinds(items: readonly BreakdownItem[]): string {
  const counts = new Map<string, number>();
  for (const i of items) counts.set(i.source_type!, (counts.get(i.source_type!) ?? 0) + 1);
  return [...counts].map(([type, n]) => `${n} ${type}`).join(', ');
}

function percent(share: number): string {
  return `${share * 100} %`;
}
