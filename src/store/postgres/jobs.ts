import type pg from 'pg';
import { FINISHED_STATES, JOB_STATES, TRANSITIONS, type JobKind, type JobStatus } from '../../job-states.js';
import { submissionText, type ChunkRecord, type JobRecord, type NewJob, type SubmitOutcome } from '../records.js';
import { fromStates, sqlStates } from '../sql-states.js';
import type { JobRepository } from '../store.js';
import { changes, DB_NOW_MS, first, rows, transaction, type Queryable } from './pool.js';

/** A job's columns, without `seq` (the insertion order, which JobRecord does not carry). */
const JOB = `id, owner, key_id, kind, file_id, options, idempotency_key, submission, submission_date, status, attempt, processed_rows,
  total_rows, building_artefacts, error, lease_owner, lease_expires_at, submitted_at, started_at, finished_at, result_file, report_file,
  workbook_file, links_expire_at, results_bytes, failures_bytes, purged_at`;

/** Any fixed number: the advisory lock that makes claims one at a time across every worker (as SQLite's IMMEDIATE transaction does). */
const CLAIM_LOCK = 0x68617a02;

/**
 * Jobs in PostgreSQL, for workers on several hosts. Claims take one advisory
 * lock, so the per-owner limit holds across workers, and lock the row they
 * take; leases are set and compared on the database's clock (DB_NOW_MS);
 * every write a worker makes is guarded by its lease, as in SQLite.
 */
export class PostgresJobs implements JobRepository {
  constructor(private readonly pool: pg.Pool) {}

  submit(job: NewJob): Promise<SubmitOutcome> {
    const submission = submissionText(job);
    const earlier = async (db: Queryable): Promise<SubmitOutcome | undefined> => {
      const existing = await first<JobRecord>(db, `SELECT ${JOB} FROM jobs WHERE key_id = $1 AND idempotency_key = $2`, [job.keyId, job.idempotencyKey]);
      return existing && { kind: existing.submission === submission ? 'repeated' : 'conflict', job: existing };
    };
    return transaction(this.pool, async (client) => {
      const found = await earlier(client);
      if (found) return found;
      // FOR SHARE: retention cannot mark the upload removed until this job is committed (PostgresFiles.unusedUploads).
      if (!(await first(client, 'SELECT id FROM files WHERE id = $1 AND purged_at IS NULL FOR SHARE', [job.fileId]))) return { kind: 'unknown_file' };
      const created = await first<JobRecord>(
        client,
        `INSERT INTO jobs (id, owner, key_id, kind, file_id, options, idempotency_key, submission, submission_date, status, total_rows, submitted_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'pending', $10, $11) ON CONFLICT (key_id, idempotency_key) DO NOTHING RETURNING ${JOB}`,
        [job.id, job.owner, job.keyId, job.kind, job.fileId, JSON.stringify(job.options), job.idempotencyKey, submission, job.submissionDate, job.totalRows, job.now],
      );
      // No row: a submission with the same key committed first, and this statement waited for it.
      return created ? { kind: 'created', job: created } : (await earlier(client))!;
    });
  }

  byId(id: string): Promise<JobRecord | undefined> {
    return first<JobRecord>(this.pool, `SELECT ${JOB} FROM jobs WHERE id = $1`, [id]);
  }

  get(owner: string, kind: JobKind, id: string): Promise<JobRecord | undefined> {
    return first<JobRecord>(this.pool, `SELECT ${JOB} FROM jobs WHERE id = $1 AND owner = $2 AND kind = $3`, [id, owner, kind]);
  }

  list(owner: string, limit: number): Promise<JobRecord[]> {
    return rows<JobRecord>(this.pool, `SELECT ${JOB} FROM jobs WHERE owner = $1 ORDER BY submitted_at DESC, seq DESC LIMIT $2`, [owner, limit]);
  }

  async countByStatus(): Promise<Record<JobStatus, number>> {
    const counts = Object.fromEntries(JOB_STATES.map((state) => [state, 0])) as Record<JobStatus, number>;
    for (const row of await rows<{ status: JobStatus; n: number }>(this.pool, 'SELECT status, count(*) AS n FROM jobs GROUP BY status')) counts[row.status] = row.n;
    return counts;
  }

  async cancel(id: string, now: number): Promise<void> {
    await this.pool.query(`UPDATE jobs SET status = '${TRANSITIONS.cancel.to}', finished_at = $1, lease_owner = NULL WHERE id = $2 AND ${fromStates('cancel')}`, [now, id]);
  }

  claim(workerId: string, leaseMs: number, now: number, maxComputingPerOwner = 0): Promise<JobRecord | undefined> {
    return transaction(this.pool, async (client) => {
      await client.query('SELECT pg_advisory_xact_lock($1)', [CLAIM_LOCK]);
      // FOR UPDATE: a cancel waits for the claim, then finds the job running and cancels it.
      const next =
        (await first<{ id: string }>(
          client,
          // Not one of this worker's own: a lease it let lapse (a stalled event loop) is renewed, not restarted.
          `SELECT id FROM jobs WHERE status = 'running' AND lease_expires_at < ${DB_NOW_MS} AND lease_owner IS DISTINCT FROM $1
           ORDER BY submitted_at, seq LIMIT 1 FOR UPDATE`,
          [workerId],
        )) ??
        (await first<{ id: string }>(
          client,
          `WITH computing AS (SELECT owner, count(*) AS n FROM jobs WHERE status = 'running' AND building_artefacts = 0 GROUP BY owner)
           SELECT j.id FROM jobs j LEFT JOIN computing c ON c.owner = j.owner
           WHERE j.status = 'pending' AND ($1::integer = 0 OR coalesce(c.n, 0) < $1::integer)
           ORDER BY coalesce(c.n, 0), j.submitted_at, j.seq LIMIT 1 FOR UPDATE OF j`,
          [maxComputingPerOwner],
        ));
      if (!next) return undefined;
      return first<JobRecord>(
        client,
        `UPDATE jobs SET status = '${TRANSITIONS.claim.to}', attempt = attempt + 1, processed_rows = 0, building_artefacts = 0,
           lease_owner = $1, lease_expires_at = ${DB_NOW_MS} + $2, started_at = coalesce(started_at, $3) WHERE id = $4 RETURNING ${JOB}`,
        [workerId, leaseMs, now, next.id],
      );
    });
  }

