import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, describe, it } from '../helpers/harness.js';
import { call, tempDir } from '../helpers/app.js';
import { toCsv, upload, waitForJob } from '../helpers/batch.js';
import { writeFixtureTables } from '../helpers/fixture-tables.js';
import { postgresSkip, startPostgres, type TestCluster } from '../helpers/postgres.js';
import { serveProcess, stopProcess } from '../helpers/serve.js';

/**
 * PostgreSQL restarted in the middle of a batch job (issue 37; docs/operations.md
 * "Cluster"): every connection is cut and the database is away for a moment.
 * Claims, renewals and the checkpoint of the chunk in hand fail meanwhile and
 * are tried again; the job completes with every row counted once. The same
 * with the database down while the job's artefacts are built: the stage
 * waits for it instead of failing the finished work.
 */
const skip = postgresSkip('a batch job across a PostgreSQL restart');
const ROWS = 6000;
let cluster: TestCluster | undefined;
after(async () => {
  await cluster?.stop();
});

/** A `hazrisk serve` on a fresh database of the cluster, with its demo key; a lease longer than the outages, so the worker keeps what it holds. */
async function serveOnPostgres(chunkRows: number) {
  cluster ??= await startPostgres();
  const dataDir = tempDir();
  writeFixtureTables(path.join(dataDir, 'tables'));
  const server = await serveProcess(dataDir, { HAZRISK_DATABASE_URL: await cluster.createDatabase(), HAZRISK_LEASE_MS: '15000', HAZRISK_BATCH_CHUNK_ROWS: String(chunkRows) });
  return { server, key: fs.readFileSync(path.join(dataDir, 'demo-key.txt'), 'utf8').trim() };
}

async function submitEarthquake(base: string, key: string, rows: number): Promise<string> {
  const file = await upload(base, key, toCsv(['latitude', 'longitude'], Array.from({ length: rows }, (_, i) => [-60 + (i % 120), -170 + ((i * 7) % 340)])));
  assert.equal(file.status, 200);
  const job = await call(`${base}/v1/in-depth/batch`, { method: 'POST', key, json: { file_id: file.body.file_id, perils: ['Earthquake'] } });
  assert.equal(job.status, 200);
  return job.body.job_id as string;
}

describe('PostgreSQL restarted mid-job', () => {
  it('the job still completes, every row counted once', { skip, timeout: 600_000 }, async () => {
    const { server, key } = await serveOnPostgres(500);
    try {
      const job = await submitEarthquake(server.url, key, ROWS);
      const before = await waitForJob(server.url, key, 'in-depth', job, (s) => s.progress_percentage >= 25);
      await cluster!.restart();
      assert.ok(before.status === 'running' && before.processed_rows < ROWS, `restarted mid-job (${before.processed_rows} rows done)`);
      const done = await waitForJob(server.url, key, 'in-depth', job);
      assert.deepEqual([done.status, done.processed_rows], ['complete', ROWS]);
      const lines = (await (await fetch(done.result_url)).text()).trimEnd().split('\r\n');
      assert.equal(lines.length, 1 + ROWS * 16, 'a line per row and Earthquake threshold, none twice');
    } finally {
      assert.equal(await stopProcess(server), 0);
    }
    // The worker met the outage (its log is complete once the process has exited), and went on.
    assert.match(server.stdout(), /"msg":"(checkpoint: the database is away; tried again until it answers|claiming batch work failed; trying again at every turn|batch worker turn failed; trying again)"/);
  });

  it('the database down while the artefacts are built: the stage waits for it, and the job completes', { skip, timeout: 600_000 }, async () => {
    // Enough rows that the workbook takes a while: the database goes down while it is built.
    const rows = 20_000;
    const { server, key } = await serveOnPostgres(5000);
    try {
      const job = await submitEarthquake(server.url, key, rows);
      const building = await waitForJob(server.url, key, 'in-depth', job, (s) => s.progress_percentage === 99 || !['pending', 'running'].includes(s.status));
      assert.deepEqual([building.status, building.progress_percentage], ['running', 99], 'the artefact stage has begun');
      await cluster!.down();
      const waited = new RegExp(`"job_id":"${job}".*"msg":"(accepted chunks|assembled results|job completion): the database is away; tried again until it answers"`);
      const ended = new RegExp(`"job_id":"${job}".*"msg":"batch job attempt ended"`);
      try {
        // The stage's next read or record finds the database away, and waits (or, had the stage been quicker than
        // the shutdown, it ended first: that fails below, rather than waiting here for ever).
        await Promise.race([waited, ended].map((line) => server.waitForLine(line).catch(() => undefined)));
      } finally {
        await cluster!.up();
      }
      const log = server.stdout().split('\n');
      const at = (line: RegExp) => log.findIndex((l) => line.test(l));
      assert.ok(at(waited) >= 0 && (at(ended) < 0 || at(waited) < at(ended)), 'the stage met the database down, and waited');
      const done = await waitForJob(server.url, key, 'in-depth', job);
      assert.deepEqual([done.status, done.attempt, done.processed_rows], ['complete', 1, rows], 'the finished work was kept, on the same attempt');
      const lines = (await (await fetch(done.result_url)).text()).trimEnd().split('\r\n');
      assert.equal(lines.length, 1 + rows * 16);
    } finally {
      assert.equal(await stopProcess(server), 0);
    }
  });
});
