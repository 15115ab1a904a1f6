import assert from 'node:assert/strict';
import fs from 'node:fs';
import net from 'node:net';
import { freePort } from '../helpers/ports.js';
import path from 'node:path';
import { after, before, describe, it } from '../helpers/harness.js';
import { call, startTestApp, tempDir, type TestApp } from '../helpers/app.js';
import { toCsv, upload, waitForJob } from '../helpers/batch.js';
import { writeFixtureTables } from '../helpers/fixture-tables.js';
import { PERIL_NAMES } from '../../src/engine/perils.js';
import { MODES } from '../../src/auth/modes.js';
import { getGeocoder } from '../../src/geo/index.js';
import { buildEventStore } from '../../src/historic/build.js';
import { writeCatalogues } from '../historic/fixtures.js';

/** Issue 20 operator features: rate limits, CORS, /ready, /metrics and the API docs, under the names the issue fixes. */

let now = Date.UTC(2026, 10, 24, 12, 0, 0);
const clock = () => now;

describe('per-key rate limits', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp({ rateLimit: 5 }, { clock });
  });
  after(() => t.close());
  const keyWith = async (rateLimit?: number) => (await t.app.keys.create({ owner: 'acme', perils: PERIL_NAMES, modes: MODES, floodPlus: true, rateLimit })).key;

  it('a key with --rate-limit 2 gets a burst of 4, then 429 rate_limited with Retry-After; a second later one more', async () => {
    const key = await keyWith(2);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await call(`${t.url}/v1/perils`, { key })).status);
    assert.deepEqual(statuses, [200, 200, 200, 200, 429]);
    const limited = await call(`${t.url}/v1/perils`, { key });
    assert.equal(limited.status, 429);
    assert.equal(limited.headers.get('retry-after'), '1');
    assert.deepEqual(Object.keys(limited.body.error), ['status', 'code', 'message', 'field', 'retry_after_seconds', 'request_id']);
    assert.equal(limited.body.error.code, 'rate_limited');
    assert.equal(limited.body.error.retry_after_seconds, 1);
    now += 500; // half a second refills one token at 2/s
    assert.equal((await call(`${t.url}/v1/perils`, { key })).status, 200);
    assert.equal((await call(`${t.url}/v1/perils`, { key })).status, 429);
  });

  it('Retry-After counts whole seconds until the next token at a slow rate', async () => {
    const key = await keyWith(1);
    for (let i = 0; i < 2; i++) assert.equal((await call(`${t.url}/v1/perils`, { key })).status, 200);
    now += 100;
    const limited = await call(`${t.url}/v1/perils`, { key });
    assert.equal(limited.status, 429);
    assert.equal(limited.headers.get('retry-after'), '1'); // 0.9 s to the next token, rounded up
  });

  it('keys without their own limit follow HAZRISK_RATE_LIMIT (5/s here: a burst of 10); 0 means unlimited', async () => {
    const key = await keyWith();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await call(`${t.url}/v1/perils`, { key })).status);
    assert.deepEqual(statuses, [...Array(10).fill(200), 429]);
    const unlimited = await keyWith(0);
    for (let i = 0; i < 30; i++) assert.equal((await call(`${t.url}/v1/perils`, { key: unlimited })).status, 200);
  });

  it('buckets are per key, and routes without a key are not limited', async () => {
    const a = await keyWith(1);
    const b = await keyWith(1);
    for (let i = 0; i < 2; i++) await call(`${t.url}/v1/perils`, { key: a });
    assert.equal((await call(`${t.url}/v1/perils`, { key: a })).status, 429);
    assert.equal((await call(`${t.url}/v1/perils`, { key: b })).status, 200);
    for (let i = 0; i < 20; i++) assert.equal((await call(`${t.url}/health`)).status, 200);
  });

  it('keys list shows each key its limit', async () => {
    const key = await keyWith(7);
    const info = (await t.app.keys.list()).find((k) => key.includes(`_${k.id}_`))!;
    assert.equal(info.rate_limit, 7);
  });
});

