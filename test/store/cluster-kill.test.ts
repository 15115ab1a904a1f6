import assert from 'node:assert/strict';
import path from 'node:path';
import pg from 'pg';
import { after, describe, it } from '../helpers/harness.js';
import { call } from '../helpers/app.js';
import { toCsv, waitForJob } from '../helpers/batch.js';
import { CHUNK_ROWS, CLUSTER_ENV, clusterDir, createKey, freezeHolding, keyAccepted, leftovers, oneBoxResults, spreadSchedule, submitInDepth, until } from '../helpers/cluster.js';
import { writeFixtureTables } from '../helpers/fixture-tables.js';
import { postgresSkip, startPostgres, type TestCluster } from '../helpers/postgres.js';
import { serveProcess, stopProcess, workerProcess } from '../helpers/serve.js';

/**
 * Issue 37's "done when", as processes on one machine (no network
 * namespaces): a throwaway PostgreSQL cluster, one shared dir, `hazrisk serve`
 * with HAZRISK_BATCH_WORKERS=0, two `hazrisk worker` processes with their own
 * data dirs and the same tables, keys made by `hazrisk keys create` against
 * the database. A 20,000-row in-depth job (Earthquake, TropicalCyclone) whose
 * first worker is killed with SIGKILL between 20 % and 70 % completes on the
 * other: attempt = 1 + the chunks the dead worker held, processed_rows 20,000,
 * every chunk accepted once, no chunk or temporary file left, and a results
 * CSV byte-identical to the same schedule on one box with SQLite. A 2-row job
 * of another owner submitted right after the kill completes while the large
 * job is still computing (a small job waits at most for the chunks in hand).
 */
const skip = postgresSkip('a batch job across worker processes sharing one PostgreSQL store and a shared dir');
const ROWS = 20_000;
const PERILS = ['Earthquake', 'TropicalCyclone'];

let cluster: TestCluster | undefined;
after(async () => {
  await cluster?.stop();
});

describe('a cluster on one machine: PostgreSQL, a shared dir, an API-only server and two worker processes', () => {
  it('a worker killed mid-job: the job completes on the other with attempt + 1 and the one-box bytes; a small job of another owner goes first', { skip, timeout: 900_000 }, async () => {
    cluster = await startPostgres();
    const url = await cluster.createDatabase();
    const shared = clusterDir('hazrisk-shared-');
    const tables = path.join(clusterDir(), 'tables');
    writeFixtureTables(tables);
    const env = { ...CLUSTER_ENV, HAZRISK_DATABASE_URL: url, HAZRISK_SHARED_DIR: shared, HAZRISK_TABLES_DIR: tables };
    const server = await serveProcess(clusterDir(), { ...env, HAZRISK_BATCH_WORKERS: '0' });
    const [large, small] = [await createKey(env, 'owner-large'), await createKey(env, 'owner-small')];
    await keyAccepted(server.url, small);
    const [first, second] = [await workerProcess(clusterDir(), env), await workerProcess(clusterDir(), env)];

    const csv = spreadSchedule(ROWS);
    const job = await submitInDepth(server.url, large, csv, PERILS);
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    try {
      const acceptedFrom = async (workerId: string) => Number((await db.query("SELECT count(*) AS n FROM job_chunks WHERE job_id = $1 AND state = 'done' AND lease_owner = $2", [job, workerId])).rows[0].n);
      await waitForJob(server.url, large, 'in-depth', job, (s) => s.progress_percentage >= 20);
      // Both workers have had chunks accepted (the first's stay accepted after it dies), and the first holds one.
      await until(async () => (await acceptedFrom(first.workerId)) > 0);
      const held = await freezeHolding(first.child, async () => (await db.query<{ chunk: number }>("SELECT chunk FROM job_chunks WHERE job_id = $1 AND state = 'leased' AND lease_owner = $2", [job, first.workerId])).rows.map((r) => r.chunk));
      const atKill = (await call(`${server.url}/v1/in-depth/batch/${job}`, { key: large })).body;
      first.child.kill('SIGKILL');
      assert.equal(await first.exited, 'SIGKILL');
      assert.ok(atKill.status === 'running' && atKill.progress_percentage <= 70, `killed at ${atKill.progress_percentage} %`);
      const submittedAt = performance.now();
      const smallJob = await submitInDepth(server.url, small, toCsv(['latitude', 'longitude'], [[25.76, -80.19], [35.68, 139.69]]), PERILS);

      const smallDone = await waitForJob(server.url, small, 'in-depth', smallJob);
      const seconds = (performance.now() - submittedAt) / 1000;
      assert.deepEqual([smallDone.status, smallDone.processed_rows], ['complete', 2]);
      const meanwhile = await call(`${server.url}/v1/in-depth/batch/${job}`, { key: large });
      assert.equal(meanwhile.body.status, 'running', `the small job completed (${seconds.toFixed(1)} s after its submission) while the large one computes`);
      process.stdout.write(`# 2-row job of another owner completed ${seconds.toFixed(1)} s after the kill; the large job was at ${meanwhile.body.progress_percentage} %\n`);

      const done = await waitForJob(server.url, large, 'in-depth', job);
      const chunks = (await db.query<{ chunk: number; state: string; rows: number; attempts: number }>('SELECT chunk, state, rows, attempts FROM job_chunks WHERE job_id = $1 ORDER BY chunk', [job])).rows;
      assert.deepEqual([chunks.length, chunks.filter((c) => c.state === 'done').length, chunks.reduce((sum, c) => sum + c.rows, 0)], [ROWS / CHUNK_ROWS, ROWS / CHUNK_ROWS, ROWS], 'every chunk accepted once');
      for (const chunk of held) assert.ok(chunks[chunk]!.attempts >= 2, `chunk ${chunk}, held by the dead worker, was taken again`);
      // Each lease lost is one more attempt: the dead worker's, and any a stalled worker let run out (a busy machine, a 2 s lease).
      const retakes = chunks.reduce((sum, c) => sum + c.attempts - 1, 0);
      assert.deepEqual([done.status, done.attempt, done.processed_rows], ['complete', 1 + retakes, ROWS], 'one more attempt for each chunk taken again');
      const owners = (await db.query<{ lease_owner: string }>('SELECT DISTINCT lease_owner FROM job_chunks WHERE job_id = $1 ORDER BY lease_owner', [job])).rows.map((r) => r.lease_owner);
      assert.deepEqual(owners, [first.workerId, second.workerId].sort(), 'both workers computed accepted chunks');
      assert.deepEqual(leftovers(shared), [], 'no chunk or temporary file is left');
      const clustered = Buffer.from(await (await fetch(done.result_url)).arrayBuffer());
      const [bytes] = await oneBoxResults(tables, [csv], PERILS);
      assert.equal(clustered.length, bytes!.length);
      assert.ok(clustered.equals(bytes!), 'the results CSV is byte-identical to the one-box run');
    } finally {
      await db.end();
      second.child.kill('SIGTERM');
      assert.equal(await second.exited, 0);
      assert.equal(await stopProcess(server), 0);
    }
  });
});
