import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, it } from '../helpers/harness.js';
import { call, tempDir } from '../helpers/app.js';
import { toCsv, upload, waitForJob } from '../helpers/batch.js';
import { writeFixtureTables } from '../helpers/fixture-tables.js';
import { serveProcess, stopProcess, type ServedProcess } from '../helpers/serve.js';

/**
 * kill -9 of a real `hazrisk serve` while two owners' jobs are interleaved
 * chunk by chunk, then a restart on the same data dir: each job resumes from
 * its checkpoints (the chunks finished before the kill are re-read, not
 * recomputed) with its attempt incremented, and its CSV equals an
 * uninterrupted run's, byte for byte.
 */
const CHUNK_ROWS = 1000;
const ROWS = 20_000;
const ENV = { HAZRISK_LEASE_MS: '1000', HAZRISK_BATCH_CHUNK_ROWS: String(CHUNK_ROWS) };
const PERILS = ['Earthquake', 'CumulativeRain'];

/** The worker's log line for one attempt of one job (chunks computed and re-read), once it is written. */
async function attemptLine(server: ServedProcess, jobId: string, attempt: number): Promise<{ outcome: string; chunks_computed: number; chunks_reused: number }> {
  return JSON.parse(await server.waitForLine(new RegExp(`"job_id":"${jobId}","attempt":${attempt},.*"msg":"batch job attempt ended"`)));
}

async function createKey(dataDir: string, owner: string): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'keys', 'create', '--owner', owner, '--json'], { env: { ...process.env, HAZRISK_DATA_DIR: dataDir } });
  return JSON.parse(stdout).key;
}

describe('crash safety', () => {
  it('kill -9 with two owners\' jobs interleaved: each restart re-reads its finished chunks, increments the attempt, and writes a byte-identical CSV', { timeout: 400_000 }, async () => {
    const dataDir = tempDir();
    writeFixtureTables(path.join(dataDir, 'tables'));
    let server = await serveProcess(dataDir, ENV);
    const keys = [fs.readFileSync(path.join(dataDir, 'demo-key.txt'), 'utf8').trim(), await createKey(dataDir, 'tenant-b')];
    const rows = Array.from({ length: ROWS }, (_, i) => [-60 + (i % 120), -170 + ((i * 7) % 340), `site ${i}`]);
    const csv = toCsv(['latitude', 'longitude', 'tag'], rows);
    const fileIds: string[] = [];
    for (const key of keys) {
      const file = await upload(server.url, key, csv);
      assert.equal(file.status, 200, JSON.stringify(file.body));
      fileIds.push(file.body.file_id);
    }
    const submit = (owner: number) => call(`${server.url}/v1/in-depth/batch`, { method: 'POST', key: keys[owner], json: { file_id: fileIds[owner], perils: PERILS } });
    const jobs = [(await submit(0)).body.job_id as string, (await submit(1)).body.job_id as string];

    // Both jobs advance together: the scheduler gives the two owners chunks in turn.
    const running = await Promise.all(jobs.map((job, owner) => waitForJob(server.url, keys[owner]!, 'in-depth', job, (s) => s.status === 'running' && s.processed_rows >= 2 * CHUNK_ROWS)));
    server.child.kill('SIGKILL');
    await server.exited;
    for (const status of running) assert.ok(status.processed_rows < ROWS, 'killed mid-job');

    server = await serveProcess(dataDir, ENV);
    const resumed: Buffer[] = [];
    for (const [owner, job] of jobs.entries()) {
      const done = await waitForJob(server.url, keys[owner]!, 'in-depth', job);
      assert.equal(done.status, 'complete');
      assert.equal(done.attempt, 2);
      assert.equal(done.processed_rows, ROWS);
      const second = await attemptLine(server, job, 2);
      assert.equal(second.outcome, 'complete');
      // processed_rows only moves when a chunk's checkpoint is committed, so these chunks were on disk at the kill.
      const checkpointed = running[owner].processed_rows / CHUNK_ROWS;
      assert.ok(second.chunks_reused >= checkpointed, `re-read ${second.chunks_reused} chunks, ${checkpointed} were checkpointed before the kill`);
      assert.equal(second.chunks_computed + second.chunks_reused, ROWS / CHUNK_ROWS);
      resumed.push(Buffer.from(await (await fetch(done.result_url)).arrayBuffer()));
    }

    const again = (await submit(0)).body.job_id as string;
    const clean = await waitForJob(server.url, keys[0]!, 'in-depth', again);
    assert.equal(clean.attempt, 1);
    const first = await attemptLine(server, again, 1);
    assert.deepEqual([first.chunks_computed, first.chunks_reused], [ROWS / CHUNK_ROWS, 0]);
    const uninterrupted = Buffer.from(await (await fetch(clean.result_url)).arrayBuffer());
    for (const [owner, bytes] of resumed.entries()) {
      assert.equal(bytes.length, uninterrupted.length);
      assert.ok(bytes.equals(uninterrupted), `results CSV of owner ${owner} differs after the crash`);
    }
    assert.equal(await stopProcess(server), 0);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
