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
  checks: Type.Object({
    tables: Type.Boolean(),
    events: Type.Boolean({ description: 'the historic event store is built (`hazrisk events build`)' }),
    geocoder: Type.Boolean(),
    database: Type.Boolean(),
    storage: Type.Boolean({ description: "the data dir's disk takes writes and has HAZRISK_MIN_FREE_MB free" }),
    draining: Type.Boolean(),
  }),
  missing_tables: Type.Array(Type.String()),
  free_bytes: Type.Integer({ description: "free bytes on the data dir's disk" }),
});

/** What the service reports: each check, the perils whose tables are missing, and the free space. */
export type Readiness = Static<typeof ReadyBody>['checks'] & Pick<Static<typeof ReadyBody>, 'missing_tables' | 'free_bytes'>;

const REQUIRED = ['tables', 'events', 'geocoder', 'database', 'storage'] as const;

export function readyRoute(readiness: () => Promise<Readiness>): Route {
  return defineRoute({
    method: 'GET',
    path: '/ready',
    auth: null,
    probe: true,
    schema: { response: { 200: ReadyBody } },
    handler: async () => {
      const { missing_tables, free_bytes, ...checks } = await readiness();
      const failing = [...REQUIRED.filter((c) => !checks[c]), ...(checks.draining ? ['draining'] : [])];
      if (failing.length > 0) {
        const why = [
          missing_tables.length ? `missing tables: ${missing_tables.join(', ')}` : '',
          checks.events ? '' : 'run `hazrisk events build`',
          checks.storage ? '' : `${Math.floor(free_bytes / 1048576)} MiB free`,
        ].filter(Boolean);
        throw httpError('not_ready', {
          message: `Not ready: ${failing.join(', ')}${why.length ? ` (${why.join('; ')})` : ''}.`,
          extra: { checks, missing_tables, free_bytes },
        });
      }
      return { body: { status: 'ready' as const, checks, missing_tables, free_bytes } };
    },
    doc: { operationId: 'getReadiness', summary: 'Readiness: 200 when tables, event store, geocoder, database and storage are ready and the server is not draining; 503 otherwise', tags: ['operations'] },
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
