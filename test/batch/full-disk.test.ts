import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from '../helpers/harness.js';
import { insertJob, startTestApp, tempDir, type TestApp } from '../helpers/app.js';
import { toCsv, upload } from '../helpers/batch.js';
import { writeFixtureTables } from '../helpers/fixture-tables.js';
import type { JobRepository } from '../../src/store/store.js';
import { attemptEnded, manualWorker } from './manual-worker.js';
import { deferred } from '../helpers/deferred.js';
import type { ArtefactBuilder } from '../../src/batch/artefacts.js';

/**
 * A full disk must not wedge the batch worker (issue 30, item 1). The audit's
 * wedge: a chunk write failed with ENOSPC, then marking the job failed threw
 * SQLITE_FULL inside the worker's catch, so its loop died while the lease was
 * renewed for ever. Here the job store refuses writes as a full database does
 * (errors with the codes SQLite and the file system give); the worker must end
 * the attempt, store the failure once the database takes writes again, and go
 * on with the next job. test/ops/full-disk.test.ts fills a real disk.
 */
const CLOCK = Date.UTC(2026, 10, 28, 12, 0);
const ROWS = 6; // 3 chunks of 2 rows

let t: TestApp;
let fileId: string;

before(async () => {
  const dir = tempDir();
  writeFixtureTables(path.join(dir, 'tables'));
  t = await startTestApp({ dataDir: dir, tablesDir: path.join(dir, 'tables') }, { clock: () => CLOCK, worker: false });
  const key = await t.key({ owner: 'o' });
  fileId = (await upload(t.url, key, toCsv(['latitude', 'longitude'], Array.from({ length: ROWS }, (_, i) => [15 + i, -100 + i])))).body.file_id;
});
after(() => t.close());

function fullError(code: 'ENOSPC' | 'SQLITE_FULL'): Error {
  return Object.assign(new Error(code === 'ENOSPC' ? 'ENOSPC: no space left on device, write' : 'database or disk is full'), { code });
}

async function submit(idempotencyKey: string): Promise<string> {
  return (await insertJob(t.app, { owner: 'o', keyId: 'k', kind: 'in_depth', fileId, options: { perils: ['Earthquake'] }, idempotencyKey, submissionDate: '2026-11-28', totalRows: ROWS, now: CLOCK })).id;
}

/** The app's job store, except that the writes named in `refusing` fail with the given error while it is set; `calls` counts each method's calls. */
function refusingStore(refusing: Map<keyof JobRepository, Error>, calls = new Map<string, number>()): JobRepository {
  return new Proxy(t.app.jobs, {
    get(target, name, receiver) {
      const value = Reflect.get(target, name, receiver);
      if (typeof value !== 'function') return value;
      return async (...args: unknown[]) => {
        calls.set(String(name), (calls.get(String(name)) ?? 0) + 1);
        const error = refusing.get(name as keyof JobRepository);
        if (error) throw error;
        return value.apply(target, args);
      };
    },
  });
}

describe('a full disk in the middle of a job', () => {
  it('fails the job, stores the failure once the database takes writes, and the worker goes on', async () => {
    const refusing = new Map<keyof JobRepository, Error>();
    const calls = new Map<string, number>();
    const failing = await submit('full-1');
    const worker = manualWorker(t, {
      jobs: refusingStore(refusing, calls),
      // After the first chunk the disk is full: the next checkpoint, the failure and lease renewals are all refused.
      afterChunk: (job, chunk) => {
        if (job.id !== failing || chunk !== 0) return;
        refusing.set('saveCheckpoint', fullError('ENOSPC'));
        refusing.set('fail', fullError('SQLITE_FULL'));
        refusing.set('renewChunk', fullError('SQLITE_FULL'));
      },
    });
    const ended = attemptEnded(worker, failing);
    worker.start();
    // The wedge kept the attempt held for ever; now it ends, failed, though nothing could be stored.
    assert.equal((await ended).outcome, 'failed');
    refusing.set('claim', fullError('SQLITE_FULL'));
    assert.equal((await t.app.jobs.byId(failing))!.status, 'running', 'the database refused the failure, so it is not stored yet');

    // The loop goes on through refused claims and failures: each turn tries to store the failure again.
    const next = await submit('full-2');
    const nextEnded = attemptEnded(worker, next);
    const turns = calls.get('fail')!;
    worker.wake();
    while (calls.get('fail')! < turns + 2) await new Promise((resolve) => setTimeout(resolve, 5));
    assert.equal((await t.app.jobs.byId(next))!.status, 'pending');

    // Space is back: the failure is stored and the next job runs to the end.
    refusing.clear();
    while ((await t.app.jobs.byId(failing))!.status !== 'failed') await new Promise((resolve) => setTimeout(resolve, 20));
    const failed = (await t.app.jobs.byId(failing))!;
    assert.equal(failed.error, 'job infrastructure failure: the server ran out of disk space');
    assert.equal(failed.lease_owner, null);
    assert.deepEqual(await nextEnded, { outcome: 'complete', chunksComputed: 3, chunksReused: 0 });
    await worker.stop();
  });

  it('stops cleanly (SIGTERM) while the database refuses to hand the artefact stage\'s lease back', async () => {
    const refusing = new Map<keyof JobRepository, Error>();
    const jobId = await submit('full-3');
    const building = deferred();
    const held = deferred();
    const gated: ArtefactBuilder = {
      async workbook() {
        building.resolve();
        await held.promise;
        return null;
      },
      report: async () => null,
    };
    const worker = manualWorker(t, { jobs: refusingStore(refusing), artefacts: gated });
    const ended = attemptEnded(worker, jobId);
    worker.start();
    await building.promise;
    refusing.set('release', fullError('SQLITE_FULL'));
    const stopping = worker.stop();
    held.resolve(); // this builder ignores the abort signal; the stage discards what it returns
    await stopping;
    assert.equal((await ended).outcome, 'stopped');
    const job = (await t.app.jobs.byId(jobId))!;
    assert.equal(job.status, 'running');
    assert.ok(job.lease_expires_at! > CLOCK, 'the lease was not handed back; it runs out instead, and another worker takes the artefact stage');
  });
});
