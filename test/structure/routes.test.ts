import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, it } from '../helpers/harness.js';
import { call, startTestApp, type TestApp } from '../helpers/app.js';
import { ERROR_CODES, type ErrorCode } from '../../src/errors.js';
import type { Route } from '../../src/http/types.js';

/**
 * One declaration per route (issue 14 step 3): every keyed route declares
 * the schemas of what it accepts and answers, OpenAPI lists exactly those
 * declarations, the route table in docs/architecture.md is the router's, and
 * the web interface takes its API types from the schemas instead of
 * declaring them again.
 */
let t: TestApp;
let routes: readonly Route[];
before(async () => {
  t = await startTestApp({}, { worker: false });
  routes = t.app.router.routes();
});
after(() => t.close());

const label = (route: Route): string => `${route.method} ${route.path}`;
const pathParams = (route: Route): string[] => [...route.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]!);
const names = (schema: { properties: Record<string, unknown> } | undefined): string[] => Object.keys(schema?.properties ?? {});
const successes = (route: Route): string[] => Object.keys(route.schema?.response ?? {}).filter((s) => /^2\d\d$/.test(s));

describe('route declarations', () => {
  it('every keyed route is documented and declares its path params, its body and a 2xx response', () => {
    const keyed = routes.filter((r) => r.auth !== null);
    assert.ok(keyed.length >= 18, `${keyed.length} keyed routes`);
    for (const route of keyed) {
      assert.ok(route.doc?.operationId, `${label(route)} has no operationId`);
      assert.deepEqual(names(route.schema?.params), pathParams(route), `${label(route)}: params schema ≠ path params`);
      if (route.method === 'POST') assert.ok(route.schema?.body ?? route.schema?.upload, `${label(route)} declares no body`);
      assert.ok(successes(route).length > 0, `${label(route)} declares no 2xx response schema`);
    }
  });

  it('every documented route declares what it answers, and a route with params schemas names exactly its path params', () => {
    for (const route of routes.filter((r) => r.doc)) {
      assert.ok(successes(route).length > 0 || route.doc!.produces, `${label(route)} declares neither a response schema nor the media type it produces`);
      if (route.schema?.params) assert.deepEqual(names(route.schema.params), pathParams(route), label(route));
    }
  });

  it('the router refuses a second route with an operationId already taken', () => {
    const taken = routes.find((r) => r.doc)!;
    assert.throws(() => t.app.router.add({ ...taken, path: '/test/another', doc: { ...taken.doc! } }), new RegExp(`duplicate operationId ${taken.doc!.operationId}`));
  });
});

describe('OpenAPI from the declarations', () => {
  it('lists each documented route with its operationId, params, query, body and response statuses, and nothing else', async () => {
    const doc = (await call(`${t.url}/openapi.json`)).body;
    const listed = Object.entries<Record<string, any>>(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    const documented = routes.filter((r) => r.doc);
    assert.deepEqual(listed.sort(), documented.map((r) => `${r.method} ${r.path.replace(/:([A-Za-z_]+)/g, '{$1}')}`).sort());
    for (const route of documented) {
      const op = doc.paths[route.path.replace(/:([A-Za-z_]+)/g, '{$1}')][route.method.toLowerCase()];
      assert.equal(op.operationId, route.doc!.operationId);
      assert.deepEqual(op.parameters.filter((p: any) => p.in === 'path').map((p: any) => p.name), pathParams(route), label(route));
      assert.deepEqual(op.parameters.filter((p: any) => p.in === 'query').map((p: any) => p.name), names(route.schema?.query), label(route));
      const bodyType = route.schema?.body ? 'application/json' : route.schema?.upload?.contentType;
      assert.deepEqual(Object.keys(op.requestBody?.content ?? {}), bodyType ? [bodyType] : [], label(route));
      for (const status of successes(route)) assert.ok(op.responses[status].content['application/json'].schema, `${label(route)} ${status}`);
    }
  });
});

/** The route table in docs/architecture.md, as the router has it. */
function routeTable(): string {
  const denied = (code: ErrorCode | undefined): string => (code ? ` (else ${ERROR_CODES[code].status} \`${code}\`)` : '');
  const key = (r: Route): string => (r.auth === null ? 'no key' : r.auth.mode ? `\`${r.auth.mode}\`${denied(r.auth.denied)}` : 'any key');
  const list = (items: string[]): string => items.map((i) => `\`${i}\``).join(', ');
  const body = (r: Route): string => (r.schema?.body ? 'JSON' : r.schema?.upload ? r.schema.upload.contentType : '');
  const answers = (r: Route): string => [...successes(r), ...(r.doc?.produces ? [`200 ${r.doc.produces.map((p) => p.split(';')[0]).join(' / ')}`] : [])].join(', ');
  const rows = routes.map((r) => `| ${r.method} | \`${r.path}\` | ${r.doc ? `\`${r.doc.operationId}\`` : '—'} | ${key(r)} | ${list(names(r.schema?.params))} | ${list(names(r.schema?.query))} | ${body(r)} | ${answers(r)} |`);
  return ['| Method | Path | operationId | Key (mode) | Params | Query | Body | 2xx answers |', '|---|---|---|---|---|---|---|---|', ...rows].join('\n');
}

describe('docs/architecture.md', () => {
  it('shows the router\'s route table', () => {
    const doc = fs.readFileSync('docs/architecture.md', 'utf8');
    const start = doc.indexOf('| Method | Path | operationId');
    const documented = start < 0 ? '' : doc.slice(start, doc.indexOf('\n\n', start) < 0 ? undefined : doc.indexOf('\n\n', start)).trimEnd();
    const expected = routeTable();
    assert.ok(documented === expected, `the route table in docs/architecture.md is out of date; it should read:\n\n${expected}\n`);
  });
});

describe('web interface types', () => {
  it('src/ui/app/types.ts declares no API shape of its own: every type is one of the service\'s schema types', () => {
    const source = fs.readFileSync('src/ui/app/types.ts', 'utf8').replace(/\/\*\*[\s\S]*?\*\//g, '');
    assert.doesNotMatch(source, /\binterface\b|[{|&]\s*$|=\s*\{|=\s*'/m, 'a hand-written shape in src/ui/app/types.ts');
    for (const line of source.split('\n').filter((l) => l.startsWith('import'))) assert.match(line, /^import type .* from '\.\.\/\.\.\/(api|historic|explain)\/[\w/-]*schema\.js';$/, line);
  });
});
