import type pg from 'pg';
import { TRANSITIONS } from '../../job-states.js';
import { LIMITS } from '../../limits.js';
import { chunkAttemptsExhausted } from '../chunk-attempts.js';
import { candidatesOf, pickFairly, type CandidateRow, type OwnerAccountRow } from '../fair-claim.js';
import { chunkRowsAt, type Claim, type ClaimRules, type JobRecord } from '../records.js';
import { DB_NOW_MS, first, rows } from './pool.js';

/**
 * A claim in PostgreSQL (src/store/store.ts JobRepository.claim), on the
 * caller's transaction. CLAIM_LOCK makes claims one at a time across every
 * host: the fair pick reads and rewrites the owners' accounts, and the
 * per-owner limit counts jobs across workers. The rows a claim takes are
 * locked FOR UPDATE SKIP LOCKED, so a claim never waits on a renewal or a
 * checkpoint holding a chunk's row. Leases are timed by the database clock.
 */
export const CLAIM_LOCK = 0x68617a02;

/** A job's columns, without `seq` (the insertion order, which JobRecord does not carry). */
export const JOB = `id, owner, key_id, kind, file_id, options, idempotency_key, submission, submission_date, status, attempt, processed_rows,
  total_rows, building_artefacts, error, lease_owner, lease_expires_at, submitted_at, started_at, finished_at, result_file, report_file,
  workbook_file, links_expire_at, results_bytes, failures_bytes, purged_at, chunk_rows, tables_fingerprint`;

export async function claimInPostgres(client: pg.PoolClient, workerId: string, leaseMs: number, now: number, rules: ClaimRules): Promise<Claim | undefined> {
  await client.query('SELECT pg_advisory_xact_lock($1)', [CLAIM_LOCK]);
  return (
    (await retakeChunk(client, workerId, leaseMs, now, rules)) ??
    (await retakeArtefacts(client, workerId, leaseMs)) ??
    (await nextFairChunk(client, workerId, leaseMs, now, rules))
  );
}

/** The job was submitted with the claimant's hazard tables (or by a build that recorded none). */
const SAME_TABLES = (param: string, alias = 'j') => `(${alias}.tables_fingerprint IS NULL OR ${alias}.tables_fingerprint = ${param})`;

const job = async (client: pg.PoolClient, id: string): Promise<JobRecord> => (await first<JobRecord>(client, `SELECT ${JOB} FROM jobs WHERE id = $1`, [id]))!;

async function retakeChunk(client: pg.PoolClient, workerId: string, leaseMs: number, now: number, rules: ClaimRules): Promise<Claim | undefined> {
  const lapsed = await first<{ job_id: string; chunk: number; rows: number; attempts: number; chunk_rows: number }>(
    client,
    // Not this worker's own: a lease it let lapse (a stalled event loop) is renewed, not restarted.
    `SELECT c.job_id, c.chunk, c.rows, c.attempts, j.chunk_rows FROM job_chunks c JOIN jobs j ON j.id = c.job_id
     WHERE c.state = 'leased' AND c.lease_expires_at < ${DB_NOW_MS} AND c.lease_owner IS DISTINCT FROM $1 AND j.status = 'running' AND ${SAME_TABLES('$2')}
     ORDER BY j.submitted_at, j.seq, c.chunk LIMIT 1 FOR UPDATE OF c, j SKIP LOCKED`,
    [workerId, rules.tablesFingerprint],
  );
  if (!lapsed) return undefined;
  if (lapsed.attempts >= rules.maxChunkAttempts) {
    const error = chunkAttemptsExhausted(lapsed.chunk * lapsed.chunk_rows, lapsed.rows, lapsed.attempts);
    await client.query(`UPDATE jobs SET status = '${TRANSITIONS.fail.to}', error = $1, finished_at = $2, lease_owner = NULL, lease_expires_at = NULL WHERE id = $3`, [error, now, lapsed.job_id]);
    return { kind: 'exhausted', job: await job(client, lapsed.job_id), lease: { job_id: lapsed.job_id, chunk: lapsed.chunk, attempts: lapsed.attempts } };
  }
  await client.query(`UPDATE job_chunks SET lease_owner = $1, lease_expires_at = ${DB_NOW_MS} + $2, attempts = attempts + 1 WHERE job_id = $3 AND chunk = $4`, [workerId, leaseMs, lapsed.job_id, lapsed.chunk]);
  await client.query('UPDATE jobs SET attempt = attempt + 1 WHERE id = $1', [lapsed.job_id]);
  return { kind: 'chunk', job: await job(client, lapsed.job_id), lease: { job_id: lapsed.job_id, chunk: lapsed.chunk, attempts: lapsed.attempts + 1 }, rows: lapsed.rows };
}

async function retakeArtefacts(client: pg.PoolClient, workerId: string, leaseMs: number): Promise<Claim | undefined> {
  const stalled = await first<{ id: string }>(
    client,
    `SELECT id FROM jobs j WHERE status = 'running' AND lease_expires_at < ${DB_NOW_MS} AND lease_owner IS DISTINCT FROM $1
       AND NOT EXISTS (SELECT 1 FROM job_chunks c WHERE c.job_id = j.id AND c.state != 'done')
     ORDER BY submitted_at, seq LIMIT 1 FOR UPDATE SKIP LOCKED`,
    [workerId],
  );
  if (!stalled) return undefined;
  await client.query(`UPDATE jobs SET attempt = attempt + 1, building_artefacts = 0, lease_owner = $1, lease_expires_at = ${DB_NOW_MS} + $2 WHERE id = $3`, [workerId, leaseMs, stalled.id]);
  return { kind: 'artefacts', job: await job(client, stalled.id) };
}

