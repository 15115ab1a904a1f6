/**
 * Soak (issues 20, 30): is the service stable under sustained, mixed load — no
 * errors, no 5xx, /health responsive, memory flat?
 *
 * Starts `hazrisk serve` (the built dist/cli.js, batch worker on, default
 * info-level access log written to a file in the data dir) as a child on a
 * fresh data dir and uses the demo key it writes. Measures peak throughput for
 * --peak-seconds with autocannon on a mix of routes, then for --minutes runs
 *  - autocannon at --load (80 %) of that peak on the same mix;
 *  - the batch driver (bench/soak/batch-driver.ts): --batch-loops loops
 *    uploading CSVs, submitting in-depth and Lite jobs (one large job per
 *    cycle of loop 0), polling them and downloading every artefact, sometimes
 *    gzip, sometimes a Range, sometimes If-None-Match;
 *  - a /health prober on a worker thread of its own (every 100 ms, a fresh
 *    connection each), so its latency is the server's and not this process's;
 * sampling the child's RSS every second and, every --sample-seconds, its V8
 * heap and the latency of autocannon's last window.
 *
 *   npm run soak                                  # 3 minutes on the fixture tables
 *   npm run soak -- [--minutes 3] [--peak-seconds 10] [--load 0.8] [--connections 32]
 *                   [--batch-loops 2] [--no-batch] [--tables DIR] [--log-level info]
 *                   [--health-p99 MS] [--rss-slope MIB_PER_MIN] [--json out.json]
 *
 * Tables: --tables DIR (or HAZRISK_TABLES_DIR) serves built tables; otherwise
 * the small fixture tables of the API tests are written into the fresh data
 * dir (all perils present, so every request in the mix computes).
 *
 * Pass/fail (documented in bench/README.md "Soak"): fail on any connection
 * error or timeout, any 5xx, the child exiting, an error reaching the process
 * guard (hazrisk_process_escaped_errors_total), any batch problem (a refused
 * upload or submission, a job that does not complete, a missing link, a
 * download answering wrongly), a failed /health probe or a /health p99 over
 * --health-p99 ms (100) during the sustained phase, a peak RSS over 1.5 GiB, or
 * RSS growth.
 *
 * The RSS rule (bench/soak/rss-rule.ts) replaces "least-squares slope of the
 * per-second RSS over the second half ≤ 2 MiB/min and last/first minute
 * ≤ 1.2", which needed 10 quiet minutes: on a short run with batch jobs the
 * first minute is warm-up, so last/first compares warm-up with steady state,
 * and RSS wanders by ±50–100 MiB over tens of seconds (V8's old-generation
 * sawtooth under uploads and artefact builds), so a least-squares slope over
 * 90 s reads tens of MiB/min either way (74 MiB/min on a 3-minute run of a
 * server whose 10-minute run is flat). Instead: drop a warm-up (max(60 s,
 * 30 %)); take 20-second medians (spikes shorter than 10 s vanish); fit them
 * with Theil–Sen (the median pairwise slope, robust to outliers); estimate
 * the noise from the residuals' median absolute deviation; and fail only when
 * the 99 % interval of the slope lies wholly above --rss-slope (4 MiB/min).
 * That is sound on a run of any length: a wave, a late step or warm-up cannot
 * push the whole interval above the bound unless the run really shows the
 * growth, and the interval — printed, with the growth each run rules out —
 * narrows as runs get longer or quieter (3 minutes of this mix rule out only
 * fast growth, ~100 MiB/min; 10 minutes ~12 MiB/min, and a 20 MiB/min leak
 * added to a measured 10-minute series fails).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { startServerProcess } from './fuzz/server.js';
import { HealthProbe, percentile } from './fuzz/live/health-probe.js';
import { BatchDriver } from './soak/batch-driver.js';
import { judgeRss } from './soak/rss-rule.js';

const args = process.argv.slice(2);
const option = (name: string, fallback: string): string => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1]! : fallback;
};
const MINUTES = Number(option('minutes', '3'));
const PEAK_SECONDS = Number(option('peak-seconds', '10'));
const LOAD = Number(option('load', '0.8'));
const CONNECTIONS = Number(option('connections', '32'));
const SAMPLE_SECONDS = Number(option('sample-seconds', '10'));
const LOG_LEVEL = option('log-level', 'info');
const JSON_OUT = option('json', '');
const TABLES = option('tables', process.env.HAZRISK_TABLES_DIR ?? '');
const BATCH = !args.includes('--no-batch');
const BATCH_LOOPS = Number(option('batch-loops', '2'));
const HEALTH_P99_MS = Number(option('health-p99', '100'));
const RSS_SLOPE = Number(option('rss-slope', '4'));

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

async function escapedErrors(url: string): Promise<number | null> {
  try {
    const m = /^hazrisk_process_escaped_errors_total(?:\{[^}]*\})? ([\d.e+]+)/m.exec(await (await fetch(`${url}/metrics`)).text());
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------- the service

const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hazrisk-soak-log-'));
const server = await startServerProcess({ tablesDir: TABLES || undefined, env: { HAZRISK_LOG_LEVEL: LOG_LEVEL }, stdoutFile: path.join(logDir, 'server.log') });
const url = server.url;
const pid = server.pid;
const keyed = { 'x-api-key': server.key };
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
console.log(`# soak — ${MINUTES} min, node ${process.version}, ${os.cpus().length} cpus (${os.cpus()[0]?.model}), ${CONNECTIONS} connections, mix of ${MIX.length} requests${BATCH ? ` + ${BATCH_LOOPS} batch loops (uploads, jobs, downloads)` : ''}, tables ${TABLES ? path.resolve(TABLES) : 'fixture'}, log level ${LOG_LEVEL}`);
console.log(`hazrisk serve pid ${pid} on ${url}, RSS at start ${mib(server.rssBytes() ?? 0)} MiB`);
const probe = new HealthProbe(server.port, { intervalMs: 100 });

// ---------------------------------------------------------------- peak

probe.phase('peak');
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
  health_p99_ms: number;
  non2xx: number;
  errors: number;
  jobs: number;
}
const samples: Sample[] = [];
const statuses: Record<string, number> = {};
const errorMessages: Record<string, number> = {};
let window: number[] = [];
let windowNon2xx = 0;
let windowErrors = 0;
probe.phase('sustained');
const started = performance.now();
// RSS every second: the 10-second samples are for reading, the RSS rule uses all of these.
const rssSeries: [number, number][] = [];
const rssTimer = setInterval(() => {
  const b = server.rssBytes();
  if (b !== null) rssSeries.push([+((performance.now() - started) / 1000).toFixed(1), mib(b)]);
}, 1000);
const driver = BATCH ? new BatchDriver(url, server.key, (line) => console.log(line)) : null;
driver?.start(BATCH_LOOPS);
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
while (!finished && !server.exited()) {
  await Promise.race([sleep(SAMPLE_SECONDS * 1000), done]);
  const now = performance.now();
  // Take the window's figures before any await: responses keep arriving meanwhile.
  const lat = window.sort((a, b) => a - b);
  const [non2xxInWindow, errorsInWindow] = [windowNon2xx, windowErrors];
  window = [];
  windowNon2xx = 0;
  windowErrors = 0;
  await probe.collect();
  const health = probe.samplesOf('sustained').filter((s) => s.at >= performance.timeOrigin + last && s.ms !== null).map((s) => s.ms!).sort((a, b) => a - b);
  const sample: Sample = {
    t_s: Math.round((now - started) / 1000),
    rss_mib: server.exited() ? null : mib(server.rssBytes() ?? 0),
    heap_mib: server.exited() ? null : await heapBytes(url).then((b) => (b === null ? null : mib(b))),
    rps: Math.round(lat.length / ((now - last) / 1000)),
    p50_ms: +percentile(lat, 50).toFixed(2),
    p90_ms: +percentile(lat, 90).toFixed(2),
    p99_ms: +percentile(lat, 99).toFixed(2),
    max_ms: +(lat.at(-1) ?? 0).toFixed(2),
    health_p99_ms: +percentile(health, 99).toFixed(1),
    non2xx: non2xxInWindow,
    errors: errorsInWindow,
    jobs: driver ? Object.values(driver.stats.jobs).reduce((a, b) => a + b, 0) : 0,
  };
  if (lat.length > 0 || !finished) samples.push(sample);
  console.log(`  t=${String(sample.t_s).padStart(4)} s  RSS ${sample.rss_mib} MiB  heap ${sample.heap_mib ?? '-'} MiB  ${sample.rps} req/s  p50 ${sample.p50_ms} ms  p99 ${sample.p99_ms} ms  max ${sample.max_ms} ms  /health p99 ${sample.health_p99_ms} ms  non-2xx ${sample.non2xx}  errors ${sample.errors}  jobs done ${sample.jobs}`);
  last = now;
}
const sustained = server.exited() ? null : await done;
probe.phase('drain');
clearInterval(rssTimer);
await driver?.stop();
const escaped = await escapedErrors(url);
await probe.stop();
await server.close();
await server.scanLogFile();
if (!process.env.HAZRISK_SOAK_KEEP_LOG) fs.rmSync(logDir, { recursive: true, force: true });
else console.log(`server log kept in ${logDir}`);

// ---------------------------------------------------------------- verdict

const total = MINUTES * 60;
const rss = judgeRss(rssSeries, total, { slopeLimit: RSS_SLOPE });
const healthStats = probe.stats('sustained');
const healthPeak = probe.stats('peak');
const count5xx = Object.entries(statuses).filter(([s]) => Number(s) >= 500).reduce((a, [, n]) => a + n, 0);
const non2xx = Object.entries(statuses).filter(([s]) => Number(s) < 200 || Number(s) >= 300).reduce((a, [, n]) => a + n, 0);
const errors = Object.values(errorMessages).reduce((a, b) => a + b, 0);
const achieved = sustained ? sustained.requests.total / total : 0;
const problems: string[] = [];
if (server.exited() && !sustained) {
  const signal = server.logs.find((l) => l.msg === 'shutting down');
  problems.push(`hazrisk serve ended during the soak (${server.exited()}${signal ? `; it logged "shutting down" after ${signal.line.match(/"signal":"(\w+)"/)?.[1] ?? 'a signal'} — something outside the soak stopped it` : ''}):\n${server.stderr().slice(-3000)}`);
}
if (errors > 0) problems.push(`${errors} request errors: ${JSON.stringify(errorMessages)}`);
if (count5xx > 0) problems.push(`${count5xx} responses 5xx`);
if (escaped === null || escaped > 0 || server.escapes().length > 0) problems.push(`errors reached the process guard: hazrisk_process_escaped_errors_total ${escaped}; ${server.escapes().slice(0, 3).map((e) => `${e.msg}: ${(e.err ?? '').split('\n').slice(0, 3).join(' | ')}`).join('; ')}`);
if (driver && driver.stats.problems.length) problems.push(`batch: ${driver.stats.problems.length} problems, first: ${driver.stats.problems.slice(0, 5).join(' | ')}`);
if (driver && (driver.stats.jobs.complete ?? 0) === 0) problems.push('batch: no job completed during the soak');
if (healthStats.failed > 0) problems.push(`${healthStats.failed} of ${healthStats.n} /health probes failed: ${[...new Set(probe.samplesOf('sustained').filter((s) => s.ms === null).map((s) => s.error))].join('; ')}`);
if (healthStats.p99 > HEALTH_P99_MS) problems.push(`/health p99 ${healthStats.p99} ms over the sustained phase (bound ${HEALTH_P99_MS} ms; p50 ${healthStats.p50}, p90 ${healthStats.p90}, max ${healthStats.max}; ${healthStats.n} probes)`);
problems.push(...rss.problems);
const errorLogs = server.logs.filter((l) => l.level >= 50);
const counted = histogram.reduce((a, b) => a + b, 0);
const fromHistogram = (p: number): number => {
  let seen = 0;
  for (let i = 0; i < histogram.length; i++) if ((seen += histogram[i]!) >= (p / 100) * counted) return i / 10;
  return 0;
};
const latency = { p50: fromHistogram(50), p90: fromHistogram(90), p99: fromHistogram(99), p999: fromHistogram(99.9), max: histogram.findLastIndex((n) => n > 0) / 10 };
const js = driver?.stats.jobSeconds.slice().sort((a, b) => a - b) ?? [];
const summary = {
  passed: problems.length === 0,
  problems,
  machine: { node: process.version, cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? 'unknown' },
  config: { minutes: MINUTES, peakSeconds: PEAK_SECONDS, load: LOAD, connections: CONNECTIONS, sampleSeconds: SAMPLE_SECONDS, tables: TABLES ? path.resolve(TABLES) : 'fixture', logLevel: LOG_LEVEL, mix: MIX.map((r) => `${r.method} ${r.path}`), batchLoops: BATCH ? BATCH_LOOPS : 0, healthP99Ms: HEALTH_P99_MS },
  peak: { rps: Math.round(peakRps), latency_ms: peak.latency, errors: peak.errors, non2xx: peak.non2xx, health_ms: healthPeak },
  sustained: { target_rps: targetRps, achieved_rps: Math.round(achieved), of_peak: +(achieved / peakRps).toFixed(3), latency_ms: latency, autocannon_latency_ms: sustained?.latency ?? null, requests: sustained?.requests.total ?? null, statuses, errors, errorMessages, non2xx, count5xx },
  health_ms: healthStats,
  batch: driver ? { ...driver.stats, jobSeconds: undefined, job_seconds: { n: js.length, p50: +percentile(js, 50).toFixed(2), p90: +percentile(js, 90).toFixed(2), max: +(js.at(-1) ?? 0).toFixed(2) } } : null,
  escaped_errors: escaped,
  server_error_logs: errorLogs.slice(0, 20).map((l) => `${l.msg} ${(l.err ?? '').split('\n')[0]}`),
  rss,
  samples,
  rss_series: rssSeries,
};
console.log(`\nsustained: ${summary.sustained.achieved_rps} req/s achieved (target ${targetRps}, ${(summary.sustained.of_peak * 100).toFixed(0)} % of peak ${summary.peak.rps}); latency p50 ${latency.p50} ms, p90 ${latency.p90} ms, p99 ${latency.p99} ms, p99.9 ${latency.p999} ms, max ${latency.max} ms`);
console.log(`statuses ${JSON.stringify(statuses)}; errors ${errors}; non-2xx ${non2xx}; 5xx ${count5xx}; errors at the process guard ${escaped}; error log lines ${errorLogs.length}`);
console.log(`/health (own prober, every 100 ms): peak phase p50 ${healthPeak.p50} ms, p99 ${healthPeak.p99} ms, max ${healthPeak.max} ms; sustained p50 ${healthStats.p50} ms, p90 ${healthStats.p90} ms, p99 ${healthStats.p99} ms, max ${healthStats.max} ms, ${healthStats.failed} failed of ${healthStats.n}`);
if (driver) console.log(`batch: ${driver.stats.uploads} uploads, jobs ${JSON.stringify(driver.stats.jobs)} (submit → complete p50 ${summary.batch!.job_seconds.p50} s, p90 ${summary.batch!.job_seconds.p90} s, max ${summary.batch!.job_seconds.max} s), downloads ${JSON.stringify(driver.stats.downloads)}`);
console.log(`RSS: warm-up ${rss.warmupSeconds} s dropped; ${rss.buckets.length} medians of 20 s: ${rss.buckets.map((b) => b.median_mib.toFixed(0)).join(' ')} MiB; Theil–Sen ${rss.slopeMibPerMin} MiB/min, 99 % interval ${rss.slopeLow} to ${rss.slopeHigh} (noise ±${rss.noiseMib} MiB): ${rss.ok ? `no growth above the ${rss.limits.slopeMibPerMin} MiB/min bound shown; this run rules out growth faster than ${rss.slopeHigh} MiB/min` : 'FAIL'}; peak ${rss.peakMib} MiB (limit ${rss.limits.maxMib})`);
console.log(problems.length === 0 ? 'RESULT: pass' : `RESULT: FAIL\n  ${problems.join('\n  ')}`);
if (JSON_OUT) {
  fs.mkdirSync(path.dirname(path.resolve(JSON_OUT)), { recursive: true });
  fs.writeFileSync(JSON_OUT, `${JSON.stringify(summary, null, 2)}\n`);
  console.log(`results written to ${JSON_OUT}`);
}
process.exit(problems.length === 0 ? 0 : 1);
