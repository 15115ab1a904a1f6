/**
 * HTTP throughput on this machine, every comparison inside one run (ratios,
 * since the machines are noisy). The server runs in this process; the load
 * generator is a separate process: wrk when installed (C, cheap per request,
 * so cheap endpoints measure the server rather than the client), else
 * autocannon. Endpoints are measured in interleaved rounds and reported as
 * medians, so one noisy moment cannot skew a ratio. Baselines in the same run:
 * node:http, a bare uWS handler with the same body, and the service with its
 * access log written synchronously (one write per line, as before issue 18),
 * batched (the default, src/log.ts) and off; every log goes to a real file.
 *
 *   npm run build && node --import tsx bench/http.bench.ts [--duration 5] [--connections 50] [--rounds 3]
 *   (serves the built dist/ with the built tables in HAZRISK_TABLES_DIR, default ./var/tables)
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import uWS from '@trufflesuite/uws-js-unofficial';
import { pino, type Logger } from 'pino';
import type { PerilName } from '../src/engine/perils.js';
import type { Route } from '../src/http/types.js';
import { tempDir } from '../test/helpers/app.js';
import { inDepthBodies, inDepthPerils, LITE_PATH, wrkRequestLines, type BenchRequest } from './workloads.js';

/**
 * The service as deployed: the compiled dist/ (run `npm run build` first), typed by its sources.
 * Run from src/ through tsx, every closure the request path creates also calls tsx's name helper.
 */
const dist = (module: string) => import(new URL(`../dist/${module}`, import.meta.url).href);
const { App } = (await dist('app.js')) as typeof import('../src/app.js');
const { loadConfig } = (await dist('config.js')) as typeof import('../src/config.js');
const { createLogger } = (await dist('log.js')) as typeof import('../src/log.js');
const { PERIL_NAMES } = (await dist('engine/perils.js')) as typeof import('../src/engine/perils.js');

const run = promisify(execFile);
const args = process.argv.slice(2);
const option = (name: string, fallback: number) => Number(args[args.indexOf(`--${name}`) + 1] ?? fallback) || fallback;
const DURATION = option('duration', 5);
const CONNECTIONS = option('connections', 50);
const ROUNDS = option('rounds', 3);
const AUTOCANNON = path.resolve('node_modules/autocannon/autocannon.js');
const WRK = ['/usr/bin/wrk', '/usr/local/bin/wrk'].find((p) => fs.existsSync(p)) ?? null;

interface Load {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function load(url: string, init: BenchRequest = {}): Promise<Load> {
  return WRK ? loadWithWrk(url, init) : loadWithAutocannon(url, init);
}

/** wrk with a Lua script for method, body and headers; latency percentiles from its summary hook. */
async function loadWithWrk(url: string, init: BenchRequest): Promise<Load> {
  const script = path.join(os.tmpdir(), `hazrisk-wrk-${process.pid}.lua`);
  fs.writeFileSync(
    script,
    [
      ...wrkRequestLines(init),
      'function done(summary, latency, requests)',
      '  io.write(string.format("JSON {\\"rps\\":%f,\\"p50\\":%f,\\"p99\\":%f,\\"errors\\":%d}\\n", summary.requests / (summary.duration / 1e6), latency:percentile(50) / 1000, latency:percentile(99) / 1000, summary.errors.status + summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout))',
      'end',
    ].join('\n'),
  );
  const { stdout } = await run(WRK!, ['-t1', `-c${CONNECTIONS}`, `-d${DURATION}s`, '-s', script, url], { maxBuffer: 1 << 24 });
  const r = JSON.parse(stdout.slice(stdout.indexOf('JSON ') + 5));
  return { rps: r.rps, p50: Number(r.p50.toFixed(1)), p99: Number(r.p99.toFixed(1)), errors: r.errors };
}

async function loadWithAutocannon(url: string, init: BenchRequest): Promise<Load> {
  const cli = [AUTOCANNON, '-j', '-c', String(CONNECTIONS), '-d', String(DURATION), '-m', init.method ?? 'GET'];
  for (const [k, v] of Object.entries(init.headers ?? {})) cli.push('-H', `${k}=${v}`);
  if (init.body) cli.push('-b', init.body);
  const { stdout } = await run(process.execPath, [...cli, url], { maxBuffer: 1 << 24 });
  const r = JSON.parse(stdout);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

const echo: Route = { method: 'POST', path: '/bench/echo', auth: null, body: 'json', handler: (ctx) => ({ body: ctx.body }) };

function nodeServer(): Promise<{ url: string; close: () => void }> {
  const server = http.createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/health') {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      return void res.end('{"message":"ok"}');
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(JSON.parse(Buffer.concat(chunks).toString())));
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, close: () => server.close() })));
}

