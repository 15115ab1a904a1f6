import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { describe, it } from '../helpers/harness.js';
import { call, tempDir } from '../helpers/app.js';
import { toCsv, upload, waitForJob } from '../helpers/batch.js';
import { writeFixtureTables } from '../helpers/fixture-tables.js';
import { serveProcess, stopProcess, type ServedProcess } from '../helpers/serve.js';

/**
 * kill -9 of a real `hazrisk serve` while two owners' jobs are interleaved
 * chunk by chunk, then a restart on the same data dir: the chunks accepted
 * before the kill stay accepted (never recomputed), the chunk the dead process
 * held is taken again once its lease runs out — its job's attempt + 1 — and
 * each job's CSV equals an uninterrupted run's, byte for byte, with no chunk
 * or temporary file left behind.
 */
const CHUNK_ROWS = 1000;
const ROWS = 20_000;
const ENV = { HAZRISK_LEASE_MS: '1000', HAZRISK_BATCH_CHUNK_ROWS: String(CHUNK_ROWS) };
const PERILS = ['Earthquake', 'CumulativeRain'];

/** The worker's log line for the end of its part in one job (chunks computed, and accepted before it took part), once it is written. */
async function attemptLine(server: ServedProcess, jobId: string, attempt: number): Promise<{ outcome: string; chunks_computed: number; chunks_reused: number }> {
  return JSON.parse(await server.waitForLine(new RegExp(`"job_id":"${jobId}","attempt":${attempt},.*"msg":"batch job attempt ended"`)));
}

async function createKey(dataDir: string, owner: string): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'keys', 'create', '--owner', owner, '--json'], { env: { ...process.env, HAZRISK_DATA_DIR: dataDir } });
  return JSON.parse(stdout).key;
}

describe('crash safety', () => {
  it('kill -9 with two owners\' jobs interleaved: the restart keeps the accepted chunks, takes the dead process\'s chunk again (attempt + 1), and writes a byte-identical CSV', { timeout: 400_000 }, async () => {
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

    // Both jobs advance together: the fair claim gives the two owners chunks in turn. Killed while a chunk is leased.
    const db = new Database(path.join(dataDir, 'hazrisk.db'), { readonly: true });
    const leased = () => db.prepare<[], { job_id: string; chunk: number }>("SELECT job_id, chunk FROM job_chunks WHERE state = 'leased'").all();
    const accepted = (job: string) => db.prepare<[string], { n: number }>("SELECT count(*) AS n FROM job_chunks WHERE job_id = ? AND state = 'done'").get(job)!.n;
    await Promise.all(jobs.map((job, owner) => waitForJob(server.url, keys[owner]!, 'in-depth', job, (s) => s.status === 'running' && s.processed_rows >= 2 * CHUNK_ROWS)));
    while (leased().length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    server.child.kill('SIGKILL');
    await server.exited;
    const heldAtKill = leased();
    const acceptedAtKill = jobs.map(accepted);
    db.close();
    assert.ok(heldAtKill.length >= 1, 'the dead process held a chunk');
    for (const n of acceptedAtKill) assert.ok(n >= 2 && n < ROWS / CHUNK_ROWS, `killed mid-job (${n} chunks accepted)`);

    server = await serveProcess(dataDir, ENV);
    const resumed: Buffer[] = [];
    for (const [owner, job] of jobs.entries()) {
      const done = await waitForJob(server.url, keys[owner]!, 'in-depth', job);
      assert.equal(done.status, 'complete');
      assert.equal(done.attempt, 1 + heldAtKill.filter((c) => c.job_id === job).length, 'one more attempt for each chunk whose lease was lost');
      assert.equal(done.processed_rows, ROWS, 'no row counted twice');
      const ended = await attemptLine(server, job, done.attempt);
      assert.equal(ended.outcome, 'complete');
      // The accepted chunks are never computed again: the new process computed only the rest.
      assert.deepEqual([ended.chunks_reused, ended.chunks_computed], [acceptedAtKill[owner], ROWS / CHUNK_ROWS - acceptedAtKill[owner]!]);
      assert.deepEqual(fs.readdirSync(path.join(dataDir, 'jobs', job)).filter((f) => f.startsWith('chunk-') || f.endsWith('.tmp')), [], 'no chunk or temporary file is left');
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
