import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from '../helpers/harness.js';
import { call, tempDir } from '../helpers/app.js';
import { toCsv, upload, waitForJob } from '../helpers/batch.js';
import { writeFixtureTables } from '../helpers/fixture-tables.js';
import { serveProcess, stopProcess } from '../helpers/serve.js';

/**
 * kill -9 of a real `hazrisk serve` mid-job, then a restart on the same data
 * dir: the job resumes from its checkpoints (the chunks finished before the
 * kill are re-read, not recomputed), and its CSV equals an uninterrupted run's.
 */
const CHUNK_ROWS = 1000;
const ROWS = 20_000;
const ENV = { HAZRISK_LEASE_MS: '1000', HAZRISK_BATCH_CHUNK_ROWS: String(CHUNK_ROWS) };

/** The worker's log line for one attempt of one job (chunks computed and re-read). */
function attemptLine(stdout: string, jobId: string, attempt: number): { outcome: string; chunks_computed: number; chunks_reused: number } {
  const line = stdout.split('\n').find((l) => l.includes('"msg":"batch job attempt ended"') && l.includes(`"job_id":"${jobId}"`) && l.includes(`"attempt":${attempt},`));
  assert.ok(line, `no log line for attempt ${attempt} of ${jobId}`);
  return JSON.parse(line);
}

describe('crash safety', () => {
  it('kill -9 mid-job: the restart re-reads the finished chunks, increments the attempt, and writes a byte-identical CSV', { timeout: 300_000 }, async () => {
    const dataDir = tempDir();
    writeFixtureTables(path.join(dataDir, 'tables'));
    let server = await serveProcess(dataDir, ENV);
    const key = fs.readFileSync(path.join(dataDir, 'demo-key.txt'), 'utf8').trim();
    const rows = Array.from({ length: ROWS }, (_, i) => [-60 + (i % 120), -170 + ((i * 7) % 340), `site ${i}`]);
    const file = await upload(server.url, key, toCsv(['latitude', 'longitude', 'tag'], rows));
    assert.equal(file.status, 200, JSON.stringify(file.body));
    const submit = () => call(`${server.url}/v1/in-depth/batch`, { method: 'POST', key, json: { file_id: file.body.file_id, perils: ['Earthquake', 'CumulativeRain'] } });
    const job = (await submit()).body.job_id as string;

    const running = await waitForJob(server.url, key, 'in-depth', job, (s) => s.status === 'running' && s.processed_rows >= 2 * CHUNK_ROWS);
    assert.ok(running.processed_rows < ROWS, 'killed mid-job');
    server.child.kill('SIGKILL');
    await server.exited;
    // processed_rows only moves when a chunk's checkpoint is committed, so these chunks are on disk.
    const checkpointed = running.processed_rows / CHUNK_ROWS;

    server = await serveProcess(dataDir, ENV);
    const done = await waitForJob(server.url, key, 'in-depth', job);
    assert.equal(done.status, 'complete');
    assert.equal(done.attempt, 2);
    assert.equal(done.processed_rows, ROWS);
    const second = attemptLine(server.stdout(), job, 2);
    assert.equal(second.outcome, 'complete');
    assert.ok(second.chunks_reused >= checkpointed, `re-read ${second.chunks_reused} chunks, ${checkpointed} were checkpointed before the kill`);
    assert.equal(second.chunks_computed + second.chunks_reused, ROWS / CHUNK_ROWS);
    const resumed = Buffer.from(await (await fetch(done.result_url)).arrayBuffer());

    const again = (await submit()).body.job_id as string;
    const clean = await waitForJob(server.url, key, 'in-depth', again);
    assert.equal(clean.attempt, 1);
    assert.deepEqual([attemptLine(server.stdout(), again, 1).chunks_computed, attemptLine(server.stdout(), again, 1).chunks_reused], [ROWS / CHUNK_ROWS, 0]);
    const uninterrupted = Buffer.from(await (await fetch(clean.result_url)).arrayBuffer());
    assert.equal(resumed.length, uninterrupted.length);
    assert.ok(resumed.equals(uninterrupted), 'results CSV differs after the crash');
    assert.equal(await stopProcess(server), 0);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
