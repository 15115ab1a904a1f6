import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { after, describe, it } from '../helpers/harness.js';
import { call, tempDir } from '../helpers/app.js';
import { toCsv, upload, waitForJob } from '../helpers/batch.js';
import { writeFixtureTables } from '../helpers/fixture-tables.js';
import { postgresSkip, startPostgres, type TestCluster } from '../helpers/postgres.js';
import { serveProcess, stopProcess } from '../helpers/serve.js';

/**
 * `--database-url` across real processes: a `hazrisk serve` that runs no batch
 * worker, `hazrisk keys create` in another process (with no data dir of its
 * own), and a `hazrisk worker` process that takes the job from the shared
 * PostgreSQL queue and completes it.
 */
const skip = postgresSkip('serve, keys and worker processes sharing one PostgreSQL store');
let cluster: TestCluster | undefined;
after(async () => {
  await cluster?.stop();
});

describe('hazrisk processes on one PostgreSQL store', () => {
  it('keys made by `hazrisk keys --database-url` work on `hazrisk serve --database-url`; a `hazrisk worker --database-url` runs the job the server queued', { skip, timeout: 300_000 }, async () => {
    cluster = await startPostgres();
    const url = await cluster.createDatabase();
    const dataDir = tempDir();
    writeFixtureTables(path.join(dataDir, 'tables'));
    const noDataDir = path.join(tempDir(), 'none');
    const env = { ...process.env, HAZRISK_DATABASE_URL: '' };
    const server = await serveProcess(dataDir, { HAZRISK_BATCH_WORKERS: '0', HAZRISK_DATABASE_URL: '' }, ['serve', '--database-url', url]);
    const worker = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'worker', '--database-url', url], { env: { ...env, HAZRISK_DATA_DIR: dataDir, HAZRISK_LOG_LEVEL: 'info', HAZRISK_POOL_SIZE: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
    const workerExit = new Promise<number | string>((resolve) => worker.once('exit', (code, signal) => resolve(code ?? signal ?? -1)));
    let workerLog = '';
    worker.stdout.on('data', (chunk: Buffer) => (workerLog += chunk.toString()));
    try {
      assert.equal(fs.existsSync(path.join(dataDir, 'hazrisk.db')), false, 'no SQLite database beside the PostgreSQL store');
      const created = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'keys', 'create', '--owner', 'pg-cli', '--json', '--database-url', url], { env: { ...env, HAZRISK_DATA_DIR: noDataDir } });
      const key = JSON.parse(created.stdout).key as string;
      assert.equal(fs.existsSync(noDataDir), false, '`keys` made no data dir');
      // The server's copy of the keys table takes the new key within its refresh.
      while ((await call(`${server.url}/v1/perils`, { key })).status !== 200) await new Promise((resolve) => setTimeout(resolve, 50));

      const file = await upload(server.url, key, toCsv(['latitude', 'longitude'], Array.from({ length: 6 }, (_, i) => [30 + i, -90 + i])));
      assert.equal(file.status, 200);
      const job = await call(`${server.url}/v1/lite/batch`, { method: 'POST', key, json: { file_id: file.body.file_id } });
      assert.equal(job.status, 200);
      const done = await waitForJob(server.url, key, 'lite', job.body.job_id);
      assert.deepEqual([done.status, done.attempt, done.processed_rows], ['complete', 1, 6]);
      // The worker process ran it: its log line comes with the next flush of its log (src/log.ts).
      const ran = new RegExp(`"job_id":"${job.body.job_id}","attempt":1,"outcome":"complete"`);
      while (!ran.test(workerLog)) await new Promise((resolve) => setTimeout(resolve, 50));
      assert.doesNotMatch(server.stdout(), /"msg":"batch job attempt ended"/, 'the server ran no job');
      assert.equal((await fetch(done.result_url)).status, 200);
    } finally {
      worker.kill('SIGTERM');
      assert.equal(await workerExit, 0);
      assert.equal(await stopProcess(server), 0);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
