import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, describe, it } from '../helpers/harness.js';
import { tempDir } from '../helpers/app.js';
import { postgresSkip, startPostgres, type TestCluster } from '../helpers/postgres.js';
import { JOB_STATES } from '../../src/job-states.js';
import type { FileRecord, JobRecord, KeyRow, NewJob } from '../../src/store/records.js';
import type { Store } from '../../src/store/store.js';
import { SqliteStore } from '../../src/store/sqlite/index.js';
import { PostgresStore } from '../../src/store/postgres/index.js';

/**
 * The store's contract (src/store/store.ts), one set of cases run against both
 * implementations: SQLite always, PostgreSQL on a throwaway cluster
 * (test/helpers/postgres.ts). Each case gets a new, empty store. Lease expiry
 * is reached through a lease of negative length, which has run out on either
 * clock (SQLite times leases by the caller's `now`, PostgreSQL by its own).
 */
const T0 = Date.UTC(2026, 10, 28, 12);
const LEASE = 60_000;

interface Implementation {
  name: string;
  skip: string | false;
  fresh(): Promise<Store>;
}

let cluster: TestCluster | null = null;
const opened: Store[] = [];
const dirs: string[] = [];

const IMPLEMENTATIONS: Implementation[] = [
  {
    name: 'SQLite',
    skip: false,
    async fresh() {
      const dir = tempDir('hazrisk-store-');
      dirs.push(dir);
      return SqliteStore.open(path.join(dir, 'hazrisk.db'));
    },
  },
  {
    name: 'PostgreSQL',
    skip: postgresSkip('the store contract'),
    async fresh() {
      cluster ??= await startPostgres();
      return PostgresStore.open(await cluster.createDatabase());
    },
  },
];

