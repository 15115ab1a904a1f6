import type { Db } from '../store/db.js';
import { echo, httpError } from '../errors.js';
import { newId } from './ids.js';
import { FINISHED_STATES, fromStates, JOB_STATES, sqlStates, TRANSITIONS, type JobKind, type JobStatus } from './job-states.js';

/**
 * Batch jobs in SQLite (docs/batch.md "States"). Claiming is one transaction,
 * so several workers (threads of this process or `hazrisk worker` processes)
 * can share the queue; every write a worker makes is guarded by its lease, so
 * a cancelled or re-leased job is never written by a stale worker.
 */
export type { JobKind, JobStatus } from './job-states.js';

export interface JobRecord {
  id: string;
  owner: string;
  key_id: string;
  kind: JobKind;
  file_id: string;
  options: string;
  idempotency_key: string;
  submission: string;
  submission_date: string;
  status: JobStatus;
  attempt: number;
  processed_rows: number;
  total_rows: number | null;
  building_artefacts: number;
  error: string | null;
  lease_owner: string | null;
  lease_expires_at: number | null;
  submitted_at: number;
  started_at: number | null;
  finished_at: number | null;
  result_file: string | null;
  report_file: string | null;
  workbook_file: string | null;
  links_expire_at: number | null;
  /** Set once results.csv and failures.jsonl are assembled (the chunk files are then removed); a restart re-reads them. */
  results_bytes: number | null;
  failures_bytes: number | null;
  /** When retention removed the job's files (docs/batch.md "Retention"). */
  purged_at: number | null;
}

export interface ChunkRecord {
  job_id: string;
  chunk: number;
  rows: number;
  file: string;
  bytes: number;
  sha256: string;
}

export interface NewJob {
  owner: string;
  keyId: string;
  kind: JobKind;
  fileId: string;
  options: unknown;
  idempotencyKey: string;
  submissionDate: string;
  totalRows: number | null;
  now: number;
}

export class JobStore {
  constructor(private readonly db: Db) {}

  /** Create a job, or return the original for a repeated Idempotency-Key; 409 when the submission differs. */
  submit(job: NewJob): JobRecord {
    const submission = JSON.stringify({ kind: job.kind, file_id: job.fileId, options: job.options });
    return this.db.transaction(() => {
      const existing = this.db
        .prepare<[string, string], JobRecord>('SELECT * FROM jobs WHERE key_id = ? AND idempotency_key = ?')
        .get(job.keyId, job.idempotencyKey);
      if (existing) {
        if (existing.submission !== submission) {
          throw httpError('idempotency_conflict', {
            field: 'Idempotency-Key',
            message: `Idempotency-Key ${echo(job.idempotencyKey)} was already used for a different submission (job ${existing.id})`,
          });
        }
        return existing;
      }
      // Checked in the transaction, so retention cannot remove the upload between the check and the insert.
      if (!this.db.prepare<[string], { id: string }>('SELECT id FROM files WHERE id = ? AND purged_at IS NULL').get(job.fileId)) {
        throw httpError('unknown_file_id', { field: 'file_id', message: `file_id: unknown file "${job.fileId.slice(0, 60)}"` });
      }
      const id = newId('job');
      this.db
        .prepare(
          `INSERT INTO jobs (id, owner, key_id, kind, file_id, options, idempotency_key, submission, submission_date, status, total_rows, submitted_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?)`,
        )
        .run(id, job.owner, job.keyId, job.kind, job.fileId, JSON.stringify(job.options), job.idempotencyKey, submission, job.submissionDate, job.totalRows, job.now);
      return this.byId(id)!;
    })();
  }

  byId(id: string): JobRecord | undefined {
    return this.db.prepare<[string], JobRecord>('SELECT * FROM jobs WHERE id = ?').get(id);
  }

  /** Owner- and kind-scoped lookup: anything else is "unknown". */
  get(owner: string, kind: JobKind, id: string): JobRecord | undefined {
    return this.db.prepare<[string, string, string], JobRecord>('SELECT * FROM jobs WHERE id = ? AND owner = ? AND kind = ?').get(id, owner, kind);
  }

