/**
 * Soak (issue 20): is the service stable under sustained load — no errors, no
 * 5xx, memory flat? Starts `hazrisk serve` (the built dist/cli.js) as a child
 * on a fresh data dir and uses the demo key it writes, measures peak
 * throughput for --peak-seconds with autocannon on a mix of routes, then runs
 * at --load (default 80 %) of that peak for --minutes, sampling the child's
 * RSS (/proc/<pid>/status) every second, and its V8 heap (from /metrics, when
 * served) and the latency percentiles of the last window every --sample-seconds.
 *
 *   npm run soak -- [--minutes 10] [--peak-seconds 20] [--load 0.8] [--connections 32]
 *                   [--tables DIR] [--log-level info] [--json out.json]
 *
 * Tables: --tables DIR (or HAZRISK_TABLES_DIR) serves built tables; otherwise
 * the small fixture tables of the API tests are written into the fresh data
 * dir (all perils present, so every request in the mix computes).
 *
 * Pass/fail (documented in bench/README.md): fail on any connection error or
 * timeout, any 5xx, the child exiting, or RSS growth — the least-squares slope
 * of the per-second RSS over the second half of the sustained phase above
 * RSS_SLOPE_LIMIT MiB/min, or the mean RSS of the last minute above
 * RSS_RATIO_LIMIT × that of the first minute. Non-2xx answers are counted and
 * reported.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { writeFixtureTables } from '../test/helpers/fixture-tables.js';

const RSS_SLOPE_LIMIT = 2; // MiB per minute, second half of the sustained phase
const RSS_RATIO_LIMIT = 1.2; // last minute / first minute

const args = process.argv.slice(2);
const option = (name: string, fallback: string): string => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1]! : fallback;
};
const MINUTES = Number(option('minutes', '10'));
const PEAK_SECONDS = Number(option('peak-seconds', '20'));
const LOAD = Number(option('load', '0.8'));
const CONNECTIONS = Number(option('connections', '32'));
const SAMPLE_SECONDS = Number(option('sample-seconds', '10'));
const LOG_LEVEL = option('log-level', 'info');
const JSON_OUT = option('json', '');
const TABLES = option('tables', process.env.HAZRISK_TABLES_DIR ?? '');

interface Request {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}
interface Result {
  requests: { average: number; total: number };
  latency: { p50: number; p90: number; p99: number; max: number; average: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodeStats: Record<string, { count: number }>;
}
interface Instance extends PromiseLike<Result> {
  on(event: 'response', fn: (client: unknown, status: number, bytes: number, ms: number) => void): void;
  on(event: 'reqError', fn: (err: Error) => void): void;
}
type Autocannon = (opts: Record<string, unknown>) => Instance;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mib = (bytes: number) => +(bytes / 1024 / 1024).toFixed(1);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as net.AddressInfo).port;
      server.close(() => resolve(port));
    });
  });
}

function rssBytes(pid: number): number | null {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : null;
  } catch {
    return null;
  }
}

async function heapBytes(url: string): Promise<number | null> {
  try {
    const res = await fetch(`${url}/metrics`);
    if (res.status !== 200) return null;
    const m = /^nodejs_heap_size_used_bytes(?:\{[^}]*\})? ([\d.e+]+)/m.exec(await res.text());
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Least-squares slope of y over x. */
function slope(points: [number, number][]): number {
  const n = points.length;
  if (n < 2) return 0;
  const mx = points.reduce((a, [x]) => a + x, 0) / n;
  const my = points.reduce((a, [, y]) => a + y, 0) / n;
  const sxx = points.reduce((a, [x]) => a + (x - mx) ** 2, 0);
  return sxx === 0 ? 0 : points.reduce((a, [x, y]) => a + (x - mx) * (y - my), 0) / sxx;
}

