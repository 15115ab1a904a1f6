import type { Db } from './db.js';
import { FINISHED_STATES, JOB_STATES, TRANSITIONS, type JobKind, type JobStatus } from '../../job-states.js';
import { submissionText, type CheckpointOutcome, type ChunkLease, type ChunkRecord, type Claim, type ClaimRules, type JobRecord, type NewJob, type SubmitOutcome } from '../records.js';
import { claimInSqlite } from './claim.js';
import { fromStates, sqlStates } from '../sql-states.js';
import type { JobRepository } from '../store.js';

/** A chunk lease still held by its writer, of a running job: (job_id, chunk, lease_owner, attempts, job_id) follow. */
const HELD_CHUNK = "job_id = ? AND chunk = ? AND state = 'leased' AND lease_owner = ? AND attempts = ? AND EXISTS (SELECT 1 FROM jobs WHERE id = ? AND status = 'running')";
const heldChunk = (lease: ChunkLease, workerId: string) => [lease.job_id, lease.chunk, workerId, lease.attempts, lease.job_id];

/**
 * Jobs in SQLite. Claiming is one IMMEDIATE transaction (claim.ts), so several
 * workers (`hazrisk worker` processes on this host) share the queue; every
 * write a worker makes is guarded by its lease — a chunk's while it computes,
 * the job's in the artefact stage — so a cancelled or re-leased job is never
 * written by a stale worker. Each method
 * does its work when called (better-sqlite3 is synchronous); only its answer
 * waits for a microtask.
 */
export class SqliteJobs implements JobRepository {
  constructor(private readonly db: Db) {}

  async submit(job: NewJob): Promise<SubmitOutcome> {
    const submission = submissionText(job);
    return this.db.transaction((): SubmitOutcome => {
      const existing = this.db
        .prepare<[string, string], JobRecord>('SELECT * FROM jobs WHERE key_id = ? AND idempotency_key = ?')
        .get(job.keyId, job.idempotencyKey);
      if (existing) return { kind: existing.submission === submission ? 'repeated' : 'conflict', job: existing };
      // Checked in the transaction, so retention cannot remove the upload between the check and the insert.
      if (!this.db.prepare<[string], { id: string }>('SELECT id FROM files WHERE id = ? AND purged_at IS NULL').get(job.fileId)) return { kind: 'unknown_file' };
      this.db
        .prepare(
          `INSERT INTO jobs (id, owner, key_id, kind, file_id, options, idempotency_key, submission, submission_date, status, total_rows, tables_fingerprint, submitted_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?, ?)`,
        )
        .run(job.id, job.owner, job.keyId, job.kind, job.fileId, JSON.stringify(job.options), job.idempotencyKey, submission, job.submissionDate, job.totalRows, job.tablesFingerprint ?? null, job.now);
      return { kind: 'created', job: this.row(job.id)! };
    })();
  }

  async byId(id: string): Promise<JobRecord | undefined> {
    return this.row(id);
  }

  async get(owner: string, kind: JobKind, id: string): Promise<JobRecord | undefined> {
    return this.db.prepare<[string, string, string], JobRecord>('SELECT * FROM jobs WHERE id = ? AND owner = ? AND kind = ?').get(id, owner, kind);
  }

  async list(owner: string, limit: number): Promise<JobRecord[]> {
    return this.db.prepare<[string, number], JobRecord>('SELECT * FROM jobs WHERE owner = ? ORDER BY submitted_at DESC, rowid DESC LIMIT ?').all(owner, limit);
  }

  async countByStatus(): Promise<Record<JobStatus, number>> {
    const counts = Object.fromEntries(JOB_STATES.map((state) => [state, 0])) as Record<JobStatus, number>;
    for (const row of this.db.prepare<[], { status: JobStatus; n: number }>('SELECT status, count(*) AS n FROM jobs GROUP BY status').all()) counts[row.status] = row.n;
    return counts;
  }

  async cancel(id: string, now: number): Promise<void> {
    this.db.prepare(`UPDATE jobs SET status = '${TRANSITIONS.cancel.to}', finished_at = ?, lease_owner = NULL WHERE id = ? AND ${fromStates('cancel')}`).run(now, id);
  }

  async claim(workerId: string, leaseMs: number, now: number, rules: ClaimRules): Promise<Claim | undefined> {
    return this.db.transaction(() => claimInSqlite(this.db, workerId, leaseMs, now, rules)).immediate();
  }

  async computingCount(owner: string): Promise<number> {
    return this.db.prepare<[string], { n: number }>("SELECT count(*) AS n FROM jobs WHERE owner = ? AND status = 'running' AND building_artefacts = 0").get(owner)!.n;
  }

  async queuePositions(owner: string): Promise<Map<string, number>> {
    const rows = this.db
      .prepare<[string], { id: string; position: number }>("SELECT id, row_number() OVER (ORDER BY submitted_at, rowid) AS position FROM jobs WHERE owner = ? AND status = 'pending'")
      .all(owner);
    return new Map(rows.map((r) => [r.id, r.position]));
  }

  async renewChunk(lease: ChunkLease, workerId: string, leaseMs: number, now: number): Promise<boolean> {
    return this.db.prepare(`UPDATE job_chunks SET lease_expires_at = ? WHERE ${HELD_CHUNK}`).run(now + leaseMs, ...heldChunk(lease, workerId)).changes === 1;
  }