  list(owner: string, limit: number): JobRecord[] {
    return this.db.prepare<[string, number], JobRecord>('SELECT * FROM jobs WHERE owner = ? ORDER BY submitted_at DESC, rowid DESC LIMIT ?').all(owner, limit);
  }

  /** How many jobs are in each status, every status present (for /metrics). */
  countByStatus(): Record<JobStatus, number> {
    const counts = Object.fromEntries(JOB_STATES.map((state) => [state, 0])) as Record<JobStatus, number>;
    for (const row of this.db.prepare<[], { status: JobStatus; n: number }>('SELECT status, count(*) AS n FROM jobs GROUP BY status').all()) counts[row.status] = row.n;
    return counts;
  }

  /** Pending or running → cancelled, stored at once; the worker's next renewal fails, and it drops the job within a slice of rows. */
  cancel(id: string, now: number): void {
    this.db.prepare(`UPDATE jobs SET status = '${TRANSITIONS.cancel.to}', finished_at = ?, lease_owner = NULL WHERE id = ? AND ${fromStates('cancel')}`).run(now, id);
  }

  /**
   * Take a job (docs/batch.md "Scheduling"): first a running one whose lease expired (oldest first; not this
   * worker's own), else a pending one whose owner has fewer than `maxComputingPerOwner` jobs computing rows
   * (0 = no limit) — the owner with the fewest first, then the oldest. Status running, attempt + 1, progress reset.
   */
  claim(workerId: string, leaseMs: number, now: number, maxComputingPerOwner = 0): JobRecord | undefined {
    return this.db.transaction(() => {
      const next =
        this.db
          // Not one of this worker's own: a lease it let lapse (a stalled event loop) is renewed, not restarted.
          .prepare<[number, string], { id: string }>("SELECT id FROM jobs WHERE status = 'running' AND lease_expires_at < ? AND lease_owner IS NOT ? ORDER BY submitted_at, rowid LIMIT 1")
          .get(now, workerId) ??
        this.db
          .prepare<{ limit: number }, { id: string }>(
            `WITH computing AS (SELECT owner, count(*) AS n FROM jobs WHERE status = 'running' AND building_artefacts = 0 GROUP BY owner)
             SELECT j.id FROM jobs j LEFT JOIN computing c ON c.owner = j.owner
             WHERE j.status = 'pending' AND (@limit = 0 OR coalesce(c.n, 0) < @limit)
             ORDER BY coalesce(c.n, 0), j.submitted_at, j.rowid LIMIT 1`,
          )
          .get({ limit: maxComputingPerOwner });
      if (!next) return undefined;
      this.db
        .prepare(
          `UPDATE jobs SET status = '${TRANSITIONS.claim.to}', attempt = attempt + 1, processed_rows = 0, building_artefacts = 0,
             lease_owner = ?, lease_expires_at = ?, started_at = coalesce(started_at, ?) WHERE id = ?`,
        )
        .run(workerId, now + leaseMs, now, next.id);
      return this.byId(next.id);
    }).immediate();
  }

  /** Jobs of `owner` computing rows now (running, artefacts not started): what the per-owner limit counts. */
  computingCount(owner: string): number {
    return this.db.prepare<[string], { n: number }>("SELECT count(*) AS n FROM jobs WHERE owner = ? AND status = 'running' AND building_artefacts = 0").get(owner)!.n;
  }

  /** Each pending job of `owner` with its place in the owner's queue (1 = starts next): an owner's jobs start oldest first. */
  queuePositions(owner: string): Map<string, number> {
    const rows = this.db
      .prepare<[string], { id: string; position: number }>("SELECT id, row_number() OVER (ORDER BY submitted_at, rowid) AS position FROM jobs WHERE owner = ? AND status = 'pending'")
      .all(owner);
    return new Map(rows.map((r) => [r.id, r.position]));
  }

  /** Extend the lease; false means the job was cancelled or taken over. */
  renew(id: string, workerId: string, leaseMs: number, now: number): boolean {
    return this.guarded('UPDATE jobs SET lease_expires_at = ? WHERE id = ?', [now + leaseMs, id], workerId);
  }

