import { Type, type Static, type TObject, type TSchema } from '@sinclair/typebox';
import type { Route, RouteSchema } from '../http/types.js';
import { ErrorBody } from './common.js';

/**
 * OpenAPI 3.1 from the routes' own declarations: the schemas the router
 * validates with (3.1 speaks JSON Schema, so they go in unchanged), the
 * response schemas by status, and each route's doc. Routes without a doc
 * (the web interface's files, Swagger UI's assets) are not listed.
 */
export const OpenApiDocument = Type.Object({
  openapi: Type.Literal('3.1.0'),
  info: Type.Object({ title: Type.String(), version: Type.String() }),
  paths: Type.Record(Type.String(), Type.Record(Type.String(), Type.Unknown())),
  components: Type.Record(Type.String(), Type.Unknown()),
});
export type OpenApiDocument = Static<typeof OpenApiDocument>;

export function buildOpenApi(routes: readonly Route[], version: string): OpenApiDocument {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    if (!route.doc) continue;
    const schema: RouteSchema = route.schema ?? {};
    const path = route.path.replace(/:([A-Za-z_]+)/g, '{$1}');
    const operation: Record<string, unknown> = {
      operationId: route.doc.operationId,
      summary: route.doc.summary,
      tags: route.doc.tags,
      parameters: [...pathParameters(route.path, schema.params), ...queryParameters(schema.query)],
      responses: responses(route),
    };
    if (route.auth) operation.security = [{ ApiKeyAuth: [] }];
    const body = schema.body ? { type: 'application/json', schema: schema.body } : schema.upload ? { type: schema.upload.contentType, schema: schema.upload.schema } : null;
    if (body) operation.requestBody = { required: true, content: { [body.type]: { schema: plain(body.schema) } } };
    (paths[path] ??= {})[route.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0' as const,
    info: { title: 'hazrisk — Hazard Risk Probability Service', version },
    paths,
    components: {
      securitySchemes: { ApiKeyAuth: { type: 'apiKey', in: 'header', name: 'X-API-Key' } },
      schemas: { Error: plain(ErrorBody) },
    },
  };
}

function pathParameters(pattern: string, schema: TObject | undefined): unknown[] {
  return [...pattern.matchAll(/:([A-Za-z_]+)/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: plain(schema?.properties[m[1]!] ?? { type: 'string' }) }));
}

function queryParameters(schema: TObject | undefined): unknown[] {
  if (!schema) return [];
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties).map(([name, s]) => ({ name, in: 'query', required: required.has(name), schema: plain(s) }));
}

function responses(route: Route): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [status, schema] of Object.entries(route.schema?.response ?? {})) {
    out[status] = { description: `HTTP ${status}`, content: { 'application/json': { schema: plain(schema) } } };
  }
  if (route.doc?.produces) out[200] = { description: 'HTTP 200', content: Object.fromEntries(route.doc.produces.map((type) => [type, {}])) };
  out.default = { description: 'Error', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
  return out;
}

/** Drop TypeBox's symbol keys by a JSON round trip. */
function plain(schema: TSchema | Record<string, unknown>): unknown {
  return JSON.parse(JSON.stringify(schema));
}
