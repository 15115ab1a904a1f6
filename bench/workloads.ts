/**
 * The requests the HTTP bench and the profiles load the service with, defined
 * once (bench/http.bench.ts, bench/profile-server.ts).
 */

/** Lite by coordinates (Miami): eleven tables, seven Lite perils scored. */
export const LITE_PATH = '/v1/lite?latitude=25.76&longitude=-80.19';

/**
 * Insured places where every benchmarked peril has coverage (Miami, Houston, Tokyo, Manila, Hong
 * Kong), so all 25 combinations are computed: open-ocean points answered 22 of 25 as failures
 * before 2026-11-27, and the bench measured error messages instead of curves.
 */
const SITES = [[25.77, -80.19], [29.76, -95.37], [35.68, 139.69], [14.6, 120.98], [22.32, 114.17]] as const;

/** Perils the in-depth bodies use: the first five installed, tornado and hail left out (US-only or small tables). */
export function inDepthPerils(installed: readonly string[]): string[] {
  return installed.filter((p) => !['Hail', 'USTornado', 'Tornado'].includes(p)).slice(0, 5);
}

/** v2 and daily bodies of 25 combinations (perils × events); daily over a 30-day window. */
export function inDepthBodies(perils: readonly string[]): { events: number; v2: string; daily: string } {
  const events = Array.from({ length: Math.floor(25 / Math.max(1, perils.length)) }, (_, i) => ({ latitude: SITES[i % SITES.length]![0], longitude: SITES[i % SITES.length]![1] }));
  return {
    events: events.length,
    v2: JSON.stringify({ perils, events }),
    daily: JSON.stringify({ perils, events: events.map((e) => ({ ...e, start_date: '2027-07-01', end_date: '2027-07-30' })) }),
  };
}

/** A request as the benches send it. */
export interface BenchRequest {
  method?: string;
  body?: string;
  headers?: Record<string, string>;
}

/** wrk's Lua lines that make every request this one. */
export function wrkRequestLines(request: BenchRequest): string[] {
  return [
    `wrk.method = ${JSON.stringify(request.method ?? 'GET')}`,
    ...(request.body ? [`wrk.body = ${JSON.stringify(request.body)}`] : []),
    ...Object.entries(request.headers ?? {}).map(([k, v]) => `wrk.headers[${JSON.stringify(k)}] = ${JSON.stringify(v)}`),
  ];
}
