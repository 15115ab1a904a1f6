/**
 * HTTP throughput on this machine, every comparison inside one run (ratios,
 * since the machines are noisy). The server runs in this process; autocannon
 * runs as a separate process so it does not share the server's event loop.
 *
 *   node --import tsx bench/http.bench.ts [--duration 5] [--connections 50]
 *   (uses the built tables in HAZRISK_TABLES_DIR, default ./var/tables)
 */
import { execFile } from 'node:child_process';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { pino } from 'pino';
import { App } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { PERIL_NAMES, type PerilName } from '../src/engine/perils.js';
import type { Route } from '../src/http/types.js';
import { tempDir } from '../test/helpers/app.js';

const run = promisify(execFile);
const args = process.argv.slice(2);
const option = (name: string, fallback: number) => Number(args[args.indexOf(`--${name}`) + 1] ?? fallback) || fallback;
const DURATION = option('duration', 5);
const CONNECTIONS = option('connections', 50);
const AUTOCANNON = path.resolve('node_modules/autocannon/autocannon.js');

interface Load {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function load(url: string, init: { method?: string; body?: string; headers?: Record<string, string> } = {}): Promise<Load> {
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

const tablesDir = path.resolve(process.env.HAZRISK_TABLES_DIR ?? 'var/tables');
const app = await App.create(loadConfig({ host: '127.0.0.1', port: 0, dataDir: tempDir('hazrisk-bench-'), tablesDir }), {
  extraRoutes: [echo],
  log: pino({ level: 'info' }, pino.destination({ dest: '/dev/null', sync: false })),
  worker: false,
});
const ours = `http://127.0.0.1:${await app.listen()}`;
const key = app.keys.create({ owner: 'bench', perils: PERIL_NAMES, modes: ['in_depth', 'lite'], floodPlus: true }).key;
const node = await nodeServer();
const available = PERIL_NAMES.filter((p) => app.engine.info(p)) as PerilName[];
const perils = available.filter((p) => !['Hail', 'USTornado', 'Tornado'].includes(p)).slice(0, 5);
const events = Array.from({ length: Math.floor(25 / Math.max(1, perils.length)) }, (_, i) => ({ latitude: -40 + ((i * 7.3) % 90), longitude: -179 + ((i * 19.1) % 358) }));
const v2Body = JSON.stringify({ perils, events });
const dailyBody = JSON.stringify({ perils, events: events.map((e) => ({ ...e, start_date: '2027-07-01', end_date: '2027-07-07' })) });
const json = { 'content-type': 'application/json', 'x-api-key': key };

console.log(`# HTTP bench — ${os.cpus().length} cores (${os.cpus()[0]?.model}), node ${process.version}, ${CONNECTIONS} connections × ${DURATION} s`);
console.log(`tables: ${available.join(', ') || 'none'}; v2 body: ${perils.length} perils × ${events.length} events (${v2Body.length} bytes)\n`);
const results: [string, Load][] = [];
const measure = async (name: string, url: string, init?: Parameters<typeof load>[1]) => {
  const r = await load(url, init);
  results.push([name, r]);
  console.log(`${name.padEnd(34)} ${r.rps.toFixed(0).padStart(7)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  errors ${r.errors}`);
  return r;
};
const uwsHealth = await measure('GET /health (uWS)', `${ours}/health`);
const nodeHealth = await measure('GET /health (node:http)', `${node.url}/health`);
const uwsEcho = await measure('POST echo, v2-sized body (uWS)', `${ours}/bench/echo`, { method: 'POST', body: v2Body, headers: json });
const nodeEcho = await measure('POST echo, v2-sized body (node:http)', `${node.url}/bench/echo`, { method: 'POST', body: v2Body, headers: json });
const v2 = perils.length ? await measure(`POST /v2/in-depth (${perils.length * events.length} combos)`, `${ours}/v2/in-depth`, { method: 'POST', body: v2Body, headers: json }) : null;
const dailyEcho = await measure('POST echo, daily-sized body (uWS)', `${ours}/bench/echo`, { method: 'POST', body: dailyBody, headers: json });
const daily = perils.length ? await measure('POST /v1/in-depth/daily (7 days)', `${ours}/v1/in-depth/daily`, { method: 'POST', body: dailyBody, headers: json }) : null;
const lite = await measure('GET /v1/lite (coordinates)', `${ours}/v1/lite?latitude=25.76&longitude=-80.19`, { headers: { 'x-api-key': key } });

console.log('\nratios (same run):');
console.log(`  uWS / node:http — /health ${(uwsHealth.rps / nodeHealth.rps).toFixed(2)}×, echo ${(uwsEcho.rps / nodeEcho.rps).toFixed(2)}×`);
if (v2) console.log(`  v2 / echo of the same body: ${((100 * v2.rps) / uwsEcho.rps).toFixed(0)} % (goal ≥ 40 %), v2 p99 ${v2.p99} ms (goal ≤ 20 ms)`);
if (daily) console.log(`  daily / echo of the same body: ${((100 * daily.rps) / dailyEcho.rps).toFixed(0)} %`);
console.log(`  Lite / health: ${((100 * lite.rps) / uwsHealth.rps).toFixed(0)} % (goal ≥ 50 %), Lite p99 ${lite.p99} ms`);
node.close();
await app.close();