/** The same /health body from a bare uWS handler: the ceiling our front is measured against. */
function bareUws(): Promise<{ url: string; close: () => void }> {
  const server = uWS.App().get('/health', (res) => {
    res.cork(() => res.writeStatus('200 OK').writeHeader('content-type', 'application/json; charset=utf-8').end('{"message":"ok"}'));
  });
  return new Promise((resolve) =>
    server.listen('127.0.0.1', 0, (socket) => {
      if (!socket) throw new Error('bare uWS could not listen');
      resolve({ url: `http://127.0.0.1:${uWS.us_socket_local_port(socket)}`, close: () => uWS.us_listen_socket_close(socket) });
    }),
  );
}

const tablesDir = path.resolve(process.env.HAZRISK_TABLES_DIR ?? 'var/tables');
const logDir = tempDir('hazrisk-bench-logs-');
/**
 * Access-log variants, each writing to its own file: sync = one write(2) per line (before issue 18);
 * sonic = pino's asynchronous SonicBoom destination in 4 KiB batches (the first attempt); the default
 * is src/log.ts's batched destination.
 */
const logFile = (name: string) => path.join(logDir, `${name}.log`);
const pinoTo = (name: string, sync: boolean) =>
  pino({ level: 'info', base: { service: 'hazrisk' } }, pino.destination({ dest: logFile(name), sync, ...(sync ? {} : { minLength: 4096, periodicFlush: 250 }) } as Parameters<typeof pino.destination>[0]));
const startApp = async (log: Logger, accessLog: 'all' | 'off', extraRoutes: Route[] = []) => {
  const instance = await App.create(loadConfig({ host: '127.0.0.1', port: 0, dataDir: tempDir('hazrisk-bench-'), tablesDir, accessLog }), { extraRoutes, log, worker: false });
  return { app: instance, url: `http://127.0.0.1:${await instance.listen()}` };
};
const { app, url: ours } = await startApp(createLogger('info', fs.openSync(logFile('batched'), 'a')), 'all', [echo]);
const syncLog = await startApp(pinoTo('sync', true), 'all');
const sonicLog = await startApp(pinoTo('sonic', false), 'all');
const noLog = await startApp(pinoTo('off', false), 'off');
const bare = await bareUws();
const key = (await app.keys.create({ owner: 'bench', perils: PERIL_NAMES, modes: ['in_depth', 'lite'], floodPlus: true })).key;
const node = await nodeServer();
const available = PERIL_NAMES.filter((p) => app.engine.info(p)) as PerilName[];
const perils = inDepthPerils(available) as PerilName[];
const { events, v2: v2Body, daily: dailyBody } = inDepthBodies(perils);
const json = { 'content-type': 'application/json', 'x-api-key': key };

/** Each in-depth body once before loading it: every combination must be a curve (200), or the bench measures something else. */
async function answerSize(route: string, body: string): Promise<number> {
  const response = await fetch(`${ours}${route}`, { method: 'POST', body, headers: json });
  const bytes = Buffer.from(await response.arrayBuffer());
  if (response.status !== 200) throw new Error(`${route} answered ${response.status}: ${bytes.toString().slice(0, 300)} (the bench needs every combination computed)`);
  return bytes.byteLength;
}
const answerBytes = perils.length ? { v2: await answerSize('/v2/in-depth', v2Body), daily: await answerSize('/v1/in-depth/daily', dailyBody) } : null;

console.log(`# HTTP bench — ${os.cpus().length} cores (${os.cpus()[0]?.model}), node ${process.version}, ${WRK ? 'wrk' : 'autocannon'}, ${CONNECTIONS} connections × ${DURATION} s, median of ${ROUNDS} interleaved rounds`);
console.log(`tables: ${available.join(', ') || 'none'}; v2 body: ${perils.length} perils × ${events} events (${v2Body.length} bytes in, ${answerBytes?.v2 ?? 0} out; daily over 30 days ${answerBytes?.daily ?? 0} out)\n`);

