import type { TSchema } from '@sinclair/typebox';
import { httpError } from '../errors.js';
import type { Reply, Route } from './types.js';
import { compileCheck, type Check } from './validation.js';

/**
 * Test mode (the test harness turns it on through AppOptions): every 2xx JSON
 * answer of a route that declares response schemas is checked against the
 * schema for its status, so every API test also pins the documented shapes.
 * A member the schema does not list is refused too, so a new field cannot
 * ship undocumented. A mismatch, or a status the route does not declare, is
 * reported and answered 500 with what was wrong. Never on in service: each
 * check is compiled on the route's first answer and kept.
 */
export class ResponseCheck {
  private readonly checks = new WeakMap<Route, Map<number, Check | null>>();

  constructor(private readonly report: (problem: string) => void) {}

  verify(route: Route, reply: Reply): void {
    const status = reply.status ?? 200;
    if (!('body' in reply) || status < 200 || status > 299 || !route.schema?.response) return;
    const check = this.checkFor(route, status);
    const failure = check?.(reply.body);
    if (check && !failure) return;
    const answered = `${route.method} ${route.path} answered ${status}`;
    const problem = failure
      ? `${answered} with a body its response schema refuses: ${failure.path || 'body'} ${failure.message}`
      : `${answered}, a status its response schemas do not declare`;
    this.report(problem);
    throw httpError('internal_error', { message: `Response check (test mode): ${problem}.` });
  }

  private checkFor(route: Route, status: number): Check | null {
    let byStatus = this.checks.get(route);
    if (!byStatus) this.checks.set(route, (byStatus = new Map()));
    if (!byStatus.has(status)) {
      const schema = route.schema?.response?.[status];
      byStatus.set(status, schema ? compileCheck(closed(schema) as TSchema) : null);
    }
    return byStatus.get(status)!;
  }
}

/** A copy of the schema in which every object schema without an additionalProperties rule allows no other members. */
function closed(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closed);
  if (schema === null || typeof schema !== 'object') return schema;
  const copy: Record<string, unknown> = Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, closed(value)]));
  if (copy.type === 'object' && copy.properties !== undefined && !('additionalProperties' in copy)) copy.additionalProperties = false;
  return copy;
}
