/**
 * Many uploads at once (issue 30, item 10; bench/README.md "Uploads at once").
 * A real `hazrisk serve` from a built tree gets --uploads CSV uploads of about
 * --mib MiB each, all sent at once by as many curl processes, while a probe
 * process asks GET /health back to back. Reports how each upload was answered (200, 503 uploads_busy, …),
 * the server's peak RSS (VmHWM from /proc) and /health latency meanwhile.
 * The audit's two cases: 40 × 1.7 MB (/health up to 6 s, RSS 2.2 GB) and
 * 16 × 59 MiB (RSS 3.3 GB).
 *
 *   node --import tsx bench/uploads.bench.ts [--tree DIR] [--uploads 16] [--mib 59] [--rows 100000]
 *   (tree: a checkout with dist/ built, default this one)
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startDistServer } from './dist-server.js';

const args = process.argv.slice(2);
const option = (name: string, fallback: string): string => (args.includes(name) ? args[args.indexOf(name) + 1]! : fallback);
const TREE = path.resolve(option('--tree', '.'));
const UPLOADS = Number(option('--uploads', '16'));
const MIB = Number(option('--mib', '59'));
const ROWS = Number(option('--rows', '100000'));

const server = await startDistServer(TREE, { HAZRISK_BATCH_WORKERS: '0' });
const { url, key, dataDir } = server;
const status = (): string => fs.readFileSync(`/proc/${server.child.pid}/status`, 'utf8');
const hwm = (): number => Number(/VmHWM:\s+(\d+) kB/.exec(status())![1]) / 1024;
const rss = (): number => Number(/VmRSS:\s+(\d+) kB/.exec(status())![1]) / 1024;

// --rows rows of coordinates and a tag as long as it takes to make about --mib MiB (tags of 1 to 500 characters).
const rowCount = Math.min(100_000, ROWS);
const tagLength = Math.max(1, Math.min(500, Math.floor((MIB * 2 ** 20) / rowCount) - 12));
const csv = `latitude,longitude,tag\n${Array.from({ length: rowCount }, (_, i) => `${(i % 170) - 85},${(i % 340) - 170},${'t'.repeat(tagLength)}\n`).join('')}`;
console.log(`# uploads at once — ${os.cpus().length} cores (${os.cpus()[0]?.model}), node ${process.version}, tree ${TREE}`);
console.log(`${UPLOADS} uploads of ${(csv.length / 2 ** 20).toFixed(1)} MiB (${rowCount} rows) at once; server RSS before ${rss().toFixed(0)} MiB`);

// /health is asked from a process of its own, so the uploads this process sends cannot delay its clock.
const PROBE = `let on = true; const ms = []; process.stdin.on('data', () => (on = false));
while (on) { const t0 = performance.now(); await (await fetch(process.argv[1])).arrayBuffer(); ms.push(performance.now() - t0); }
process.stdout.write(JSON.stringify(ms));`;
const probe = spawn(process.execPath, ['--input-type=module', '-e', PROBE, `${url}/health`], { stdio: ['pipe', 'pipe', 'inherit'] });
let probeOut = '';
probe.stdout!.on('data', (d: Buffer) => (probeOut += d.toString()));
const probed = new Promise<number[]>((resolve) => probe.once('exit', () => resolve(JSON.parse(probeOut) as number[])));
// Each upload from a curl process of its own, as separate clients send them: one Node process pushing
// hundreds of megabytes through many sockets starves some of them past uWS's minimum receive rate.
const csvFile = path.join(dataDir, 'upload.csv');
fs.writeFileSync(csvFile, csv);
const curl = (): Promise<string> =>
  new Promise((resolve) => {
    const child = spawn('curl', ['-s', '-o', '/dev/null', '-w', '%{http_code}', '-H', `X-API-Key: ${key}`, '-F', `file=@${csvFile};type=text/csv`, `${url}/v1/in-depth/batch/upload`]);
    let code = '';
    child.stdout.on('data', (d: Buffer) => (code += d.toString()));
    child.once('exit', () => resolve(code === '000' ? 'no answer' : code));
  });
const t0 = performance.now();
const answers = await Promise.all(Array.from({ length: UPLOADS }, curl));
const seconds = (performance.now() - t0) / 1000;
probe.stdin!.end('stop');
const latencies = await probed;
const counts = new Map<string, number>();
for (const a of answers) counts.set(a, (counts.get(a) ?? 0) + 1);
const sorted = [...latencies].sort((a, b) => a - b);
const at = (q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
console.log(`answers in ${seconds.toFixed(1)} s: ${[...counts].map(([k, n]) => `${n} × ${k}`).join(', ')}`);
console.log(`server peak RSS ${hwm().toFixed(0)} MiB`);
console.log(`/health meanwhile: n=${sorted.length} p50 ${at(0.5).toFixed(1)} ms p99 ${at(0.99).toFixed(1)} ms max ${sorted[sorted.length - 1]!.toFixed(0)} ms`);
await server.stop();
