import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from '../helpers/harness.js';
import { call, startTestApp, type TestApp } from '../helpers/app.js';
import { BUILT_INDEX } from './browser.js';

/**
 * The /ui/ routes over HTTP (no browser): content types, the CSP and cache
 * headers, revalidation, the /ui redirect, JSON 404s for anything that is not
 * a built file (path tricks included), and no key needed.
 */
let t: TestApp;

before(async () => {
  if (!fs.existsSync(BUILT_INDEX)) throw new Error(`${BUILT_INDEX} is missing: run \`npm run build\` before the UI tests`);
  t = await startTestApp();
});
after(() => t.close());

describe('web interface assets', () => {
  it('redirects /ui to /ui/', async () => {
    const res = await fetch(`${t.url}/ui`, { redirect: 'manual' });
    assert.equal(res.status, 308);
    assert.equal(res.headers.get('location'), '/ui/');
  });

  it('serves the page without a key, with a strict CSP and no inline script', async () => {
    const res = await fetch(`${t.url}/ui/`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'text/html; charset=utf-8');
    const csp = res.headers.get('content-security-policy') ?? '';
    assert.match(csp, /default-src 'self'/);
    assert.match(csp, /script-src 'self'(;|$)/);
    assert.match(csp, /frame-ancestors 'none'/);
    assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval|\*/);
    assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
    assert.equal(res.headers.get('cache-control'), 'no-cache');
    const html = await res.text();
    assert.doesNotMatch(html, /<script(?![^>]*\ssrc=)[^>]*>/, 'every script is a file');
    assert.doesNotMatch(html, /\sstyle=|\son[a-z]+=/i, 'no inline styles or handlers');
    assert.doesNotMatch(html, /https?:\/\//, 'nothing from another origin');
  });

  it('serves each built file with its content type', async () => {
    const types: Record<string, string> = {
      'index.html': 'text/html; charset=utf-8',
      'app.js': 'text/javascript; charset=utf-8',
      'app.css': 'text/css; charset=utf-8',
      'favicon.svg': 'image/svg+xml',
      'world.json': 'application/json; charset=utf-8',
    };
    for (const [name, type] of Object.entries(types)) {
      const res = await fetch(`${t.url}/ui/${name}`);
      assert.equal(res.status, 200, name);
      assert.equal(res.headers.get('content-type'), type, name);
      assert.ok(res.headers.get('content-security-policy'), name);
      await res.arrayBuffer();
    }
    const world = (await call(`${t.url}/ui/world.json`)).body;
    assert.equal(world.units_per_degree, 100);
    assert.match(world.land, /^M-?\d+ -?\d+l/);
  });

  it('answers 304 when the file has not changed', async () => {
    const first = await fetch(`${t.url}/ui/app.js`);
    await first.arrayBuffer();
    const etag = first.headers.get('etag')!;
    const stat = fs.statSync(path.join(path.dirname(BUILT_INDEX), 'app.js'), { bigint: true });
    assert.equal(etag, `"${stat.ino.toString(36)}-${stat.size.toString(36)}-${stat.mtimeNs.toString(36)}"`, 'inode, size and mtime in ns');
    const again = await fetch(`${t.url}/ui/app.js`, { headers: { 'if-none-match': etag } });
    assert.equal(again.status, 304);
    assert.equal((await again.arrayBuffer()).byteLength, 0);
  });

  it('answers JSON 404s for unknown files and anything outside dist/ui', async () => {
    for (const asset of ['nope.js', 'app.js.map', '.hidden.css', '..%2Fcli.js', '..%2F..%2Fpackage.json', '%2Fetc%2Fpasswd.json', 'index.html%00.js']) {
      const res = await call(`${t.url}/ui/${asset}`);
      assert.equal(res.status, 404, asset);
      assert.equal(res.body.error.code, 'not_found', asset);
    }
    const nested = await call(`${t.url}/ui/app/main.ts`);
    assert.equal(nested.status, 404);
  });

  it('is not part of the API document, and answers 405 to other methods', async () => {
    const openapi = await call(`${t.url}/openapi.json`);
    assert.ok(!Object.keys(openapi.body.paths).some((p) => p.startsWith('/ui')));
    const post = await call(`${t.url}/ui/`, { method: 'POST' });
    assert.equal(post.status, 405);
    assert.equal(post.headers.get('allow'), 'GET');
  });
});
