/**
 * Batch for many tenants on one box (issue 19; bench/README.md "Batch: many
 * tenants"). 100,000-row in-depth jobs (TropicalCyclone, Earthquake, Rain:
 * 3.2 M result lines, with the results CSV, report and workbook), on the
 * default settings unless the environment says otherwise:
 *   single  one job alone — the baseline every ratio is taken against
 *   three   three jobs submitted together by one owner (a new user)
 *   small   two jobs (owners a, b), then at once a 2-row job from owner c
 *   ten     ten jobs from --owners owners submitted together, plus a 2-row job from
 *           one of four other owners every 2 s until the ten are complete
 * Each scenario runs in a child process of its own (peak RSS = that child's
 * VmHWM: server, worker, engine and artefact threads all live in it) against
 * a fresh data dir; times are submit → `complete` as a client polling the
 * status sees them. The machine may be shared: each scenario also reports the
 * CPU the whole machine used meanwhile (/proc/stat), so the share other
 * processes took is visible beside the ratios.
 *
 *   node --import tsx bench/batch-tenants.bench.ts [--rows 100000] [--scenarios single,three,small,ten] [--owners 3]
 *   (tables from HAZRISK_TABLES_DIR, default ./var/tables)
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { App } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { PERIL_NAMES } from '../src/engine/perils.js';
import { getGeocoder } from '../src/geo/index.js';
import { call, tempDir } from '../test/helpers/app.js';
import { toCsv, upload } from '../test/helpers/batch.js';

const args = process.argv.slice(2);
const option = (name: string, fallback: string): string => (args.includes(name) ? args[args.indexOf(name) + 1]! : fallback);
const ROWS = Number(option('--rows', '100000'));
const OWNERS = Number(option('--owners', '3'));
const PERILS = ['TropicalCyclone', 'Earthquake', 'Rain'];
const SMALL_EVERY_MS = 2000;
const PLACES = ['Miami, FL', 'Houston, TX', 'London, UK', 'Paris, France', 'Tokyo, Japan', 'Manila', 'Mumbai', 'Sydney', 'Lima', 'Oklahoma City',
  'Denver', 'Chicago', 'Boston', 'Seattle', 'Los Angeles', 'San Francisco', 'New Orleans', 'Tampa', 'Dhaka', 'Bangkok', 'Lisbon', 'Madrid', 'Rome',
  'Istanbul', 'Tehran', 'Kathmandu', 'Santiago', 'Auckland', 'Cape Town', 'Nairobi', 'Cairo', 'Moscow', 'Berlin', 'Toronto', 'Mexico City', 'Sao Paulo'];

interface JobTiming {
  owner: string;
  seconds: number;
  status: string;
  report: boolean;
  workbook: boolean;
}

interface ScenarioResult {
  scenario: string;
  totalSeconds: number;
  jobs: JobTiming[];
  small: number[];
  peakRssMiB: number;
  cpuSeconds: number;
  /** CPU seconds the whole machine used during the scenario (this process included). */
  machineCpuSeconds: number;
  loadAverage: number[];
}

