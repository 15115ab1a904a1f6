import type { ApiContext } from '../context.js';
import { validationError } from '../../errors.js';
import { LIMITS } from '../../limits.js';
import { defineRoute } from '../../http/define-route.js';
import type { Route } from '../../http/types.js';
import { requirePerils } from '../../auth/licence.js';
import { parsePerils } from '../perils-input.js';
import { normalizeEvents, type DateDefaults } from './events.js';
import { runInDepth, type InDepthMode } from './run.js';
import { DailyBody, ExpandingBody, InDepthBody, InDepthResponse } from './schema.js';

/**
 * POST /v2/in-depth (and its legacy alias /v1/in-depth), /v1/in-depth/daily,
 * /v1/in-depth/expanding: validate → licence → run → 200 or 207.
 */
const MODES = {
  v2: { body: InDepthBody, maxCombos: LIMITS.maxCombosInDepth, dates: 'policy_year', operationId: 'computeInDepth', summary: 'Full exceedance curves over a window (default: a policy year from tomorrow)' },
  daily: { body: DailyBody, maxCombos: LIMITS.maxCombosInDepth, dates: 'today', operationId: 'computeInDepthDaily', summary: 'Each day independently, with the expected view across days' },
  expanding: { body: ExpandingBody, maxCombos: LIMITS.maxCombosExpanding, dates: 'today', operationId: 'computeInDepthExpanding', summary: 'Expanding windows for cumulative perils' },
} as const satisfies Record<InDepthMode, { dates: DateDefaults } & Record<string, unknown>>;

function inDepthRoute(app: ApiContext, path: string, mode: InDepthMode, doc: { operationId: string; summary: string } = MODES[mode]): Route {
  const spec = MODES[mode];
  return defineRoute({
    method: 'POST',
    path,
    auth: { mode: 'in_depth' },
    schema: { body: spec.body, response: { 200: InDepthResponse, 207: InDepthResponse } },
    handler: async (ctx) => {
      const body = ctx.input.body;
      const perils = parsePerils(body.perils, { cumulativeOnly: mode === 'expanding' });
      const combos = perils.length * body.events.length;
      if (combos > spec.maxCombos) {
        throw validationError('events', `perils × events = ${perils.length} × ${body.events.length} = ${combos} exceeds the limit of ${spec.maxCombos} per request`);
      }
      const events = normalizeEvents(body.events, spec.dates, app.clock());
      requirePerils(ctx.principal!, perils);
      const windowDays = 'window_days' in body ? (body.window_days ?? 0) : 0;
      return runInDepth(app.engine, app.geocoder, { mode, perils, events, windowDays });
    },
    doc: { operationId: doc.operationId, summary: doc.summary, tags: ['in-depth'] },
  });
}

export function inDepthRoutes(app: ApiContext): Route[] {
  return [
    inDepthRoute(app, '/v2/in-depth', 'v2'),
    inDepthRoute(app, '/v1/in-depth', 'v2', { operationId: 'computeInDepthLegacy', summary: 'Legacy alias of POST /v2/in-depth (same body and response)' }),
    inDepthRoute(app, '/v1/in-depth/daily', 'daily'),
    inDepthRoute(app, '/v1/in-depth/expanding', 'expanding'),
  ];
}
