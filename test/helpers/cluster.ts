import assert from 'node:assert/strict';
import { execFile, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { call, tempDir } from './app.js';
import { toCsv, upload, waitForJob } from './batch.js';
import { after } from './harness.js';
import { serveProcess, stopProcess } from './serve.js';

/**
 * What the cluster tests (test/store/cluster-*.test.ts) share: their settings,
 * keys made by `hazrisk keys create` against the database, in-depth jobs,
 * the same schedules run on one box with SQLite for the byte comparison, and
 * the search for files a job must not leave behind.
 */

const made: string[] = [];
// Registered when the test file imports this module: a cluster's dirs hold hundreds of MB of results.
after(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A temporary dir (a host's data dir, the shared dir, the tables) removed when the test file ends. */
export function clusterDir(prefix?: string): string {
  const dir = tempDir(prefix);
  made.push(dir);
  return dir;
}

/** A short lease, so a dead or cut-off host's chunk is taken again within seconds; small chunks, so a job has many. */
export const CLUSTER_ENV = { HAZRISK_LEASE_MS: '2000', HAZRISK_BATCH_CHUNK_ROWS: '1000', HAZRISK_LOG_LEVEL: 'info', HAZRISK_POOL_SIZE: '1' };
export const CHUNK_ROWS = Number(CLUSTER_ENV.HAZRISK_BATCH_CHUNK_ROWS);

/** `hazrisk keys create --owner OWNER` with `env`'s database; resolves with the key. */
export async function createKey(env: Record<string, string>, owner: string): Promise<string> {
  const args = ['--import', 'tsx', 'src/cli.ts', 'keys', 'create', '--owner', owner, '--json'];
  const { stdout } = await promisify(execFile)(process.execPath, args, { env: { ...process.env, ...env, HAZRISK_DATA_DIR: clusterDir() } });
  return JSON.parse(stdout).key as string;
}

/** Resolves once the server accepts `key`: its copy of the keys table takes new keys within its refresh. */
export async function keyAccepted(base: string, key: string): Promise<void> {
  while ((await call(`${base}/v1/perils`, { key })).status !== 200) await new Promise((resolve) => setTimeout(resolve, 50));
}

/** `rows` sites spread over the globe (some outside TropicalCyclone's fixture coverage: failure lines too); `shift` moves them. */
export function spreadSchedule(rows: number, shift = 0): string {
  return toCsv(['latitude', 'longitude', 'tag'], Array.from({ length: rows }, (_, i) => [-60 + ((i + shift) % 120), -170 + (((i + shift) * 7) % 340), `site ${i}`]));
}

/** Upload `csv` and submit an in-depth job over `perils`; resolves with the job id. */
export async function submitInDepth(base: string, key: string, csv: string, perils: string[]): Promise<string> {
  const file = await upload(base, key, csv);
  assert.equal(file.status, 200, JSON.stringify(file.body));
  const job = await call(`${base}/v1/in-depth/batch`, { method: 'POST', key, json: { file_id: file.body.file_id, perils } });
  assert.equal(job.status, 200, JSON.stringify(job.body));
  return job.body.job_id as string;
}

/** The results CSV of each schedule as one box computes it: `hazrisk serve` on SQLite with the same tables, jobs run side by side. */
export async function oneBoxResults(tablesDir: string, schedules: string[], perils: string[]): Promise<Buffer[]> {
  const dataDir = clusterDir();
  const server = await serveProcess(dataDir, { ...CLUSTER_ENV, HAZRISK_TABLES_DIR: tablesDir, HAZRISK_DATABASE_URL: '', HAZRISK_SHARED_DIR: '' });
  try {
    const demo = fs.readFileSync(path.join(dataDir, 'demo-key.txt'), 'utf8').trim();
    const jobs = await Promise.all(schedules.map((csv) => submitInDepth(server.url, demo, csv, perils)));
    return await Promise.all(
      jobs.map(async (job) => {
        const done = await waitForJob(server.url, demo, 'in-depth', job);
        assert.equal(done.status, 'complete', JSON.stringify(done));
        return Buffer.from(await (await fetch(done.result_url)).arrayBuffer());
      }),
    );
  } finally {
    assert.equal(await stopProcess(server), 0);
  }
}

/** Chunk files and temporary files anywhere under `dirs` (paths relative to their dir): what a finished job must not leave. */
export function leftovers(...dirs: string[]): string[] {
  return dirs.flatMap((dir) =>
    (fs.readdirSync(dir, { recursive: true }) as string[]).filter((file) => /(^|\/)chunk-|\.tmp$/.test(file)).map((file) => path.join(dir, file)),
  );
}

/** Resolves once `condition` holds, checked every 25 ms (no deadline of its own: the test's timeout catches a hang). */
export async function until(condition: () => Promise<boolean>): Promise<void> {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 25));
}

/**
 * Freeze `worker` (SIGSTOP) at a moment it holds chunk leases, so that what it holds cannot change while it is
 * read, and resolve with them, the worker left frozen (for SIGKILL). Caught between chunks, it is let go on and
 * frozen again.
 */
export async function freezeHolding<T>(worker: ChildProcess, leases: () => Promise<T[]>): Promise<T[]> {
  for (;;) {
    worker.kill('SIGSTOP');
    const held = await leases();
    if (held.length > 0) return held;
    worker.kill('SIGCONT');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
