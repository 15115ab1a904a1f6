import type { ApiContext } from './context.js';
import { echo, httpError, validationError } from '../errors.js';
import { defineRoute } from '../http/define-route.js';
import type { Route } from '../http/types.js';
import { requirePeril } from '../auth/licence.js';
import { curveRequest, curveYears, WHOLE_DAYS } from '../engine/curve-window.js';
import { expectedCountFromProbability, returnPeriodYears, roundSignificant } from '../engine/formulas.js';
import { isPerilName, PERIL_NAMES, perilDef, type PerilName } from '../engine/perils.js';
import { resolveLocation } from '../geo/index.js';
import type { Explainers } from '../explain/explainer.js';
import { ExplainBody, ExplainResponse } from '../explain/schema.js';
import { normalizeEvent } from './in-depth/events.js';

/**
 * POST /v1/explain (docs/explain.md): validate (every 422) → licence (in-depth
 * mode, the peril) → locate → the in-depth curve's probability at the
 * threshold, from the same engine call as v2 → the peril's breakdowns from its
 * explainer.
 */
export function explainRoute(app: ApiContext, explainers: Explainers): Route {
  return defineRoute({
    method: 'POST',
    path: '/v1/explain',
    auth: { mode: 'in_depth' },
    schema: { body: ExplainBody, response: { 200: ExplainResponse } },
    handler: async (ctx) => {
      const body = ctx.input.body;
      const peril = knownPeril(body.peril);
      const thresholdIndex = thresholdIndexOf(peril, body.threshold);
      const event = normalizeEvent(body, 0, '', 'policy_year', app.clock());
      const explain = explainers[peril];
      requirePeril(ctx.principal!, peril, 'peril');
      const place = resolveLocation(app.geocoder(), event);
      if (!place.ok) throw httpError('geocoding_failed', { field: 'location', message: `location: ${place.error}` });
      const window = { startDay: event.startDay, endDay: event.endDay, ...WHOLE_DAYS };
      const [curve] = await app.engine.evaluate([curveRequest(peril, place, window)]);
      if (!curve!.ok) throw validationError(event.location !== null && place.source === 'geocoded' ? 'location' : 'latitude', curve!.reason);
      const p = curve!.values[thresholdIndex]!;
      // A curve at 100 % holds no rate to break down: −ln(1 − p) is infinite.
      if (p >= 1) throw validationError('threshold', `${peril} reaches ${echo(String(body.threshold))} with certainty in this window (100 %): there is no rate to break down; choose a higher threshold or a shorter window`);
      const years = curveYears(peril, event.endDay - event.startDay + 1, WHOLE_DAYS);
      const annualRate = expectedCountFromProbability(p) / years;
      const probabilities = Array.from(curve!.values);
      const breakdowns = await explain({ latitude: place.latitude, longitude: place.longitude, thresholdIndex, window: { startDay: event.startDay, endDay: event.endDay }, probabilities, annualRate });
      return {
        body: {
          peril,
          latitude: place.latitude,
          longitude: place.longitude,
          threshold: perilDef(peril).thresholds[thresholdIndex]!,
          annual_rate: annualRate,
          return_period: roundSignificant(returnPeriodYears(p, years)),
          breakdowns,
        },
      };
    },
    doc: { operationId: 'explainRate', summary: 'What drives the rate at one threshold at one place: breakdowns by source, magnitude and distance, …', tags: ['in-depth'] },
  });
}

function knownPeril(name: string): PerilName {
  if (!isPerilName(name)) throw validationError('peril', `unknown peril ${echo(name)}; known perils: ${PERIL_NAMES.join(', ')}`);
  return name;
}

/** The threshold's index in the peril's list; numbers match numerically (`1` and `1.0`), names exactly. */
function thresholdIndexOf(peril: PerilName, threshold: string | number): number {
  const { thresholds } = perilDef(peril);
  const index = thresholds.findIndex((t) => t === threshold);
  if (index < 0) throw validationError('threshold', `${echo(String(threshold))} is not a ${peril} threshold; its thresholds: ${thresholds.join(', ')}`);
  return index;
}