describe('CORS', () => {
  it('is off without HAZRISK_CORS_ORIGINS: no CORS headers, OPTIONS is a 405', async () => {
    const t = await startTestApp();
    try {
      const res = await call(`${t.url}/health`, { headers: { origin: 'https://app.example.com' } });
      assert.equal(res.headers.get('access-control-allow-origin'), null);
      const pre = await fetch(`${t.url}/v1/lite`, { method: 'OPTIONS', headers: { origin: 'https://app.example.com', 'access-control-request-method': 'GET' } });
      assert.equal(pre.status, 405);
      assert.equal(pre.headers.get('access-control-allow-origin'), null);
      await pre.text();
    } finally {
      await t.close();
    }
  });

  describe('with a list of origins', () => {
    let t: TestApp;
    before(async () => {
      t = await startTestApp({ corsOrigins: 'https://app.example.com, https://risk.example.org/' });
    });
    after(() => t.close());

    it('answers a preflight 204 with the path\'s methods and the headers the API reads', async () => {
      const res = await fetch(`${t.url}/v1/in-depth/batch`, {
        method: 'OPTIONS',
        headers: { origin: 'https://risk.example.org', 'access-control-request-method': 'POST', 'access-control-request-headers': 'x-api-key, idempotency-key, content-type' },
      });
      assert.equal(res.status, 204);
      assert.equal(await res.text(), '');
      assert.equal(res.headers.get('access-control-allow-origin'), 'https://risk.example.org');
      assert.equal(res.headers.get('access-control-allow-methods'), 'POST');
      assert.equal(res.headers.get('access-control-allow-headers'), 'X-API-Key, Idempotency-Key, Content-Type, Accept, X-Request-Id');
      assert.equal(res.headers.get('access-control-max-age'), '600');
      assert.equal(res.headers.get('vary'), 'Origin');
      const get = await fetch(`${t.url}/v1/lite`, { method: 'OPTIONS', headers: { origin: 'https://app.example.com', 'access-control-request-method': 'GET' } });
      assert.equal(get.headers.get('access-control-allow-methods'), 'GET, HEAD');
      await get.text();
    });

    it('marks responses, errors included, for an allowed origin and exposes the headers clients read', async () => {
      const res = await call(`${t.url}/v1/perils`, { headers: { origin: 'https://app.example.com' } });
      assert.equal(res.status, 401);
      assert.equal(res.headers.get('access-control-allow-origin'), 'https://app.example.com');
      assert.equal(res.headers.get('access-control-expose-headers'), 'X-Request-Id, Retry-After, Content-Disposition, ETag, Content-Range');
      assert.equal(res.headers.get('access-control-allow-credentials'), null);
    });

    it('gives another origin nothing, and a preflight from it a 405', async () => {
      const res = await call(`${t.url}/health`, { headers: { origin: 'https://evil.example.net' } });
      assert.equal(res.headers.get('access-control-allow-origin'), null);
      const pre = await fetch(`${t.url}/v1/lite`, { method: 'OPTIONS', headers: { origin: 'https://evil.example.net', 'access-control-request-method': 'GET' } });
      assert.equal(pre.status, 405);
      await pre.text();
    });
  });

  it('`*` allows any origin with a literal *', async () => {
    const t = await startTestApp({ corsOrigins: '*' });
    try {
      const res = await call(`${t.url}/health`, { headers: { origin: 'https://anything.example' } });
      assert.equal(res.headers.get('access-control-allow-origin'), '*');
      // The answer varies with Accept (JSON or msgpack), never with Origin.
      assert.equal(res.headers.get('vary'), 'Accept');
    } finally {
      await t.close();
    }
  });
});

