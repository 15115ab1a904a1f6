import assert from 'node:assert/strict';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import { after, before, describe, it } from '../helpers/harness.js';
import { call, tempDir } from '../helpers/app.js';
import { parseCsvText, toCsv, waitForJob } from '../helpers/batch.js';
import { writeFixtureTables } from '../helpers/fixture-tables.js';
import { nginxSkip, requireNginx, startNginx, type RunningNginx } from '../helpers/nginx.js';
import { freePort } from '../helpers/ports.js';
import { rawRequest } from '../helpers/raw-http.js';
import { serveProcess, stopProcess, type ServedProcess } from '../helpers/serve.js';
import { environmentHelp, loadConfig } from '../../src/config.js';
import { LIMITS } from '../../src/limits.js';

/**
 * Issue 30: the service works behind nginx as shipped. deploy/nginx.conf runs
 * unchanged in a real nginx (Debian's package, installed when missing) in
 * front of a real `hazrisk serve`, with only its two ports swapped for free
 * ones — by substitutions that fail the test if the lines they expect are
 * gone. Through it: /health (also from an HTTP/1.0 client), POST /v2/in-depth,
 * the body limit, a buffered upload, a batch job and its signed download link,
 * which must name nginx's host and port. deploy/hazrisk.service is checked
 * against the service's configuration and the nginx file.
 */
const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const SHIPPED_SITE = fs.readFileSync(path.join(ROOT, 'deploy/nginx.conf'), 'utf8');
const SHIPPED_UNIT = fs.readFileSync(path.join(ROOT, 'deploy/hazrisk.service'), 'utf8');
const NGINX_SKIP = nginxSkip('the shipped deploy/nginx.conf');

/** The shipped upstream and listen lines; the test swaps their ports and nothing else. */
const UPSTREAM_LINE = /^(\s*)server 127\.0\.0\.1:8080;/gm;
const LISTEN_LINE = /^(\s*)listen 80;/gm;

/** Replace the one match of `pattern`; anything but exactly one means the shipped file changed under the test. */
function replaceOnce(text: string, pattern: RegExp, replacement: string, what: string): string {
  const matches = text.match(pattern) ?? [];
  if (matches.length !== 1) throw new Error(`deploy/nginx.conf: expected exactly one ${what} (${pattern}), found ${matches.length}; update the test with the file`);
  return text.replace(pattern, replacement);
}

/** deploy/nginx.conf with its listen port and upstream port swapped, nothing else. */
function siteForTest(listenPort: number, upstreamPort: number): string {
  const listening = replaceOnce(SHIPPED_SITE, LISTEN_LINE, `$1listen 127.0.0.1:${listenPort};`, '`listen 80;` line');
  return replaceOnce(listening, UPSTREAM_LINE, `$1server 127.0.0.1:${upstreamPort};`, '`server 127.0.0.1:8080;` upstream line');
}

/** A top-level nginx.conf around the site, everything nginx writes kept in `prefix`. */
function mainConfig(prefix: string, site: string): string {
  const inPrefix = (name: string) => path.join(prefix, name);
  return [
    // As root the workers would otherwise be `nobody`, who cannot enter the 0700 temporary prefix.
    process.getuid?.() === 0 ? 'user root;' : '',
    'worker_processes 1;',
    `pid ${inPrefix('nginx.pid')};`,
    'error_log stderr notice;',
    'events { worker_connections 256; }',
    'http {',
    `  access_log ${inPrefix('access.log')};`,
    `  client_body_temp_path ${inPrefix('client_body_temp')};`,
    `  proxy_temp_path ${inPrefix('proxy_temp')};`,
    `  fastcgi_temp_path ${inPrefix('fastcgi_temp')};`,
    `  uwsgi_temp_path ${inPrefix('uwsgi_temp')};`,
    `  scgi_temp_path ${inPrefix('scgi_temp')};`,
    site,
    '}',
    '',
  ].join('\n');
}

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

