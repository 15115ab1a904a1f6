import type { TSchema } from '@sinclair/typebox';
import type { Route } from '../http/types.js';
import { ErrorBody } from './common.js';

/**
 * OpenAPI 3.1 from the same TypeBox schemas the routes validate with
 * (3.1 speaks JSON Schema, so the schemas go in unchanged).
 */
export function buildOpenApi(routes: readonly Route[], version: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    if (!route.doc) continue;
    const path = route.path.replace(/:([A-Za-z_]+)/g, '{$1}');
    const operation: Record<string, unknown> = {
      operationId: route.doc.operationId,
      summary: route.doc.summary,
      tags: route.doc.tags,
      parameters: [...pathParameters(route.path), ...queryParameters(route.doc.query)],
      responses: responses(route),
    };
    if (route.auth) operation.security = [{ ApiKeyAuth: [] }];
    if (route.doc.body) {
      const type = route.doc.requestContentType ?? 'application/json';
      operation.requestBody = { required: true, content: { [type]: { schema: plain(route.doc.body) } } };
    }
    (paths[path] ??= {})[route.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info: { title: 'hazrisk — Hazard Risk Probability Service', version },
    paths,
    components: {
      securitySchemes: { ApiKeyAuth: { type: 'apiKey', in: 'header', name: 'X-API-Key' } },
      schemas: { Error: plain(ErrorBody) },
    },
  };
}

function pathParameters(pattern: string): unknown[] {
  return [...pattern.matchAll(/:([A-Za-z_]+)/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } }));
}

function queryParameters(schema: TSchema | undefined): unknown[] {
  if (!schema) return [];
  const properties = (schema.properties ?? {}) as Record<string, TSchema>;
  const required = new Set<string>((schema.required as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, s]) => ({ name, in: 'query', required: required.has(name), schema: plain(s) }));
}

function responses(route: Route): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [status, schema] of Object.entries(route.doc?.responses ?? {})) {
    out[status] =
      typeof schema === 'string'
        ? { description: `HTTP ${status}`, content: { [schema]: {} } }
        : { description: `HTTP ${status}`, content: { 'application/json': { schema: plain(schema) } } };
  }
  out.default = { description: 'Error', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
  return out;
}

/** Drop TypeBox's symbol keys by a JSON round trip. */
function plain(schema: TSchema): unknown {
  return JSON.parse(JSON.stringify(schema));
}