describe('GET /ready', () => {
  it('is 503 not_ready naming the missing tables when the tables dir is empty, /health still 200', async () => {
    const t = await startTestApp();
    try {
      getGeocoder();
      const res = await call(`${t.url}/ready`);
      assert.equal(res.status, 503);
      assert.equal(res.body.error.code, 'not_ready');
      assert.deepEqual(res.body.error.checks, { tables: false, events: false, geocoder: true, database: true, storage: true, draining: false });
      assert.deepEqual(res.body.error.missing_tables, [...PERIL_NAMES]);
      assert.match(res.body.error.message, /^Not ready: tables, events \(missing tables: TropicalCyclone, .*; run `hazrisk events build`\)\.$/);
      assert.equal((await call(`${t.url}/health`)).status, 200);
    } finally {
      await t.close();
    }
  });

  it('is 503 naming storage and the free space when the data dir has less than HAZRISK_MIN_FREE_MB free', async () => {
    const t = await startTestApp({ minFreeMb: 1 << 30 });
    try {
      const res = await call(`${t.url}/ready`);
      assert.equal(res.status, 503);
      assert.equal(res.body.error.checks.storage, false);
      const free = fs.statfsSync(t.dataDir);
      assert.ok(Math.abs(res.body.error.free_bytes - free.bavail * free.bsize) < 64 * 1048576, `free_bytes ${res.body.error.free_bytes} is the disk's free space`);
      assert.match(res.body.error.message, new RegExp(`storage .*; ${Math.floor(res.body.error.free_bytes / 1048576)} MiB free\\)\\.$`));
    } finally {
      await t.close();
    }
  });

  it('is 200 with every check passing, then 503 with Connection: close while draining', async () => {
    const dir = tempDir();
    writeFixtureTables(path.join(dir, 'tables'));
    const t = await startTestApp({ dataDir: dir, tablesDir: path.join(dir, 'tables'), shutdownGraceMs: 60_000 });
    const sources = writeCatalogues();
    await buildEventStore(sources, t.app.paths.events);
    fs.rmSync(sources, { recursive: true, force: true });
    getGeocoder();
    const ready = await call(`${t.url}/ready`);
    assert.equal(ready.status, 200);
    const { free_bytes, ...rest } = ready.body;
    assert.deepEqual(rest, { status: 'ready', checks: { tables: true, events: true, geocoder: true, database: true, storage: true, draining: false }, missing_tables: [] });
    assert.ok(Number.isInteger(free_bytes) && free_bytes >= 64 * 1048576);

    // Hold the server in its drain: an upload whose body never finishes keeps one request in flight.
    const port = Number(new URL(t.url).port);
    const key = await t.key();
    const held = net.connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => held.once('connect', () => resolve()));
    held.write(`POST /v1/in-depth/batch/upload HTTP/1.1\r\nHost: x\r\nX-API-Key: ${key}\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: 100000\r\n\r\n--b\r\n`);
    // One answered request proves the server holds the probe's connection before the listener closes.
    const probe = net.connect(port, '127.0.0.1');
    let text = '';
    probe.on('data', (d) => (text += d.toString()));
    const closed = new Promise<void>((resolve) => probe.on('close', () => resolve()));
    probe.write('GET /health HTTP/1.1\r\nHost: x\r\n\r\n');
    while (!text.endsWith('{"message":"ok"}')) await new Promise((r) => probe.once('data', r));
    text = '';
    const closing = t.app.close();
    probe.write('GET /ready HTTP/1.1\r\nHost: x\r\n\r\n');
    await closed;
    assert.match(text, /^HTTP\/1\.1 503 Service Unavailable\r\n/);
    assert.match(text, /\r\nConnection: close\r\n/i);
    const body = JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4));
    assert.equal(body.error.code, 'not_ready');
    assert.equal(body.error.checks.draining, true);
    held.destroy();
    await closing;
  });
});