  async saveCheckpoint(checkpoint: ChunkRecord, lease: ChunkLease, workerId: string, leaseMs: number, now: number): Promise<CheckpointOutcome> {
    return this.db.transaction((): CheckpointOutcome => {
      const accepted = this.db
        .prepare(`UPDATE job_chunks SET state = 'done', lease_expires_at = NULL, rows = ?, file = ?, bytes = ?, sha256 = ? WHERE ${HELD_CHUNK}`)
        .run(checkpoint.rows, checkpoint.file, checkpoint.bytes, checkpoint.sha256, ...heldChunk(lease, workerId));
      if (accepted.changes !== 1) return 'rejected';
      this.db.prepare('UPDATE jobs SET processed_rows = processed_rows + ? WHERE id = ?').run(checkpoint.rows, lease.job_id);
      if (this.db.prepare<[string], { n: number }>("SELECT count(*) AS n FROM job_chunks WHERE job_id = ? AND state != 'done'").get(lease.job_id)!.n > 0) return 'accepted';
      this.db.prepare('UPDATE jobs SET lease_owner = ?, lease_expires_at = ? WHERE id = ?').run(workerId, now + leaseMs, lease.job_id);
      return 'last';
    })();
  }

  async renew(id: string, workerId: string, leaseMs: number, now: number): Promise<boolean> {
    return this.guarded('UPDATE jobs SET lease_expires_at = ? WHERE id = ?', [now + leaseMs, id], workerId);
  }

  async release(id: string, workerId: string): Promise<void> {
    this.guarded('UPDATE jobs SET lease_expires_at = 0 WHERE id = ?', [id], workerId);
  }

  async reopenChunks(id: string, workerId: string, chunks: readonly number[]): Promise<boolean> {
    const list = `(${chunks.map(Number).join(', ')})`;
    return this.db.transaction(() => {
      const reopened = this.guarded(
        `UPDATE jobs SET building_artefacts = 0, results_bytes = NULL, failures_bytes = NULL, lease_owner = NULL, lease_expires_at = NULL,
           processed_rows = processed_rows - (SELECT coalesce(sum(rows), 0) FROM job_chunks WHERE job_id = ? AND state = 'done' AND chunk IN ${list}) WHERE id = ?`,
        [id, id],
        workerId,
      );
      if (reopened) {
        this.db
          .prepare(`UPDATE job_chunks SET state = 'pending', lease_owner = NULL, lease_expires_at = NULL, file = NULL, bytes = NULL, sha256 = NULL WHERE job_id = ? AND chunk IN ${list}`)
          .run(id);
      }
      return reopened;
    })();
  }

  async recordResults(id: string, workerId: string, sizes: { resultsBytes: number; failuresBytes: number }): Promise<boolean> {
    return this.guarded('UPDATE jobs SET results_bytes = ?, failures_bytes = ? WHERE id = ?', [sizes.resultsBytes, sizes.failuresBytes, id], workerId);
  }

  async markBuildingArtefacts(id: string, workerId: string, linksExpireAt: number): Promise<boolean> {
    return this.guarded('UPDATE jobs SET building_artefacts = 1, links_expire_at = ? WHERE id = ?', [linksExpireAt, id], workerId);
  }

  async complete(id: string, workerId: string, files: { result: string; report: string | null; workbook: string | null }, now: number): Promise<boolean> {
    return this.guarded(
      `UPDATE jobs SET status = '${TRANSITIONS.complete.to}', result_file = ?, report_file = ?, workbook_file = ?, finished_at = ?, lease_owner = NULL, lease_expires_at = NULL WHERE id = ?`,
      [files.result, files.report, files.workbook, now, id],
      workerId,
    );
  }

  async fail(id: string, workerId: string, error: string, now: number): Promise<boolean> {
    const holdsAChunk = "EXISTS (SELECT 1 FROM job_chunks c WHERE c.job_id = jobs.id AND c.state = 'leased' AND c.lease_owner = ?)";
    return (
      this.db
        .prepare(
          `UPDATE jobs SET status = '${TRANSITIONS.fail.to}', error = ?, finished_at = ?, lease_owner = NULL, lease_expires_at = NULL
           WHERE id = ? AND ${fromStates('fail')} AND (lease_owner = ? OR ${holdsAChunk})`,
        )
        .run(error, now, id, workerId, workerId).changes === 1
    );
  }

  async expired(cutoff: number, now: number): Promise<string[]> {
    return this.db
      .prepare<{ cutoff: number; now: number }, { id: string }>(
        `SELECT id FROM jobs WHERE status IN ${sqlStates(FINISHED_STATES)} AND purged_at IS NULL
           AND coalesce(finished_at, submitted_at) < @cutoff AND coalesce(links_expire_at, 0) <= @now`,
      )
      .all({ cutoff, now })
      .map((r) => r.id);
  }

  async markPurged(id: string, now: number): Promise<void> {
    this.db.prepare('UPDATE jobs SET purged_at = ? WHERE id = ?').run(now, id);
  }

  async chunks(id: string): Promise<ChunkRecord[]> {
    return this.db.prepare<[string], ChunkRecord>("SELECT job_id, chunk, rows, file, bytes, sha256 FROM job_chunks WHERE job_id = ? AND state = 'done' ORDER BY chunk").all(id);
  }

  private row(id: string): JobRecord | undefined {
    return this.db.prepare<[string], JobRecord>('SELECT * FROM jobs WHERE id = ?').get(id);
  }

  /** A write by the lease holder: the job is running (the state complete and fail leave from) and still its. */
  private guarded(sql: string, params: unknown[], workerId: string): boolean {
    return this.db.prepare(`${sql} AND ${fromStates('complete')} AND lease_owner = ?`).run(...params, workerId).changes === 1;
  }
}
