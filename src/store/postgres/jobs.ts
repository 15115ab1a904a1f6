import type pg from 'pg';
import { FINISHED_STATES, JOB_STATES, TRANSITIONS, type JobKind, type JobStatus } from '../../job-states.js';
import { submissionText, type CheckpointOutcome, type ChunkLease, type ChunkRecord, type Claim, type ClaimRules, type JobRecord, type NewJob, type SubmitOutcome } from '../records.js';
import { claimInPostgres, JOB } from './claim.js';
import { fromStates, sqlStates } from '../sql-states.js';
import type { JobRepository } from '../store.js';
import { changes, DB_NOW_MS, first, rows, transaction, type Queryable } from './pool.js';

/** A chunk lease still held by its writer, of a running job: $1 job_id, $2 chunk, $3 lease_owner, $4 attempts. */
const HELD_CHUNK = "job_id = $1 AND chunk = $2 AND state = 'leased' AND lease_owner = $3 AND attempts = $4 AND EXISTS (SELECT 1 FROM jobs WHERE id = $1 AND status = 'running')";
const heldChunk = (lease: ChunkLease, workerId: string) => [lease.job_id, lease.chunk, workerId, lease.attempts];

/**
 * Jobs in PostgreSQL, for workers on several hosts. Claims (claim.ts) take one
 * advisory lock, so fair queueing and the per-owner limit hold across workers;
 * leases are set and compared on the database's clock (DB_NOW_MS); every
 * write a worker makes is guarded by its lease (a chunk's or, in the artefact
 * stage, the job's), as in SQLite.
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
        `INSERT INTO jobs (id, owner, key_id, kind, file_id, options, idempotency_key, submission, submission_date, status, total_rows, tables_fingerprint, submitted_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'pending', $10, $11, $12) ON CONFLICT (key_id, idempotency_key) DO NOTHING RETURNING ${JOB}`,
        [job.id, job.owner, job.keyId, job.kind, job.fileId, JSON.stringify(job.options), job.idempotencyKey, submission, job.submissionDate, job.totalRows, job.tablesFingerprint ?? null, job.now],
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

  claim(workerId: string, leaseMs: number, now: number, rules: ClaimRules): Promise<Claim | undefined> {
    return transaction(this.pool, (client) => claimInPostgres(client, workerId, leaseMs, now, rules));
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

  async renewChunk(lease: ChunkLease, workerId: string, leaseMs: number): Promise<boolean> {
    return (await changes(this.pool, `UPDATE job_chunks SET lease_expires_at = ${DB_NOW_MS} + $5 WHERE ${HELD_CHUNK}`, [...heldChunk(lease, workerId), leaseMs])) === 1;
  }

  saveCheckpoint(checkpoint: ChunkRecord, lease: ChunkLease, workerId: string, leaseMs: number): Promise<CheckpointOutcome> {
    return transaction(this.pool, async (client): Promise<CheckpointOutcome> => {
      const accepted = await changes(
        client,
        `UPDATE job_chunks SET state = 'done', lease_expires_at = NULL, file = $5, bytes = $6, sha256 = $7, rows = $8 WHERE ${HELD_CHUNK}`,
        [...heldChunk(lease, workerId), checkpoint.file, checkpoint.bytes, checkpoint.sha256, checkpoint.rows],
      );
      if (accepted !== 1) return 'rejected';
      // The job's row is locked from here: of two last chunks checkpointed at once, the second counts after the first commits, so one of them is the last.
      await client.query('UPDATE jobs SET processed_rows = processed_rows + $1 WHERE id = $2', [checkpoint.rows, lease.job_id]);
      if ((await first<{ n: number }>(client, "SELECT count(*) AS n FROM job_chunks WHERE job_id = $1 AND state != 'done'", [lease.job_id]))!.n > 0) return 'accepted';
      await client.query(`UPDATE jobs SET lease_owner = $1, lease_expires_at = ${DB_NOW_MS} + $2 WHERE id = $3`, [workerId, leaseMs, lease.job_id]);
      return 'last';
    });
  }

  renew(id: string, workerId: string, leaseMs: number): Promise<boolean> {
    return this.guarded(this.pool, `UPDATE jobs SET lease_expires_at = ${DB_NOW_MS} + $1 WHERE id = $2`, [leaseMs, id], workerId);
  }

  async release(id: string, workerId: string): Promise<void> {
    await this.guarded(this.pool, 'UPDATE jobs SET lease_expires_at = 0 WHERE id = $1', [id], workerId);
  }

  reopenChunks(id: string, workerId: string, chunks: readonly number[]): Promise<boolean> {
    return transaction(this.pool, async (client) => {
      const reopened = await this.guarded(
        client,
        `UPDATE jobs SET building_artefacts = 0, results_bytes = NULL, failures_bytes = NULL, lease_owner = NULL, lease_expires_at = NULL,
           processed_rows = processed_rows - (SELECT coalesce(sum(rows), 0) FROM job_chunks WHERE job_id = $1 AND state = 'done' AND chunk = ANY($2::integer[])) WHERE id = $1`,
        [id, [...chunks]],
        workerId,
      );
      if (reopened) {
        await client.query(
          "UPDATE job_chunks SET state = 'pending', lease_owner = NULL, lease_expires_at = NULL, file = NULL, bytes = NULL, sha256 = NULL WHERE job_id = $1 AND chunk = ANY($2::integer[])",
          [id, [...chunks]],
        );
      }
      return reopened;
    });
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

  async fail(id: string, workerId: string, error: string, now: number): Promise<boolean> {
    const holdsAChunk = "EXISTS (SELECT 1 FROM job_chunks c WHERE c.job_id = jobs.id AND c.state = 'leased' AND c.lease_owner = $4)";
    const failed = await changes(
      this.pool,
      `UPDATE jobs SET status = '${TRANSITIONS.fail.to}', error = $1, finished_at = $2, lease_owner = NULL, lease_expires_at = NULL
       WHERE id = $3 AND ${fromStates('fail')} AND (lease_owner = $4 OR ${holdsAChunk})`,
      [error, now, id, workerId],
    );
    return failed === 1;
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
    return rows<ChunkRecord>(this.pool, "SELECT job_id, chunk, rows, file, bytes, sha256 FROM job_chunks WHERE job_id = $1 AND state = 'done' ORDER BY chunk", [id]);
  }

  /** A write by the lease holder: the job is running (the state complete and fail leave from) and still its. */
  private async guarded(db: Queryable, sql: string, params: unknown[], workerId: string): Promise<boolean> {
    return (await changes(db, `${sql} AND ${fromStates('complete')} AND lease_owner = $${params.length + 1}`, [...params, workerId])) === 1;
  }
}
