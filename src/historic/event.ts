/**
 * One historic event as the catalogue readers produce it and the store
 * writer consumes it. Sizes are in the peril's stored unit (perils.ts).
 */
import type { Footprint } from './codec.js';
import { monthsBetween, type Box } from './search-boxes.js';
import type { HistoricPeril } from './perils.js';

export interface FootprintRecord {
  /** TropicalCyclone: the swath's wind threshold in m/s; null for the other perils. */
  value: number | null;
  /** Served as the feature's geometry properties (created_by and method details). */
  properties: Record<string, unknown>;
  geometry: Footprint;
}

export interface HistoricEvent {
  peril: HistoricPeril;
  /** Source and the source's own event id, unique per peril (docs/historic.md "External ids"). */
  externalId: string;
  name: string;
  /** ISO dates (YYYY-MM-DD), null where the source has none. */
  startDate: string | null;
  endDate: string | null;
  /** Calendar years the event spans (inclusive). */
  yearStart: number;
  yearEnd: number;
  /** Months the event spans, bit m − 1 for month m; 0 when unknown. */
  months: number;
  size: number | null;
  /** The catalogue folder the event comes from. */
  source: string;
  /** Peril-specific members served in the feature's properties.data. */
  properties: Record<string, unknown>;
  /** Largest first: the first one is what distances are measured to. */
  footprints: FootprintRecord[];
  /** Boxes (within ±180°) that together cover every footprint: the spatial index entries. */
  pieces: Box[];
}

/**
 * Years and months from an event's dates. With one date missing the other
 * stands for both; with neither, the fallback year and no months (a months
 * filter then never matches).
 */
export function dateFields(
  startDate: string | null,
  endDate: string | null,
  fallbackYear: number,
): Pick<HistoricEvent, 'startDate' | 'endDate' | 'yearStart' | 'yearEnd' | 'months'> {
  const first = startDate ?? endDate;
  const last = endDate ?? startDate;
  if (!first || !last) return { startDate, endDate, yearStart: fallbackYear, yearEnd: fallbackYear, months: 0 };
  const [lo, hi] = first <= last ? [first, last] : [last, first];
  return { startDate, endDate, yearStart: Number(lo.slice(0, 4)), yearEnd: Number(hi.slice(0, 4)), months: monthsBetween(lo, hi) };
}
