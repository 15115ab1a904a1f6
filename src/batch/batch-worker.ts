import crypto from 'node:crypto';
import os from 'node:os';
import type { Logger } from 'pino';
import { ArtefactStage, type ArtefactStageDeps, type StageOutcome } from './artefact-stage.js';
import { JobAttempt, type AttemptDeps } from './attempt.js';
import { FailureRecorder } from './failure-record.js';
import type { JobRecord } from '../store/records.js';
import type { JobRepository } from '../store/store.js';
import { collectGarbage } from './retention.js';
import { ChunkScheduler } from './scheduler.js';
import type { StorageHealth } from '../store/storage.js';
import { MS_PER_HOUR } from '../units.js';

/**
 * The batch worker of one process (docs/batch.md "Processing", "Scheduling"):
 * it claims every job it may (fairly across owners, within the per-owner
 * limit), holds their leases, and runs `loops` compute loops that each take
 * the next chunk the fair scheduler picks across all held jobs; a job whose
 * rows are done moves to the artefact stage. It also applies retention every
 * hour. The same code runs inside the server and as `hazrisk worker` against
 * the same data dir; leases keep processes apart. No error stops it: a job
 * whose work fails is failed (FailureRecorder keeps trying to store that when
 * the database is full), a turn that fails outside a job is logged and tried
 * again, and while the storage is full (StorageHealth) no new job is claimed.
 */
export interface WorkerOptions extends Omit<AttemptDeps, 'workerId'>, Omit<ArtefactStageDeps, 'workerId' | 'jobs' | 'log' | 'clock' | 'failures'> {
  jobs: JobRepository;
  log: Logger;
  clock: () => number;
  leaseMs: number;
  /** Compute loops: chunks in flight at once, each of a different job. */
  loops: number;
  /** Jobs of one owner computing rows at once, across all workers (0 = no limit). */
  maxComputingPerOwner: number;
  pollMs: number;
  /** HAZRISK_RETENTION_DAYS (0 = keep everything). */
  retentionDays: number;
  /** The data dir's storage: full means no new job is claimed until it is writable again. */
  storage?: StorageHealth;
  /** Called after each chunk is checkpointed (tests use it to stop a worker mid-job). */
  afterChunk?: (job: JobRecord, chunk: number) => void | Promise<void>;
}

export type Outcome = StageOutcome;

const RETENTION_SWEEP_MS = MS_PER_HOUR;

/** How an attempt ended, and how many chunks it computed or re-read from an earlier attempt's checkpoints. */
export interface AttemptResult {
  outcome: Outcome;
  chunksComputed: number;
  chunksReused: number;
}

export class BatchWorker {
  readonly workerId = `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString('hex')}`;
  private readonly held = new Map<string, JobAttempt>();
  private readonly scheduler = new ChunkScheduler<JobAttempt>();
  private readonly stage: ArtefactStage;
  private readonly failures: FailureRecorder;
  private readonly attemptDeps: AttemptDeps;
  private running = false;
  private claimsRefused = false;
  private loops: Promise<void>[] = [];
  private readonly admitting = new Set<Promise<void>>();
  /** Jobs claimed whose attempt is being opened: their leases are renewed too. */
  private readonly opening = new Set<string>();
  private leaseTimer: NodeJS.Timeout | undefined;
  private renewing = false;
  private retentionTimer: NodeJS.Timeout | undefined;
  private sleepers: (() => void)[] = [];
  private attemptListeners: ((jobId: string, result: AttemptResult) => void)[] = [];
  private rowListeners: ((rows: number) => void)[] = [];

  constructor(private readonly options: WorkerOptions) {
    this.attemptDeps = { ...options, workerId: this.workerId };
    this.failures = new FailureRecorder({ ...options, workerId: this.workerId });
    this.stage = new ArtefactStage({ ...options, workerId: this.workerId, failures: this.failures });
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.leaseTimer = setInterval(() => void this.renewLeases(), Math.max(50, Math.floor(this.options.leaseMs / 3)));
    this.loops = Array.from({ length: Math.max(1, this.options.loops) }, () => this.loop());
    if (this.options.retentionDays > 0) {
      void this.applyRetention();
      this.retentionTimer = setInterval(() => void this.applyRetention(), RETENTION_SWEEP_MS).unref();
    }
  }

