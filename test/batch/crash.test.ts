import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { call, tempDir } from '../helpers/app.js';
import { toCsv, upload, waitForJob } from '../helpers/batch.js';
import { writeFixtureTables } from '../helpers/fixture-tables.js';

/** A real `hazrisk serve` process on an ephemeral port. */
async function serve(dataDir: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'serve'], {
    env: {
      ...process.env,
      HAZRISK_DATA_DIR: dataDir,
      HAZRISK_PORT: '0',
      HAZRISK_HOST: '127.0.0.1',
      HAZRISK_LOG_LEVEL: 'info',
      HAZRISK_LEASE_MS: '1000',
      HAZRISK_BATCH_CHUNK_ROWS: '1000',
      HAZRISK_POOL_SIZE: '1',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let buffer = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const match = /"port":(\d+)[^\n]*"msg":"hazrisk listening"/.exec(buffer);
      if (match) resolve(Number(match[1]));
    });
    child.on('exit', (code) => reject(new Error(`server exited early (${code})`)));
  });
  return { url: `http://127.0.0.1:${port}`, child };
}

describe('crash safety', () => {
  it('kill -9 mid-job: after a restart the attempt increments, the job completes, and the CSV is byte-identical', { timeout: 120_000 }, async () => {
    const dataDir = tempDir();
    writeFixtureTables(path.join(dataDir, 'tables'));
    let server = await serve(dataDir);
    const key = fs.readFileSync(path.join(dataDir, 'demo-key.txt'), 'utf8').trim();
    const rows = Array.from({ length: 20_000 }, (_, i) => [-60 + (i % 120), -170 + ((i * 7) % 340), `site ${i}`]);
    const file = await upload(server.url, key, toCsv(['latitude', 'longitude', 'tag'], rows));
    assert.equal(file.status, 200, JSON.stringify(file.body));
    const submit = () => call(`${server.url}/v1/in-depth/batch`, { method: 'POST', key, json: { file_id: file.body.file_id, perils: ['Earthquake', 'CumulativeRain'] } });
    const job = (await submit()).body.job_id as string;

    const running = await waitForJob(server.url, key, 'in-depth', job, (s) => s.status === 'running' && s.processed_rows >= 2000, 60_000);
    assert.ok(running.processed_rows < 20_000, 'killed mid-job');
    server.child.kill('SIGKILL');
    await new Promise((r) => server.child.once('exit', r));

    server = await serve(dataDir);
    try {
      const done = await waitForJob(server.url, key, 'in-depth', job, undefined, 90_000);
      assert.equal(done.status, 'complete');
      assert.equal(done.attempt, 2);
      assert.equal(done.processed_rows, 20_000);
      const resumed = Buffer.from(await (await fetch(done.result_url)).arrayBuffer());

      const again = (await submit()).body.job_id as string;
      const clean = await waitForJob(server.url, key, 'in-depth', again, undefined, 90_000);
      assert.equal(clean.attempt, 1);
      const uninterrupted = Buffer.from(await (await fetch(clean.result_url)).arrayBuffer());
      assert.equal(resumed.length, uninterrupted.length);
      assert.ok(resumed.equals(uninterrupted), 'results CSV differs after the crash');
    } finally {
      server.child.kill('SIGTERM');
      await new Promise((r) => server.child.once('exit', r));
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
