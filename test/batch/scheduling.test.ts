import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from '../helpers/harness.js';
import { call, jobRow, startTestApp, tempDir, type TestApp } from '../helpers/app.js';
import { toCsv, upload } from '../helpers/batch.js';
import { writeFixtureTables } from '../helpers/fixture-tables.js';
import type { ArtefactBuilder } from '../../src/batch/artefacts.js';
import type { Claim, JobRecord } from '../../src/store/records.js';
import type { AttemptResult } from '../../src/batch/batch-worker.js';
import { attemptEnded, manualWorker } from './manual-worker.js';
import { deferred } from '../helpers/deferred.js';

/**
 * Scheduling across owners (docs/batch.md "Scheduling", "Artefacts", "Queue"),
 * asserted on the order of chunks and events, never on time: chunks go to
 * owners in turn, a newcomer's small job gets the next chunk and completes
 * while large jobs are mid-way, its artefacts do not queue behind a large
 * workbook, cancel stops an interleaved job at once, and the per-owner limit
 * and queue positions show in GET /v1/jobs.
 */
const CLOCK = Date.UTC(2026, 10, 23, 12, 0);
const LARGE_ROWS = 30; // 15 chunks of 2 rows
const LARGE = toCsv(['latitude', 'longitude'], Array.from({ length: LARGE_ROWS }, (_, i) => [10 + i, 20 + i]));
const SMALL = toCsv(['latitude', 'longitude'], [[25.76, -80.19]]);

let t: TestApp;
const keys: Record<string, string> = {};

before(async () => {
  const dir = tempDir();
  writeFixtureTables(path.join(dir, 'tables'));
  t = await startTestApp({ dataDir: dir, tablesDir: path.join(dir, 'tables') }, { clock: () => CLOCK, worker: false });
  for (const owner of ['A', 'B', 'C']) keys[owner] = await t.key({ owner });
});
after(() => t.close());

async function submit(owner: string, csv: string): Promise<string> {
  const file = await upload(t.url, keys[owner]!, csv);
  assert.equal(file.status, 200, JSON.stringify(file.body));
  const job = await call(`${t.url}/v1/in-depth/batch`, { method: 'POST', key: keys[owner], json: { file_id: file.body.file_id, perils: ['Earthquake'] } });
  assert.equal(job.status, 200, JSON.stringify(job.body));
  return job.body.job_id;
}

const record = (id: string): JobRecord => jobRow(t.app, id);

