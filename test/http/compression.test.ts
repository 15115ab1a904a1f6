import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import { decode } from '@msgpack/msgpack';
import { after, before, describe, it } from '../helpers/harness.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { rawRequest } from '../helpers/raw-http.js';
import { LIMITS } from '../../src/limits.js';
import type { Route } from '../../src/http/types.js';

/** Issue 18 "Big answers": JSON and msgpack answers of LIMITS.compressMinLength or more go out gzip to clients that accept it (docs/api.md "Compression"). */
const sized: Route = {
  method: 'GET',
  path: '/test/sized/:length',
  auth: null,
  handler: (ctx) => ({ body: { text: 'x'.repeat(Number(ctx.params.length)) } }),
};
/** The JSON of { text } is the text plus 11 characters. */
const jsonLength = (textLength: number): number => textLength + 11;

describe('compression of large answers', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp({}, { extraRoutes: [sized] });
  });
  after(() => t.close());
  const at = (length: number): string => `${t.url}/test/sized/${length}`;
  const atLeast = LIMITS.compressMinLength - 11;

  it('an answer at the threshold is gzip for a client that accepts gzip, and unzips to the plain answer', async () => {
    const plain = await rawRequest(at(atLeast));
    const zipped = await rawRequest(at(atLeast), { 'accept-encoding': 'gzip, deflate' });
    assert.equal(plain.body.length, jsonLength(atLeast));
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(zipped.status, 200);
    assert.equal(zipped.headers['content-encoding'], 'gzip');
    assert.equal(Number(zipped.headers['content-length']), zipped.body.length);
    assert.ok(zipped.body.length < plain.body.length / 10, `${zipped.body.length} bytes`);
    assert.deepEqual(zlib.gunzipSync(zipped.body), plain.body);
    assert.equal(zipped.headers['content-type'], 'application/json; charset=utf-8');
    for (const res of [plain, zipped]) assert.equal(res.headers.vary, 'Accept, Accept-Encoding');
  });

  it('one character under the threshold goes out plain and does not vary by Accept-Encoding', async () => {
    const res = await rawRequest(at(atLeast - 1), { 'accept-encoding': 'gzip' });
    assert.equal(res.body.length, LIMITS.compressMinLength - 1);
    assert.equal(res.headers['content-encoding'], undefined);
    assert.equal(res.headers.vary, 'Accept');
  });

  it('gzip;q=0 and an encoding list without gzip get the plain answer', async () => {
    for (const acceptEncoding of ['gzip;q=0, identity', 'br', 'identity']) {
      const res = await rawRequest(at(5000), { 'accept-encoding': acceptEncoding });
      assert.equal(res.headers['content-encoding'], undefined, acceptEncoding);
      assert.equal(res.body.length, jsonLength(5000));
    }
    const star = await rawRequest(at(5000), { 'accept-encoding': '*' });
    assert.equal(star.headers['content-encoding'], 'gzip');
  });

  it('msgpack answers are compressed too', async () => {
    const res = await rawRequest(at(5000), { accept: 'application/msgpack', 'accept-encoding': 'gzip' });
    assert.equal(res.headers['content-type'], 'application/msgpack');
    assert.equal(res.headers['content-encoding'], 'gzip');
    assert.deepEqual(decode(zlib.gunzipSync(res.body)), { text: 'x'.repeat(5000) });
  });

  it('HEAD sends the headers of the compressed GET, its Content-Length included', async () => {
    const get = await rawRequest(at(5000), { 'accept-encoding': 'gzip' });
    const head = await rawRequest(at(5000), { 'accept-encoding': 'gzip' }, 'HEAD');
    assert.equal(head.status, 200);
    assert.equal(head.body.length, 0);
    assert.equal(head.headers['content-encoding'], 'gzip');
    assert.equal(head.headers['content-length'], get.headers['content-length']);
    assert.equal(head.headers.vary, get.headers.vary);
  });

  it('a real large answer (GET /openapi.json) is compressed and unchanged once unzipped', async () => {
    const plain = await rawRequest(`${t.url}/openapi.json`);
    const zipped = await rawRequest(`${t.url}/openapi.json`, { 'accept-encoding': 'gzip' });
    assert.ok(plain.body.length >= LIMITS.compressMinLength);
    assert.equal(zipped.headers['content-encoding'], 'gzip');
    assert.deepEqual(JSON.parse(zlib.gunzipSync(zipped.body).toString('utf8')), JSON.parse(plain.body.toString('utf8')));
  });
});
