import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from '../helpers/harness.js';
import { call, startTestApp, tempDir, type TestApp } from '../helpers/app.js';
import { toCsv, upload, waitForJob } from '../helpers/batch.js';
import { writeFixtureTables } from '../helpers/fixture-tables.js';
import { attemptEnded, manualWorker } from '../batch/manual-worker.js';
import type { JobRepository } from '../../src/store/store.js';

/**
 * A full disk, for real (issue 30, item 1): the data dir sits on an 8 MiB
 * tmpfs that the test fills while a job computes. The job fails with a public
 * error, /ready says the storage is full, an upload is refused with 507 and
 * leaves nothing behind, a job waiting meanwhile is not started; once space is
 * freed /ready recovers and the waiting job completes. Mounting needs root
 * (CI runs as root); without it the test skips, which CI refuses.
 */
const mountPoint = tempDir('hazrisk-tmpfs-');
const mounted = ((): string | false => {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=8m,mode=0700', 'tmpfs', mountPoint], { stdio: 'pipe' });
    return false;
  } catch (err) {
    return `cannot mount a tmpfs here (${String((err as { stderr?: Buffer }).stderr ?? err).trim()}): the full-disk path was NOT tested on a real disk`;
  }
})();

const ROWS = 6;
let t: TestApp;
let key: string;
let tablesDir: string;
const filler = path.join(mountPoint, 'filler');

/** Write the disk full: blocks until ENOSPC, then smaller ones, so not even 4 KiB is left. */
function fillDisk(): void {
  const fd = fs.openSync(filler, 'a');
  try {
    for (const size of [1 << 20, 64 << 10, 4 << 10, 512]) {
      const block = Buffer.alloc(size, 0x61);
      try {
        for (;;) fs.writeSync(fd, block);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
      }
    }
  } finally {
    fs.closeSync(fd);
  }
}

before(async () => {
  if (mounted) return;
  tablesDir = tempDir();
  writeFixtureTables(tablesDir);
  t = await startTestApp({ dataDir: path.join(mountPoint, 'data'), tablesDir, minFreeMb: 1 }, { worker: false });
  key = await t.key({ owner: 'o' });
});
after(async () => {
  if (mounted) return fs.rmSync(mountPoint, { recursive: true, force: true });
  await t.close();
  execFileSync('umount', [mountPoint]);
  fs.rmSync(mountPoint, { recursive: true, force: true });
  fs.rmSync(tablesDir, { recursive: true, force: true });
});

describe('the data dir on a disk that fills up', { skip: mounted }, () => {
  it('fails the job, refuses uploads with 507, holds new jobs, and recovers when space is freed', async () => {
    const csv = toCsv(['latitude', 'longitude'], Array.from({ length: ROWS }, (_, i) => [15 + i, -100 + i]));
    const fileId = (await upload(t.url, key, csv)).body.file_id;
    const submit = async (idempotencyKey: string): Promise<string> => {
      const res = await call(`${t.url}/v1/in-depth/batch`, { method: 'POST', key, json: { file_id: fileId, perils: ['Earthquake'] }, headers: { 'idempotency-key': idempotencyKey } });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      return res.body.job_id;
    };
    const first = await submit('disk-1');
    const second = await submit('disk-2');
    // One job at a time for the owner, so the second waits; once the first's second chunk is claimed, the disk is full.
    const claims = t.app.jobs;
    const jobs: JobRepository = Object.assign(Object.create(claims) as JobRepository, {
      async claim(...args: Parameters<JobRepository['claim']>) {
        const claim = await claims.claim(...args);
        if (claim?.kind === 'chunk' && claim.job.id === first && claim.lease.chunk === 1) fillDisk();
        return claim;
      },
    });
    const worker = manualWorker(t, { jobs, storage: t.app.storage, maxComputingPerOwner: 1 });
    const ended = attemptEnded(worker, first);
    worker.start();
    assert.equal((await ended).outcome, 'failed');

    const ready = await call(`${t.url}/ready`);
    assert.equal(ready.status, 503);
    assert.equal(ready.body.error.checks.storage, false);
    assert.ok(ready.body.error.free_bytes < 1048576, `free_bytes ${ready.body.error.free_bytes}`);

    const refused = await upload(t.url, key, csv);
    assert.equal(refused.status, 507);
    assert.equal(refused.body.error.code, 'insufficient_storage');
    assert.equal(refused.headers.get('retry-after'), '60');
    assert.deepEqual(fs.readdirSync(t.app.paths.uploads).filter((f) => f.endsWith('.tmp')), [], 'no partial upload left behind');
    assert.equal((await call(`${t.url}/v1/in-depth/batch/${second}`, { key })).body.status, 'pending');

    fs.rmSync(filler);
    const failed = await waitForJob(t.url, key, 'in-depth', first);
    assert.equal(failed.status, 'failed');
    assert.equal(failed.error, 'job infrastructure failure: the server ran out of disk space');
    const done = await waitForJob(t.url, key, 'in-depth', second);
    assert.equal(done.status, 'complete', JSON.stringify(done));
    assert.equal((await call(`${t.url}/ready`)).body.error?.checks.storage ?? true, true);
    await worker.stop();
  });
});