describe('fair scheduling across owners', () => {
  it('gives owners chunks in turn; a small job from a third owner gets the next chunk and completes while the large jobs are mid-way', async () => {
    const owners = new Map([[await submit('A', LARGE), 'A'], [await submit('B', LARGE), 'B']]);
    const order: string[] = [];
    let small = '';
    let submittedAfter = -1;
    const smallEnded = deferred<AttemptResult>();
    const worker = manualWorker(t, {
      afterChunk: async (job) => {
        order.push(owners.get(job.id)!);
        if (order.length === 4) {
          small = await submit('C', SMALL);
          owners.set(small, 'C');
          submittedAfter = order.length;
          void attemptEnded(worker, small).then(smallEnded.resolve);
        }
        // Hold the large jobs mid-way until the small one has completed, so "completes first" cannot depend on speed.
        if (small && job.id !== small && order.includes('C')) await smallEnded.promise;
      },
    });
    const large = [...owners.keys()];
    const largeEnded = large.map((id) => attemptEnded(worker, id));
    worker.start();
    try {
      assert.equal((await smallEnded.promise).outcome, 'complete');
      assert.equal(order.indexOf('C'), submittedAfter, 'the small job got the very next chunk');
      for (const id of large) {
        assert.equal(record(id).status, 'running', 'the large jobs are still running');
        assert.ok(record(id).processed_rows < LARGE_ROWS);
      }
      assert.deepEqual((await Promise.all(largeEnded)).map((r) => r.outcome), ['complete', 'complete']);
    } finally {
      await worker.stop();
    }
    const largeOrder = order.filter((o) => o !== 'C');
    assert.equal(largeOrder.length, 2 * (LARGE_ROWS / 2));
    largeOrder.forEach((owner, i) => i > 0 && assert.notEqual(owner, largeOrder[i - 1], `chunk ${i}: owners take turns (${largeOrder.join('')})`));
    for (const id of large) assert.deepEqual([record(id).status, record(id).attempt, record(id).processed_rows], ['complete', 1, LARGE_ROWS]);
  });

  it("builds a small job's artefacts in their own lane while a large job's workbook is still being written", async () => {
    const workbookStarted = deferred<string>();
    const releaseWorkbook = deferred();
    let largeId = '';
    const gated: ArtefactBuilder = {
      async workbook(job) {
        if (job.id !== largeId) return null;
        workbookStarted.resolve(job.id);
        await releaseWorkbook.promise;
        return null;
      },
      report: async () => null,
    };
    // A large job's results CSV (30 rows × 16 thresholds) is over 10,000 bytes, the small one's under.
    const worker = manualWorker(t, { artefacts: gated, largeBuilds: 1, smallResultsBytes: 10_000 });
    largeId = await submit('A', LARGE);
    const largeEnded = attemptEnded(worker, largeId);
    worker.start();
    try {
      assert.equal(await workbookStarted.promise, largeId);
      const small = await submit('C', SMALL);
      const smallEnded = attemptEnded(worker, small);
      worker.wake();
      assert.equal((await smallEnded).outcome, 'complete');
      assert.deepEqual([record(largeId).status, record(largeId).building_artefacts], ['running', 1], 'the large workbook is still being written');
      releaseWorkbook.resolve();
      assert.equal((await largeEnded).outcome, 'complete');
    } finally {
      releaseWorkbook.resolve();
      await worker.stop();
    }
  });

  it("computes an owner's own jobs one at a time, least work left first: its small job goes next, its second large job waits", async () => {
    const large = [await submit('A', LARGE), await submit('A', LARGE)];
    const order: string[] = [];
    let small = '';
    let smallEnded: Promise<AttemptResult> | undefined;
    const worker = manualWorker(t, {
      afterChunk: async (job) => {
        order.push(job.id);
        if (order.length === 3) {
          small = await submit('A', SMALL);
          smallEnded = attemptEnded(worker, small);
        }
      },
    });
    const largeEnded = large.map((id) => attemptEnded(worker, id));
    worker.start();
    try {
      assert.deepEqual((await Promise.all(largeEnded)).map((r) => r.outcome), ['complete', 'complete']);
      assert.equal((await smallEnded)?.outcome, 'complete');
    } finally {
      await worker.stop();
    }
    const chunks = LARGE_ROWS / 2;
    const [first, second] = order[0] === large[0] ? large : [large[1]!, large[0]!];
    const expected = [...Array(3).fill(first), small, ...Array(chunks - 3).fill(first), ...Array(chunks).fill(second)];
    assert.deepEqual(order, expected, 'the first large job computes to the end before the second starts; the small job runs at the next pick');
  });

  it('cancel stops an interleaved job at once: none of its chunks run after the cancel, and the other job completes', async () => {
    const cancelled = await submit('A', LARGE);
    const other = await submit('B', LARGE);
    const order: string[] = [];
    let cancelledAfter = -1;
    let rowsAtCancel = -1;
    const worker = manualWorker(t, {
      afterChunk: async (job) => {
        order.push(job.id);
        if (job.id === cancelled && order.filter((id) => id === cancelled).length === 2) {
          const res = await call(`${t.url}/v1/in-depth/batch/${cancelled}`, { method: 'DELETE', key: keys.A });
          assert.equal(res.body.status, 'cancelled');
          cancelledAfter = order.length;
          rowsAtCancel = res.body.processed_rows;
        }
      },
    });
    const ended = [attemptEnded(worker, cancelled), attemptEnded(worker, other)];
    worker.start();
    try {
      assert.deepEqual((await Promise.all(ended)).map((r) => r.outcome), ['lost', 'complete']);
    } finally {
      await worker.stop();
    }
    assert.ok(cancelledAfter > 0);
    assert.deepEqual(order.slice(cancelledAfter).filter((id) => id === cancelled), [], 'no chunk of the cancelled job ran after the cancel');
    assert.deepEqual([record(cancelled).status, record(cancelled).processed_rows], ['cancelled', rowsAtCancel], 'nothing was written after the cancel');
    assert.deepEqual([record(other).status, record(other).processed_rows], ['complete', LARGE_ROWS]);
  });
});

