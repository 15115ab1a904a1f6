/**
 * What coordinating chunks through the store costs (issue 37; bench/README.md
 * "Cluster coordination"), without computing anything:
 *   cost     per chunk, the store round trips a worker makes — claim, one lease
 *            renewal, checkpoint — on PostgreSQL (a throwaway cluster on this
 *            machine, test/helpers/postgres.ts) and on SQLite, one worker alone
 *   scaling  chunk throughput with 1 and with 3 worker processes on PostgreSQL
 *            when each chunk's compute is a fixed sleep: coordination-bound
 *            scaling (ideal 3×; the goal ≥ 2.7×)
 * Workers are processes of this script (`--worker`), each with its own
 * connection pool, started and ready before the clock starts.
 *
 *   node --import tsx bench/cluster-coordination.bench.ts [--chunks 90] [--sleep-ms 200] [--cost-chunks 2000]
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { LIMITS } from '../src/limits.js';
import { PostgresStore } from '../src/store/postgres/index.js';
import type { ClaimRules } from '../src/store/records.js';
import { SqliteStore } from '../src/store/sqlite/index.js';
import type { Store } from '../src/store/store.js';
import { tempDir } from '../test/helpers/app.js';
import { startPostgres } from '../test/helpers/postgres.js';

const args = process.argv.slice(2);
const option = (name: string, fallback: string): string => (args.includes(name) ? args[args.indexOf(name) + 1]! : fallback);
const CHUNK_ROWS = 1000;
const LEASE_MS = 30_000;
const RULES: ClaimRules = { chunkRows: CHUNK_ROWS, maxComputingPerOwner: 0, maxChunkAttempts: LIMITS.batchChunkAttempts, tablesFingerprint: 'bench' };

/** `jobs` jobs of `chunksEach` chunks, one owner each, on a fresh store. */
async function queue(store: Store, jobs: number, chunksEach: number): Promise<void> {
  await store.files.insertFile({ id: 'file_bench', owner: 'o0', key_id: 'k', filename: 'bench.csv', path: 'bench.rows.jsonl', bytes: 1, rows: chunksEach * CHUNK_ROWS, sha256: '0', created_at: 0 });
  for (let j = 0; j < jobs; j++) {
    await store.jobs.submit({ id: `job_${j}`, owner: `o${j}`, keyId: 'k', kind: 'in_depth', fileId: 'file_bench', options: { perils: ['Earthquake', 'TropicalCyclone'] }, idempotencyKey: `i${j}`, submissionDate: '2026-11-29', totalRows: chunksEach * CHUNK_ROWS, tablesFingerprint: 'bench', now: 0 });
  }
}

/** Claim, renew once, (sleep,) checkpoint, until nothing is left; the chunks this worker did. */
async function work(store: Store, workerId: string, sleepMs: number, timings?: number[]): Promise<number> {
  let done = 0;
  for (;;) {
    const started = performance.now();
    const claim = await store.jobs.claim(workerId, LEASE_MS, Date.now(), RULES);
    if (!claim) return done;
    if (claim.kind !== 'chunk') throw new Error(`unexpected ${claim.kind} claim`);
    if (sleepMs > 0) await new Promise((resolve) => setTimeout(resolve, sleepMs));
    await store.jobs.renewChunk(claim.lease, workerId, LEASE_MS, Date.now());
    const checkpoint = { job_id: claim.job.id, chunk: claim.lease.chunk, rows: claim.rows, file: 'f', bytes: 1, sha256: '0' };
    const outcome = await store.jobs.saveCheckpoint(checkpoint, claim.lease, workerId, LEASE_MS, Date.now());
    if (outcome === 'rejected') throw new Error('checkpoint rejected');
    timings?.push(performance.now() - started - sleepMs);
    done++;
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

async function cost(name: string, store: Store, chunks: number): Promise<void> {
  await queue(store, 10, Math.ceil(chunks / 10));
  const timings: number[] = [];
  await work(store, 'w', 0, timings);
  timings.sort((a, b) => a - b);
  console.log(`${name}: ${timings.length} chunks, claim + renew + checkpoint per chunk: median ${percentile(timings, 0.5).toFixed(2)} ms, p95 ${percentile(timings, 0.95).toFixed(2)} ms`);
}

/** `workers` processes of this script against `url`, each sleeping `sleepMs` per chunk; seconds from go to the last chunk. */
async function scaling(url: string, workers: number, chunks: number, sleepMs: number): Promise<number> {
  const store = await PostgresStore.open(url);
  await queue(store, 3, chunks / 3);
  await store.close();
  const children = Array.from({ length: workers }, (_, i) =>
    spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'cluster-coordination.bench.ts'), '--worker', url, String(sleepMs), `w${i}`], { stdio: ['pipe', 'pipe', 'inherit'] }),
  );
  const lines = children.map((child) => {
    let out = '';
    const ready = new Promise<void>((resolve) => child.stdout.on('data', (data: Buffer) => ((out += data.toString()), out.includes('ready') && resolve())));
    const exited = new Promise<number>((resolve) => child.once('exit', () => resolve(Number(/done (\d+)/.exec(out)?.[1] ?? -1))));
    return { ready, exited };
  });
  await Promise.all(lines.map((l) => l.ready));
  const started = performance.now();
  for (const child of children) child.stdin.end('go\n');
  const done = await Promise.all(lines.map((l) => l.exited));
  const seconds = (performance.now() - started) / 1000;
  if (done.reduce((a, b) => a + b, 0) !== chunks) throw new Error(`chunks done ${done.join('+')} ≠ ${chunks}`);
  console.log(`${workers} worker process(es), ${chunks} chunks of ${sleepMs} ms sleep: ${seconds.toFixed(2)} s, ${(chunks / seconds).toFixed(2)} chunks/s (per worker: ${done.join(', ')})`);
  return seconds;
}

async function workerMain(url: string, sleepMs: number, workerId: string): Promise<void> {
  const store = await PostgresStore.open(url);
  await store.ping();
  process.stdout.write('ready\n');
  await new Promise<void>((resolve) => process.stdin.once('data', () => resolve()));
  const done = await work(store, workerId, sleepMs);
  process.stdout.write(`done ${done}\n`);
  await store.close();
}

if (args[0] === '--worker') {
  await workerMain(args[1]!, Number(args[2]), args[3]!);
} else {
  const chunks = Number(option('--chunks', '90'));
  const sleepMs = Number(option('--sleep-ms', '200'));
  const costChunks = Number(option('--cost-chunks', '2000'));
  const cluster = await startPostgres();
  const dir = tempDir('hazrisk-bench-');
  try {
    const pgCost = await PostgresStore.open(await cluster.createDatabase());
    await cost('PostgreSQL (local socket over TCP)', pgCost, costChunks);
    await pgCost.close();
    const sqlite = SqliteStore.open(path.join(dir, 'hazrisk.db'));
    await cost('SQLite (WAL)', sqlite, costChunks);
    await sqlite.close();
    const one = await scaling(await cluster.createDatabase(), 1, chunks, sleepMs);
    const three = await scaling(await cluster.createDatabase(), 3, chunks, sleepMs);
    console.log(`scaling 1 → 3 worker processes: ${(one / three).toFixed(2)}× (ideal 3×)`);
  } finally {
    await cluster.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
