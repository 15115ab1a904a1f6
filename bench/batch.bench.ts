/**
 * Batch end to end on the real tables: 100,000-row schedules (half coordinates,
 * half place names), in-depth with 3 perils and Lite with every Lite peril —
 * upload time, submit → complete wall time, rows/s and peak RSS of the process
 * (server, worker and engine threads all live in it).
 *
 *   node --import tsx bench/batch.bench.ts [--rows 100000]
 *   (tables from HAZRISK_TABLES_DIR, default ./var/tables)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { App } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { PERIL_NAMES } from '../src/engine/perils.js';
import { tempDir } from '../test/helpers/app.js';
import { call } from '../test/helpers/app.js';
import { toCsv, upload, waitForJob } from '../test/helpers/batch.js';

const args = process.argv.slice(2);
const ROWS = Number(args[args.indexOf('--rows') + 1] ?? 100_000) || 100_000;
const PLACES = ['Miami, FL', 'Houston, TX', 'London, UK', 'Paris, France', 'Tokyo, Japan', 'Manila', 'Mumbai', 'Sydney', 'Lima', 'Oklahoma City',
  'Denver', 'Chicago', 'Boston', 'Seattle', 'Los Angeles', 'San Francisco', 'New Orleans', 'Tampa', 'Dhaka', 'Bangkok', 'Lisbon', 'Madrid', 'Rome',
  'Istanbul', 'Tehran', 'Kathmandu', 'Santiago', 'Auckland', 'Cape Town', 'Nairobi', 'Cairo', 'Moscow', 'Berlin', 'Toronto', 'Mexico City', 'Sao Paulo'];

const tablesDir = path.resolve(process.env.HAZRISK_TABLES_DIR ?? 'var/tables');
const dataDir = tempDir('hazrisk-batch-bench-');
let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);
const app = await App.create(loadConfig({ host: '127.0.0.1', port: 0, dataDir, tablesDir, uploadBytes: 64 << 20 }), {
  log: pino({ level: 'warn' }),
});
const url = `http://127.0.0.1:${await app.listen()}`;
const key = (await app.keys.create({ owner: 'bench', perils: PERIL_NAMES, modes: ['in_depth', 'lite', 'batch'], floodPlus: true })).key;
const rows = Array.from({ length: ROWS }, (_, i) =>
  i % 2 === 0 ? [null, -50 + ((i * 0.37) % 110), -170 + ((i * 1.91) % 340), `r${i}`] : [PLACES[i % PLACES.length]!, null, null, `r${i}`],
);
const csv = toCsv(['location', 'latitude', 'longitude', 'tag'], rows);
console.log(`# batch bench — ${os.cpus().length} cores (${os.cpus()[0]?.model}), node ${process.version}, ${ROWS} rows (${(csv.length / 2 ** 20).toFixed(1)} MiB CSV), tables ${tablesDir}`);
console.log(`RSS after start: ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MiB`);

let t0 = performance.now();
const file = await upload(url, key, csv);
console.log(`upload + validation: ${((performance.now() - t0) / 1000).toFixed(1)} s (${file.status})`);

async function run(kind: 'in-depth' | 'lite', json: Record<string, unknown>, label: string): Promise<void> {
  peakRss = process.memoryUsage().rss;
  t0 = performance.now();
  const job = await call(`${url}/v1/${kind}/batch`, { method: 'POST', key, json: { file_id: file.body.file_id, ...json } });
  const status = await waitForJob(url, key, kind, job.body.job_id);
  const seconds = (performance.now() - t0) / 1000;
  const result = path.join(dataDir, 'jobs', job.body.job_id, 'results.csv');
  const bytes = fs.existsSync(result) ? fs.statSync(result).size : 0;
  console.log(
    `${label}: ${status.status} in ${seconds.toFixed(1)} s — ${(ROWS / seconds).toFixed(0)} rows/s, results ${(bytes / 2 ** 20).toFixed(0)} MiB, ` +
      `report ${status.report_url ? 'yes' : 'no'}, workbook ${status.workbook_url ? 'yes' : 'no'}, peak RSS ${(peakRss / 2 ** 20).toFixed(0)} MiB`,
  );
}
await run('in-depth', { perils: ['TropicalCyclone', 'Earthquake', 'Rain'] }, 'in-depth, 3 perils (TC, EQ, Rain: 3.2 M lines)');
await run('in-depth', { perils: ['TropicalCyclone', 'Rain', 'CumulativeRain'] }, 'in-depth, 3 perils (TC, Rain, CumulativeRain: 2.4 M lines)');
await run('lite', {}, 'Lite, all Lite perils');
clearInterval(sampler);
await app.close();
fs.rmSync(dataDir, { recursive: true, force: true });
