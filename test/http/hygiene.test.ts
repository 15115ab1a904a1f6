import assert from 'node:assert/strict';
import fs from 'node:fs';
import net from 'node:net';
import { after, before, describe, it } from '../helpers/harness.js';
import { call, startTestApp, type TestApp } from '../helpers/app.js';
import { upload, waitForJob } from '../helpers/batch.js';
import { App } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { ECHO_MAX_CHARS } from '../../src/errors.js';

/** Issue 20 "HTTP hygiene": what a proxy, a browser or a hostile client sends, and what it must get back. */

interface RawResponse {
  head: string;
  status: number | null;
  headers: Record<string, string>;
  body: string;
  /** The server closed the connection after (or instead of) answering. */
  closed: boolean;
}

/** Send raw bytes; resolve when the server closes, or once one full response has arrived and `keepOpen`. */
function raw(port: number, bytes: string, keepOpen = false): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(bytes));
    let text = '';
    const parse = (closed: boolean): RawResponse => {
      const end = text.indexOf('\r\n\r\n');
      const head = end < 0 ? text : text.slice(0, end);
      const lines = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines.slice(1)) {
        const i = line.indexOf(':');
        if (i > 0) headers[line.slice(0, i).toLowerCase()] = line.slice(i + 1).trim();
      }
      const status = /^HTTP\/1\.1 (\d{3})/.exec(lines[0] ?? '');
      return { head, status: status ? Number(status[1]) : null, headers, body: end < 0 ? '' : text.slice(end + 4), closed };
    };
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1');
      const r = parse(false);
      if (keepOpen && r.status !== null && Buffer.byteLength(r.body, 'latin1') >= Number(r.headers['content-length'] ?? Infinity)) {
        socket.destroy();
        resolve(r);
      }
    });
    socket.on('close', () => resolve(parse(true)));
    socket.on('error', reject);
  });
}

function assertError(body: any, status: number, code: string, field: string | null): void {
  assert.deepEqual(Object.keys(body.error), ['status', 'code', 'message', 'field', ...Object.keys(body.error).slice(4, -1), 'request_id']);
  assert.equal(body.error.status, status);
  assert.equal(body.error.code, code);
  assert.equal(body.error.field, field);
}

let t: TestApp;
let key: string;
let port: number;
before(async () => {
  t = await startTestApp();
  key = await t.key();
  port = Number(new URL(t.url).port);
});
after(() => t.close());

describe('response headers', () => {
  it('sends X-Content-Type-Options: nosniff and Keep-Alive: timeout=5 on success, error, HEAD and static responses', async () => {
    for (const [path, init, status] of [
      ['/health', {}, 200],
      ['/nope', {}, 404],
      ['/v1/perils', {}, 401],
      ['/v1/perils', { method: 'DELETE' }, 405],
      ['/openapi.json', {}, 200],
      ['/docs', {}, 200],
      ['/health', { method: 'HEAD' }, 200],
    ] as const) {
      const res = await fetch(`${t.url}${path}`, init);
      await res.arrayBuffer();
      assert.equal(res.status, status, path);
      assert.equal(res.headers.get('x-content-type-options'), 'nosniff', `${init.method ?? 'GET'} ${path}`);
      // uWS closes idle connections after 8–11 s; pooled clients are told to stop reusing them sooner (issue 30, item 6).
      assert.equal(res.headers.get('keep-alive'), 'timeout=5', `${init.method ?? 'GET'} ${path}`);
    }
  });

  it('puts no header of ours that names the server software (uWS adds `uWebSockets: 20` itself; docs/operations.md)', async () => {
    const res = await fetch(`${t.url}/health`);
    await res.text();
    assert.equal(res.headers.get('server'), null);
    assert.equal(res.headers.get('x-powered-by'), null);
  });
});