// ---------------------------------------------------------------- the service

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hazrisk-soak-'));
const tablesDir = TABLES ? path.resolve(TABLES) : path.join(dataDir, 'tables');
if (!TABLES) writeFixtureTables(tablesDir);
const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const cli = path.resolve(import.meta.dirname, '../dist/cli.js');
const child = spawn(process.execPath, [cli, 'serve'], {
  env: { ...process.env, HAZRISK_DATA_DIR: dataDir, HAZRISK_TABLES_DIR: tablesDir, HAZRISK_PORT: String(port), HAZRISK_HOST: '127.0.0.1', HAZRISK_LOG_LEVEL: LOG_LEVEL },
  stdio: ['ignore', 'ignore', 'pipe'],
});
let stderr = '';
child.stderr!.on('data', (c: Buffer) => void (stderr = (stderr + c.toString()).slice(-20_000)));
let exited: string | null = null;
child.once('exit', (code, signal) => void (exited = `exit ${code ?? signal}`));
const stopChild = async (): Promise<void> => {
  if (exited) return;
  child.kill('SIGTERM');
  for (let i = 0; i < 100 && !exited; i++) await sleep(100);
  if (!exited) child.kill('SIGKILL');
};

for (let i = 0; ; i++) {
  if (exited) throw new Error(`hazrisk serve ended before answering (${exited}):\n${stderr}`);
  const ok = await fetch(`${url}/health`).then((r) => r.status === 200, () => false);
  if (ok && fs.existsSync(path.join(dataDir, 'demo-key.txt'))) break;
  if (i > 600) throw new Error(`hazrisk serve did not answer /health within 60 s:\n${stderr}`);
  await sleep(100);
}
const key = fs.readFileSync(path.join(dataDir, 'demo-key.txt'), 'utf8').trim();
const keyed = { 'x-api-key': key };
const json = { ...keyed, 'content-type': 'application/json' };
const MIX: Request[] = [
  { method: 'GET', path: '/health' },
  { method: 'GET', path: '/v1/perils', headers: keyed },
  { method: 'GET', path: '/v1/lite?latitude=25.76&longitude=-80.19', headers: keyed },
  { method: 'GET', path: '/v1/lite?location=London,%20UK&tag=soak', headers: keyed },
  { method: 'POST', path: '/v2/in-depth', headers: json, body: JSON.stringify({ perils: ['Earthquake'], events: [{ latitude: 35.68, longitude: 139.69 }] }) },
  { method: 'POST', path: '/v1/in-depth/daily', headers: json, body: JSON.stringify({ perils: ['Rain'], events: [{ latitude: 51.5, longitude: -0.12, start_date: '2027-07-01', end_date: '2027-07-07' }] }) },
];
for (const r of MIX) {
  const res = await fetch(url + r.path, { method: r.method, headers: r.headers, body: r.body });
  if (res.status >= 300) throw new Error(`soak mix: ${r.method} ${r.path} answered ${res.status}: ${await res.text()}`);
}
console.log(`# soak — node ${process.version}, ${os.cpus().length} cpus (${os.cpus()[0]?.model}), ${CONNECTIONS} connections, mix of ${MIX.length} requests, tables ${TABLES ? tablesDir : 'fixture'}, log level ${LOG_LEVEL}`);
console.log(`hazrisk serve pid ${child.pid} on ${url}, RSS at start ${mib(rssBytes(child.pid!) ?? 0)} MiB`);

// ---------------------------------------------------------------- peak

await autocannon({ url, connections: CONNECTIONS, duration: 3, requests: MIX });
const peak = await autocannon({ url, connections: CONNECTIONS, duration: PEAK_SECONDS, requests: MIX });
const peakRps = peak.requests.total / PEAK_SECONDS;
const targetRps = Math.floor(peakRps * LOAD);
console.log(`peak: ${peakRps.toFixed(0)} req/s over ${PEAK_SECONDS} s (p50 ${peak.latency.p50} ms, p99 ${peak.latency.p99} ms, errors ${peak.errors}, non-2xx ${peak.non2xx}); sustained target ${targetRps} req/s (${LOAD * 100} %) for ${MINUTES} min`);

// ---------------------------------------------------------------- sustained

