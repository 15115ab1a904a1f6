/**
 * A CPU profile of the main thread under load (issue 18; bench/README.md
 * "Profiles"): serves the app, prints `READY <url> <key>` on stderr, profiles
 * from then for --seconds while you load it (wrk), writes --out
 * (.cpuprofile, opens in Chrome DevTools or speedscope) and exits.
 *
 *   node --import tsx bench/profile-server.ts [--seconds 10] [--access-log all|errors|off] [--out main.cpuprofile]
 */
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { App } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createLogger } from '../src/log.js';
import { PERIL_NAMES } from '../src/engine/perils.js';
import { tempDir } from '../test/helpers/app.js';

const args = process.argv.slice(2);
const option = (name: string, fallback: string): string => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1]! : fallback);
const accessLog = option('access-log', 'all') as 'all' | 'errors' | 'off';
const tablesDir = path.resolve(process.env.HAZRISK_TABLES_DIR ?? 'var/tables');
const app = await App.create(loadConfig({ host: '127.0.0.1', port: 0, dataDir: tempDir('hazrisk-prof-'), tablesDir, accessLog }), { log: createLogger('info'), worker: false });
const url = `http://127.0.0.1:${await app.listen()}`;
const key = app.keys.create({ owner: 'bench', perils: PERIL_NAMES, modes: ['in_depth', 'lite'], floodPlus: true }).key;
const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: 100 });
await session.post('Profiler.start');
process.stderr.write(`READY ${url} ${key}\n`);
await new Promise((resolve) => setTimeout(resolve, Number(option('seconds', '10')) * 1000));
const { profile } = await session.post('Profiler.stop');
fs.writeFileSync(option('out', 'main.cpuprofile'), JSON.stringify(profile));
await app.close();
process.exit(0);
