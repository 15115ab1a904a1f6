import { Type, type Static } from '@sinclair/typebox';
import { httpError } from '../errors.js';
import { defineRoute } from '../http/define-route.js';
import type { Route } from '../http/types.js';
import type { ServiceMetrics } from '../ops/metrics.js';

/**
 * Operator routes (docs/operations.md): readiness for load balancers and
 * orchestrators, and Prometheus metrics. `/health` stays plain liveness.
 */
const ReadyBody = Type.Object({
  status: Type.Literal('ready'),
  checks: Type.Object({ tables: Type.Boolean(), geocoder: Type.Boolean(), database: Type.Boolean(), draining: Type.Boolean() }),
  missing_tables: Type.Array(Type.String()),
});

/** What the service reports: each check, and the perils whose tables are missing. */
export type Readiness = Static<typeof ReadyBody>['checks'] & Pick<Static<typeof ReadyBody>, 'missing_tables'>;

export function readyRoute(readiness: () => Readiness): Route {
  return defineRoute({
    method: 'GET',
    path: '/ready',
    auth: null,
    probe: true,
    schema: { response: { 200: ReadyBody } },
    handler: () => {
      const { missing_tables, ...checks } = readiness();
      const failing = [...(['tables', 'geocoder', 'database'] as const).filter((c) => !checks[c]), ...(checks.draining ? ['draining'] : [])];
      if (failing.length > 0) {
        throw httpError('not_ready', {
          message: `Not ready: ${failing.join(', ')}${missing_tables.length ? ` (missing tables: ${missing_tables.join(', ')})` : ''}.`,
          extra: { checks, missing_tables },
        });
      }
      return { body: { status: 'ready' as const, checks, missing_tables } };
    },
    doc: { operationId: 'getReadiness', summary: 'Readiness: 200 when tables, geocoder and database are ready and the server is not draining; 503 otherwise', tags: ['operations'] },
  });
}

export function metricsRoute(metrics: ServiceMetrics): Route {
  return {
    method: 'GET',
    path: '/metrics',
    auth: null,
    probe: true,
    handler: async () => {
      const { contentType, body } = await metrics.render();
      return { raw: body, contentType, headers: { 'cache-control': 'no-store' } };
    },
    doc: { operationId: 'getMetrics', summary: 'Prometheus metrics (text exposition format)', tags: ['operations'], produces: ['text/plain'] },
  };
}