interface Sample {
  t_s: number;
  rss_mib: number | null;
  heap_mib: number | null;
  rps: number;
  p50_ms: number;
  p90_ms: number;
  p99_ms: number;
  max_ms: number;
  non2xx: number;
  errors: number;
}
const samples: Sample[] = [];
const statuses: Record<string, number> = {};
const errorMessages: Record<string, number> = {};
let window: number[] = [];
let windowNon2xx = 0;
let windowErrors = 0;
const started = performance.now();
// RSS every second: the 10-second samples are for reading, the regression uses all of these (the GC sawtooth averages out).
const rssSeries: [number, number][] = [];
const rssTimer = setInterval(() => {
  const b = exited ? null : rssBytes(child.pid!);
  if (b !== null) rssSeries.push([+((performance.now() - started) / 1000).toFixed(1), mib(b)]);
}, 1000);
const run = autocannon({ url, connections: CONNECTIONS, duration: MINUTES * 60, overallRate: targetRps, requests: MIX });
// Every sustained-phase latency in 0.1 ms buckets (up to 60 s), for whole-run percentiles without coordinated-omission correction.
const histogram = new Uint32Array(600_001);
run.on('response', (_c, status, _b, ms) => {
  window.push(ms);
  histogram[Math.min(600_000, Math.round(ms * 10))]!++;
  statuses[status] = (statuses[status] ?? 0) + 1;
  if (status < 200 || status >= 300) windowNon2xx++;
});
run.on('reqError', (err) => {
  windowErrors++;
  errorMessages[err.message] = (errorMessages[err.message] ?? 0) + 1;
});
let finished = false;
const done = Promise.resolve(run).then((r) => ((finished = true), r));
let last = started;
while (!finished && !exited) {
  await Promise.race([sleep(SAMPLE_SECONDS * 1000), done]);
  const now = performance.now();
  // Take the window's figures before any await: responses keep arriving meanwhile.
  const lat = window.sort((a, b) => a - b);
  const [non2xxInWindow, errorsInWindow] = [windowNon2xx, windowErrors];
  window = [];
  windowNon2xx = 0;
  windowErrors = 0;
  const sample: Sample = {
    t_s: Math.round((now - started) / 1000),
    rss_mib: exited ? null : mib(rssBytes(child.pid!) ?? 0),
    heap_mib: exited ? null : await heapBytes(url).then((b) => (b === null ? null : mib(b))),
    rps: Math.round(lat.length / ((now - last) / 1000)),
    p50_ms: +percentile(lat, 50).toFixed(2),
    p90_ms: +percentile(lat, 90).toFixed(2),
    p99_ms: +percentile(lat, 99).toFixed(2),
    max_ms: +(lat.at(-1) ?? 0).toFixed(2),
    non2xx: non2xxInWindow,
    errors: errorsInWindow,
  };
  if (lat.length > 0 || !finished) samples.push(sample);
  console.log(`  t=${String(sample.t_s).padStart(4)} s  RSS ${sample.rss_mib} MiB  heap ${sample.heap_mib ?? '-'} MiB  ${sample.rps} req/s  p50 ${sample.p50_ms} ms  p90 ${sample.p90_ms} ms  p99 ${sample.p99_ms} ms  max ${sample.max_ms} ms  non-2xx ${sample.non2xx}  errors ${sample.errors}`);
  last = now;
}
const sustained = exited ? null : await done;
clearInterval(rssTimer);
await stopChild();

// ---------------------------------------------------------------- verdict

