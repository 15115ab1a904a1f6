import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { after, before, describe, it } from '../helpers/harness.js';
import { call, startTestApp, tempDir, type TestApp } from '../helpers/app.js';
import { toCsv, upload, waitForJob } from '../helpers/batch.js';
import { writeFixtureTables } from '../helpers/fixture-tables.js';
import { LIMITS } from '../../src/limits.js';

/**
 * A poison chunk on one box (docs/batch.md "Processing"): a chunk that kills
 * every worker process computing it is taken again only until its leases
 * reach LIMITS.batchChunkAttempts; the next claim fails the job with
 * `chunk_attempts_exhausted` instead of handing the chunk to yet another
 * worker, and that worker goes on with other jobs. Each worker is a real
 * process (test/batch/poison-worker.ts) killed with SIGKILL by the chunk; the
 * test waits on process exits and job states, never on time.
 */
const CHUNK_ROWS = 2;
const LEASE_MS = 300;

let t: TestApp;
let key: string;
let tablesDir: string;

before(async () => {
  const dir = tempDir();
  tablesDir = path.join(dir, 'tables');
  writeFixtureTables(tablesDir);
  t = await startTestApp({ dataDir: dir, tablesDir }, { worker: false });
  key = await t.key({ owner: 'o' });
});
after(() => t.close());

interface WorkerProcess {
  exited: Promise<string | number>;
  ended: Promise<{ jobId: string; outcome: string }[]>;
  stop(): void;
}

function workerProcess(): WorkerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/batch/poison-worker.ts', t.dataDir, tablesDir, String(LEASE_MS), String(CHUNK_ROWS)], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (data: Buffer) => (out += data.toString()));
  const exited = new Promise<string | number>((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code ?? -1)));
  return {
    exited,
    ended: exited.then(() => out.split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line))),
    stop: () => child.kill('SIGTERM'),
  };
}

async function submit(rows: (string | number | null)[][]): Promise<string> {
  const file = await upload(t.url, key, toCsv(['location', 'latitude', 'longitude'], rows));
  assert.equal(file.status, 200, JSON.stringify(file.body));
  const job = await call(`${t.url}/v1/in-depth/batch`, { method: 'POST', key, json: { file_id: file.body.file_id, perils: ['Earthquake'] } });
  assert.equal(job.status, 200, JSON.stringify(job.body));
  return job.body.job_id;
}

describe('a poison chunk', () => {
  it(`fails its job with chunk_attempts_exhausted after ${LIMITS.batchChunkAttempts} workers died on it; the next worker goes on`, { timeout: 300_000 }, async () => {
    // Chunk 0 is clean, chunk 1 holds the row that kills its worker.
    const poisoned = await submit([[null, 10, 20], [null, 11, 21], [null, 12, 22], ['POISON', null, null]]);
    for (let died = 1; died <= LIMITS.batchChunkAttempts; died++) {
      assert.equal(await workerProcess().exited, 'SIGKILL', `worker ${died} was killed by the chunk`);
      const job = await waitForJob(t.url, key, 'in-depth', poisoned, () => true);
      assert.deepEqual([job.status, job.attempt, job.processed_rows], ['running', died, CHUNK_ROWS], 'the clean chunk stays accepted');
    }
    const survivor = workerProcess();
    const failed = await waitForJob(t.url, key, 'in-depth', poisoned);
    assert.deepEqual([failed.status, failed.attempt, failed.processed_rows], ['failed', LIMITS.batchChunkAttempts, CHUNK_ROWS]);
    assert.equal(
      failed.error,
      `chunk_attempts_exhausted: Part of the schedule stopped every worker that computed it; the job was failed instead of being retried again. Rows 3–4 were taken ${LIMITS.batchChunkAttempts} times.`,
    );
    const clean = await submit([[null, 30, 40], [null, 31, 41], [null, 32, 42]]);
    assert.equal((await waitForJob(t.url, key, 'in-depth', clean)).status, 'complete', 'the worker that failed the job goes on with the next');
    survivor.stop();
    assert.equal(await survivor.exited, 0);
    assert.deepEqual(
      (await survivor.ended).map((e) => [e.jobId, e.outcome]),
      [[poisoned, 'failed'], [clean, 'complete']],
    );
  });
});
