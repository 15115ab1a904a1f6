import type { Logger } from 'pino';
import type { StorageHealth } from '../store/storage.js';
import type { JobStore } from './jobs.js';
import { publicError } from './public-error.js';

/**
 * Marks a job failed, even when the database cannot take the write (a full
 * disk: SQLITE_FULL). Such a failure is kept and written again at every
 * `retry()` — the worker's loop calls it — until it is stored or the job is no
 * longer this worker's; the attempt ends either way, so nothing waits on it.
 */
export class FailureRecorder {
  /** Job id → its public error, for failures the database has not taken yet. */
  private readonly unrecorded = new Map<string, string>();
  /** Jobs whose refused failure was logged once already. */
  private readonly warned = new Set<string>();

  constructor(
    private readonly deps: { jobs: JobStore; workerId: string; clock: () => number; log: Logger; storage?: StorageHealth },
  ) {}

  /** Fail the job with the public form of `err` (the log gets the details). */
  record(jobId: string, err: unknown): void {
    this.deps.log.error({ job_id: jobId, err }, 'batch job failed');
    this.deps.storage?.noteFailure(err);
    this.unrecorded.set(jobId, publicError(err));
    this.write(jobId);
  }

  /** Write every failure the database refused before. */
  retry(): void {
    for (const jobId of [...this.unrecorded.keys()]) this.write(jobId);
  }

  get pending(): number {
    return this.unrecorded.size;
  }

  private write(jobId: string): void {
    const { jobs, workerId, clock, log, storage } = this.deps;
    try {
      // False means the job is no longer ours (cancelled, or restarted elsewhere after the lease ran out): nothing to record.
      jobs.fail(jobId, workerId, this.unrecorded.get(jobId)!, clock());
      this.unrecorded.delete(jobId);
    } catch (err) {
      storage?.noteFailure(err);
      if (!this.warned.has(jobId)) log.warn({ job_id: jobId, err }, 'the job failure could not be stored; it is written again at every turn until the database takes it');
      this.warned.add(jobId);
      return;
    }
    this.warned.delete(jobId);
  }
}