describe('request smuggling guards', () => {
  for (const [name, extra] of [
    ['two different Content-Length headers', 'Content-Length: 2\r\nContent-Length: 4\r\n'],
    ['the same Content-Length twice', 'Content-Length: 2\r\nContent-Length: 2\r\n'],
  ] as const) {
    it(`${name} → 400 naming headers.content-length, connection closed`, async () => {
      const res = await raw(port, `POST /v1/lite HTTP/1.1\r\nHost: x\r\n${extra}Content-Type: application/json\r\n\r\n{}`);
      assert.equal(res.status, 400);
      assert.equal(res.headers.connection, 'close');
      assert.equal(res.closed, true);
      const body = JSON.parse(res.body);
      assertError(body, 400, 'bad_request', 'headers.content-length');
    });
  }

  it('HEAD with a repeated header → 400 and the connection closed, as for GET', async () => {
    const res = await raw(port, 'HEAD /health HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\nContent-Length: 5\r\n\r\n');
    assert.equal(res.status, 400);
    assert.equal(res.body, '');
    assert.equal(res.closed, true);
  });

  it('two Host headers → 400 naming headers.host', async () => {
    const res = await raw(port, 'GET /health HTTP/1.1\r\nHost: a.example\r\nHost: b.example\r\n\r\n');
    assert.equal(res.status, 400);
    assertError(JSON.parse(res.body), 400, 'bad_request', 'headers.host');
  });

  it('Content-Length with Transfer-Encoding is refused by uWS without reaching a handler', async () => {
    const res = await raw(port, 'POST /v1/lite HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Length: 2\r\n\r\n2\r\n{}\r\n0\r\n\r\n');
    assert.equal(res.status, null, 'no response at all');
    assert.equal(res.closed, true);
  });
});

describe('HTTP/1.0', () => {
  it('is not answered by this uWS build (connection closed, no response), so the README tells proxies to speak 1.1', async () => {
    const res = await raw(port, 'GET /health HTTP/1.0\r\nHost: x\r\n\r\n');
    assert.equal(res.status, null);
    assert.equal(res.head, '');
    assert.equal(res.closed, true);
    const readme = fs.readFileSync('README.md', 'utf8');
    assert.match(readme, /proxy_http_version 1\.1;/);
  });
});

describe('keep-alive survives every kind of answer', () => {
  it('a HEAD answer leaves the connection open: the next request on it is answered', async () => {
    const head = 'HEAD /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n';
    const text = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write(head + 'GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'));
      let got = '';
      socket.on('data', (chunk) => {
        got += chunk.toString('latin1');
        if ((got.match(/^HTTP\/1\.1 200/gm) ?? []).length === 2 && got.endsWith('}')) {
          socket.destroy();
          resolve(got);
        }
      });
      socket.on('close', () => resolve(got));
      socket.on('error', reject);
    });
    const heads = text.split('HTTP/1.1 ').slice(1);
    assert.equal(heads.length, 2, `two answers on one connection, got: ${JSON.stringify(text)}`);
    assert.match(heads[0]!, /\r\ncontent-length: (\d+)\r\n/i);
    assert.match(heads[1]!, /^200 /);
  });
});

describe('hostile bodies', () => {
  it('a JSON body nested 20,000 deep gets a 422 naming the field, not a 500', async () => {
    const deep = `{"perils":["Rain"],"window_days":7,"events":[{"latitude":1,"longitude":1}],"x":${'['.repeat(20_000)}${']'.repeat(20_000)}}`;
    const res = await call(`${t.url}/v1/in-depth/expanding`, { method: 'POST', key, body: deep, headers: { 'content-type': 'application/json' } });
    assert.equal(res.status, 422);
    assertError(res.body, 422, 'validation_error', 'x');
  });
});

describe('names that are object members', () => {
  it('/docs/constructor and /docs/__proto__ are 404, not 500', async () => {
    for (const name of ['constructor', '__proto__', 'toString']) {
      const res = await call(`${t.url}/docs/${name}?%`);
      assert.equal(res.status, 404, name);
      assertError(res.body, 404, 'not_found', null);
    }
  });
});

