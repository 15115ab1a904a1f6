import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, describe, it } from '../helpers/harness.js';
import { tempDir } from '../helpers/app.js';
import { postgresSkip, startPostgres, type TestCluster } from '../helpers/postgres.js';
import { JOB_STATES } from '../../src/job-states.js';
import type { ChunkRecord, Claim, ClaimRules, FileRecord, JobRecord, KeyRow, NewJob } from '../../src/store/records.js';
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

/** One chunk per 10-row job, no per-owner limit. */
const RULES: ClaimRules = { chunkRows: 10, maxComputingPerOwner: 0, maxChunkAttempts: 3, tablesFingerprint: 'tables-1' };

/** `job#chunk` of a chunk claim, or undefined. */
function taken(claim: Claim | undefined): string | undefined {
  assert.notEqual(claim?.kind, 'exhausted');
  return claim?.kind === 'chunk' ? `${claim.job.id}#${claim.lease.chunk}` : undefined;
}

function checkpoint(jobId: string, chunk: number, rows: number, sha = 'cd'): ChunkRecord {
  return { job_id: jobId, chunk, rows, file: `chunk-${chunk}.csv`, bytes: 100 + chunk, sha256: sha.repeat(32) };
}

/** Claim the next one-chunk job and checkpoint it: `worker` then holds the job's lease, as for its artefact stage. */
async function toArtefactStage(store: Store, worker: string): Promise<string> {
  const claim = await store.jobs.claim(worker, LEASE, T0, RULES);
  assert.equal(claim?.kind, 'chunk');
  if (claim.kind !== 'chunk') throw new Error('no chunk');
  assert.equal(await store.jobs.saveCheckpoint(checkpoint(claim.job.id, 0, claim.rows), claim.lease, worker, LEASE, T0), 'last');
  return claim.job.id;
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
        failures_bytes: null, purged_at: null, chunk_rows: null, tables_fingerprint: null,
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

    test('claim: owners by work served, least work left within an owner, the per-owner limit; a job starts at its first chunk', async () => {
      const store = await withUpload(impl);
      const a1 = await created(store, newJob({ owner: 'a', now: T0 }));
      const a2 = await created(store, newJob({ owner: 'a', now: T0 + 1 }));
      const a3 = await created(store, newJob({ owner: 'a', now: T0 + 2 }));
      const b1 = await created(store, newJob({ owner: 'b', now: T0 + 3 }));
      const rules = { ...RULES, chunkRows: 5, maxComputingPerOwner: 2 };
      const first = await store.jobs.claim('w1', LEASE, T0 + 10, rules);
      assert.equal(first?.kind, 'chunk');
      assert.deepEqual(first.kind === 'chunk' && [first.lease, first.rows], [{ job_id: a1.id, chunk: 0, attempts: 1 }, 5]);
      const started = first.job;
      assert.deepEqual([started.id, started.status, started.attempt, started.processed_rows, started.chunk_rows, started.started_at, started.lease_owner], [a1.id, 'running', 1, 0, 5, T0 + 10, null]);
      const order = [];
      for (let i = 0; i < 6; i++) order.push(taken(await store.jobs.claim('w1', LEASE, T0 + 10, rules)));
      // b's first chunk; then a (served first on the tie) its running job's next; b's; a's second job (a1 has no chunk waiting); a2 again (b has none); a3 waits for a's limit.
      assert.deepEqual(order, [`${b1.id}#0`, `${a1.id}#1`, `${b1.id}#1`, `${a2.id}#0`, `${a2.id}#1`, undefined]);
      assert.equal(await store.jobs.computingCount('a'), 2);
      for (const chunk of [0, 1]) await store.jobs.saveCheckpoint(checkpoint(a1.id, chunk, 5), { job_id: a1.id, chunk, attempts: 1 }, 'w1', LEASE, T0 + 11);
      assert.equal(await store.jobs.markBuildingArtefacts(a1.id, 'w1', T0 + 99), true);
      assert.equal(await store.jobs.computingCount('a'), 1, 'a job building its artefacts does not count');
      assert.equal(taken(await store.jobs.claim('w1', LEASE, T0 + 12, rules)), `${a3.id}#0`);
    });

    test("claim: a newcomer owner's job gets the very next chunk; an owner's smaller job goes before its larger one", async () => {
      const store = await withUpload(impl);
      const large = await created(store, newJob({ owner: 'a', totalRows: 6 }));
      const rules = { ...RULES, chunkRows: 1 };
      const claimOne = async () => {
        const claim = await store.jobs.claim('w1', LEASE, T0, rules);
        assert.equal(claim?.kind, 'chunk');
        if (claim.kind === 'chunk') await store.jobs.saveCheckpoint(checkpoint(claim.job.id, claim.lease.chunk, 1), claim.lease, 'w1', LEASE, T0);
        return claim.job.id;
      };
      assert.deepEqual([await claimOne(), await claimOne()], [large.id, large.id]);
      const small = await created(store, newJob({ owner: 'a', totalRows: 1 }));
      const other = await created(store, newJob({ owner: 'c', totalRows: 2 }));
      assert.deepEqual([await claimOne(), await claimOne(), await claimOne(), await claimOne()], [other.id, small.id, other.id, large.id]);
    });

    test("claim: a worker whose hazard tables differ from a job's is handed none of its chunks, not even a lapsed one", async () => {
      const store = await withUpload(impl);
      const job = await created(store, newJob({ tablesFingerprint: 'tables-2' }));
      assert.equal((await store.jobs.byId(job.id))?.tables_fingerprint, 'tables-2');
      assert.equal(await store.jobs.claim('w1', LEASE, T0, RULES), undefined, 'tables-1 is not tables-2');
      assert.equal(taken(await store.jobs.claim('w2', LEASE, T0, { ...RULES, tablesFingerprint: 'tables-2' })), `${job.id}#0`);
      assert.equal(await store.jobs.renewChunk({ job_id: job.id, chunk: 0, attempts: 1 }, 'w2', -LEASE, T0), true);
      assert.equal(await store.jobs.claim('w1', LEASE, T0, RULES), undefined);
      assert.equal(taken(await store.jobs.claim('w3', LEASE, T0, { ...RULES, tablesFingerprint: 'tables-2' })), `${job.id}#0`);
    });

    test('concurrent claims never hand one chunk to two workers', async () => {
      const store = await withUpload(impl);
      const ids = [(await created(store, newJob({ now: T0 }))).id, (await created(store, newJob({ owner: 'b', now: T0 + 1 }))).id];
      const claims = await Promise.all(Array.from({ length: 10 }, (_, i) => store.jobs.claim(`w${i}`, LEASE, T0 + 10, { ...RULES, chunkRows: 4 })));
      const chunks = claims.map(taken).filter((c) => c !== undefined);
      assert.deepEqual(chunks.sort(), ids.flatMap((id) => [0, 1, 2].map((c) => `${id}#${c}`)).sort(), 'each of the six chunks once');
      assert.equal(claims.filter((c) => c === undefined).length, 4);
    });

    test("chunk leases: only the holder renews; a lapsed lease is taken by another worker (attempts + 1, the job's attempt + 1); the stale holder's checkpoint is rejected", async () => {
      const store = await withUpload(impl);
      const job = await created(store, newJob());
      const rules = { ...RULES, chunkRows: 5 };
      const lease0 = { job_id: job.id, chunk: 0, attempts: 1 };
      assert.equal(taken(await store.jobs.claim('w1', LEASE, T0, rules)), `${job.id}#0`);
      assert.equal(await store.jobs.renewChunk(lease0, 'w1', LEASE, T0 + 1), true);
      assert.equal(await store.jobs.renewChunk(lease0, 'w2', LEASE, T0 + 1), false);
      assert.equal(taken(await store.jobs.claim('w2', LEASE, T0 + 2, rules)), `${job.id}#1`, 'a live lease is not taken: the next chunk is');
      // A lease that has run out (negative length): another worker takes the chunk, the holder itself does not.
      assert.equal(await store.jobs.renewChunk(lease0, 'w1', -LEASE, T0 + 3), true);
      assert.equal(await store.jobs.claim('w1', LEASE, T0 + 3, rules), undefined, "a worker's own lapsed lease is renewed, not taken again");
      const retaken = await store.jobs.claim('w3', LEASE, T0 + 3, rules);
      assert.deepEqual(retaken?.kind === 'chunk' && [retaken.lease, retaken.rows, retaken.job.attempt], [{ job_id: job.id, chunk: 0, attempts: 2 }, 5, 2]);
      assert.equal(await store.jobs.renewChunk(lease0, 'w1', LEASE, T0 + 4), false, 'the old holder has lost it');
      assert.equal(await store.jobs.saveCheckpoint(checkpoint(job.id, 0, 5, 'ab'), lease0, 'w1', LEASE, T0 + 4), 'rejected');
      assert.equal(await store.jobs.fail(job.id, 'w1', 'stale', T0 + 4), false, 'a worker holding no lease of the job cannot fail it');
      assert.deepEqual([(await store.jobs.byId(job.id))?.processed_rows, await store.jobs.chunks(job.id)], [0, []], 'the refused checkpoint counts nothing');
      assert.equal(await store.jobs.saveCheckpoint(checkpoint(job.id, 0, 5), { job_id: job.id, chunk: 0, attempts: 2 }, 'w3', LEASE, T0 + 5), 'accepted');
      assert.equal(await store.jobs.saveCheckpoint(checkpoint(job.id, 0, 5), { job_id: job.id, chunk: 0, attempts: 2 }, 'w3', LEASE, T0 + 5), 'rejected', 'accepted once');
      assert.equal(await store.jobs.saveCheckpoint(checkpoint(job.id, 1, 5), { job_id: job.id, chunk: 1, attempts: 1 }, 'w2', LEASE, T0 + 6), 'last');
      const done = (await store.jobs.byId(job.id))!;
      assert.deepEqual([done.processed_rows, done.attempt, done.lease_owner, typeof done.lease_expires_at], [10, 2, 'w2', 'number'], 'the last writer holds the job for its artefacts');
      assert.deepEqual(await store.jobs.chunks(job.id), [checkpoint(job.id, 0, 5), checkpoint(job.id, 1, 5)]);
      assert.deepEqual(await store.jobs.chunks('job_none'), []);
    });

    test('a chunk whose lease ran out maxChunkAttempts times fails its job with chunk_attempts_exhausted instead of being taken again', async () => {
      const store = await withUpload(impl);
      const job = await created(store, newJob());
      const rules = { ...RULES, chunkRows: 5, maxChunkAttempts: 2 };
      const expire = (attempts: number, worker: string) => store.jobs.renewChunk({ job_id: job.id, chunk: 0, attempts }, worker, -LEASE, T0);
      assert.equal(taken(await store.jobs.claim('w1', LEASE, T0, rules)), `${job.id}#0`);
      assert.equal(await expire(1, 'w1'), true);
      assert.equal(taken(await store.jobs.claim('w2', LEASE, T0, rules)), `${job.id}#0`);
      assert.equal(await expire(2, 'w2'), true);
      const exhausted = await store.jobs.claim('w3', LEASE, T0 + 1, rules);
      assert.deepEqual(exhausted?.kind === 'exhausted' && [exhausted.lease, exhausted.job.status, exhausted.job.finished_at], [{ job_id: job.id, chunk: 0, attempts: 2 }, 'failed', T0 + 1]);
      assert.equal(
        exhausted!.job.error,
        'chunk_attempts_exhausted: Part of the schedule stopped every worker that computed it; the job was failed instead of being retried again. Rows 1–5 were taken 2 times.',
      );
      assert.equal(await store.jobs.claim('w3', LEASE, T0 + 1, rules), undefined, 'nothing more of the job is handed out');
    });

    test("the artefact stage: the last chunk's writer holds the job's lease; a handed-back lease is taken with attempt + 1; reopened chunks go back to the workers", async () => {
      const store = await withUpload(impl);
      const job = await created(store, newJob());
      await toArtefactStage(store, 'w1');
      assert.equal(await store.jobs.renew(job.id, 'w1', LEASE, T0 + 1), true);
      assert.equal(await store.jobs.renew(job.id, 'w2', LEASE, T0 + 1), false);
      assert.equal(await store.jobs.markBuildingArtefacts(job.id, 'w1', T0 + 99), true);
      assert.equal(await store.jobs.claim('w2', LEASE, T0 + 2, RULES), undefined, 'a live lease is not taken');
      await store.jobs.release(job.id, 'w1');
      const stage = await store.jobs.claim('w2', LEASE, T0 + 2, RULES);
      assert.deepEqual(stage?.kind === 'artefacts' && [stage.job.id, stage.job.attempt, stage.job.building_artefacts, stage.job.lease_owner, stage.job.processed_rows], [job.id, 2, 0, 'w2', 10]);
      assert.equal(await store.jobs.recordResults(job.id, 'w1', { resultsBytes: 5000, failuresBytes: 0 }), false, 'the old holder writes nothing');
      assert.equal(await store.jobs.recordResults(job.id, 'w2', { resultsBytes: 5000, failuresBytes: 0 }), true);
      assert.equal(await store.jobs.reopenChunks(job.id, 'w1', [0]), false);
      assert.equal(await store.jobs.reopenChunks(job.id, 'w2', [0]), true);
      const reopened = (await store.jobs.byId(job.id))!;
      assert.deepEqual([reopened.status, reopened.processed_rows, reopened.results_bytes, reopened.lease_owner, reopened.attempt], ['running', 0, null, null, 2]);
      assert.deepEqual(await store.jobs.chunks(job.id), []);
      const again = await store.jobs.claim('w3', LEASE, T0 + 3, RULES);
      assert.deepEqual(again?.kind === 'chunk' && [again.lease, again.job.attempt], [{ job_id: job.id, chunk: 0, attempts: 2 }, 2], 'a reopened chunk is waiting, not lost: the attempt stays');
    });

    test('complete, fail and cancel follow the state table; a cancelled job refuses its worker', async () => {
      const store = await withUpload(impl);
      const [done, broken, cancelled, waiting] = [await created(store, newJob()), await created(store, newJob()), await created(store, newJob()), await created(store, newJob())];
      await toArtefactStage(store, 'w1');
      assert.equal(taken(await store.jobs.claim('w1', LEASE, T0, RULES)), `${broken.id}#0`);
      assert.equal(taken(await store.jobs.claim('w1', LEASE, T0, RULES)), `${cancelled.id}#0`);
      assert.equal(await store.jobs.markBuildingArtefacts(done.id, 'w1', T0 + 7 * 86_400_000), true);
      assert.equal(await store.jobs.complete(done.id, 'w1', { result: 'results.csv', report: 'report.html', workbook: null }, T0 + 5), true);
      assert.equal(await store.jobs.fail(broken.id, 'w2', 'not mine', T0 + 6), false);
      assert.equal(await store.jobs.fail(broken.id, 'w1', 'broken', T0 + 6), true, "a chunk's holder fails the job");
      await store.jobs.cancel(cancelled.id, T0 + 7);
      await store.jobs.cancel(waiting.id, T0 + 8);
      const cancelledLease = { job_id: cancelled.id, chunk: 0, attempts: 1 };
      assert.equal(await store.jobs.renewChunk(cancelledLease, 'w1', LEASE, T0 + 9), false);
      assert.equal(await store.jobs.saveCheckpoint(checkpoint(cancelled.id, 0, 10), cancelledLease, 'w1', LEASE, T0 + 9), 'rejected');
      assert.equal(await store.jobs.complete(cancelled.id, 'w1', { result: 'results.csv', report: null, workbook: null }, T0 + 9), false);
      await store.jobs.cancel(done.id, T0 + 9);
      assert.equal(await store.jobs.fail(done.id, 'w1', 'late', T0 + 9), false);
      const pick = (j: JobRecord | undefined) => j && [j.status, j.result_file, j.report_file, j.workbook_file, j.error, j.finished_at, j.lease_owner, j.lease_expires_at, j.building_artefacts, j.links_expire_at];
      assert.deepEqual(pick(await store.jobs.byId(done.id)), ['complete', 'results.csv', 'report.html', null, null, T0 + 5, null, null, 1, T0 + 7 * 86_400_000]);
      assert.deepEqual(pick(await store.jobs.byId(broken.id)), ['failed', null, null, null, 'broken', T0 + 6, null, null, 0, null]);
      assert.deepEqual([(await store.jobs.byId(cancelled.id))?.status, (await store.jobs.byId(cancelled.id))?.processed_rows], ['cancelled', 0]);
      assert.deepEqual(pick(await store.jobs.byId(waiting.id)), ['cancelled', null, null, null, null, T0 + 8, null, null, 0, null]);
      assert.equal(await store.jobs.claim('w1', LEASE, T0 + 10, RULES), undefined, 'cancelled jobs hand out nothing');
    });

    test('retention: finished jobs past the cutoff with expired links, once; uploads no job uses, marked atomically', async () => {
      const store = await withUpload(impl);
      await store.files.insertFile(fileRecord('file_b'));
      await store.files.insertFile(fileRecord('file_c'));
      const old = await created(store, newJob({ now: T0 }));
      const linked = await created(store, newJob({ now: T0 }));
      const running = await created(store, newJob({ now: T0, fileId: 'file_b' }));
      await toArtefactStage(store, 'w1');
      await toArtefactStage(store, 'w1');
      await store.jobs.claim('w1', LEASE, T0, RULES);
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

    test("workers' counts: each report replaces the worker's own; summed by host", async () => {
      const store = await impl.fresh();
      opened.push(store);
      const counts = (worker_id: string, host: string, chunks_done: number, lease_renewals: number, leases_lost: number) => ({ worker_id, host, chunks_done, lease_renewals, leases_lost });
      await store.workers.report(counts('a:1', 'a', 1, 1, 0), T0);
      await store.workers.report(counts('a:1', 'a', 5, 9, 1), T0 + 1);
      await store.workers.report(counts('a:2', 'a', 2, 3, 0), T0 + 1);
      await store.workers.report(counts('b:1', 'b', 4, 0, 2), T0 + 1);
      assert.deepEqual(await store.workers.byHost(), [
        { host: 'a', chunks_done: 7, lease_renewals: 12, leases_lost: 1 },
        { host: 'b', chunks_done: 4, lease_renewals: 0, leases_lost: 2 },
      ]);
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

  it("times leases by the database's clock, not the caller's: a worker whose clock is a day ahead takes no live lease", { skip }, async () => {
    const store = await IMPLEMENTATIONS[1]!.fresh();
    opened.push(store);
    await store.files.insertFile(fileRecord('file_a'));
    const staged = await created(store, newJob());
    const computing = await created(store, newJob());
    const before = Date.now();
    const claim = await store.jobs.claim('w1', LEASE, 0, RULES);
    assert.equal(claim?.kind === 'chunk' && (await store.jobs.saveCheckpoint(checkpoint(staged.id, 0, 10), claim.lease, 'w1', LEASE, 0)), 'last');
    assert.equal(taken(await store.jobs.claim('w1', LEASE, 0, RULES)), `${computing.id}#0`);
    const held = (await store.jobs.byId(staged.id))!;
    assert.ok(held.lease_expires_at! >= before + LEASE - 60_000, `lease from the database clock, not from now = 0 (${held.lease_expires_at})`);
    assert.equal(held.started_at, 0, "record timestamps stay the caller's");
    assert.equal(await store.jobs.claim('w2', LEASE, Date.now() + 86_400_000, RULES), undefined, 'neither the chunk lease nor the job lease is taken');
    assert.equal((await store.jobs.byId(staged.id))?.lease_owner, 'w1');
  });
});