function parseAnswer(text: string): RawAnswer {
  const end = text.indexOf('\r\n\r\n');
  assert.ok(end > 0, `no complete response head in ${JSON.stringify(text.slice(0, 300))}`);
  const [statusLine, ...lines] = text.slice(0, end).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine!)![1]), headers, body: text.slice(end + 4) };
}

/** A complete answer: head, then Content-Length bytes of body. */
function complete(text: string): boolean {
  const end = text.indexOf('\r\n\r\n');
  if (end < 0) return false;
  const length = /\r\ncontent-length: *(\d+)/i.exec(text.slice(0, end));
  return length !== null && Buffer.byteLength(text.slice(end + 4)) >= Number(length[1]);
}

/** Write `request` on a fresh connection; resolve with what came back once `done` holds or the peer ends. */
function exchange(port: number, request: string, done: (received: string) => boolean = () => false): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    let received = '';
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
      if (done(received)) {
        socket.destroy();
        resolve(received);
      }
    });
    socket.on('end', () => resolve(received));
    socket.on('error', reject);
  });
}

/** Every file under `dir` (none when it does not exist). */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name);
}

/** The unit file's [Service] settings: each key's values in order (Environment= and the like repeat). */
function unitSettings(text: string): Map<string, string[]> {
  const settings = new Map<string, string[]>();
  let section = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    const header = /^\[(.+)\]$/.exec(line);
    if (header) {
      section = header[1]!;
      continue;
    }
    const eq = line.indexOf('=');
    assert.ok(eq > 0, `deploy/hazrisk.service: not a setting: ${line}`);
    const key = `${section}.${line.slice(0, eq).trim()}`;
    settings.set(key, [...(settings.get(key) ?? []), line.slice(eq + 1).trim()]);
  }
  return settings;
}

describe('deploy/hazrisk.service', () => {
  it('serves with the settings nginx expects, writes only the data dir, outlasts the drain and leaves V8 its JIT', () => {
    const unit = unitSettings(SHIPPED_UNIT);
    const one = (key: string): string => {
      const values = unit.get(`Service.${key}`) ?? [];
      assert.equal(values.length, 1, `${key}= set once in [Service], got ${JSON.stringify(values)}`);
      return values[0]!;
    };
    const env: Record<string, string> = {};
    for (const assignment of unit.get('Service.Environment') ?? []) {
      for (const [, name, value] of assignment.matchAll(/(?:^|\s)"?([A-Za-z_][A-Za-z0-9_]*)=([^"\s]*)"?/g)) env[name!] = value!;
    }
    // Every HAZRISK_ name must be one the service reads: a misspelt one would be silently ignored.
    const known = new Set(environmentHelp().map((entry) => entry.split(' ')[0]));
    for (const name of Object.keys(env).filter((n) => n.startsWith('HAZRISK_'))) assert.ok(known.has(name), `${name} is not a setting the service reads`);
    const config = loadConfig({}, env);

    const [node, cli, ...args] = one('ExecStart').split(/\s+/);
    assert.ok(path.isAbsolute(node!), 'ExecStart names node by its absolute path');
    assert.equal(cli, path.join(one('WorkingDirectory'), 'dist/cli.js'), 'the built CLI of the installed release');
    assert.deepEqual(args, ['serve']);
    assert.notEqual(one('User'), 'root');

    assert.ok(env.HAZRISK_DATA_DIR, 'HAZRISK_DATA_DIR is set');
    assert.equal(one('ReadWritePaths'), config.dataDir, 'the data dir, and nothing else, is writable');
    assert.equal(`/var/lib/${one('StateDirectory')}`, config.dataDir, 'systemd creates the data dir for the service user');
    assert.equal(one('ProtectSystem'), 'strict');
    assert.ok(config.publicUrl.startsWith('http'), 'HAZRISK_PUBLIC_URL is set: links are built on the public origin');

    // The upstream of deploy/nginx.conf is where the unit listens, and nginx's body limit is the service's.
    const upstream = /^\s*server (\S+):(\d+);/m.exec(SHIPPED_SITE);
    assert.deepEqual([config.host, String(config.port)], [upstream?.[1], upstream?.[2]]);
    const maxBody = /^\s*client_max_body_size (\d+)m;/m.exec(SHIPPED_SITE);
    assert.equal(Number(maxBody?.[1]) * 1024 * 1024, config.uploadBytes, 'client_max_body_size is HAZRISK_UPLOAD_LIMIT');

    // SIGTERM drains for HAZRISK_SHUTDOWN_GRACE_MS, then the batch worker hands its leases back: allow 10 s more than the grace.
    assert.equal(one('KillSignal'), 'SIGTERM');
    const stopSeconds = /^(\d+)s?$/.exec(one('TimeoutStopSec'));
    assert.ok(stopSeconds, `TimeoutStopSec in seconds, got ${one('TimeoutStopSec')}`);
    assert.ok(Number(stopSeconds[1]) >= config.shutdownGraceMs / 1000 + 10, `TimeoutStopSec=${stopSeconds[1]}s must exceed the drain (HAZRISK_SHUTDOWN_GRACE_MS=${config.shutdownGraceMs}) by 10 s for the lease hand-back and log flush`);
    assert.equal(one('Restart'), 'on-failure');

    // V8 writes its JIT code: node aborts under MemoryDenyWriteExecute.
    for (const value of unit.get('Service.MemoryDenyWriteExecute') ?? []) assert.match(value, /^(no|false|off|0)$/i, 'MemoryDenyWriteExecute must stay off');
    for (const key of ['NoNewPrivileges', 'ProtectHome', 'PrivateTmp', 'PrivateDevices', 'ProtectKernelTunables', 'ProtectKernelModules', 'RestrictRealtime', 'LockPersonality']) assert.equal(one(key), 'yes', key);
    assert.equal(one('UMask'), '0077');
    assert.deepEqual(one('RestrictAddressFamilies').split(/\s+/).sort(), ['AF_INET', 'AF_INET6', 'AF_UNIX']);
  });
});