const total = MINUTES * 60;
const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
const firstMinute = mean(rssSeries.filter(([t]) => t <= 60).map(([, m]) => m));
const lastMinute = mean(rssSeries.filter(([t]) => t > total - 60).map(([, m]) => m));
const secondHalf = rssSeries.filter(([t]) => t >= total / 2).map(([t, m]): [number, number] => [t / 60, m]);
const perMinute = Array.from({ length: Math.ceil(total / 60) }, (_, i) => {
  const xs = rssSeries.filter(([t]) => t > i * 60 && t <= (i + 1) * 60).map(([, m]) => m);
  return { minute: i + 1, min_mib: xs.length ? Math.min(...xs) : null, mean_mib: xs.length ? +mean(xs).toFixed(1) : null, max_mib: xs.length ? Math.max(...xs) : null };
});
const rssSlope = slope(secondHalf);
const ratio = firstMinute > 0 ? lastMinute / firstMinute : 0;
const count5xx = Object.entries(statuses).filter(([s]) => Number(s) >= 500).reduce((a, [, n]) => a + n, 0);
const non2xx = Object.entries(statuses).filter(([s]) => Number(s) < 200 || Number(s) >= 300).reduce((a, [, n]) => a + n, 0);
const errors = Object.values(errorMessages).reduce((a, b) => a + b, 0);
const achieved = sustained ? sustained.requests.total / total : 0;
const flat = rssSlope <= RSS_SLOPE_LIMIT && ratio <= RSS_RATIO_LIMIT;
const problems: string[] = [];
if (exited && !sustained) problems.push(`hazrisk serve ended during the soak (${exited}):\n${stderr.slice(-3000)}`);
if (errors > 0) problems.push(`${errors} request errors: ${JSON.stringify(errorMessages)}`);
if (count5xx > 0) problems.push(`${count5xx} responses 5xx`);
if (!flat) problems.push(`RSS not flat: slope ${rssSlope.toFixed(2)} MiB/min (limit ${RSS_SLOPE_LIMIT}), last/first minute ${ratio.toFixed(3)} (limit ${RSS_RATIO_LIMIT})`);
const allLat = sustained?.latency;
const counted = histogram.reduce((a, b) => a + b, 0);
const fromHistogram = (p: number): number => {
  let seen = 0;
  for (let i = 0; i < histogram.length; i++) if ((seen += histogram[i]!) >= (p / 100) * counted) return i / 10;
  return 0;
};
const latency = { p50: fromHistogram(50), p90: fromHistogram(90), p99: fromHistogram(99), p999: fromHistogram(99.9), max: histogram.findLastIndex((n) => n > 0) / 10 };
const summary = {
  passed: problems.length === 0,
  problems,
  machine: { node: process.version, cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? 'unknown' },
  config: { minutes: MINUTES, peakSeconds: PEAK_SECONDS, load: LOAD, connections: CONNECTIONS, sampleSeconds: SAMPLE_SECONDS, tables: TABLES ? tablesDir : 'fixture', logLevel: LOG_LEVEL, mix: MIX.map((r) => `${r.method} ${r.path}`) },
  peak: { rps: Math.round(peakRps), latency_ms: peak.latency, errors: peak.errors, non2xx: peak.non2xx },
  sustained: { target_rps: targetRps, achieved_rps: Math.round(achieved), of_peak: +(achieved / peakRps).toFixed(3), latency_ms: latency, autocannon_latency_ms: allLat ?? null, requests: sustained?.requests.total ?? null, statuses, errors, errorMessages, non2xx, count5xx },
  rss: { first_minute_mib: +firstMinute.toFixed(1), last_minute_mib: +lastMinute.toFixed(1), ratio: +ratio.toFixed(3), slope_second_half_mib_per_min: +rssSlope.toFixed(3), min_mib: Math.min(...rssSeries.map(([, m]) => m)), max_mib: Math.max(...rssSeries.map(([, m]) => m)), flat, per_minute: perMinute, limits: { slope_mib_per_min: RSS_SLOPE_LIMIT, ratio: RSS_RATIO_LIMIT } },
  samples,
  rss_series: rssSeries,
};
console.log(`\nsustained: ${summary.sustained.achieved_rps} req/s achieved (target ${targetRps}, ${(summary.sustained.of_peak * 100).toFixed(0)} % of peak ${summary.peak.rps}); latency p50 ${latency.p50} ms, p90 ${latency.p90} ms, p99 ${latency.p99} ms, p99.9 ${latency.p999} ms, max ${latency.max} ms`);
console.log(`statuses ${JSON.stringify(statuses)}; errors ${errors}; non-2xx ${non2xx}; 5xx ${count5xx}`);
console.log(`RSS: first minute ${summary.rss.first_minute_mib} MiB, last minute ${summary.rss.last_minute_mib} MiB (×${summary.rss.ratio}), slope over the second half ${summary.rss.slope_second_half_mib_per_min} MiB/min, range ${summary.rss.min_mib}–${summary.rss.max_mib} MiB → ${flat ? 'flat' : 'GROWING'}`);
console.log(problems.length === 0 ? 'RESULT: pass' : `RESULT: FAIL\n  ${problems.join('\n  ')}`);
if (JSON_OUT) {
  fs.mkdirSync(path.dirname(path.resolve(JSON_OUT)), { recursive: true });
  fs.writeFileSync(JSON_OUT, `${JSON.stringify(summary, null, 2)}\n`);
  console.log(`results written to ${JSON_OUT}`);
}
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(problems.length === 0 ? 0 : 1);
