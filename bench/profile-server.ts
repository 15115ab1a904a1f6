/**
 * A CPU profile of the main thread under load (issue 18; bench/README.md
 * "Profiles"): serves the app, prints `READY <url> <key>` on stderr, profiles
 * from then for --seconds while it is loaded, writes --out (.cpuprofile, opens
 * in Chrome DevTools or speedscope; bench/flamegraph.ts draws it as an SVG)
 * and exits. With --load it drives the load itself with wrk (one of the HTTP
 * bench's requests, bench/workloads.ts); without, load it yourself. --dist
 * serves the built dist/ (`npm run build` first), as deployed; otherwise the
 * sources run through tsx, whose helpers then show in the profile.
 *
 *   node --import tsx bench/profile-server.ts [--seconds 10] [--access-log all|errors|off] [--out main.cpuprofile]
 *     [--dist] [--load health|lite|v2|daily] [--connections 32]
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { tempDir } from '../test/helpers/app.js';
import { inDepthBodies, inDepthPerils, LITE_PATH, wrkRequestLines, type BenchRequest } from './workloads.js';

const args = process.argv.slice(2);
const option = (name: string, fallback: string): string => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1]! : fallback);
const code = (module: string) => import(new URL(args.includes('--dist') ? `../dist/${module}.js` : `../src/${module}.ts`, import.meta.url).href);
const { App } = (await code('app')) as typeof import('../src/app.js');
const { loadConfig } = (await code('config')) as typeof import('../src/config.js');
const { createLogger } = (await code('log')) as typeof import('../src/log.js');
const { PERIL_NAMES } = (await code('engine/perils')) as typeof import('../src/engine/perils.js');

const seconds = Number(option('seconds', '10'));
const accessLog = option('access-log', 'all') as 'all' | 'errors' | 'off';
const tablesDir = path.resolve(process.env.HAZRISK_TABLES_DIR ?? 'var/tables');
const app = await App.create(loadConfig({ host: '127.0.0.1', port: 0, dataDir: tempDir('hazrisk-prof-'), tablesDir, accessLog }), { log: createLogger('info'), worker: false });
const url = `http://127.0.0.1:${await app.listen()}`;
const key = (await app.keys.create({ owner: 'bench', perils: PERIL_NAMES, modes: ['in_depth', 'lite'], floodPlus: true })).key;

/** One of the bench's requests: for a warm-up fetch, and as wrk's Lua script. */
function request(load: string): { target: string; init: BenchRequest; script: string } {
  const bodies = inDepthBodies(inDepthPerils(PERIL_NAMES.filter((p) => app.engine.info(p))));
  const headers = { 'content-type': 'application/json', 'x-api-key': key };
  const make = (target: string, init: BenchRequest) => ({ target, init, script: wrkRequestLines(init).join('\n') });
  if (load === 'health') return make('/health', {});
  if (load === 'lite') return make(LITE_PATH, { headers: { 'x-api-key': key } });
  if (load === 'v2') return make('/v2/in-depth', { method: 'POST', body: bodies.v2, headers });
  if (load === 'daily') return make('/v1/in-depth/daily', { method: 'POST', body: bodies.daily, headers });
  throw new Error(`--load ${load}: one of health, lite, v2, daily`);
}

const load = option('load', '');
const loaded = load ? request(load) : null;
// One request first: the lazy loads of a first request (the gazetteer) are not part of the steady state.
if (loaded) await (await fetch(`${url}${loaded.target}`, loaded.init)).arrayBuffer();
const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: 100 });
await session.post('Profiler.start');
process.stderr.write(`READY ${url} ${key}\n`);
if (loaded) {
  const scriptFile = path.join(os.tmpdir(), `hazrisk-profile-${process.pid}.lua`);
  fs.writeFileSync(scriptFile, loaded.script);
  const { stdout } = await promisify(execFile)('wrk', ['-t1', `-c${option('connections', '32')}`, `-d${seconds}s`, '-s', scriptFile, `${url}${loaded.target}`]);
  fs.rmSync(scriptFile);
  process.stderr.write(stdout);
} else {
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
}
const { profile } = await session.post('Profiler.stop');
fs.writeFileSync(option('out', 'main.cpuprofile'), JSON.stringify(profile));
await app.close();
process.exit(0);