describe('an upload declared larger than the limit', () => {
  it('is answered (bad_request for a non-multipart type, else csv_oversized) before its body arrives, and nothing escapes to the process', async () => {
    const escaped: unknown[] = [];
    const onEscape = (err: unknown): void => void escaped.push(err);
    process.on('uncaughtException', onEscape);
    process.on('unhandledRejection', onEscape);
    try {
      for (const [type, status, code] of [
        ['text/csv', 400, 'bad_request'],
        ['multipart/form-data; boundary=b', 400, 'csv_oversized'],
      ] as const) {
        const res = await raw(port, `POST /v1/in-depth/batch/upload HTTP/1.1\r\nHost: 127.0.0.1\r\nX-API-Key: ${key}\r\nContent-Type: ${type}\r\nContent-Length: 900000000\r\n\r\nlocation\nLondon\n`);
        assert.equal(res.status, status, type);
        assert.equal(JSON.parse(res.body).error.code, code, type);
      }
      await new Promise((resolve) => setImmediate(resolve));
      assert.equal((await call(`${t.url}/health`)).status, 200);
      assert.deepEqual(escaped, []);
    } finally {
      process.off('uncaughtException', onEscape);
      process.off('unhandledRejection', onEscape);
    }
  });
});

describe('echoed input is cut short', () => {
  it('an unknown 10,000-character path is quoted to at most ECHO_MAX_CHARS characters', async () => {
    const res = await call(`${t.url}/${'a'.repeat(10_000)}`);
    assert.equal(res.status, 404);
    assert.ok(res.body.error.message.length < 2 * ECHO_MAX_CHARS + 40, `message is ${res.body.error.message.length} characters`);
    assert.ok(res.body.error.message.includes(`"/${'a'.repeat(ECHO_MAX_CHARS - 1)}…"`));
  });

  it('an unknown peril name of 5,000 characters is quoted short in the 422', async () => {
    const res = await call(`${t.url}/v2/in-depth`, { method: 'POST', key, json: { perils: ['X'.repeat(5000)], events: [{ latitude: 1, longitude: 1 }] } });
    assert.equal(res.status, 422);
    assert.equal(res.body.error.field, 'perils[0]');
    assert.ok(res.body.error.message.length < 400, `message is ${res.body.error.message.length} characters`);
    assert.ok(res.body.error.message.includes(`"${'X'.repeat(ECHO_MAX_CHARS)}…"`));
  });
});

describe('links are built on a validated Host', () => {
  let jobId: string;
  before(async () => {
    const file = await upload(t.url, key, 'latitude,longitude\r\n25.7,-80.2\r\n');
    const submitted = await call(`${t.url}/v1/in-depth/batch`, { method: 'POST', key, json: { file_id: file.body.file_id, perils: ['Earthquake'] } });
    jobId = submitted.body.job_id;
    assert.equal((await waitForJob(t.url, key, 'in-depth', jobId)).status, 'complete');
  });

  async function resultUrlWithHost(host: string): Promise<string> {
    const res = await raw(port, `GET /v1/in-depth/batch/${jobId} HTTP/1.1\r\nHost: ${host}\r\nX-API-Key: ${key}\r\n\r\n`, true);
    assert.equal(res.status, 200);
    return JSON.parse(res.body).result_url;
  }

  it('a plain host:port from the request is used', async () => {
    assert.ok((await resultUrlWithHost('hazards.example.org:8443')).startsWith(`http://hazards.example.org:8443/v1/downloads/${jobId}/results.csv?`));
    assert.ok((await resultUrlWithHost('[::1]:9000')).startsWith(`http://[::1]:9000/v1/downloads/${jobId}/`));
  });

  for (const host of ['evil.example/"><script>', 'user@evil.example', 'a b', 'evil.example:80:90']) {
    it(`Host ${JSON.stringify(host)} is not trusted: links use the listening address`, async () => {
      assert.ok((await resultUrlWithHost(host)).startsWith(`http://127.0.0.1:${port}/v1/downloads/${jobId}/results.csv?`));
    });
  }
});

describe('the port is ours alone', () => {
  it('a second service on a port already in use fails with a clear message instead of sharing it', async () => {
    const config = loadConfig({ host: '127.0.0.1', port, dataDir: `${t.dataDir}-second`, logLevel: 'silent', poolSize: 0 });
    const second = await App.create(config, { worker: false });
    try {
      await assert.rejects(second.listen(), /cannot listen on 127\.0\.0\.1:\d+: the port is in use/);
    } finally {
      await second.close();
      fs.rmSync(`${t.dataDir}-second`, { recursive: true, force: true });
    }
  });
});
