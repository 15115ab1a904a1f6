import type { Logger } from 'pino';
import type { StorageHealth } from '../store/storage.js';
import type { JobRepository } from '../store/store.js';
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
    private readonly deps: { jobs: JobRepository; workerId: string; clock: () => number; log: Logger; storage?: StorageHealth },
  ) {}

  /** Fail the job with the public form of `err` (the log gets the details); resolves once the store took it or refused it. */
  async record(jobId: string, err: unknown): Promise<void> {
    this.deps.log.error({ job_id: jobId, err }, 'batch job failed');
    this.deps.storage?.noteFailure(err);
    this.unrecorded.set(jobId, publicError(err));
    await this.write(jobId);
  }

  /** Write every failure the database refused before. */
  async retry(): Promise<void> {
    for (const jobId of [...this.unrecorded.keys()]) await this.write(jobId);
  }

  get pending(): number {
    return this.unrecorded.size;
  }

  private async write(jobId: string): Promise<void> {
    const { jobs, workerId, clock, log, storage } = this.deps;
    const error = this.unrecorded.get(jobId);
    // Another turn's write took it while this one waited.
    if (error === undefined) return;
    try {
      // False means the job is no longer ours (cancelled, or restarted elsewhere after the lease ran out): nothing to record.
      await jobs.fail(jobId, workerId, error, clock());
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