const plan: [string, string, Parameters<typeof load>[1]][] = [
  ['GET /health (uWS)', `${ours}/health`, {}],
  ['GET /health, access log sync', `${syncLog.url}/health`, {}],
  ['GET /health, access log SonicBoom', `${sonicLog.url}/health`, {}],
  ['GET /health, access log off', `${noLog.url}/health`, {}],
  ['GET /health, bare uWS handler', `${bare.url}/health`, {}],
  ['GET /health (node:http)', `${node.url}/health`, {}],
  ['POST echo, v2-sized body (uWS)', `${ours}/bench/echo`, { method: 'POST', body: v2Body, headers: json }],
  ['POST echo, v2-sized body (node:http)', `${node.url}/bench/echo`, { method: 'POST', body: v2Body, headers: json }],
  ['POST echo, daily-sized body (uWS)', `${ours}/bench/echo`, { method: 'POST', body: dailyBody, headers: json }],
  ['GET /v1/lite (coordinates)', `${ours}${LITE_PATH}`, { headers: { 'x-api-key': key } }],
];
if (perils.length) {
  plan.push([`POST /v2/in-depth (${perils.length * events} combos)`, `${ours}/v2/in-depth`, { method: 'POST', body: v2Body, headers: json }]);
  plan.push([`POST /v2/in-depth, msgpack answer`, `${ours}/v2/in-depth`, { method: 'POST', body: v2Body, headers: { ...json, accept: 'application/msgpack' } }]);
  plan.push([`POST /v2/in-depth, gzip answer`, `${ours}/v2/in-depth`, { method: 'POST', body: v2Body, headers: { ...json, 'accept-encoding': 'gzip' } }]);
  plan.push(['POST /v1/in-depth/daily (30 days)', `${ours}/v1/in-depth/daily`, { method: 'POST', body: dailyBody, headers: json }]);
}
const samples = new Map<string, Load[]>(plan.map(([name]) => [name, []]));
for (let round = 0; round < ROUNDS; round++) {
  for (const [name, url, init] of plan) samples.get(name)!.push(await load(url, init));
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const result = new Map<string, Load>();
for (const [name, loads] of samples) {
  const r = { rps: median(loads.map((l) => l.rps)), p50: median(loads.map((l) => l.p50)), p99: median(loads.map((l) => l.p99)), errors: loads.reduce((a, l) => a + l.errors, 0) };
  result.set(name, r);
  console.log(`${name.padEnd(36)} ${r.rps.toFixed(0).padStart(7)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  errors ${r.errors}   (rounds: ${loads.map((l) => l.rps.toFixed(0)).join(', ')})`);
}
const get = (prefix: string) => [...result].find(([name]) => name.startsWith(prefix))?.[1];
const uwsHealth = get('GET /health (uWS)')!;
const syncHealth = get('GET /health, access log sync')!;
const sonicHealth = get('GET /health, access log SonicBoom')!;
const offHealth = get('GET /health, access log off')!;
const bareHealth = get('GET /health, bare uWS handler')!;
const nodeHealth = get('GET /health (node:http)')!;
const uwsEcho = get('POST echo, v2-sized body (uWS)')!;
const nodeEcho = get('POST echo, v2-sized body (node:http)')!;
const dailyEcho = get('POST echo, daily-sized body (uWS)')!;
const lite = get('GET /v1/lite')!;
const v2 = get('POST /v2/in-depth');
const daily = get('POST /v1/in-depth/daily');
console.log('\nratios of medians (same run):');
console.log(`  /health, access log batched / sync ${(uwsHealth.rps / syncHealth.rps).toFixed(2)}×, batched / SonicBoom ${(uwsHealth.rps / sonicHealth.rps).toFixed(2)}×; off / batched ${(offHealth.rps / uwsHealth.rps).toFixed(2)}×; ours / bare uWS ${((100 * uwsHealth.rps) / bareHealth.rps).toFixed(0)} % (off: ${((100 * offHealth.rps) / bareHealth.rps).toFixed(0)} %)`);
console.log(`  uWS / node:http — /health ${(uwsHealth.rps / nodeHealth.rps).toFixed(2)}×, echo ${(uwsEcho.rps / nodeEcho.rps).toFixed(2)}×`);
const v2Msgpack = get('POST /v2/in-depth, msgpack');
const v2Gzip = get('POST /v2/in-depth, gzip');
if (v2 && v2Gzip) console.log(`  v2 gzip / plain JSON: ${(v2Gzip.rps / v2.rps).toFixed(2)}× on loopback (compression pays off the box, docs/api.md "Compression")`);
if (v2 && v2Msgpack) console.log(`  v2 msgpack / JSON: ${(v2Msgpack.rps / v2.rps).toFixed(2)}× (goal ≥ 1); v2 / our /health ${((100 * v2.rps) / uwsHealth.rps).toFixed(0)} % (goal ≥ 25 %)`);
if (v2) console.log(`  v2 / echo of the same body: ${((100 * v2.rps) / uwsEcho.rps).toFixed(0)} %, v2 p99 ${v2.p99} ms (goal ≤ 20 ms)`);
if (daily) console.log(`  daily / echo of the same body: ${((100 * daily.rps) / dailyEcho.rps).toFixed(0)} %`);
console.log(`  Lite / health: ${((100 * lite.rps) / uwsHealth.rps).toFixed(0)} % (goal ≥ 50 %), Lite p99 ${lite.p99} ms`);
node.close();
bare.close();
await Promise.all([app.close(), syncLog.app.close(), sonicLog.app.close(), noLog.app.close()]);
fs.rmSync(logDir, { recursive: true, force: true });
