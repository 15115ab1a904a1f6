/**
 * Finding events, shared by the listing and the shapes endpoints. With a
 * location: candidates from the spatial index, the row filters in SQL, then
 * the exact distance to each candidate's outline (0 inside); events within
 * the radius are ranked nearest first, then most recent, then by
 * external_id. With an external_id: that event, if it passes the filters.
 */
import { decodeFlat } from './codec.js';
import { distanceToFootprintKm } from './distance.js';
import { searchBoxes } from './search-boxes.js';
import type { HistoricPeril } from './perils.js';
import type { EventRow, EventStore, RowFilters } from './store.js';

export interface SearchQuery {
  peril: HistoricPeril;
  location: { lat: number; lon: number; radiusKm: number } | null;
  externalId: string | null;
  filters: RowFilters;
  limit: number;
}

export interface SearchHit {
  event: EventRow;
  /** null when no location was given. */
  distanceKm: number | null;
}

export interface SearchResult {
  hits: SearchHit[];
  /** Events matching before the limit was applied. */
  matched: number;
}

export function searchEvents(store: EventStore, q: SearchQuery): SearchResult {
  const rows = q.externalId !== null ? [store.eventByExternalId(q.peril, q.externalId, q.filters)].filter((r): r is EventRow => r !== null) : null;
  if (!q.location) {
    const hits = (rows ?? []).map((event) => ({ event, distanceKm: null }));
    return { hits: hits.slice(0, q.limit), matched: hits.length };
  }
  const { lat, lon, radiusKm } = q.location;
  const candidates = rows ?? store.events(store.candidateIds(q.peril, searchBoxes(lat, lon, radiusKm)), q.filters);
  const hits: SearchHit[] = [];
  for (const event of candidates) {
    const distanceKm = distanceToFootprintKm(lat, lon, decodeFlat(event.outline).polygons);
    if (distanceKm <= radiusKm) hits.push({ event, distanceKm });
  }
  hits.sort((a, b) => a.distanceKm! - b.distanceKm! || compare(recency(b.event), recency(a.event)) || compare(a.event.external_id, b.event.external_id));
  return { hits: hits.slice(0, q.limit), matched: hits.length };
}

function recency(e: EventRow): string {
  return e.start_date ?? String(e.year_start);
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