  async computingCount(owner: string): Promise<number> {
    return (await first<{ n: number }>(this.pool, "SELECT count(*) AS n FROM jobs WHERE owner = $1 AND status = 'running' AND building_artefacts = 0", [owner]))!.n;
  }

  async queuePositions(owner: string): Promise<Map<string, number>> {
    const positions = await rows<{ id: string; position: number }>(
      this.pool,
      "SELECT id, row_number() OVER (ORDER BY submitted_at, seq) AS position FROM jobs WHERE owner = $1 AND status = 'pending'",
      [owner],
    );
    return new Map(positions.map((r) => [r.id, r.position]));
  }

  renew(id: string, workerId: string, leaseMs: number): Promise<boolean> {
    return this.guarded(this.pool, `UPDATE jobs SET lease_expires_at = ${DB_NOW_MS} + $1 WHERE id = $2`, [leaseMs, id], workerId);
  }

  async release(id: string, workerId: string): Promise<void> {
    await this.guarded(this.pool, 'UPDATE jobs SET lease_expires_at = 0 WHERE id = $1', [id], workerId);
  }

  checkpoint(id: string, chunk: number): Promise<ChunkRecord | undefined> {
    return first<ChunkRecord>(this.pool, 'SELECT * FROM job_chunks WHERE job_id = $1 AND chunk = $2', [id, chunk]);
  }

  saveCheckpoint(chunk: ChunkRecord, workerId: string, processedRows: number): Promise<boolean> {
    return transaction(this.pool, async (client) => {
      if (!(await this.guarded(client, 'UPDATE jobs SET processed_rows = $1 WHERE id = $2', [processedRows, chunk.job_id], workerId))) return false;
      await client.query(
        `INSERT INTO job_chunks (job_id, chunk, rows, file, bytes, sha256) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (job_id, chunk) DO UPDATE SET rows = excluded.rows, file = excluded.file, bytes = excluded.bytes, sha256 = excluded.sha256`,
        [chunk.job_id, chunk.chunk, chunk.rows, chunk.file, chunk.bytes, chunk.sha256],
      );
      return true;
    });
  }

  setProgress(id: string, workerId: string, processedRows: number): Promise<boolean> {
    return this.guarded(this.pool, 'UPDATE jobs SET processed_rows = $1 WHERE id = $2', [processedRows, id], workerId);
  }

  recordResults(id: string, workerId: string, sizes: { resultsBytes: number; failuresBytes: number }): Promise<boolean> {
    return this.guarded(this.pool, 'UPDATE jobs SET results_bytes = $1, failures_bytes = $2 WHERE id = $3', [sizes.resultsBytes, sizes.failuresBytes, id], workerId);
  }

  markBuildingArtefacts(id: string, workerId: string, linksExpireAt: number): Promise<boolean> {
    return this.guarded(this.pool, 'UPDATE jobs SET building_artefacts = 1, links_expire_at = $1 WHERE id = $2', [linksExpireAt, id], workerId);
  }

  complete(id: string, workerId: string, files: { result: string; report: string | null; workbook: string | null }, now: number): Promise<boolean> {
    return this.guarded(
      this.pool,
      `UPDATE jobs SET status = '${TRANSITIONS.complete.to}', result_file = $1, report_file = $2, workbook_file = $3, finished_at = $4,
         lease_owner = NULL, lease_expires_at = NULL WHERE id = $5`,
      [files.result, files.report, files.workbook, now, id],
      workerId,
    );
  }

  fail(id: string, workerId: string, error: string, now: number): Promise<boolean> {
    return this.guarded(
      this.pool,
      `UPDATE jobs SET status = '${TRANSITIONS.fail.to}', error = $1, finished_at = $2, lease_owner = NULL, lease_expires_at = NULL WHERE id = $3`,
      [error, now, id],
      workerId,
    );
  }

  async expired(cutoff: number, now: number): Promise<string[]> {
    const found = await rows<{ id: string }>(
      this.pool,
      `SELECT id FROM jobs WHERE status IN ${sqlStates(FINISHED_STATES)} AND purged_at IS NULL
         AND coalesce(finished_at, submitted_at) < $1 AND coalesce(links_expire_at, 0) <= $2 ORDER BY seq`,
      [cutoff, now],
    );
    return found.map((r) => r.id);
  }

  async markPurged(id: string, now: number): Promise<void> {
    await this.pool.query('UPDATE jobs SET purged_at = $1 WHERE id = $2', [now, id]);
  }

  chunks(id: string): Promise<ChunkRecord[]> {
    return rows<ChunkRecord>(this.pool, 'SELECT * FROM job_chunks WHERE job_id = $1 ORDER BY chunk', [id]);
  }

  /** A write by the lease holder: the job is running (the state complete and fail leave from) and still its. */
  private async guarded(db: Queryable, sql: string, params: unknown[], workerId: string): Promise<boolean> {
    return (await changes(db, `${sql} AND ${fromStates('complete')} AND lease_owner = $${params.length + 1}`, [...params, workerId])) === 1;
  }
}