  /** Called whenever an attempt at a job ends, however it ended (tests wait on it; metrics count it). */
  onAttemptEnded(listener: (jobId: string, result: AttemptResult) => void): void {
    this.attemptListeners.push(listener);
  }

  /** Called with the number of rows each chunk computed once it is checkpointed (the rows-processed metric). */
  onRowsComputed(listener: (rows: number) => void): void {
    this.rowListeners.push(listener);
  }

  /** Look for work now (a job was just submitted). */
  wake(): void {
    for (const wake of this.sleepers.splice(0)) wake();
  }

  /** Finish the chunks in hand, abort artefact builds, hand every lease back, stop. */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.wake();
    await Promise.all([...this.loops, ...this.admitting]);
    clearInterval(this.leaseTimer);
    clearInterval(this.retentionTimer);
    await this.stage.stop();
    await this.failures.retry();
    for (const attempt of [...this.held.values()]) {
      await this.tryStore(() => this.options.jobs.release(attempt.id, this.workerId), attempt.id, 'lease not handed back; it expires instead');
      this.end(attempt, 'stopped');
    }
    await this.options.artefacts.close?.();
  }

  private async loop(): Promise<void> {
    while (this.running) {
      try {
        await this.failures.retry();
        await this.claimIfWritable();
        const attempt = this.scheduler.next();
        if (attempt) await this.advance(attempt);
        else await this.sleep();
      } catch (err) {
        // A turn that failed outside any one job: logged, and tried again after a pause.
        this.options.storage?.noteFailure(err);
        this.options.log.error({ err }, 'batch worker turn failed; trying again');
        await this.sleep();
      }
    }
  }

  /** Claim while the storage takes writes; a refused claim (a full database) is logged once, and the held jobs go on. */
  private async claimIfWritable(): Promise<void> {
    if (!(this.options.storage?.writable() ?? true)) return;
    try {
      await this.claimWaiting();
      this.claimsRefused = false;
    } catch (err) {
      this.options.storage?.noteFailure(err);
      if (!this.claimsRefused) this.options.log.error({ err }, 'claiming batch jobs failed; trying again at every turn');
      this.claimsRefused = true;
    }
  }

  /** Claim every job this worker may take now and open each (its rows indexed), so it joins the rotation before the next pick. */
  private async claimWaiting(): Promise<void> {
    const { jobs, leaseMs, clock, maxComputingPerOwner } = this.options;
    const opened: Promise<void>[] = [];
    for (let job = await jobs.claim(this.workerId, leaseMs, clock(), maxComputingPerOwner); job; job = await jobs.claim(this.workerId, leaseMs, clock(), maxComputingPerOwner)) {
      const admitted = this.admit(job).finally(() => this.admitting.delete(admitted));
      this.admitting.add(admitted);
      opened.push(admitted);
    }
    await Promise.all(opened);
  }

  private async admit(job: JobRecord): Promise<void> {
    let attempt: JobAttempt;
    this.opening.add(job.id);
    try {
      attempt = await JobAttempt.open(job, this.attemptDeps);
    } catch (err) {
      this.opening.delete(job.id);
      await this.failures.record(job.id, err);
      return this.notify(job, { outcome: 'failed', chunksComputed: 0, chunksReused: 0 });
    }
    this.opening.delete(job.id);
    this.held.set(attempt.id, attempt);
    if (attempt.lost) return this.end(attempt, 'lost');
    // stop() releases what is held once the loops end; a job opened after that is released here.
    if (!this.running) {
      await this.tryStore(() => this.options.jobs.release(attempt.id, this.workerId), attempt.id, 'lease not handed back; it expires instead');
      return this.end(attempt, 'stopped');
    }
    if (attempt.rowsDone) this.finishRows(attempt);
    else this.scheduler.add(attempt);
    this.wake();
  }

  private async advance(attempt: JobAttempt): Promise<void> {
    const chunk = attempt.chunksComputed + attempt.chunksReused;
    const rowsBefore = attempt.rowsComputed;
    try {
      // Renewing at every turn also notices a cancel before any work is spent on the job.
      if (!(await this.options.jobs.renew(attempt.id, this.workerId, this.options.leaseMs, this.options.clock()))) attempt.lost = true;
      if (attempt.lost) return this.end(attempt, 'lost');
      await attempt.runNextChunk();
    } catch (err) {
      await this.failures.record(attempt.id, err);
      return this.end(attempt, 'failed');
    }
    const rows = attempt.rowsComputed - rowsBefore;
    if (rows > 0) for (const listener of this.rowListeners) listener(rows);
    if (attempt.lost) return this.end(attempt, 'lost');
    await this.options.afterChunk?.(attempt.job, chunk);
    if (attempt.rowsDone) this.finishRows(attempt);
  }

  /** Rows done: the job leaves the scheduler for the artefact stage, and the loops go on with other jobs' chunks. */
  private finishRows(attempt: JobAttempt): void {
    this.scheduler.remove(attempt);
    void this.stage.finish(attempt).then(
      (outcome) => this.end(attempt, outcome),
      async (err: unknown) => {
        await this.failures.record(attempt.id, err);
        this.end(attempt, 'failed');
      },
    );
  }

  /**
   * Every lease/3: extend every lease held, including those of jobs still being opened. A job cancelled or
   * taken over is dropped: a chunk in flight stops within a slice and its loop ends the attempt, a build is
   * aborted and the stage ends it, and a job waiting for its turn ends here.
   */
  private async renewLeases(): Promise<void> {
    // A renewal round still waiting on the database (a slow network) is not overtaken by the next.
    if (this.renewing) return;
    this.renewing = true;
    try {
      const { jobs, leaseMs, clock } = this.options;
      const now = clock();
      const renew = async (id: string): Promise<boolean> => (await this.tryStore(() => jobs.renew(id, this.workerId, leaseMs, now), id, 'lease not renewed')) ?? true;
      await Promise.all([...this.opening].map(renew));
      await Promise.all(
        [...this.held.values()].map(async (attempt) => {
          if (attempt.lost || (await renew(attempt.id))) return;
          attempt.lost = true;
          if (!this.stage.abandon(attempt.id) && !attempt.busy) this.end(attempt, 'lost');
        }),
      );
    } finally {
      this.renewing = false;
    }
  }

  private end(attempt: JobAttempt, outcome: Outcome): void {
    if (this.held.get(attempt.id) !== attempt) return;
    this.held.delete(attempt.id);
    this.scheduler.remove(attempt);
    this.notify(attempt.job, { outcome, chunksComputed: attempt.chunksComputed, chunksReused: attempt.chunksReused });
  }

  private notify(job: JobRecord, result: AttemptResult): void {
    const { outcome, chunksComputed, chunksReused } = result;
    this.options.log.info({ job_id: job.id, attempt: job.attempt, outcome, chunks_computed: chunksComputed, chunks_reused: chunksReused }, 'batch job attempt ended');
    for (const listener of this.attemptListeners) listener(job.id, result);
  }

  /** A database write outside a job's work: a failure (a full disk) is logged and noted, and undefined returned. */
  private async tryStore<T>(write: () => Promise<T>, jobId: string, consequence: string): Promise<T | undefined> {
    try {
      return await write();
    } catch (err) {
      this.options.storage?.noteFailure(err);
      this.options.log.error({ job_id: jobId, err }, consequence);
      return undefined;
    }
  }

  private async applyRetention(): Promise<void> {
    const { jobs, files, jobsDir, uploadsDir, retentionDays, clock, log } = this.options;
    try {
      const removed = await collectGarbage({ jobs, files, jobsDir, uploadsDir }, retentionDays, clock());
      if (removed.jobs + removed.uploads + removed.tempFiles > 0) log.info({ ...removed, retention_days: retentionDays }, 'retention removed expired batch files');
    } catch (err) {
      log.error({ err }, 'retention failed; it runs again within the hour');
    }
  }

  private sleep(): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, this.options.pollMs);
      this.sleepers.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
}