describe('GET /metrics', () => {
  let t: TestApp;
  before(async () => {
    const dir = tempDir();
    writeFixtureTables(path.join(dir, 'tables'));
    t = await startTestApp({ dataDir: dir, tablesDir: path.join(dir, 'tables') });
  });
  after(() => t.close());

  it('serves Prometheus text with the named series, counting requests by route pattern, method and status', async () => {
    const key = await t.key();
    for (let i = 0; i < 3; i++) await call(`${t.url}/health`);
    await call(`${t.url}/v1/in-depth/batch/nope`, { key });
    await call(`${t.url}/no/such/${'x'.repeat(50)}`);
    const res = await fetch(`${t.url}/metrics`);
    const text = await res.text();
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'text/plain; version=0.0.4; charset=utf-8');
    assert.match(text, /^hazrisk_http_requests_total\{route="\/health",method="GET",status="200"\} 3$/m);
    assert.match(text, /^hazrisk_http_requests_total\{route="\/v1\/in-depth\/batch\/:job_id",method="GET",status="400"\} 1$/m);
    assert.match(text, /^hazrisk_http_requests_total\{route="unmatched",method="GET",status="404"\} 1$/m);
    assert.match(text, /^# TYPE hazrisk_http_request_duration_seconds histogram$/m);
    assert.match(text, /^hazrisk_http_request_duration_seconds_count\{route="\/health"\} 3$/m);
    assert.match(text, /^hazrisk_engine_queue_depth 0$/m);
    for (const status of ['pending', 'running', 'complete', 'failed', 'cancelled']) assert.match(text, new RegExp(`^hazrisk_batch_jobs\\{status="${status}"\\} 0$`, 'm'));
    assert.match(text, /^# TYPE hazrisk_batch_rows_processed_total counter$/m);
    assert.match(text, /^hazrisk_process_escaped_errors_total 0$/m);
    for (const peril of PERIL_NAMES) {
      const version = t.app.engine.info(peril)!.modelVersion;
      assert.match(text, new RegExp(`^hazrisk_table_info\\{peril="${peril}",model_version="${version}"\\} 1$`, 'm'));
    }
    assert.match(text, /^process_resident_memory_bytes \d+/m);
  });

  it('counts the rows a batch job computed and the job by its status', async () => {
    const key = await t.key();
    const rows = Array.from({ length: 7 }, (_, i) => [null, 10 + i, 20 + i]);
    const file = await upload(t.url, key, toCsv(['location', 'latitude', 'longitude'], rows));
    const job = await call(`${t.url}/v1/in-depth/batch`, { method: 'POST', key, json: { file_id: file.body.file_id, perils: ['Rain'] } });
    await waitForJob(t.url, key, 'in-depth', job.body.job_id);
    const text = await (await fetch(`${t.url}/metrics`)).text();
    assert.match(text, /^hazrisk_batch_rows_processed_total 7$/m);
    assert.match(text, /^hazrisk_batch_jobs\{status="complete"\} 1$/m);
  });

  it('moves to HAZRISK_METRICS_PORT when set, leaving the main port without /metrics', async () => {
    const metricsPort = await freePort();
    const m = await startTestApp({ metricsPort });
    try {
      assert.equal((await call(`${m.url}/metrics`)).status, 404);
      const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
      assert.equal(res.status, 200);
      assert.match(await res.text(), /^# TYPE hazrisk_http_requests_total counter$/m);
      assert.equal((await call(`http://127.0.0.1:${metricsPort}/health`)).status, 404);
    } finally {
      await m.close();
    }
  });
});

describe('API documentation', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp();
  });
  after(() => t.close());

  it('gives every OpenAPI operation a unique operationId and describes the upload body', async () => {
    const doc = (await call(`${t.url}/openapi.json`)).body;
    const ids: string[] = [];
    for (const [p, methods] of Object.entries<any>(doc.paths)) {
      for (const [method, op] of Object.entries<any>(methods)) {
        assert.match(op.operationId ?? '', /^[a-z][A-Za-z]+$/, `${method} ${p}`);
        ids.push(op.operationId);
      }
    }
    assert.equal(new Set(ids).size, ids.length, 'operationIds are unique');
    for (const route of ['in-depth', 'lite']) {
      const upload = doc.paths[`/v1/${route}/batch/upload`].post;
      assert.equal(upload.requestBody.content['multipart/form-data'].schema.properties.file.format, 'binary');
    }
    assert.ok(ids.includes('getReadiness') && ids.includes('getMetrics') && ids.includes('downloadArtefact'));
  });

  it('serves Swagger UI at /docs from the local package under a same-origin CSP', async () => {
    const page = await fetch(`${t.url}/docs`);
    const html = await page.text();
    assert.equal(page.status, 200);
    assert.equal(page.headers.get('content-type'), 'text/html; charset=utf-8');
    assert.match(page.headers.get('content-security-policy')!, /^default-src 'self'; script-src 'self';/);
    assert.doesNotMatch(html, /https?:\/\//, 'no CDN');
    for (const asset of [...html.matchAll(/(?:src|href)="(\/docs\/[^"]+)"/g)].map((m) => m[1]!)) {
      const res = await fetch(`${t.url}${asset}`);
      assert.equal(res.status, 200, asset);
      assert.ok((await res.arrayBuffer()).byteLength > 0, asset);
    }
    assert.match(await (await fetch(`${t.url}/docs/init.js`)).text(), /url: '\/openapi\.json'/);
    assert.equal((await call(`${t.url}/docs/package.json`)).status, 404);
    assert.equal((await call(`${t.url}/docs/..%2Fpackage.json`)).status, 404);
  });
});
