import type { Db } from './db.js';
import { TRANSITIONS } from '../../job-states.js';
import { LIMITS } from '../../limits.js';
import { chunkAttemptsExhausted } from '../chunk-attempts.js';
import { candidatesOf, pickFairly, type CandidateRow, type OwnerAccountRow } from '../fair-claim.js';
import { chunkRowsAt, type Claim, type ClaimRules, type JobRecord } from '../records.js';

/**
 * A claim in SQLite (src/store/store.ts JobRepository.claim), run inside the
 * caller's IMMEDIATE transaction: SQLite has one writer at a time, so the
 * transaction does what FOR UPDATE SKIP LOCKED and the advisory lock do in
 * PostgreSQL. Leases are timed by the caller's clock (`now`).
 */
export function claimInSqlite(db: Db, workerId: string, leaseMs: number, now: number, rules: ClaimRules): Claim | undefined {
  return retakeChunk(db, workerId, leaseMs, now, rules) ?? retakeArtefacts(db, workerId, leaseMs, now) ?? nextFairChunk(db, workerId, leaseMs, now, rules);
}

/** The job was submitted with the claimant's hazard tables (or by a build that recorded none); the fingerprint is the next parameter. */
const SAME_TABLES = (alias: string) => `(${alias}.tables_fingerprint IS NULL OR ${alias}.tables_fingerprint = ?)`;

const job = (db: Db, id: string): JobRecord => db.prepare<[string], JobRecord>('SELECT * FROM jobs WHERE id = ?').get(id)!;

/** A chunk whose lease ran out (not this worker's own: a lease it let lapse is renewed, not restarted), or its job failed when the chunk has had its attempts. */
function retakeChunk(db: Db, workerId: string, leaseMs: number, now: number, rules: ClaimRules): Claim | undefined {
  const lapsed = db
    .prepare<[number, string, string], { job_id: string; chunk: number; rows: number; attempts: number; chunk_rows: number }>(
      `SELECT c.job_id, c.chunk, c.rows, c.attempts, j.chunk_rows FROM job_chunks c JOIN jobs j ON j.id = c.job_id
       WHERE c.state = 'leased' AND c.lease_expires_at < ? AND c.lease_owner IS NOT ? AND j.status = 'running' AND ${SAME_TABLES('j')}
       ORDER BY j.submitted_at, j.rowid, c.chunk LIMIT 1`,
    )
    .get(now, workerId, rules.tablesFingerprint);
  if (!lapsed) return undefined;
  if (lapsed.attempts >= rules.maxChunkAttempts) {
    const error = chunkAttemptsExhausted(lapsed.chunk * lapsed.chunk_rows, lapsed.rows, lapsed.attempts);
    db.prepare(`UPDATE jobs SET status = '${TRANSITIONS.fail.to}', error = ?, finished_at = ?, lease_owner = NULL, lease_expires_at = NULL WHERE id = ?`).run(error, now, lapsed.job_id);
    return { kind: 'exhausted', job: job(db, lapsed.job_id), lease: { job_id: lapsed.job_id, chunk: lapsed.chunk, attempts: lapsed.attempts } };
  }
  db.prepare('UPDATE job_chunks SET lease_owner = ?, lease_expires_at = ?, attempts = attempts + 1 WHERE job_id = ? AND chunk = ?').run(workerId, now + leaseMs, lapsed.job_id, lapsed.chunk);
  db.prepare('UPDATE jobs SET attempt = attempt + 1 WHERE id = ?').run(lapsed.job_id);
  return { kind: 'chunk', job: job(db, lapsed.job_id), lease: { job_id: lapsed.job_id, chunk: lapsed.chunk, attempts: lapsed.attempts + 1 }, rows: lapsed.rows };
}

/** A job whose chunks are all accepted and whose artefact stage's lease ran out or was handed back. */
function retakeArtefacts(db: Db, workerId: string, leaseMs: number, now: number): Claim | undefined {
  const stalled = db
    .prepare<[number, string], { id: string }>(
      `SELECT id FROM jobs j WHERE status = 'running' AND lease_expires_at < ? AND lease_owner IS NOT ?
         AND NOT EXISTS (SELECT 1 FROM job_chunks c WHERE c.job_id = j.id AND c.state != 'done')
       ORDER BY submitted_at, rowid LIMIT 1`,
    )
    .get(now, workerId);
  if (!stalled) return undefined;
  db.prepare('UPDATE jobs SET attempt = attempt + 1, building_artefacts = 0, lease_owner = ?, lease_expires_at = ? WHERE id = ?').run(workerId, now + leaseMs, stalled.id);
  return { kind: 'artefacts', job: job(db, stalled.id) };
}

