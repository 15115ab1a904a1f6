import { Type } from '@sinclair/typebox';
import type { ApiContext } from './context.js';
import { httpError, HttpError } from '../errors.js';
import type { Principal } from '../auth/keys.js';
import { defineRoute } from '../http/define-route.js';
import type { Route } from '../http/types.js';
import { shapesCollection } from '../historic/features.js';
import { HISTORIC_PERILS, type HistoricPeril } from '../historic/perils.js';
import { checkNotTruncated, listingQuery, shapesQuery } from '../historic/request.js';
import { EventListing, EventsQuery, ShapesBody, ShapesQuery, ShapesResponse } from '../historic/schema.js';
import { searchEvents } from '../historic/search.js';
import { EventStore } from '../historic/store.js';
import { eventStoreMissing } from '../historic/store-format.js';
import { StringEnum } from './common.js';

/**
 * GET /v1/historic-events/{peril_name}/events and POST …/shapes: observed
 * events near a location and their footprints (docs/historic.md). A peril
 * without historic events is a 422 naming peril_name; keys without the
 * historic mode, or not licensed for the peril, get 401
 * historic_not_permitted (spec, Authentication rule 4). The event store is
 * opened on first use; a missing or unreadable store is a 500
 * historic_retrieval_failed.
 */
const PerilParams = Type.Object({ peril_name: StringEnum(HISTORIC_PERILS) });

const NOT_BUILT = 'The historic event store has not been built: run `hazrisk events build`.';

export function historicRoutes(app: ApiContext): Route[] {
  const store = lazyStore(app);
  return [
    defineRoute({
      method: 'GET',
      path: '/v1/historic-events/:peril_name/events',
      auth: { mode: 'historic', denied: 'historic_not_permitted' },
      authorize: permitPeril,
      schema: { params: PerilParams, query: EventsQuery, response: { 200: EventListing } },
      handler: (ctx) => {
        const peril = ctx.input.params.peril_name;
        const query = ctx.input.query;
        const search = listingQuery(peril, query);
        const { hits, matched } = retrieving(app, () => searchEvents(store(), search));
        if (query.limit === undefined) checkNotTruncated(matched, search.limit, 'query.radius_km', 'narrow radius_km or the years, or set limit to list the nearest');
        const body: EventListing = {
          peril,
          query: {
            lat: query.lat,
            lon: query.lon,
            radius_km: search.location!.radiusKm,
            start_year: query.start_year ?? null,
            end_year: query.end_year ?? null,
            limit: search.limit,
          },
          count: hits.length,
          matched,
          events: hits.map(({ event, distanceKm }) => ({
            external_id: event.external_id,
            name: event.name,
            start_date: event.start_date,
            end_date: event.end_date,
            year: event.year_start,
            size: event.size_value === null ? null : { value: event.size_value, unit: event.size_unit },
            distance_km: Math.round(distanceKm! * 100) / 100,
            source: event.source,
          })),
        };
        return { body };
      },
      doc: { operationId: 'listHistoricEvents', summary: 'Historic events near a location, nearest first', tags: ['historic'] },
    }),
    defineRoute({
      method: 'POST',
      path: '/v1/historic-events/:peril_name/shapes',
      auth: { mode: 'historic', denied: 'historic_not_permitted' },
      authorize: permitPeril,
      schema: { params: PerilParams, query: ShapesQuery, body: ShapesBody, response: { 200: ShapesResponse } },
      handler: (ctx) => {
        const peril = ctx.input.params.peril_name;
        const search = shapesQuery(peril, ctx.input.body);
        const { hits, matched } = retrieving(app, () => searchEvents(store(), search));
        checkNotTruncated(matched, search.limit, 'radius', 'narrow the radius, years, months or size, or list the events and fetch each shape by external_id');
        const collection = retrieving(app, () => shapesCollection(store(), hits, matched, ctx.input.query.include_visual_data ?? false));
        return { body: collection };
      },
      doc: { operationId: 'getHistoricShapes', summary: 'Footprints of historic events as GeoJSON', tags: ['historic'] },
    }),
  ];
}

/** The path's peril must be licensed to the key (401 otherwise), checked before the query and body are read. */
function permitPeril(principal: Principal, params: Record<string, string>): void {
  const peril = params.peril_name!;
  if (!principal.perils.has(peril as HistoricPeril)) {
    throw httpError('historic_not_permitted', { field: 'peril_name', message: `The API key is not permitted for historic ${peril} events.` });
  }
}

/** The store, opened on first use (after `hazrisk events build` has run); reopened only by a restart. */
function lazyStore(app: ApiContext): () => EventStore {
  let store: EventStore | null = null;
  return () => {
    if (store) return store;
    if (eventStoreMissing(app.paths.events)) throw httpError('not_ready', { message: NOT_BUILT });
    const opened = EventStore.open(app.paths.events);
    app.onClose(() => opened.close());
    store = opened;
    return store;
  };
}

/** Store and geometry failures become 500 historic_retrieval_failed; the cause is logged, not returned. */
function retrieving<T>(app: ApiContext, work: () => T): T {
  try {
    return work();
  } catch (err) {
    if (err instanceof HttpError) throw err;
    app.log.error({ err }, 'historic events: retrieval failed');
    throw httpError('historic_retrieval_failed');
  }
}