after(async () => {
  await Promise.all(opened.map((s) => s.close()));
  await cluster?.stop();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function keyRow(id: string, fields: Partial<KeyRow> = {}): KeyRow {
  return {
    id,
    key_hash: `hash-${id}`,
    owner: 'acme',
    tenant: 'acme-t',
    organisation: 'acme-o',
    label: null,
    perils: '["Earthquake"]',
    modes: '["batch"]',
    flood_plus: 1,
    issued_at: T0,
    expires_at: T0 + 86_400_000,
    revoked_at: null,
    rate_limit: null,
    ...fields,
  };
}

function fileRecord(id: string, fields: Partial<FileRecord> = {}): FileRecord {
  return { id, owner: 'acme', key_id: 'k1', filename: `${id}.csv`, path: `${id}.rows.jsonl`, bytes: 1234, rows: 10, sha256: 'ab'.repeat(32), created_at: T0, ...fields };
}

let jobs = 0;
function newJob(fields: Partial<NewJob> = {}): NewJob {
  const n = ++jobs;
  return { id: `job_${n}`, owner: 'acme', keyId: 'k1', kind: 'in_depth', fileId: 'file_a', options: { perils: ['Earthquake'] }, idempotencyKey: `idem-${n}`, submissionDate: '2026-11-28', totalRows: 10, now: T0, ...fields };
}

/** A store with one kept upload (`file_a`, owner acme). */
async function withUpload(impl: Implementation): Promise<Store> {
  const store = await impl.fresh();
  opened.push(store);
  await store.files.insertFile(fileRecord('file_a'));
  return store;
}

async function created(store: Store, job: NewJob): Promise<JobRecord> {
  const outcome = await store.jobs.submit(job);
  assert.equal(outcome.kind, 'created');
  return outcome.job;
}

for (const impl of IMPLEMENTATIONS) {
  const test = (name: string, fn: () => Promise<void>) => it(name, { skip: impl.skip }, fn);

  describe(`store contract: ${impl.name}`, () => {
    test('keys: insert, read back whole, list oldest first, count, revoke once; the request path sees the revocation at once', async () => {
      const store = await impl.fresh();
      opened.push(store);
      const later = keyRow('bbbbbbbbbbbb', { issued_at: T0 + 1, label: 'second', rate_limit: 7, flood_plus: 0 });
      const first = keyRow('aaaaaaaaaaaa');
      await store.keys.insert(later);
      await store.keys.insert(first);
      assert.deepEqual(await store.keys.byId('bbbbbbbbbbbb'), later);
      assert.deepEqual(store.keys.lookup('aaaaaaaaaaaa'), first);
      assert.equal(store.keys.lookup('cccccccccccc'), undefined);
      assert.equal(await store.keys.byId('cccccccccccc'), undefined);
      assert.deepEqual(await store.keys.list(), [first, later]);
      assert.equal(await store.keys.count(), 2);
      assert.equal(await store.keys.revoke('aaaaaaaaaaaa', T0 + 5), true);
      assert.equal(await store.keys.revoke('aaaaaaaaaaaa', T0 + 6), false, 'a revoked key is not revoked again');
      assert.equal(await store.keys.revoke('cccccccccccc', T0 + 6), false);
      assert.equal(store.keys.lookup('aaaaaaaaaaaa')?.revoked_at, T0 + 5);
      assert.equal((await store.keys.byId('aaaaaaaaaaaa'))?.revoked_at, T0 + 5);
    });

    test('uploads are owner-scoped; schedules list newest first within the limit and leave with their upload', async () => {
      const store = await withUpload(impl);
      assert.deepEqual(await store.files.file('acme', 'file_a'), { ...fileRecord('file_a'), purged_at: null });
      assert.equal(await store.files.file('mallory', 'file_a'), undefined, "another owner's upload is unknown");
      assert.equal(await store.files.fileById('file_b'), undefined);
      await store.files.insertFile(fileRecord('file_b', { created_at: T0 + 10, rows: null }));
      const schedule = (id: string, fileId: string, createdAt: number) => ({ id, owner: 'acme', tenant: 't', organisation: 'o', name: `${fileId}.csv`, line_of_business: 'PROPERTY', file_id: fileId, rows: 10, cleaned: 0, created_at: createdAt });
      await store.files.insertSchedule(schedule('sch_a', 'file_a', T0));
      await store.files.insertSchedule(schedule('sch_b', 'file_b', T0 + 10));
      assert.deepEqual(await store.files.schedules('acme', 10), [schedule('sch_b', 'file_b', T0 + 10), schedule('sch_a', 'file_a', T0)]);
      assert.deepEqual((await store.files.schedules('acme', 1)).map((s) => s.id), ['sch_b']);
      assert.deepEqual(await store.files.schedules('mallory', 10), []);
      const removed = await store.files.unusedUploads(T0 + 5, T0 + 100);
      assert.deepEqual(removed, [{ ...fileRecord('file_a'), purged_at: null }], 'the upload as it was chosen');
      assert.equal(await store.files.file('acme', 'file_a'), undefined, 'a removed upload cannot be submitted');
      assert.equal((await store.files.fileById('file_a'))?.purged_at, T0 + 100, 'its record stays for its jobs');
      assert.deepEqual((await store.files.schedules('acme', 10)).map((s) => s.id), ['sch_b']);
    });

    test('submit: a new pending job, whole; the same Idempotency-Key and submission finds it, a different one conflicts; a missing upload is unknown', async () => {
      const store = await withUpload(impl);
      const job = newJob({ idempotencyKey: 'same' });
      const made = await created(store, job);
      assert.deepEqual(made, {
        id: job.id, owner: 'acme', key_id: 'k1', kind: 'in_depth', file_id: 'file_a', options: '{"perils":["Earthquake"]}', idempotency_key: 'same',
        submission: '{"kind":"in_depth","file_id":"file_a","options":{"perils":["Earthquake"]}}', submission_date: '2026-11-28', status: 'pending',
        attempt: 0, processed_rows: 0, total_rows: 10, building_artefacts: 0, error: null, lease_owner: null, lease_expires_at: null, submitted_at: T0,
        started_at: null, finished_at: null, result_file: null, report_file: null, workbook_file: null, links_expire_at: null, results_bytes: null,
        failures_bytes: null, purged_at: null,
      });
      assert.deepEqual(await store.jobs.submit({ ...job, id: 'job_again', now: T0 + 1 }), { kind: 'repeated', job: made });
      assert.deepEqual(await store.jobs.submit({ ...job, id: 'job_other', options: { perils: ['Rain'] } }), { kind: 'conflict', job: made });
      const otherKey = await created(store, { ...job, id: 'job_otherkey', keyId: 'k2' });
      assert.equal(otherKey.id, 'job_otherkey', 'an Idempotency-Key belongs to one API key');
      assert.deepEqual(await store.jobs.submit(newJob({ fileId: 'file_missing' })), { kind: 'unknown_file' });
      assert.equal(await store.jobs.byId('job_again'), undefined);
    });

    test('concurrent submissions under one Idempotency-Key make one job', async () => {
      const store = await withUpload(impl);
      const outcomes = await Promise.all(Array.from({ length: 6 }, (_, i) => store.jobs.submit(newJob({ id: `job_race_${i}`, idempotencyKey: 'race' }))));
      assert.deepEqual(outcomes.map((o) => o.kind).sort(), ['created', 'repeated', 'repeated', 'repeated', 'repeated', 'repeated']);
      assert.equal(new Set(outcomes.map((o) => ('job' in o ? o.job.id : ''))).size, 1);
    });

    test('reads: owner- and kind-scoped get, lists newest first (insertion order breaks ties), queue positions, counts by status', async () => {
      const store = await withUpload(impl);
      const a = await created(store, newJob({ now: T0 }));
      const b = await created(store, newJob({ now: T0 + 1 }));
      const c = await created(store, newJob({ now: T0 + 1, kind: 'lite' }));
      await created(store, newJob({ owner: 'other', now: T0 }));
      assert.equal((await store.jobs.get('acme', 'in_depth', a.id))?.id, a.id);
      assert.equal(await store.jobs.get('acme', 'lite', a.id), undefined);
      assert.equal(await store.jobs.get('other', 'in_depth', a.id), undefined);
      assert.deepEqual((await store.jobs.list('acme', 10)).map((j) => j.id), [c.id, b.id, a.id]);
      assert.deepEqual((await store.jobs.list('acme', 2)).map((j) => j.id), [c.id, b.id]);
      assert.deepEqual(await store.jobs.queuePositions('acme'), new Map([[a.id, 1], [b.id, 2], [c.id, 3]]));
      await store.jobs.cancel(b.id, T0 + 2);
      assert.deepEqual(await store.jobs.queuePositions('acme'), new Map([[a.id, 1], [c.id, 2]]));
      assert.deepEqual(await store.jobs.countByStatus(), { ...Object.fromEntries(JOB_STATES.map((s) => [s, 0])), pending: 3, cancelled: 1 });
    });

    test('claim: oldest first, the owner with fewest computing first, within the per-owner limit; the claim starts an attempt', async () => {
      const store = await withUpload(impl);
      const a1 = await created(store, newJob({ owner: 'a', now: T0 }));
      const a2 = await created(store, newJob({ owner: 'a', now: T0 + 1 }));
      const a3 = await created(store, newJob({ owner: 'a', now: T0 + 2 }));
      const b1 = await created(store, newJob({ owner: 'b', now: T0 + 3 }));
      const first = await store.jobs.claim('w1', LEASE, T0 + 10, 2);
      assert.equal(first?.id, a1.id);
      assert.deepEqual([first!.status, first!.attempt, first!.processed_rows, first!.lease_owner, first!.started_at], ['running', 1, 0, 'w1', T0 + 10]);
      assert.equal(typeof first!.lease_expires_at, 'number');
      const order = [(await store.jobs.claim('w1', LEASE, T0 + 10, 2))?.id, (await store.jobs.claim('w1', LEASE, T0 + 10, 2))?.id, (await store.jobs.claim('w1', LEASE, T0 + 10, 2))?.id];
      assert.deepEqual(order, [b1.id, a2.id, undefined], "b has none computing, then a's second; a's third waits for a's limit");
      assert.equal(await store.jobs.computingCount('a'), 2);
      assert.equal(await store.jobs.markBuildingArtefacts(a1.id, 'w1', T0 + 99), true);
      assert.equal(await store.jobs.computingCount('a'), 1, 'a job building its artefacts does not count');
      assert.equal((await store.jobs.claim('w1', LEASE, T0 + 10, 2))?.id, a3.id);
      assert.equal(await store.jobs.claim('w1', LEASE, T0 + 10, 0), undefined, 'nothing pending');
    });

    test('concurrent claims never hand one job to two workers', async () => {
      const store = await withUpload(impl);
      const ids = [];
      for (let i = 0; i < 3; i++) ids.push((await created(store, newJob({ now: T0 + i }))).id);
      const claims = await Promise.all(Array.from({ length: 6 }, (_, i) => store.jobs.claim(`w${i}`, LEASE, T0 + 10)));
      const taken = claims.filter((j): j is JobRecord => j !== undefined);
      assert.deepEqual(taken.map((j) => j.id).sort(), [...ids].sort());
      assert.equal(new Set(taken.map((j) => j.lease_owner)).size, 3);
    });

    test('leases: only the holder renews or writes; a handed-back or lapsed lease is taken by another worker, whose attempt starts over', async () => {
      const store = await withUpload(impl);
      const job = await created(store, newJob());
      await store.jobs.claim('w1', LEASE, T0);
      assert.equal(await store.jobs.renew(job.id, 'w1', LEASE, T0 + 1), true);
      assert.equal(await store.jobs.renew(job.id, 'w2', LEASE, T0 + 1), false);
      assert.equal(await store.jobs.setProgress(job.id, 'w1', 4), true);
      assert.equal(await store.jobs.setProgress(job.id, 'w2', 5), false);
      assert.equal(await store.jobs.claim('w2', LEASE, T0 + 2), undefined, 'a live lease is not taken');
      await store.jobs.release(job.id, 'w1');
      const taken = await store.jobs.claim('w2', LEASE, T0 + 2);
      assert.deepEqual([taken?.id, taken?.attempt, taken?.processed_rows, taken?.lease_owner, taken?.started_at], [job.id, 2, 0, 'w2', T0]);
      assert.equal(await store.jobs.setProgress(job.id, 'w1', 6), false, 'the old holder writes nothing');
      // A lease that has run out (negative length): another worker restarts the job, the holder itself does not.
      assert.equal(await store.jobs.renew(job.id, 'w2', -LEASE, T0 + 3), true);
      assert.equal(await store.jobs.claim('w2', LEASE, T0 + 3), undefined, "a worker's own lapsed lease is renewed, not restarted");
      assert.equal((await store.jobs.claim('w3', LEASE, T0 + 3))?.attempt, 3);
    });

    test('checkpoints: saved with the progress only by the lease holder, replaced per chunk, read in order', async () => {
      const store = await withUpload(impl);
      const job = await created(store, newJob());
      await store.jobs.claim('w1', LEASE, T0);
      const chunk = (n: number, sha = 'cd') => ({ job_id: job.id, chunk: n, rows: 2, file: `chunk-${n}.csv`, bytes: 100 + n, sha256: sha.repeat(32) });
      assert.equal(await store.jobs.saveCheckpoint(chunk(1), 'w1', 4), true);
      assert.equal(await store.jobs.saveCheckpoint(chunk(0), 'w1', 2), true);
      assert.equal(await store.jobs.saveCheckpoint(chunk(0, 'ef'), 'w1', 4), true);
      assert.equal(await store.jobs.saveCheckpoint(chunk(2), 'w2', 6), false);
      assert.deepEqual(await store.jobs.chunks(job.id), [chunk(0, 'ef'), chunk(1)]);
      assert.deepEqual(await store.jobs.checkpoint(job.id, 1), chunk(1));
      assert.equal(await store.jobs.checkpoint(job.id, 2), undefined, "a stranger's checkpoint is not stored");
      assert.equal((await store.jobs.byId(job.id))?.processed_rows, 4);
      assert.equal(await store.jobs.recordResults(job.id, 'w1', { resultsBytes: 5000, failuresBytes: 0 }), true);
      assert.deepEqual(await store.jobs.chunks('job_none'), []);
    });

    test('complete, fail and cancel follow the state table; a cancelled job refuses its worker', async () => {
      const store = await withUpload(impl);
      const [done, broken, cancelled, waiting] = [await created(store, newJob()), await created(store, newJob()), await created(store, newJob()), await created(store, newJob())];
      for (let i = 0; i < 3; i++) await store.jobs.claim('w1', LEASE, T0);
      assert.equal(await store.jobs.markBuildingArtefacts(done.id, 'w1', T0 + 7 * 86_400_000), true);
      assert.equal(await store.jobs.complete(done.id, 'w1', { result: 'results.csv', report: 'report.html', workbook: null }, T0 + 5), true);
      assert.equal(await store.jobs.fail(broken.id, 'w1', 'broken', T0 + 6), true);
      await store.jobs.cancel(cancelled.id, T0 + 7);
      await store.jobs.cancel(waiting.id, T0 + 8);
      assert.equal(await store.jobs.renew(cancelled.id, 'w1', LEASE, T0 + 9), false);
      assert.equal(await store.jobs.complete(cancelled.id, 'w1', { result: 'results.csv', report: null, workbook: null }, T0 + 9), false);
      await store.jobs.cancel(done.id, T0 + 9);
      assert.equal(await store.jobs.fail(done.id, 'w1', 'late', T0 + 9), false);
      const pick = (j: JobRecord | undefined) => j && [j.status, j.result_file, j.report_file, j.workbook_file, j.error, j.finished_at, j.lease_owner, j.lease_expires_at, j.building_artefacts, j.links_expire_at];
      assert.deepEqual(pick(await store.jobs.byId(done.id)), ['complete', 'results.csv', 'report.html', null, null, T0 + 5, null, null, 1, T0 + 7 * 86_400_000]);
      assert.deepEqual(pick(await store.jobs.byId(broken.id)), ['failed', null, null, null, 'broken', T0 + 6, null, null, 0, null]);
      assert.deepEqual((await store.jobs.byId(cancelled.id))?.status, 'cancelled');
      assert.deepEqual(pick(await store.jobs.byId(waiting.id)), ['cancelled', null, null, null, null, T0 + 8, null, null, 0, null]);
    });

    test('retention: finished jobs past the cutoff with expired links, once; uploads no job uses, marked atomically', async () => {
      const store = await withUpload(impl);
      await store.files.insertFile(fileRecord('file_b'));
      await store.files.insertFile(fileRecord('file_c'));
      const old = await created(store, newJob({ now: T0 }));
      const linked = await created(store, newJob({ now: T0 }));
      const running = await created(store, newJob({ now: T0, fileId: 'file_b' }));
      await store.jobs.claim('w1', LEASE, T0);
      await store.jobs.claim('w1', LEASE, T0);
      await store.jobs.claim('w1', LEASE, T0);
      await store.jobs.markBuildingArtefacts(linked.id, 'w1', T0 + 500);
      await store.jobs.complete(old.id, 'w1', { result: 'results.csv', report: null, workbook: null }, T0 + 10);
      await store.jobs.complete(linked.id, 'w1', { result: 'results.csv', report: null, workbook: null }, T0 + 10);
      assert.deepEqual(await store.jobs.expired(T0 + 100, T0 + 200), [old.id], 'links of the other still live');
      assert.deepEqual((await store.jobs.expired(T0 + 100, T0 + 500)).sort(), [old.id, linked.id].sort());
      assert.deepEqual(await store.jobs.expired(T0 + 5, T0 + 500), [], 'finished after the cutoff');
      await store.jobs.markPurged(old.id, T0 + 600);
      assert.deepEqual(await store.jobs.expired(T0 + 100, T0 + 500), [linked.id]);
      assert.equal((await store.jobs.byId(old.id))?.purged_at, T0 + 600);
      // file_a: only finished jobs from before the cutoff; file_b: a running job; file_c: none at all.
      assert.deepEqual((await store.files.unusedUploads(T0 + 100)).map((f) => f.id).sort(), ['file_a', 'file_c'], 'a dry run');
      assert.equal((await store.files.fileById('file_a'))?.purged_at, null, 'a dry run marks nothing');
      assert.deepEqual(await store.files.unusedUploads(T0 - 1), [], 'nothing uploaded before the cutoff');
      assert.deepEqual((await store.files.unusedUploads(T0 + 100, T0 + 700)).map((f) => f.id).sort(), ['file_a', 'file_c']);
      assert.deepEqual(await store.files.unusedUploads(T0 + 100, T0 + 800), [], 'marked once');
      assert.equal(running.file_id, 'file_b');
      assert.deepEqual(await store.jobs.submit(newJob({ fileId: 'file_c' })), { kind: 'unknown_file' }, 'a removed upload takes no new job');
    });

    test('ping answers while the database does', async () => {
      const store = await impl.fresh();
      opened.push(store);
      await store.ping();
    });
  });
}

describe('PostgreSQL store only', () => {
  const skip = postgresSkip('timing leases by the database clock');

  it("times leases by the database's clock, not the caller's: a worker whose clock is a day ahead cannot take a live lease", { skip }, async () => {
    const store = await IMPLEMENTATIONS[1]!.fresh();
    opened.push(store);
    await store.files.insertFile(fileRecord('file_a'));
    const job = await created(store, newJob());
    const before = Date.now();
    const claimed = await store.jobs.claim('w1', LEASE, 0);
    assert.ok(claimed!.lease_expires_at! >= before + LEASE - 60_000, `lease from the database clock, not from now = 0 (${claimed!.lease_expires_at})`);
    assert.equal(claimed!.started_at, 0, 'record timestamps stay the caller\'s');
    assert.equal(await store.jobs.claim('w2', LEASE, Date.now() + 86_400_000), undefined);
    assert.equal((await store.jobs.byId(job.id))?.lease_owner, 'w1');
  });
});
