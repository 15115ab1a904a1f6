import { Type } from '@sinclair/typebox';
import { httpError } from '../errors.js';
import type { Route } from '../http/types.js';
import type { ServiceMetrics } from '../ops/metrics.js';

/**
 * Operator routes (docs/operations.md): readiness for load balancers and
 * orchestrators, and Prometheus metrics. `/health` stays plain liveness.
 */
export interface Readiness {
  tables: boolean;
  geocoder: boolean;
  database: boolean;
  draining: boolean;
  missing_tables: string[];
}

const ReadyBody = Type.Object({
  status: Type.Literal('ready'),
  checks: Type.Object({ tables: Type.Boolean(), geocoder: Type.Boolean(), database: Type.Boolean(), draining: Type.Boolean() }),
  missing_tables: Type.Array(Type.String()),
});

export function readyRoute(readiness: () => Readiness): Route {
  return {
    method: 'GET',
    path: '/ready',
    auth: null,
    probe: true,
    handler: () => {
      const { missing_tables, ...checks } = readiness();
      const failing = [...(['tables', 'geocoder', 'database'] as const).filter((c) => !checks[c]), ...(checks.draining ? ['draining'] : [])];
      if (failing.length > 0) {
        throw httpError('not_ready', {
          message: `Not ready: ${failing.join(', ')}${missing_tables.length ? ` (missing tables: ${missing_tables.join(', ')})` : ''}.`,
          extra: { checks, missing_tables },
        });
      }
      return { body: { status: 'ready', checks, missing_tables } };
    },
    doc: { operationId: 'getReadiness', summary: 'Readiness: 200 when tables, geocoder and database are ready and the server is not draining; 503 otherwise', tags: ['operations'], responses: { 200: ReadyBody } },
  };
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
    doc: { operationId: 'getMetrics', summary: 'Prometheus metrics (text exposition format)', tags: ['operations'], responses: { 200: 'text/plain' } },
  };
}
