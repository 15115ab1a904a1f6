import assert from 'node:assert/strict';
import { after, before, describe, it } from '../helpers/harness.js';
import { decode, encode } from '@msgpack/msgpack';
import { startTestApp, call, type TestApp } from '../helpers/app.js';
import type { Route } from '../../src/http/types.js';

const echo: Route = { method: 'POST', path: '/test/echo', auth: null, body: 'json', handler: (ctx) => ({ body: { echoed: ctx.body } }) };
const boom: Route = { method: 'GET', path: '/test/boom', auth: null, handler: () => { throw new Error('kaput'); } };
const param: Route = { method: 'GET', path: '/test/items/:item_id', auth: null, handler: (ctx) => ({ body: ctx.params }) };

function assertErrorShape(body: any, status: number, code: string, field: string | null): void {
  assert.deepEqual(Object.keys(body), ['error']);
  assert.equal(body.error.status, status);
  assert.equal(body.error.code, code);
  assert.equal(body.error.field, field);
  assert.equal(typeof body.error.message, 'string');
  assert.ok(body.error.message.length > 0);
  assert.equal(typeof body.error.request_id, 'string');
}

describe('HTTP front', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp({ jsonBodyBytes: 1024 }, { extraRoutes: [echo, boom, param] });
  });
  after(() => t.close());

  it('GET /health answers {message} without a key', async () => {
    const res = await call(`${t.url}/health`);
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, { message: 'ok' });
    assert.equal(res.headers.get('content-type'), 'application/json; charset=utf-8');
  });

  it('puts a request id on every response and echoes a sane incoming one', async () => {
    const a = await call(`${t.url}/health`);
    const b = await call(`${t.url}/health`);
    assert.match(a.headers.get('x-request-id')!, /^[0-9a-f]{6}-[0-9a-z]+$/);
    assert.notEqual(a.headers.get('x-request-id'), b.headers.get('x-request-id'));
    const c = await call(`${t.url}/nope`, { headers: { 'x-request-id': 'client-42' } });
    assert.equal(c.headers.get('x-request-id'), 'client-42');
    assert.equal(c.body.error.request_id, 'client-42');
    const d = await call(`${t.url}/health`, { headers: { 'x-request-id': 'bad id with spaces' } });
    assert.notEqual(d.headers.get('x-request-id'), 'bad id with spaces');
  });

  it('unknown route → 404 JSON error', async () => {
    const res = await call(`${t.url}/v9/unknown`);
    assert.equal(res.status, 404);
    assertErrorShape(res.body, 404, 'not_found', null);
  });

  it('wrong method → 405 with Allow', async () => {
    const res = await call(`${t.url}/health`, { method: 'DELETE' });
    assert.equal(res.status, 405);
    assert.equal(res.headers.get('allow'), 'GET');
    assertErrorShape(res.body, 405, 'method_not_allowed', null);
  });

  it('matches path parameters and decodes them', async () => {
    const res = await call(`${t.url}/test/items/a%20b`);
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, { item_id: 'a b' });
  });

  it('malformed JSON → 422 naming field body', async () => {
    const res = await call(`${t.url}/test/echo`, { method: 'POST', body: '{"a": ', headers: { 'content-type': 'application/json' } });
    assert.equal(res.status, 422);
    assertErrorShape(res.body, 422, 'malformed_json', 'body');
    const empty = await call(`${t.url}/test/echo`, { method: 'POST', body: '' });
    assert.equal(empty.status, 422);
    assertErrorShape(empty.body, 422, 'malformed_json', 'body');
  });

  it('body over the limit → 413 (declared length and chunked)', async () => {
    const big = JSON.stringify({ pad: 'x'.repeat(2000) });
    const res = await call(`${t.url}/test/echo`, { method: 'POST', body: big, headers: { 'content-type': 'application/json' } });
    assert.equal(res.status, 413);
    assertErrorShape(res.body, 413, 'payload_too_large', null);
    assert.equal(res.body.error.limit_bytes, 1024);
    const stream = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 4; i++) controller.enqueue(new TextEncoder().encode('x'.repeat(600)));
        controller.close();
      },
    });
    const chunked = await call(`${t.url}/test/echo`, { method: 'POST', body: stream, duplex: 'half' } as RequestInit);
    assert.equal(chunked.status, 413);
    assert.equal(chunked.body.error.code, 'payload_too_large');
  });

  it('a body just under the limit is accepted', async () => {
    const body = { pad: 'y'.repeat(1000) };
    const res = await call(`${t.url}/test/echo`, { method: 'POST', json: body });
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, { echoed: body });
  });

  it('Accept: application/msgpack returns the same body encoded', async () => {
    const payload = { a: 1, b: [1.5, 'two', null], c: { d: true } };
    for (const type of ['application/msgpack', 'application/x-msgpack']) {
      const res = await fetch(`${t.url}/test/echo`, { method: 'POST', body: JSON.stringify(payload), headers: { accept: type } });
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('content-type'), type);
      assert.deepEqual(decode(new Uint8Array(await res.arrayBuffer())), { echoed: payload });
    }
    const err = await fetch(`${t.url}/nope`, { headers: { accept: 'application/msgpack' } });
    const decoded = decode(new Uint8Array(await err.arrayBuffer())) as any;
    assert.equal(decoded.error.code, 'not_found');
    assert.ok(encode(payload).length > 0);
  });

  it('Accept quality values count: msgpack only when its q is above 0 and at least JSON’s', async () => {
    const cases: [string, string][] = [
      ['application/msgpack;q=0', 'application/json; charset=utf-8'],
      ['application/msgpack; q=0.0, */*', 'application/json; charset=utf-8'],
      ['application/msgpack;q=0.5, application/json', 'application/json; charset=utf-8'],
      ['application/json;q=0.5, application/msgpack', 'application/msgpack'],
      ['*/*;q=0.8, application/x-msgpack', 'application/x-msgpack'],
      ['text/html, application/msgpack;q=0.9', 'application/msgpack'],
      ['application/*;q=0.2, application/msgpack;q=0.1, */*', 'application/json; charset=utf-8'],
    ];
    for (const [accept, type] of cases) {
      const res = await fetch(`${t.url}/health`, { headers: { accept } });
      assert.equal(res.headers.get('content-type'), type, accept);
      const bytes = new Uint8Array(await res.arrayBuffer());
      assert.deepEqual(type.startsWith('application/json') ? JSON.parse(new TextDecoder().decode(bytes)) : decode(bytes), { message: 'ok' }, accept);
    }
  });

  it('negotiated answers say Vary: Accept; a constant answer is encoded once per type and stays whole between other answers', async () => {
    const health = async (accept: string) => {
      const res = await fetch(`${t.url}/health`, { headers: { accept } });
      assert.equal(res.headers.get('vary'), 'Accept');
      return { type: res.headers.get('content-type'), bytes: new Uint8Array(await res.arrayBuffer()) };
    };
    const first = await health('application/msgpack');
    // Other msgpack answers reuse the one Encoder's buffer in between; the cached /health bytes must not change.
    for (let i = 0; i < 3; i++) await fetch(`${t.url}/test/echo`, { method: 'POST', body: JSON.stringify({ big: 'x'.repeat(5000), i }), headers: { accept: 'application/msgpack' } }).then((r) => r.arrayBuffer());
    const second = await health('application/msgpack');
    assert.equal(first.type, 'application/msgpack');
    assert.deepEqual(decode(second.bytes), { message: 'ok' });
    assert.deepEqual(second.bytes, first.bytes);
    const json = await health('application/json');
    assert.equal(new TextDecoder().decode(json.bytes), '{"message":"ok"}');
  });

  it('an unexpected handler error → 500 internal_error without leaking the message', async () => {
    const res = await call(`${t.url}/test/boom`);
    assert.equal(res.status, 500);
    assertErrorShape(res.body, 500, 'internal_error', null);
    assert.doesNotMatch(res.body.error.message, /kaput/);
  });

  it('GET /openapi.json is an OpenAPI 3.1 document listing the routes', async () => {
    const res = await call(`${t.url}/openapi.json`);
    assert.equal(res.status, 200);
    assert.equal(res.body.openapi, '3.1.0');
    assert.ok(res.body.paths['/health'].get);
    assert.deepEqual(res.body.paths['/v1/perils'].get.security, [{ ApiKeyAuth: [] }]);
    assert.equal(res.body.components.securitySchemes.ApiKeyAuth.name, 'X-API-Key');
  });
});