/** Child: one scenario in this process, printed as one JSON line. */
async function runScenario(scenario: string): Promise<void> {
  const tablesDir = path.resolve(process.env.HAZRISK_TABLES_DIR ?? 'var/tables');
  const dataDir = tempDir('hazrisk-tenants-bench-');
  const app = await App.create(loadConfig({ host: '127.0.0.1', port: 0, dataDir, tablesDir }), { log: pino({ level: 'warn' }) });
  const url = `http://127.0.0.1:${await app.listen()}`;
  getGeocoder(); // as `hazrisk serve` does at start, so no job pays for loading the gazetteer
  const keys = new Map<string, string>();
  const keyOf = async (owner: string): Promise<string> => {
    if (!keys.has(owner)) keys.set(owner, (await app.keys.create({ owner, perils: PERIL_NAMES, modes: ['in_depth', 'batch'], floodPlus: false })).key);
    return keys.get(owner)!;
  };
  const large = toCsv(['location', 'latitude', 'longitude', 'tag'], Array.from({ length: ROWS }, (_, i) =>
    i % 2 === 0 ? [null, -50 + ((i * 0.37) % 110), -170 + ((i * 1.91) % 340), `r${i}`] : [PLACES[i % PLACES.length]!, null, null, `r${i}`]));
  const small = toCsv(['location', 'latitude', 'longitude'], [[null, 25.76, -80.19], ['London, UK', null, null]]);
  const uploadFor = async (owner: string, csv: string): Promise<string> => {
    const res = await upload(url, await keyOf(owner), csv);
    if (res.status !== 200) throw new Error(`upload: ${JSON.stringify(res.body)}`);
    return res.body.file_id;
  };
  /** Submit now; resolves when the job reaches a final status, with its time. */
  const run = async (owner: string, fileId: string, pollMs: number): Promise<JobTiming> => {
    const started = performance.now();
    const job = await call(`${url}/v1/in-depth/batch`, { method: 'POST', key: await keyOf(owner), json: { file_id: fileId, perils: PERILS } });
    for (;;) {
      const status = (await call(`${url}/v1/in-depth/batch/${job.body.job_id}`, { key: await keyOf(owner) })).body;
      if (['complete', 'failed', 'cancelled'].includes(status.status)) {
        return { owner, seconds: (performance.now() - started) / 1000, status: status.status, report: Boolean(status.report_url), workbook: Boolean(status.workbook_url) };
      }
      await new Promise((r) => setTimeout(r, pollMs));
    }
  };

  const largeOwners = scenario === 'ten' ? Array.from({ length: 10 }, (_, i) => `tenant-${i % OWNERS}`) : scenario === 'three' ? ['a', 'a', 'a'] : scenario === 'small' ? ['a', 'b'] : ['a'];
  const fileIds = new Map<string, string>();
  for (const owner of new Set(largeOwners)) fileIds.set(owner, await uploadFor(owner, large));
  const smallOwners = scenario === 'small' ? ['c'] : scenario === 'ten' ? ['s0', 's1', 's2', 's3'] : [];
  for (const owner of smallOwners) fileIds.set(owner, await uploadFor(owner, small));

  const cpu = process.cpuUsage();
  const machineCpu = machineBusySeconds();
  const started = performance.now();
  const bigJobs = Promise.all(largeOwners.map((owner) => run(owner, fileIds.get(owner)!, 250)));
  const smallJobs: Promise<JobTiming>[] = [];
  if (scenario === 'small') smallJobs.push(run('c', fileIds.get('c')!, 50));
  let streaming = scenario === 'ten';
  const stream = (async () => {
    for (let i = 0; streaming; i++) {
      smallJobs.push(run(smallOwners[i % smallOwners.length]!, fileIds.get(smallOwners[i % smallOwners.length]!)!, 50));
      await new Promise((r) => setTimeout(r, SMALL_EVERY_MS));
    }
  })();
  const jobs = await bigJobs;
  const totalSeconds = (performance.now() - started) / 1000;
  streaming = false;
  await stream;
  const smallTimes = await Promise.all(smallJobs);
  const used = process.cpuUsage(cpu);
  const machineCpuSeconds = machineBusySeconds() - machineCpu;
  const result: ScenarioResult = {
    scenario,
    totalSeconds,
    jobs,
    small: smallTimes.map((s) => s.seconds),
    peakRssMiB: peakRssMiB(),
    cpuSeconds: (used.user + used.system) / 1e6,
    machineCpuSeconds,
    loadAverage: os.loadavg(),
  };
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

/** The process's peak resident set (VmHWM), which covers every thread. */
function peakRssMiB(): number {
  const line = fs.readFileSync('/proc/self/status', 'utf8').split('\n').find((l) => l.startsWith('VmHWM:'));
  return line ? Number(/(\d+)/.exec(line)![1]) / 1024 : process.memoryUsage().rss / 2 ** 20;
}

/** CPU seconds every core of the machine has been busy since boot (/proc/stat, in USER_HZ = 100 ticks a second). */
function machineBusySeconds(): number {
  // Fields after "cpu": user nice system idle iowait irq softirq steal; idle and iowait are not busy.
  const [, user, nice, system, , , irq, softirq, steal] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).map(Number);
  return (user! + nice! + system! + irq! + softirq! + steal!) / 100;
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN;
}

function describe(r: ScenarioResult, baseline: number | null): string {
  const times = r.jobs.map((j) => j.seconds).sort((a, b) => a - b);
  const small = [...r.small].sort((a, b) => a - b);
  const allArtefacts = r.jobs.every((j) => j.status === 'complete' && j.report && j.workbook);
  const parts = [
    `${r.scenario}: ${r.jobs.length} × ${ROWS} rows in ${r.totalSeconds.toFixed(1)} s${baseline ? ` (${(r.totalSeconds / baseline).toFixed(2)}× one job)` : ''}`,
    `per job ${times[0]!.toFixed(1)}–${times.at(-1)!.toFixed(1)} s (median ${quantile(times, 0.5).toFixed(1)})`,
    `all complete with report and workbook: ${allArtefacts ? 'yes' : 'NO'}`,
    small.length ? `${small.length} small jobs p50 ${quantile(small, 0.5).toFixed(2)} s, p99 ${quantile(small, 0.99).toFixed(2)} s, max ${small.at(-1)!.toFixed(2)} s` : '',
    `peak RSS ${r.peakRssMiB.toFixed(0)} MiB, CPU ${r.cpuSeconds.toFixed(0)} s (${(r.cpuSeconds / r.totalSeconds).toFixed(2)} cores; other processes ${(Math.max(0, r.machineCpuSeconds - r.cpuSeconds) / r.totalSeconds).toFixed(2)} cores), load ${r.loadAverage.map((l) => l.toFixed(1)).join('/')}`,
  ];
  return parts.filter(Boolean).join('; ');
}

if (args.includes('--child')) {
  await runScenario(option('--child', 'single'));
} else {
  const scenarios = option('--scenarios', 'single,three,small,ten').split(',');
  const env = Object.entries(process.env).filter(([k]) => k.startsWith('HAZRISK_BATCH') || k === 'HAZRISK_POOL_SIZE').map(([k, v]) => `${k}=${v}`);
  console.log(`# batch tenants bench — ${os.cpus().length} cores (${os.cpus()[0]?.model}), node ${process.version}, ${ROWS} rows × ${PERILS.join('+')}; ${env.join(' ') || 'default settings'}`);
  let baseline: number | null = null;
  for (const scenario of scenarios) {
    const out = execFileSync(process.execPath, ['--import', 'tsx', process.argv[1]!, '--child', scenario, '--rows', String(ROWS), '--owners', String(OWNERS)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 1 << 24 });
    const result = JSON.parse(out.trim().split('\n').at(-1)!) as ScenarioResult;
    if (scenario === 'single') baseline = result.totalSeconds;
    console.log(describe(result, scenario === 'single' ? null : baseline));
  }
}
