import { Type } from '@sinclair/typebox';
import type { ApiContext } from './context.js';
import { httpError, validationError } from '../errors.js';
import { LIMITS } from '../limits.js';
import type { Route } from '../http/types.js';
import { requireFloodPlus } from '../auth/licence.js';
import { addOneYear, londonToday } from '../engine/calendar.js';
import { resolveLocation } from '../geo/index.js';
import { litePerils, scoreLocations, unscoredPerils } from '../lite/score.js';

/**
 * GET /v1/lite — every licensed peril with a Lite threshold, scored over a
 * one-year window from tomorrow. Bad or missing location input is a 400 naming
 * the parameter (the spec's Lite status); see docs/lite.md for the shape.
 */
const LiteQuery = Type.Object({
  location: Type.Optional(Type.String({ maxLength: LIMITS.maxTextLength })),
  latitude: Type.Optional(Type.Number({ minimum: -90, maximum: 90 })),
  longitude: Type.Optional(Type.Number({ minimum: -180, maximum: 180 })),
  flood_plus: Type.Optional(Type.Boolean()),
  tag: Type.Optional(Type.String({ maxLength: LIMITS.maxTextLength })),
});
const Score = Type.Object({ score: Type.Integer(), band: Type.String() });
const LiteBody = Type.Object({
  lat: Type.Number(),
  lon: Type.Number(),
  tag: Type.Union([Type.String(), Type.Null()]),
  scores: Type.Record(Type.String(), Score),
  unavailable: Type.Record(Type.String(), Type.Object({ reason: Type.String() })),
});

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

function coordinate(query: URLSearchParams, name: 'latitude' | 'longitude', limit: number): number | null {
  const raw = query.get(name);
  if (raw === null || raw.trim() === '') return null;
  const value = Number(raw.trim());
  if (!NUMBER.test(raw.trim()) || !Number.isFinite(value)) {
    throw httpError('invalid_location', { field: name, message: `${name}: "${raw.slice(0, 40)}" is not a number` });
  }
  if (Math.abs(value) > limit) throw httpError('invalid_location', { field: name, message: `${name}: must be between -${limit} and ${limit}` });
  return value;
}

/** Absent → false; otherwise exactly true, false, 1 or 0 (docs/lite.md). */
function flag(query: URLSearchParams, name: string): boolean {
  const raw = query.get(name);
  if (raw === null || raw === 'false' || raw === '0') return false;
  if (raw === 'true' || raw === '1') return true;
  throw validationError(name, `must be true, false, 1 or 0, got "${raw.slice(0, 20)}"`);
}

const KNOWN_PARAMETERS = new Set(Object.keys(LiteQuery.properties));

/** A parameter Lite does not know (calculation_method, say) would silently do nothing: refuse it. */
function rejectUnknown(query: URLSearchParams): void {
  for (const name of query.keys()) {
    if (!KNOWN_PARAMETERS.has(name)) throw validationError(name.slice(0, 40), `is not a parameter of GET /v1/lite (known: ${[...KNOWN_PARAMETERS].join(', ')})`);
  }
}

function text(query: URLSearchParams, name: string): string | null {
  const raw = query.get(name);
  if (raw === null || raw.trim() === '') return null;
  if (raw.length > LIMITS.maxTextLength) throw httpError('bad_request', { field: name, message: `${name}: at most ${LIMITS.maxTextLength} characters` });
  return raw;
}

export function liteRoute(app: ApiContext): Route {
  return {
    method: 'GET',
    path: '/v1/lite',
    auth: { mode: 'lite' },
    handler: async (ctx) => {
      rejectUnknown(ctx.query);
      const latitude = coordinate(ctx.query, 'latitude', 90);
      const longitude = coordinate(ctx.query, 'longitude', 180);
      const location = text(ctx.query, 'location');
      const tag = text(ctx.query, 'tag');
      const floodPlus = flag(ctx.query, 'flood_plus');
      if (floodPlus) requireFloodPlus(ctx.principal!);
      if (location === null && (latitude === null || longitude === null)) {
        const field = latitude === null && longitude === null ? 'location' : latitude === null ? 'latitude' : 'longitude';
        throw httpError('invalid_location', { field, message: `${field}: give a location, or both latitude and longitude` });
      }
      const geocoder = app.geocoder();
      const resolved = resolveLocation(geocoder, { location, latitude, longitude });
      if (!resolved.ok) throw httpError('geocoding_failed', { field: 'location', message: `location: ${resolved.error}` });
      const start = londonToday(app.clock()) + 1;
      const [outcome] = await scoreLocations(
        app.engine,
        [{ latitude: resolved.latitude, longitude: resolved.longitude, country: resolved.match?.country ?? geocoder.countryAt(resolved.latitude, resolved.longitude) }],
        litePerils(ctx.principal!.perils, floodPlus),
        'return_period',
        { startDay: start, endDay: addOneYear(start) - 1 },
      );
      const unavailable = { ...outcome!.unavailable, ...unscoredPerils(ctx.principal!.perils) };
      return { body: { lat: resolved.latitude, lon: resolved.longitude, tag, scores: outcome!.scores, unavailable } };
    },
    doc: { operationId: 'getLiteScores', summary: 'Lite scores and risk bands for one location', tags: ['lite'], query: LiteQuery, responses: { 200: LiteBody } },
  };
}
