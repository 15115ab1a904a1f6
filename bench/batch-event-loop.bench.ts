/**
 * Does a running batch stall the HTTP server? (issue 30, item 9; bench/README.md
 * "Batch and the event loop"). A real `hazrisk serve` from a built tree (its
 * dist/, as deployed) on the real tables computes a 100,000-row in-depth job
 * (TropicalCyclone, Earthquake, Rain: 3.2 M result lines) while this process
 * asks GET /health back to back, one request at a time, and records each
 * latency — first for --idle-seconds with nothing running (the baseline in the
 * same run), then from submit until the job leaves the compute phase, then
 * through the artefact phase until it completes. The server also reports its
 * own event-loop delay (perf_hooks.monitorEventLoopDelay) through /metrics.
 *
 *   node --import tsx bench/batch-event-loop.bench.ts [--tree DIR] [--rows 100000] [--idle-seconds 10] [--profile DIR]
 *   (tree: a checkout with dist/ built, default this one; tables from HAZRISK_TABLES_DIR, default ./var/tables;
 *   --profile: the server writes V8 CPU profiles there, for bench/stalls.ts)
 */
import os from 'node:os';
import path from 'node:path';
import { call } from '../test/helpers/app.js';
import { startDistServer } from './dist-server.js';
import { toCsv, upload } from '../test/helpers/batch.js';

const args = process.argv.slice(2);
const option = (name: string, fallback: string): string => (args.includes(name) ? args[args.indexOf(name) + 1]! : fallback);
const TREE = path.resolve(option('--tree', '.'));
const ROWS = Number(option('--rows', '100000'));
const IDLE_MS = Number(option('--idle-seconds', '10')) * 1000;
const PROFILE = args.includes('--profile') ? [`--cpu-prof`, `--cpu-prof-dir=${path.resolve(option('--profile', ''))}`] : [];
const PERILS = ['TropicalCyclone', 'Earthquake', 'Rain'];
const tablesDir = path.resolve(process.env.HAZRISK_TABLES_DIR ?? 'var/tables');

const server = await startDistServer(TREE, { HAZRISK_TABLES_DIR: tablesDir, HAZRISK_MIN_FREE_MB: '0' }, PROFILE);
const { url, key } = server;

/** Latencies of /health, one request at a time, until `done()` holds. */
async function sampleHealth(done: () => boolean): Promise<number[]> {
  const latencies: number[] = [];
  while (!done()) {
    const t0 = performance.now();
    await (await fetch(`${url}/health`)).arrayBuffer();
    latencies.push(performance.now() - t0);
  }
  return latencies;
}

function summary(label: string, ms: number[]): string {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return `${label.padEnd(22)} n=${String(sorted.length).padStart(6)}  p50 ${at(0.5).toFixed(2)} ms  p99 ${at(0.99).toFixed(2)} ms  p99.9 ${at(0.999).toFixed(2)} ms  max ${sorted[sorted.length - 1]!.toFixed(1)} ms`;
}

const rows = Array.from({ length: ROWS }, (_, i) => [null, -50 + ((i * 0.37) % 110), -170 + ((i * 1.91) % 340), `r${i}`]);
const csv = toCsv(['location', 'latitude', 'longitude', 'tag'], rows);
console.log(`# batch and the event loop — ${os.cpus().length} cores (${os.cpus()[0]?.model}), node ${process.version}, tree ${TREE}, ${ROWS} rows, in-depth ${PERILS.join(', ')}`);

const idleUntil = performance.now() + IDLE_MS;
const idle = await sampleHealth(() => performance.now() > idleUntil);

const file = await upload(url, key, csv);
if (file.status !== 200) throw new Error(`upload: ${JSON.stringify(file.body)}`);
const job = await call(`${url}/v1/in-depth/batch`, { method: 'POST', key, json: { file_id: file.body.file_id, perils: PERILS } });
const jobId: string = job.body.job_id;
let status: { status: string; progress_percentage: number | null } = { status: 'pending', progress_percentage: 0 };
const t0 = performance.now();
let computedAt = 0;
let polling = true;
const poller = (async () => {
  while (polling) {
    status = (await call(`${url}/v1/in-depth/batch/${jobId}`, { key })).body;
    if (!computedAt && (status.progress_percentage ?? 0) >= 99) computedAt = performance.now();
    if (['complete', 'failed', 'cancelled'].includes(status.status)) polling = false;
    else await new Promise((r) => setTimeout(r, 250));
  }
})();
const computing = await sampleHealth(() => computedAt > 0 || !polling);
const building = await sampleHealth(() => !polling);
await poller;
const metrics = await (await fetch(`${url}/metrics`)).text();
const lag = (name: string): string => (Number(new RegExp(`^${name} ([0-9.e+-]+)$`, 'm').exec(metrics)?.[1] ?? NaN) * 1000).toFixed(1);

console.log(`job ${status.status}: compute ${((computedAt - t0) / 1000).toFixed(1)} s, artefacts ${((performance.now() - computedAt) / 1000).toFixed(1)} s`);
console.log(summary('/health, idle', idle));
console.log(summary('/health, computing', computing));
console.log(summary('/health, artefacts', building));
console.log(`server event-loop delay over the run: p99 ${lag('nodejs_eventloop_lag_p99_seconds')} ms, max ${lag('nodejs_eventloop_lag_max_seconds')} ms`);
await server.stop();
