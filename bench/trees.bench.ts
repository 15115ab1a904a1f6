/**
 * Two built checkouts side by side: the server CPU each spends per request on
 * /health, Lite and v2 (issue 31: the request path's stages must be no
 * slower). Both trees' `hazrisk serve` run at once on the same tables; wrk
 * (1 thread × --connections) loads each in turn for --seconds, in
 * --rounds interleaved rounds; CPU is the server process's utime + stime
 * from /proc, divided by the requests wrk completed.
 *
 *   npm run build && node --import tsx bench/trees.bench.ts --base /path/to/other/checkout \
 *     [--tables var/tables] [--rounds 5] [--seconds 3] [--connections 32]
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PERIL_NAMES } from '../src/engine/perils.js';
import { startDistServer, type DistServer } from './dist-server.js';
import { inDepthBodies, inDepthPerils, LITE_PATH, wrkRequestLines, type BenchRequest } from './workloads.js';

const args = process.argv.slice(2);
const option = (name: string, fallback: string): string => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1]! : fallback);
const BASE = path.resolve(option('base', ''));
const TABLES = path.resolve(option('tables', 'var/tables'));
const ROUNDS = Number(option('rounds', '5'));
const SECONDS = Number(option('seconds', '3'));
const CONNECTIONS = option('connections', '32');
const TICK_US = 1e6 / Number((await promisify(execFile)('getconf', ['CLK_TCK'])).stdout.trim());
if (!option('base', '')) throw new Error('--base DIR: a built checkout to compare with');

/** utime + stime of a process, in µs. */
function cpuMicros(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_US;
}

function loads(key: string): Record<string, { target: string; init: BenchRequest }> {
  const installed = JSON.parse(fs.readFileSync(path.join(TABLES, 'manifest.json'), 'utf8')).tables.map((t: { peril: string }) => t.peril) as string[];
  const bodies = inDepthBodies(inDepthPerils(PERIL_NAMES.filter((p) => installed.includes(p))));
  return {
    health: { target: '/health', init: {} },
    lite: { target: LITE_PATH, init: { headers: { 'x-api-key': key } } },
    v2: { target: '/v2/in-depth', init: { method: 'POST', body: bodies.v2, headers: { 'content-type': 'application/json', 'x-api-key': key } } },
  };
}

async function measure(server: DistServer, load: { target: string; init: BenchRequest }): Promise<{ cpuPerRequest: number; rate: number }> {
  const warm = await fetch(`${server.url}${load.target}`, load.init);
  if (warm.status !== 200) throw new Error(`${load.target}: ${warm.status} ${await warm.text()}`);
  const script = path.join(os.tmpdir(), `hazrisk-trees-${process.pid}.lua`);
  fs.writeFileSync(script, wrkRequestLines(load.init).join('\n'));
  const before = cpuMicros(server.child.pid!);
  const { stdout } = await promisify(execFile)('wrk', ['-t1', `-c${CONNECTIONS}`, `-d${SECONDS}s`, '-s', script, `${server.url}${load.target}`]);
  const cpu = cpuMicros(server.child.pid!) - before;
  fs.rmSync(script);
  const requests = Number(/(\d+) requests in/.exec(stdout)![1]);
  if (/Non-2xx/.test(stdout)) throw new Error(`${load.target}: non-2xx answers\n${stdout}`);
  return { cpuPerRequest: cpu / requests, rate: requests / SECONDS };
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const env = { HAZRISK_TABLES_DIR: TABLES };
const trees = { base: await startDistServer(BASE, env), work: await startDistServer(process.cwd(), env) };
const results: Record<string, Record<string, { cpu: number[]; rate: number[] }>> = {};
try {
  for (let round = 0; round < ROUNDS; round++) {
    for (const [tree, server] of round % 2 === 0 ? Object.entries(trees) : Object.entries(trees).reverse()) {
      for (const [name, load] of Object.entries(loads(server.key))) {
        const m = await measure(server, load);
        const slot = ((results[name] ??= {})[tree] ??= { cpu: [], rate: [] });
        slot.cpu.push(m.cpuPerRequest);
        slot.rate.push(m.rate);
      }
    }
  }
} finally {
  await Promise.all(Object.values(trees).map((s) => s.stop()));
}
console.log(`base ${BASE}, work ${process.cwd()}; ${ROUNDS} rounds × ${SECONDS} s, wrk 1 × ${CONNECTIONS}; medians`);
console.log('| request | base µs CPU | work µs CPU | work ÷ base | base req/s | work req/s |\n|---|---|---|---|---|---|');
for (const [name, byTree] of Object.entries(results)) {
  const [b, w] = [byTree.base!, byTree.work!];
  console.log(`| ${name} | ${median(b.cpu).toFixed(2)} | ${median(w.cpu).toFixed(2)} | ${(median(w.cpu) / median(b.cpu)).toFixed(3)} | ${Math.round(median(b.rate))} | ${Math.round(median(w.rate))} |`);
}