describe('the per-owner limit and the queue in GET /v1/jobs', () => {
  it('an owner at HAZRISK_BATCH_MAX_RUNNING_PER_OWNER waits in its own queue; other owners do not; artefact building frees a place', async () => {
    const dir = tempDir();
    writeFixtureTables(path.join(dir, 'tables'));
    // No worker: the test claims jobs as a worker would, one at a time.
    const app = await startTestApp({ dataDir: dir, tablesDir: path.join(dir, 'tables'), batchMaxRunningPerOwner: 2 }, { clock: () => CLOCK, worker: false });
    try {
      const key = { D: await app.key({ owner: 'D' }), E: await app.key({ owner: 'E' }) };
      const fileId = (owner: 'D' | 'E') => upload(app.url, key[owner], SMALL).then((r) => r.body.file_id as string);
      const submitOne = async (owner: 'D' | 'E', idempotencyKey: string) =>
        (await call(`${app.url}/v1/lite/batch`, { method: 'POST', key: key[owner], headers: { 'idempotency-key': idempotencyKey }, json: { file_id: await fileId(owner) } })).body.job_id as string;
      const [d1, d2, d3] = [await submitOne('D', 'd1'), await submitOne('D', 'd2'), await submitOne('D', 'd3')];
      const e1 = await submitOne('E', 'e1');
      const queue = async () => {
        const jobs = (await call(`${app.url}/v1/jobs`, { key: key.D })).body.jobs as { job_id: string; stage: string; queue_position: number | null; waiting_for: string | null }[];
        return Object.fromEntries(jobs.map((j) => [j.job_id, [j.stage, j.queue_position, j.waiting_for]]));
      };
      assert.deepEqual(await queue(), { [d1]: ['queued', 1, 'worker'], [d2]: ['queued', 2, 'worker'], [d3]: ['queued', 3, 'worker'] });

      const { jobs } = app.app;
      const claims: Claim[] = [];
      const claim = async () => {
        const claimed = await jobs.claim('w', 60_000, CLOCK, { chunkRows: 10, maxComputingPerOwner: 2, maxChunkAttempts: 3, tablesFingerprint: app.app.intake.tablesFingerprint });
        if (claimed) claims.push(claimed);
        return claimed?.job.id;
      };
      // D's oldest first; then E, served least; then D's second; D's third waits for D's limit.
      assert.deepEqual([await claim(), await claim(), await claim(), await claim()], [d1, e1, d2, undefined]);
      assert.deepEqual(await queue(), { [d1]: ['computing', null, null], [d2]: ['computing', null, null], [d3]: ['queued', 1, 'owner_limit'] });

      // A job building its artefacts no longer counts against the limit (its one chunk accepted, the job's lease is the worker's).
      const first = claims[0]!;
      assert.equal(first.kind === 'chunk' && (await jobs.saveCheckpoint({ job_id: d1, chunk: 0, rows: 1, file: 'c', bytes: 1, sha256: 'ab' }, first.lease, 'w', 60_000, CLOCK)), 'last');
      assert.equal(await jobs.markBuildingArtefacts(d1, 'w', CLOCK), true);
      assert.deepEqual((await queue())[d3], ['queued', 1, 'worker']);
      assert.deepEqual((await queue())[d1], ['building_artefacts', null, null]);
      assert.equal(await claim(), d3);
      await jobs.cancel(d2, CLOCK);
      assert.deepEqual((await queue())[d2], ['cancelled', null, null]);
    } finally {
      await app.close();
    }
  });
});
