import assert from 'node:assert/strict';
import { Type } from '@sinclair/typebox';
import { after, before, describe, it } from '../helpers/harness.js';
import { call, startTestApp, type TestApp } from '../helpers/app.js';
import { StringEnum } from '../../src/api/common.js';
import { healthRoute } from '../../src/api/health.js';
import { defineRoute } from '../../src/http/define-route.js';
import { compileInput } from '../../src/http/route-input.js';
import type { Route } from '../../src/http/types.js';
import { Router } from '../../src/http/router.js';
import { httpError } from '../../src/errors.js';

/**
 * Route schemas enforced by the server (issue 14 step 3): the router checks
 * params, then the query (converted by type first), then the body, before the
 * handler; in test mode every 2xx JSON answer is checked against the
 * response schema of its status.
 */
const ItemParams = Type.Object({ item_id: StringEnum(['a', 'b']) });
const ItemQuery = Type.Object(
  { n: Type.Optional(Type.Integer({ minimum: 1 })), flag: Type.Optional(Type.Boolean()), text: Type.Optional(Type.String()) },
  { additionalProperties: false },
);
const ItemBody = Type.Object({ name: Type.String(), tags: Type.Optional(Type.Array(Type.String())) }, { additionalProperties: false });
const Echo = Type.Object({ params: Type.Unknown(), query: Type.Unknown(), body: Type.Unknown() });
const Item = Type.Object({ id: Type.String() });

const routes: Route[] = [
  defineRoute({
    method: 'GET',
    path: '/test/items/:item_id',
    auth: null,
    schema: { params: ItemParams, query: ItemQuery, response: { 200: Echo } },
    handler: (ctx) => ({ body: { params: ctx.input.params, query: ctx.input.query, body: null } }),
  }),
  defineRoute({
    method: 'POST',
    path: '/test/items/:item_id',
    auth: null,
    schema: { params: ItemParams, query: ItemQuery, body: ItemBody, response: { 200: Echo } },
    handler: (ctx) => ({ body: { params: ctx.input.params, query: ctx.input.query, body: ctx.input.body } }),
  }),
  // Plain routes, so that they can answer what their schemas refuse.
  { method: 'GET', path: '/test/wrong-type', auth: null, schema: { response: { 200: Item } }, handler: () => ({ body: { id: 7 } }) },
  { method: 'GET', path: '/test/extra-member', auth: null, schema: { response: { 200: Item } }, handler: () => ({ body: { id: 'x', secret: 'y' } }) },
  { method: 'GET', path: '/test/undeclared-status', auth: null, schema: { response: { 200: Item } }, handler: () => ({ status: 201, body: { id: 'x' } }) },
  { method: 'GET', path: '/test/no-schema', auth: null, handler: () => ({ body: { anything: true } }) },
  // A licence check on what the path names, on a route without request schemas and on one with a JSON body.
  { method: 'GET', path: '/test/licensed/:thing', auth: {}, authorize: refuseAllBut('ok'), handler: () => ({ body: { anything: true } }) },
  { method: 'POST', path: '/test/licensed/:thing', auth: {}, body: 'json', authorize: refuseAllBut('ok'), handler: () => ({ body: { anything: true } }) },
];

function refuseAllBut(allowed: string): NonNullable<Route['authorize']> {
  return (_principal, params) => {
    if (params.thing !== allowed) throw httpError('peril_not_licensed', { field: 'thing', message: `not licensed for ${params.thing}` });
  };
}

let t: TestApp;
const problems: string[] = [];
before(async () => {
  t = await startTestApp({}, { extraRoutes: routes, worker: false, checkResponses: (problem) => problems.push(problem) });
});
after(() => t.close());

async function refused(path: string, init: Parameters<typeof call>[1], field: string, message: string): Promise<void> {
  const res = await call(`${t.url}${path}`, init);
  assert.equal(res.status, 422, `${path}: ${JSON.stringify(res.body)}`);
  assert.equal(res.body.error.code, 'validation_error', path);
  assert.equal(res.body.error.field, field, path);
  assert.equal(res.body.error.message, `${field}: ${message}`, path);
}