describe('hazrisk serve behind nginx (deploy/nginx.conf as shipped)', () => {
  let server: ServedProcess;
  let nginx: RunningNginx;
  let dataDir: string;
  let prefix: string;
  let port: number;
  let key: string;
  let proxied: string;
  let fileId: string;
  /** Schedule rows (location, latitude, longitude, tag): about 34 KB, more than nginx's in-memory body buffer (16 KiB). */
  const rows = Array.from({ length: 800 }, (_, i) => [null, 20 + (i % 120) * 0.25, -100 + (i % 90) * 0.5, `site-${i}-${'x'.repeat(20)}`]);

  before(async () => {
    if (NGINX_SKIP) return;
    const binary = requireNginx();
    dataDir = tempDir();
    writeFixtureTables(path.join(dataDir, 'tables'));
    // No HAZRISK_PUBLIC_URL: links must then keep the Host nginx forwards, port included.
    server = await serveProcess(dataDir, { HAZRISK_PUBLIC_URL: '' });
    key = fs.readFileSync(path.join(dataDir, 'demo-key.txt'), 'utf8').trim();
    prefix = tempDir('hazrisk-nginx-');
    port = await freePort();
    proxied = `http://127.0.0.1:${port}`;
    const conf = path.join(prefix, 'nginx.conf');
    fs.writeFileSync(conf, mainConfig(prefix, siteForTest(port, server.port)));
    nginx = await startNginx(binary, prefix, conf);
  });

  after(async () => {
    if (nginx) await nginx.stop();
    if (server) await stopProcess(server);
    for (const dir of [prefix, dataDir]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('GET /health: 200 {"message":"ok"}, the request id reaches the service, the uWebSockets header does not reach the client', { skip: NGINX_SKIP }, async () => {
    const res = await rawRequest(`${proxied}/health`);
    assert.equal(res.status, 200);
    assert.deepEqual(JSON.parse(res.body.toString()), { message: 'ok' });
    assert.equal(res.headers.uwebsockets, undefined, 'proxy_hide_header uWebSockets');
    assert.equal((await rawRequest(`${server.url}/health`)).headers.uwebsockets, '20', 'the binary does send it');
    // nginx's id when the client sends none (or one the service would refuse), the client's own otherwise; the service logs it.
    const generated = res.headers['x-request-id'] as string;
    assert.match(generated, /^[0-9a-f]{32}$/);
    await server.waitForLine(new RegExp(`"req_id":"${generated}","method":"GET","path":"/health","status":200`));
    assert.equal((await rawRequest(`${proxied}/health`, { 'x-request-id': 'deploy-test.1' })).headers['x-request-id'], 'deploy-test.1');
    assert.match((await rawRequest(`${proxied}/health`, { 'x-request-id': 'not "one"' })).headers['x-request-id'] as string, /^[0-9a-f]{32}$/);
  });

  it('answers an HTTP/1.0 client, with or without Host (uWS itself answers neither)', { skip: NGINX_SKIP }, async () => {
    for (const request of ['GET /health HTTP/1.0\r\n\r\n', `GET /health HTTP/1.0\r\nHost: 127.0.0.1:${port}\r\n\r\n`]) {
      const answer = parseAnswer(await exchange(port, request));
      assert.equal(answer.status, 200, request);
      assert.equal(answer.body, '{"message":"ok"}', request);
    }
  });

  it('POST /v2/in-depth: 200 with the full curves, the same answer as the service gives directly', { skip: NGINX_SKIP }, async () => {
    const json = { perils: ['TropicalCyclone', 'Earthquake'], events: [{ latitude: 25.76, longitude: -80.19, start_date: '2027-01-01', end_date: '2027-12-31', tag: 'HQ' }] };
    const res = await call(`${proxied}/v2/in-depth`, { method: 'POST', key, json });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(Object.keys(res.body), ['results', 'failed_items', 'metadata']);
    assert.deepEqual(res.body.results.map((r: any) => [r.index, r.peril, r.latitude, r.longitude]), [[0, 'TropicalCyclone', 25.76, -80.19], [0, 'Earthquake', 25.76, -80.19]]);
    for (const r of res.body.results) {
      assert.deepEqual(Object.keys(r), ['index', 'peril', 'latitude', 'longitude', 'threshold', 'probability', 'return_period', 'unit']);
      assert.equal(r.probability.length, r.threshold.length);
    }
    assert.deepEqual(res.body.failed_items, []);
    assert.deepEqual(res.body, (await call(`${server.url}/v2/in-depth`, { method: 'POST', key, json })).body);
  });

  it('the body limit is the upload limit: one byte over is the service\'s own refusal, the limit itself is read', { skip: NGINX_SKIP }, async () => {
    const head = (route: string, length: number, extra = '') =>
      `POST ${route} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nx-api-key: ${key}\r\ncontent-type: multipart/form-data; boundary=b\r\ncontent-length: ${length}\r\n${extra}\r\n`;
    const over = LIMITS.uploadBytes + 1;
    // The service answers an oversized upload 400 csv_oversized (SPEC); nginx must say the same, not its own 413.
    const direct = parseAnswer(await exchange(server.port, head('/v1/in-depth/batch/upload', over), complete));
    assert.equal(direct.status, 400);
    for (const route of ['/v1/in-depth/batch/upload', '/v1/lite/batch/upload']) {
      const answer = parseAnswer(await exchange(port, head(route, over), complete));
      assert.equal(answer.status, 400, route);
      assert.match(answer.headers['content-type']!, /^application\/json/);
      const { request_id, ...error } = JSON.parse(answer.body).error;
      const { request_id: _, ...expected } = JSON.parse(direct.body).error;
      assert.deepEqual(error, expected, route);
      assert.equal(request_id, answer.headers['x-request-id']);
    }
    // Any other route: 413 in the service's error shape.
    const other = parseAnswer(await exchange(port, head('/v2/in-depth', over), complete));
    assert.equal(other.status, 413);
    assert.deepEqual(JSON.parse(other.body).error.code, 'payload_too_large');
    assert.equal(JSON.parse(other.body).error.limit_bytes, LIMITS.uploadBytes);
    // Exactly the limit: nginx asks for the body.
    const atLimit = await exchange(port, head('/v1/in-depth/batch/upload', LIMITS.uploadBytes, 'expect: 100-continue\r\n'), (r) => r.includes('\r\n\r\n'));
    assert.match(atLimit, /^HTTP\/1\.1 100 Continue\r\n/);
  });

  it('buffers an upload: nginx holds a body paused halfway (the service has not seen it), then the service answers 200 with a file_id', { skip: NGINX_SKIP }, async () => {
    const boundary = 'hazrisk-nginx-deploy';
    const body = Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="schedule.csv"\r\ncontent-type: text/csv\r\n\r\n` +
        toCsv(['location', 'latitude', 'longitude', 'tag'], rows) +
        `\r\n--${boundary}--\r\n`,
    );
    const firstPart = body.subarray(0, body.length - 64);
    assert.ok(firstPart.length > 16 * 1024, 'the first part overflows nginx\'s in-memory body buffer (client_body_buffer_size, 16 KiB), so nginx spools it to a file');
    let resume!: () => void;
    const rest = new Promise<void>((r) => (resume = r));
    const stream = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(firstPart);
        await rest;
        controller.enqueue(body.subarray(firstPart.length));
        controller.close();
      },
    });
    const answer = fetch(`${proxied}/v1/in-depth/batch/upload`, {
      method: 'POST', body: stream, duplex: 'half', headers: { 'x-api-key': key, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(body.length) },
    } as RequestInit);
    // With request buffering on, nginx spools the body to its temporary file (and logs that) and contacts
    // the service only once the body is whole; with it off, the service would be receiving it by now.
    await nginx.waitForLine(/a client request body is buffered to a temporary file .*"POST \/v1\/in-depth\/batch\/upload /, answer);
    assert.deepEqual(filesUnder(path.join(dataDir, 'uploads')).filter((f) => f.startsWith('.upload-')), [], 'the service is receiving the upload before nginx has all of it');
    resume();
    const res = await answer;
    const text = await res.text();
    assert.equal(res.status, 200, text);
    fileId = JSON.parse(text).file_id;
    assert.match(fileId, /^file_/);
  });

  it('a batch job through nginx: its signed result link names nginx\'s host and port and downloads the CSV (whole, ranged, gzipped)', { skip: NGINX_SKIP }, async () => {
    assert.ok(fileId, 'the upload test stored the schedule');
    const submitted = await call(`${proxied}/v1/in-depth/batch`, { method: 'POST', key, json: { file_id: fileId, perils: ['Earthquake', 'Rain'] } });
    assert.equal(submitted.status, 200, JSON.stringify(submitted.body));
    const done = await waitForJob(proxied, key, 'in-depth', submitted.body.job_id);
    assert.equal(done.status, 'complete', JSON.stringify(done));
    const link = new URL(done.result_url);
    assert.equal(link.origin, proxied, 'the link is built on the Host nginx forwards, port kept, not on the upstream address');

    const whole = await rawRequest(done.result_url);
    assert.equal(whole.status, 200);
    assert.deepEqual(whole.body, (await rawRequest(`${server.url}${link.pathname}${link.search}`)).body, 'the same bytes as straight from the service');
    const csv = parseCsvText(whole.body.toString('utf8'));
    assert.deepEqual(csv[0]!.slice(0, 5), ['index', 'location', 'latitude', 'longitude', 'tag']);
    const tagColumn = csv[0]!.indexOf('tag');
    assert.deepEqual(new Set(csv.slice(1).map((r) => r[tagColumn])), new Set(rows.map((r) => r[3])), 'every schedule row has result lines');

    const ranged = await rawRequest(done.result_url, { range: 'bytes=0-9' });
    assert.equal(ranged.status, 206);
    assert.deepEqual(ranged.body, whole.body.subarray(0, 10));
    const gzipped = await rawRequest(done.result_url, { 'accept-encoding': 'gzip' });
    assert.equal(gzipped.headers['content-encoding'], 'gzip');
    assert.deepEqual(zlib.gunzipSync(gzipped.body), whole.body);
  });
});