async function nextFairChunk(client: pg.PoolClient, workerId: string, leaseMs: number, now: number, rules: ClaimRules): Promise<Claim | undefined> {
  const running = await rows<CandidateRow>(
    client,
    `SELECT j.id, j.owner, j.options, j.status, sum(c.rows)::integer AS rows_left,
       (SELECT w.rows FROM job_chunks w WHERE w.job_id = j.id AND w.state = 'pending' ORDER BY w.chunk LIMIT 1) AS next_rows
     FROM jobs j JOIN job_chunks c ON c.job_id = j.id AND c.state != 'done'
     WHERE j.status = 'running' AND ${SAME_TABLES('$1')} GROUP BY j.id ORDER BY j.seq`,
    [rules.tablesFingerprint],
  );
  // An owner's queue starts oldest first: only as many of its pending jobs as its limit leaves room for are candidates.
  const pending = await rows<CandidateRow>(
    client,
    `WITH computing AS (SELECT owner, count(*) AS n FROM jobs WHERE status = 'running' AND building_artefacts = 0 GROUP BY owner),
     queued AS (SELECT id, owner, options, status, total_rows, tables_fingerprint, seq, row_number() OVER (PARTITION BY owner ORDER BY submitted_at, seq) AS place
                FROM jobs WHERE status = 'pending')
     SELECT q.id, q.owner, q.options, q.status, coalesce(q.total_rows, 0) AS rows_left, least($2::integer, coalesce(q.total_rows, 0)) AS next_rows
     FROM queued q LEFT JOIN computing c ON c.owner = q.owner
     WHERE ($1::integer = 0 OR q.place <= $1::integer - coalesce(c.n, 0)) AND ${SAME_TABLES('$3', 'q')} ORDER BY q.seq`,
    [rules.maxComputingPerOwner, rules.chunkRows, rules.tablesFingerprint],
  );
  const candidates = candidatesOf([...running, ...pending]);
  const { picked, accounts } = pickFairly(candidates, await rows<OwnerAccountRow>(client, 'SELECT owner, work, last_served FROM owner_accounts'));
  await client.query('DELETE FROM owner_accounts');
  if (accounts.length > 0) {
    await client.query('INSERT INTO owner_accounts (owner, work, last_served) SELECT * FROM unnest($1::text[], $2::bigint[], $3::bigint[])', [
      accounts.map((a) => a.owner),
      accounts.map((a) => a.work),
      accounts.map((a) => a.last_served),
    ]);
  }
  if (!picked) return undefined;
  if (picked.status === 'pending') await start(client, await job(client, picked.id), rules.chunkRows, now);
  const next = (await first<{ chunk: number; rows: number; attempts: number }>(
    client,
    "SELECT chunk, rows, attempts FROM job_chunks WHERE job_id = $1 AND state = 'pending' ORDER BY chunk LIMIT 1 FOR UPDATE",
    [picked.id],
  ))!;
  await client.query(
    `UPDATE job_chunks SET state = 'leased', lease_owner = $1, lease_expires_at = ${DB_NOW_MS} + $2, attempts = attempts + 1 WHERE job_id = $3 AND chunk = $4`,
    [workerId, leaseMs, picked.id, next.chunk],
  );
  return { kind: 'chunk', job: await job(client, picked.id), lease: { job_id: picked.id, chunk: next.chunk, attempts: next.attempts + 1 }, rows: next.rows };
}

/**
 * A pending job starts: running, attempt 1, cut into chunks of `chunkRows` rows, each waiting for a worker. A job from
 * a legacy upload without a stored row count is one chunk of every row (at most LIMITS.maxBatchRows), its row count
 * learnt when that chunk is checkpointed.
 */
async function start(client: pg.PoolClient, pending: JobRecord, configuredRows: number, now: number): Promise<void> {
  const chunkRows = pending.total_rows === null ? LIMITS.maxBatchRows : configuredRows;
  await client.query(
    `UPDATE jobs SET status = '${TRANSITIONS.claim.to}', attempt = attempt + 1, processed_rows = 0, building_artefacts = 0, chunk_rows = $1,
       lease_owner = NULL, lease_expires_at = NULL, started_at = coalesce(started_at, $2) WHERE id = $3`,
    [chunkRows, now, pending.id],
  );
  const total = pending.total_rows ?? 0;
  const count = Math.max(1, Math.ceil(total / chunkRows));
  const chunks = Array.from({ length: count }, (_, chunk) => chunk);
  await client.query("INSERT INTO job_chunks (job_id, chunk, rows, state, attempts) SELECT $1, c, r, 'pending', 0 FROM unnest($2::integer[], $3::integer[]) AS t(c, r)", [
    pending.id,
    chunks,
    chunks.map((chunk) => chunkRowsAt(total, chunkRows, chunk)),
  ]);
}