describe('request schemas', () => {
  it('converts query parameters by their declared types: numbers trimmed, flags exact, blanks absent, the first of a repeated name', async () => {
    const res = await call(`${t.url}/test/items/a?n=%203%20&flag=1&text=%20&n=9`);
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, { params: { item_id: 'a' }, query: { n: 3, flag: true }, body: null });
    const text = await call(`${t.url}/test/items/b?text=7&flag=false`);
    assert.deepEqual(text.body.query, { text: '7', flag: false });
  });

  it('answers a query failure with 422 naming query.<name>', async () => {
    await refused('/test/items/a?n=abc', {}, 'query.n', 'must be an integer');
    await refused('/test/items/a?n=1e999', {}, 'query.n', 'must be an integer');
    await refused('/test/items/a?n=0', {}, 'query.n', 'must be >= 1');
    await refused('/test/items/a?flag=True', {}, 'query.flag', 'must be true, false, 1 or 0');
    await refused('/test/items/a?flag', {}, 'query.flag', 'must be true, false, 1 or 0');
    await refused('/test/items/a?colour=red', {}, 'query.colour', 'is not a recognised parameter (known: n, flag, text)');
    await refused('/test/items/a?__proto__=x', {}, 'query.__proto__', 'is not a recognised parameter (known: n, flag, text)');
  });

  it('checks the path params first, then the query, then the body', async () => {
    await refused('/test/items/c?n=abc', { method: 'POST', json: [] }, 'item_id', 'must be one of "a", "b"');
    await refused('/test/items/a?n=abc', { method: 'POST', json: [] }, 'query.n', 'must be an integer');
    await refused('/test/items/a', { method: 'POST', json: [] }, 'body', 'must be an object');
  });

  it('validates the JSON body with nulls counted as absent, and hands the handler the checked copy', async () => {
    await refused('/test/items/a', { method: 'POST', json: {} }, 'name', 'is required');
    await refused('/test/items/a', { method: 'POST', json: { name: null } }, 'name', 'is required');
    await refused('/test/items/a', { method: 'POST', json: { name: 'x', tags: ['t', 3] } }, 'tags[1]', 'must be a string');
    await refused('/test/items/a', { method: 'POST', json: { name: 'x', colour: 'red' } }, 'colour', 'is not a recognised field');
    const res = await call(`${t.url}/test/items/b?n=2`, { method: 'POST', json: { name: 'x', tags: null } });
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, { params: { item_id: 'b' }, query: { n: 2 }, body: { name: 'x' } });
  });

  it('compiles nothing for a route without request schemas (/health pays nothing per request)', () => {
    assert.deepEqual(compileInput(healthRoute), { checkParams: null, read: null });
    assert.equal(typeof compileInput(routes[0]!).checkParams, 'function');
    assert.equal(typeof compileInput(routes[0]!).read, 'function');
  });

  it('checks the key’s licence for what the path names on every route that asks, schemas or not, before the body is read', async () => {
    const key = await t.key();
    assert.equal((await call(`${t.url}/test/licensed/ok`, { key })).status, 200);
    const refusedGet = await call(`${t.url}/test/licensed/other`, { key });
    assert.equal(refusedGet.status, 403);
    assert.equal(refusedGet.body.error.field, 'thing');
    // A body that is not JSON would be a 422; the licence is refused first.
    const refusedPost = await call(`${t.url}/test/licensed/other`, { method: 'POST', key, body: '{not json' });
    assert.equal(refusedPost.status, 403);
    assert.equal((await call(`${t.url}/test/licensed/other`)).status, 401, 'the key first');
  });

  it('refuses to register a route that checks a licence without asking for a key', () => {
    const router = new Router();
    assert.throws(() => router.add({ method: 'GET', path: '/x/:thing', auth: null, authorize: refuseAllBut('ok'), handler: () => ({ body: {} }) }), /authorize needs a key/);
  });
});

describe('response check (test mode)', () => {
  it('answers 500 saying what was wrong, and reports it, for a body off its schema, an undocumented member or an undeclared status', async () => {
    const cases: [string, string][] = [
      ['/test/wrong-type', 'GET /test/wrong-type answered 200 with a body its response schema refuses: id must be a string'],
      ['/test/extra-member', 'GET /test/extra-member answered 200 with a body its response schema refuses: secret is not a recognised field'],
      ['/test/undeclared-status', 'GET /test/undeclared-status answered 201, a status its response schemas do not declare'],
    ];
    for (const [path, problem] of cases) {
      const res = await call(`${t.url}${path}`);
      assert.equal(res.status, 500, path);
      assert.equal(res.body.error.code, 'internal_error', path);
      assert.equal(res.body.error.message, `Response check (test mode): ${problem}.`);
    }
    assert.deepEqual(problems, cases.map(([, problem]) => problem));
  });

  it('leaves routes without response schemas and answers that match alone', async () => {
    problems.length = 0;
    assert.deepEqual((await call(`${t.url}/test/no-schema`)).body, { anything: true });
    assert.equal((await call(`${t.url}/test/items/a`)).status, 200);
    assert.equal((await call(`${t.url}/health`)).status, 200);
    assert.deepEqual(problems, []);
  });
});
