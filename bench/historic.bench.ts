/**
 * Historic events: requests/s of the listing and shapes endpoints at a dense
 * location (Oklahoma City tornadoes and hail, Miami hurricanes) against the
 * event store built from the real catalogues. The server runs in a child
 * process (this file with --serve) so autocannon does not share its event loop.
 *
 *   node --import tsx bench/historic.bench.ts [--duration 10] [--connections 10] [--events DIR]
 *   (DIR: a built store, default ./var/events; without one the bench builds it
 *   from HAZRISK_SOURCES into a temp dir first and reports the build)
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { App } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { buildEventStore, eventStoreMissing } from '../src/historic/build.js';
import { tempDir } from '../test/helpers/app.js';

interface CannonResult {
  requests: { average: number };
  latency: { p50: number; p99: number };
  throughput: { average: number };
  errors: number;
  non2xx: number;
}
type Cannon = (options: { url: string; connections: number; duration: number; method?: string; headers?: Record<string, string>; body?: string }) => Promise<CannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Cannon;

const args = process.argv.slice(2);
const option = (name: string): string | undefined => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1] : undefined);

if (args[0] === '--serve') await serve(args[1]!);
else await bench();

/** Child: the service over a data dir whose events/ is the store under test; tells the parent its URL and a key. */
async function serve(dataDir: string): Promise<void> {
  const app = await App.create(loadConfig({ host: '127.0.0.1', port: 0, dataDir }), {
    log: pino({ level: 'silent' }),
    worker: false,
  });
  const port = await app.listen();
  const key = (await app.keys.create({ owner: 'bench', perils: ['Hail', 'Wildfire', 'TropicalCyclone', 'Tornado'], modes: ['historic'], floodPlus: false })).key;
  process.send!({ url: `http://127.0.0.1:${port}`, key });
  process.on('disconnect', () => void app.close().then(() => process.exit(0)));
}

async function bench(): Promise<void> {
  const duration = Number(option('duration') ?? 10);
  const connections = Number(option('connections') ?? 10);
  const dataDir = tempDir('hazrisk-historic-bench-');
  let events = path.resolve(option('events') ?? 'var/events');
  console.log(`# historic events bench — ${os.cpus().length} cores (${os.cpus()[0]?.model}), node ${process.version}, ${connections} connections × ${duration} s`);
  if (eventStoreMissing(events)) {
    events = path.join(dataDir, 'built-events');
    const started = performance.now();
    const manifest = await buildEventStore(loadConfig().sourcesDir, events);
    const mib = Object.values(manifest.files).reduce((sum, f) => sum + f.bytes, 0) / 2 ** 20;
    console.log(`store built in ${((performance.now() - started) / 1000).toFixed(1)} s, ${mib.toFixed(0)} MiB (peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB)`);
  }
  fs.symlinkSync(events, path.join(dataDir, 'events'));
  const child = fork(new URL(import.meta.url).pathname, ['--serve', dataDir], { execArgv: ['--import', 'tsx'] });
  try {
    const { url, key } = await new Promise<{ url: string; key: string }>((resolve) => child.once('message', (m) => resolve(m as { url: string; key: string })));
    const json = { 'content-type': 'application/json', 'x-api-key': key };
    const cases: [string, string, string?][] = [
      ['GET Tornado events, Oklahoma City (25 km, 100 listed)', `${url}/v1/historic-events/Tornado/events?lat=35.4676&lon=-97.5164`],
      ['POST Tornado shapes, Oklahoma City (25 km, cap 200)', `${url}/v1/historic-events/Tornado/shapes`, JSON.stringify({ peril_name: 'Tornado', lat: 35.4676, lon: -97.5164 })],
      ['GET Hail events, Oklahoma City (25 km, 100 listed)', `${url}/v1/historic-events/Hail/events?lat=35.4676&lon=-97.5164`],
      ['POST Hail shapes, Oklahoma City 2005–2011', `${url}/v1/historic-events/Hail/shapes`, JSON.stringify({ peril_name: 'Hail', lat: 35.4676, lon: -97.5164, start_year: 2005, end_year: 2011 })],
      ['GET TropicalCyclone events, Miami (100 km)', `${url}/v1/historic-events/TropicalCyclone/events?lat=25.7617&lon=-80.1918`],
      ['POST TropicalCyclone shapes, Irma by external_id', `${url}/v1/historic-events/TropicalCyclone/shapes`, JSON.stringify({ peril_name: 'TropicalCyclone', external_id: 'AL112017' })],
    ];
    console.log('\n| Request | req/s | p50 ms | p99 ms | KiB/response | errors |\n|---|---|---|---|---|---|');
    for (const [label, target, body] of cases) {
      const r = await autocannon({ url: target, connections, duration, method: body ? 'POST' : 'GET', headers: body ? json : { 'x-api-key': key }, body });
      const kib = r.requests.average > 0 ? r.throughput.average / r.requests.average / 1024 : 0;
      console.log(`| ${label} | ${Math.round(r.requests.average)} | ${r.latency.p50} | ${r.latency.p99} | ${kib.toFixed(1)} | ${r.errors + r.non2xx} |`);
    }
  } finally {
    await stop(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.disconnect();
  });
}