  /** Let another worker take the job at once (graceful shutdown). */
  release(id: string, workerId: string): void {
    this.guarded('UPDATE jobs SET lease_expires_at = 0 WHERE id = ?', [id], workerId);
  }

  checkpoint(id: string, chunk: number): ChunkRecord | undefined {
    return this.db.prepare<[string, number], ChunkRecord>('SELECT * FROM job_chunks WHERE job_id = ? AND chunk = ?').get(id, chunk);
  }

  /** Record a finished chunk and the rows processed so far, atomically and only while holding the lease. */
  saveCheckpoint(chunk: ChunkRecord, workerId: string, processedRows: number): boolean {
    return this.db.transaction(() => {
      if (!this.guarded('UPDATE jobs SET processed_rows = ? WHERE id = ?', [processedRows, chunk.job_id], workerId)) return false;
      this.db.prepare('INSERT OR REPLACE INTO job_chunks (job_id, chunk, rows, file, bytes, sha256) VALUES (@job_id, @chunk, @rows, @file, @bytes, @sha256)').run(chunk);
      return true;
    })();
  }

  setProgress(id: string, workerId: string, processedRows: number): boolean {
    return this.guarded('UPDATE jobs SET processed_rows = ? WHERE id = ?', [processedRows, id], workerId);
  }

  /** results.csv and failures.jsonl are whole on disk: record their sizes (the chunk checkpoints stay, to verify them). */
  recordResults(id: string, workerId: string, sizes: { resultsBytes: number; failuresBytes: number }): boolean {
    return this.guarded('UPDATE jobs SET results_bytes = ?, failures_bytes = ? WHERE id = ?', [sizes.resultsBytes, sizes.failuresBytes, id], workerId);
  }

  /** Progress holds at 99 from here; download links will expire at `linksExpireAt`. */
  markBuildingArtefacts(id: string, workerId: string, linksExpireAt: number): boolean {
    return this.guarded('UPDATE jobs SET building_artefacts = 1, links_expire_at = ? WHERE id = ?', [linksExpireAt, id], workerId);
  }

  complete(id: string, workerId: string, files: { result: string; report: string | null; workbook: string | null }, now: number): boolean {
    return this.guarded(
      `UPDATE jobs SET status = '${TRANSITIONS.complete.to}', result_file = ?, report_file = ?, workbook_file = ?, finished_at = ?, lease_owner = NULL, lease_expires_at = NULL WHERE id = ?`,
      [files.result, files.report, files.workbook, now, id],
      workerId,
    );
  }

  fail(id: string, workerId: string, error: string, now: number): boolean {
    return this.guarded(
      `UPDATE jobs SET status = '${TRANSITIONS.fail.to}', error = ?, finished_at = ?, lease_owner = NULL, lease_expires_at = NULL WHERE id = ?`,
      [error, now, id],
      workerId,
    );
  }

  /** Finished jobs whose files retention may remove: finished before `cutoff`, links expired, not yet removed. */
  expired(cutoff: number, now: number): string[] {
    return this.db
      .prepare<{ cutoff: number; now: number }, { id: string }>(
        `SELECT id FROM jobs WHERE status IN ${sqlStates(FINISHED_STATES)} AND purged_at IS NULL
           AND coalesce(finished_at, submitted_at) < @cutoff AND coalesce(links_expire_at, 0) <= @now`,
      )
      .all({ cutoff, now })
      .map((r) => r.id);
  }

  markPurged(id: string, now: number): void {
    this.db.prepare('UPDATE jobs SET purged_at = ? WHERE id = ?').run(now, id);
  }

  chunks(id: string): ChunkRecord[] {
    return this.db.prepare<[string], ChunkRecord>('SELECT * FROM job_chunks WHERE job_id = ? ORDER BY chunk').all(id);
  }

  /** A write by the lease holder: the job is running (the state complete and fail leave from) and still its. */
  private guarded(sql: string, params: unknown[], workerId: string): boolean {
    return this.db.prepare(`${sql} AND ${fromStates('complete')} AND lease_owner = ?`).run(...params, workerId).changes === 1;
  }
}
