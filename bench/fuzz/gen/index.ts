/**
 * The case list for a run: every route of the router gets its share (uploads
 * and JSON routes more, since they have more to get wrong), plus unrouted
 * paths and raw malformed HTTP. Each route's cases are drawn with fast-check
 * from a seed derived from the run's seed and the route, then interleaved, so
 * one seed always gives the same cases in the same order.
 */
import fc from 'fast-check';
import type { FuzzCase } from '../cases.js';
import type { Route } from '../../../src/http/types.js';
import { type CaseDraft, httpCase, nastyString, pct, queryArb, withQuery } from './common.js';
import { junkPairs, type RouteInfo } from './families.js';
import { rawCase } from './raw.js';
import { routeArbitrary } from './routes.js';

export interface Plan {
  cases: FuzzCase[];
  /** Routes that only got the generic families. */
  genericRoutes: string[];
  perRoute: Record<string, number>;
}

const RAW_SHARE = 0.06;
const UNROUTED_SHARE = 0.03;

function weightOf(route: Route): number {
  if (route.body === 'stream') return 2.5;
  if (route.body === 'json') return 1.6;
  return 1;
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

const unrouted: fc.Arbitrary<CaseDraft> = fc
  .tuple(
    fc.oneof(
      fc.constantFrom('/', '/v1', '/v3/in-depth', '/V1/LITE', '//health', '/health/', '/health//', '/v1/lite/%2e%2e', '/../../etc/passwd', '/%00', '/v1/in-depth/batch/a/b', '/ui/a/b', '/v1/lite/', '/v2/in-depth/', '/.env', '/v1/downloads', '/v1/historic-events', '/v1/historic-events//events', '/openapi.json/..'),
      nastyString.map((s) => `/${pct(s)}`),
      fc.integer({ min: 2000, max: 60_000 }).map((n) => `/${'a/'.repeat(n / 2)}`),
    ),
    fc.constantFrom('GET', 'POST', 'DELETE', 'HEAD', 'PUT'),
    queryArb(junkPairs),
  )
  .map(([path, method, q]) => httpCase('unrouted', 'unrouted-path', 'any', { method, target: withQuery(path, q), headers: [['X-API-Key', '{{KEY}}']], body: method === 'POST' ? ['{}'] : null }));

/** Generate `total` cases for `routes` from `seed`. */
export function planCases(routes: readonly Route[], seed: number, total: number): Plan {
  const byPath = new Map<string, string[]>();
  for (const r of routes) byPath.set(r.path, [...(byPath.get(r.path) ?? []), r.method]);
  const rawCount = Math.max(1, Math.round(total * RAW_SHARE));
  const unroutedCount = Math.max(1, Math.round(total * UNROUTED_SHARE));
  const routeBudget = Math.max(routes.length, total - rawCount - unroutedCount);
  const weights = routes.map(weightOf);
  const sum = weights.reduce((a, b) => a + b, 0);
  const counts = weights.map((w) => Math.max(1, Math.floor((routeBudget * w) / sum)));
  for (let i = 0, left = routeBudget - counts.reduce((a, b) => a + b, 0); left > 0; i = (i + 1) % counts.length, left--) counts[i]!++;

  const streams: CaseDraft[][] = [];
  const genericRoutes: string[] = [];
  const perRoute: Record<string, number> = {};
  routes.forEach((route, i) => {
    const label = `${route.method} ${route.path}`;
    const info: RouteInfo = { label, method: route.method, allowed: byPath.get(route.path) ?? [route.method], keyed: route.auth !== null, needsMode: route.auth?.mode !== undefined };
    const { arb, specific } = routeArbitrary(info, route.path, route.body);
    if (!specific) genericRoutes.push(label);
    streams.push(fc.sample(arb, { seed: (seed ^ hash(label)) | 0, numRuns: counts[i]! }));
    perRoute[label] = counts[i]!;
  });
  const targets = routes.map((r) => ({ path: r.path.replace(/:[a-z_]+/g, 'x'), keyed: r.auth !== null }));
  streams.push(fc.sample(rawCase(targets), { seed: (seed ^ hash('raw http')) | 0, numRuns: rawCount }));
  perRoute['raw http'] = rawCount;
  streams.push(fc.sample(unrouted, { seed: (seed ^ hash('unrouted')) | 0, numRuns: unroutedCount }));
  perRoute.unrouted = unroutedCount;

  // Interleave: spread each stream evenly over the run.
  const placed: { at: number; draft: CaseDraft }[] = [];
  for (const stream of streams) stream.forEach((draft, k) => placed.push({ at: (k + 0.5) / stream.length + (hash(`${seed}:${placed.length}`) % 1000) / 1e7, draft }));
  placed.sort((a, b) => a.at - b.at);
  return { cases: placed.map((p, id) => ({ id, ...p.draft })), genericRoutes, perRoute };
}
