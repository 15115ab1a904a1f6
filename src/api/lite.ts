import type { ApiContext } from './context.js';
import { httpError, validationError, type HttpError } from '../errors.js';
import { defineRoute } from '../http/define-route.js';
import type { Route, SchemaFailure } from '../http/types.js';
import { requireFloodPlus } from '../auth/licence.js';
import { addOneYear, londonToday } from '../engine/calendar.js';
import type { CurveResult } from '../engine/engine.js';
import { missingLocationField, resolveLocation } from '../geo/index.js';
import { finishLite, liteSelection, planLite } from '../lite/score.js';
import { liteAnswer } from './lite-json.js';
import { LiteQuery, LiteResponse } from './lite-schema.js';

/**
 * GET /v1/lite — every licensed peril with a Lite threshold, scored over a
 * one-year window from tomorrow. Bad or missing location input is a 400 naming
 * the parameter (the spec's Lite status); see docs/lite.md for the shape.
 */

/** Longest unknown parameter name repeated back as the field. */
const NAME_ECHO = 40;

/**
 * Lite names a parameter as it is spelt (no `query.` prefix), and a coordinate that is not a number
 * or out of range is the spec's 400 invalid_location, text over the limit a 400 bad_request; a bad
 * flood_plus or an unknown parameter stays a 422 (docs/lite.md "Errors").
 */
function liteQueryError({ path, keyword, message }: SchemaFailure): HttpError {
  const field = path.slice(0, NAME_ECHO);
  if (field === 'latitude' || field === 'longitude') return httpError('invalid_location', { field, message: `${field}: ${message}` });
  if (keyword === 'maxLength') return httpError('bad_request', { field, message: `${field}: ${message}` });
  return validationError(field, message);
}

export function liteRoute(app: ApiContext): Route {
  return defineRoute({
    method: 'GET',
    path: '/v1/lite',
    auth: { mode: 'lite' },
    schema: { query: LiteQuery, response: { 200: LiteResponse } },
    schemaError: liteQueryError,
    handler: (ctx) => {
      const { location = null, latitude = null, longitude = null, tag = null, flood_plus: floodPlus = false } = ctx.input.query;
      if (floodPlus) requireFloodPlus(ctx.principal!);
      const missing = missingLocationField({ location: location !== null, latitude: latitude !== null, longitude: longitude !== null });
      if (missing) throw httpError('invalid_location', { field: missing, message: `${missing}: give a location, or both latitude and longitude` });
      const geocoder = app.geocoder();
      const resolved = resolveLocation(geocoder, { location, latitude, longitude });
      if (!resolved.ok) throw httpError('geocoding_failed', { field: 'location', message: `location: ${resolved.error}` });
      const start = londonToday(app.clock()) + 1;
      const selection = liteSelection(ctx.principal!.perils, floodPlus);
      const plan = planLite(
        app.engine,
        [{ latitude: resolved.latitude, longitude: resolved.longitude, country: resolved.match?.country ?? geocoder.countryAt(resolved.latitude, resolved.longitude) }],
        selection.perils,
        'return_period',
        { startDay: start, endDay: addOneYear(start) - 1 },
      );
      const answer = (curves: readonly CurveResult[]): { body: ReturnType<typeof liteAnswer> } => {
        const [outcome] = finishLite(plan, curves);
        // The outcome is this request's own: the unscored perils join it in place, after the unavailable ones.
        const unavailable = Object.assign(outcome!.unavailable, selection.unscored);
        return { body: liteAnswer(resolved.latitude, resolved.longitude, tag, outcome!.scores, unavailable) };
      };
      // One small curve per Lite peril runs inline: answered before the handler returns, on the server's synchronous path.
      const now = app.engine.evaluateNow(plan.requests);
      return now ? answer(now) : app.engine.evaluate(plan.requests).then(answer);
    },
    doc: { operationId: 'getLiteScores', summary: 'Lite scores and risk bands for one location', tags: ['lite'] },
  });
}