/** The next chunk by fair queueing; a pending job picked starts here. */
function nextFairChunk(db: Db, workerId: string, leaseMs: number, now: number, rules: ClaimRules): Claim | undefined {
  const running = db
    .prepare<[string], CandidateRow>(
      `SELECT j.id, j.owner, j.options, j.status, sum(c.rows) AS rows_left,
         (SELECT w.rows FROM job_chunks w WHERE w.job_id = j.id AND w.state = 'pending' ORDER BY w.chunk LIMIT 1) AS next_rows
       FROM jobs j JOIN job_chunks c ON c.job_id = j.id AND c.state != 'done'
       WHERE j.status = 'running' AND ${SAME_TABLES('j')} GROUP BY j.id ORDER BY j.rowid`,
    )
    .all(rules.tablesFingerprint);
  // An owner's queue starts oldest first: only as many of its pending jobs as its limit leaves room for are candidates.
  const pending = db
    .prepare<{ limit: number; chunkRows: number; tables: string }, CandidateRow>(
      `WITH computing AS (SELECT owner, count(*) AS n FROM jobs WHERE status = 'running' AND building_artefacts = 0 GROUP BY owner),
       queued AS (SELECT id, owner, options, status, total_rows, tables_fingerprint, rowid AS seq,
                    row_number() OVER (PARTITION BY owner ORDER BY submitted_at, rowid) AS place
                  FROM jobs WHERE status = 'pending')
       SELECT q.id, q.owner, q.options, q.status, coalesce(q.total_rows, 0) AS rows_left, min(@chunkRows, coalesce(q.total_rows, 0)) AS next_rows
       FROM queued q LEFT JOIN computing c ON c.owner = q.owner
       WHERE (@limit = 0 OR q.place <= @limit - coalesce(c.n, 0)) AND (q.tables_fingerprint IS NULL OR q.tables_fingerprint = @tables) ORDER BY q.seq`,
    )
    .all({ limit: rules.maxComputingPerOwner, chunkRows: rules.chunkRows, tables: rules.tablesFingerprint });
  const candidates = candidatesOf([...running, ...pending]);
  const { picked, accounts } = pickFairly(candidates, db.prepare<[], OwnerAccountRow>('SELECT owner, work, last_served FROM owner_accounts').all());
  db.prepare('DELETE FROM owner_accounts').run();
  const save = db.prepare('INSERT INTO owner_accounts (owner, work, last_served) VALUES (@owner, @work, @last_served)');
  for (const account of accounts) save.run(account);
  if (!picked) return undefined;
  if (picked.status === 'pending') start(db, job(db, picked.id), rules.chunkRows, now);
  const next = db
    .prepare<[string], { chunk: number; rows: number; attempts: number }>("SELECT chunk, rows, attempts FROM job_chunks WHERE job_id = ? AND state = 'pending' ORDER BY chunk LIMIT 1")
    .get(picked.id)!;
  db.prepare("UPDATE job_chunks SET state = 'leased', lease_owner = ?, lease_expires_at = ?, attempts = attempts + 1 WHERE job_id = ? AND chunk = ?").run(workerId, now + leaseMs, picked.id, next.chunk);
  return { kind: 'chunk', job: job(db, picked.id), lease: { job_id: picked.id, chunk: next.chunk, attempts: next.attempts + 1 }, rows: next.rows };
}

/**
 * A pending job starts: running, attempt 1, cut into chunks of `chunkRows` rows, each waiting for a worker. A job from
 * a legacy upload without a stored row count is one chunk of every row (at most LIMITS.maxBatchRows), its row count
 * learnt when that chunk is checkpointed.
 */
function start(db: Db, pending: JobRecord, configuredRows: number, now: number): void {
  const chunkRows = pending.total_rows === null ? LIMITS.maxBatchRows : configuredRows;
  db.prepare(
    `UPDATE jobs SET status = '${TRANSITIONS.claim.to}', attempt = attempt + 1, processed_rows = 0, building_artefacts = 0, chunk_rows = ?,
       lease_owner = NULL, lease_expires_at = NULL, started_at = coalesce(started_at, ?) WHERE id = ?`,
  ).run(chunkRows, now, pending.id);
  const total = pending.total_rows ?? 0;
  const insert = db.prepare("INSERT INTO job_chunks (job_id, chunk, rows, state, attempts) VALUES (?, ?, ?, 'pending', 0)");
  for (let chunk = 0; chunk < Math.max(1, Math.ceil(total / chunkRows)); chunk++) insert.run(pending.id, chunk, chunkRowsAt(total, chunkRows, chunk));
}
