import crypto from 'node:crypto';
import os from 'node:os';
import type { Logger } from 'pino';
import { ArtefactStage, type ArtefactStageDeps, type StageOutcome } from './artefact-stage.js';
import { JobAttempt, type AttemptDeps } from './attempt.js';
import { FailureRecorder } from './failure-record.js';
import { LIMITS } from '../limits.js';
import type { ChunkLease, Claim, JobRecord } from '../store/records.js';
import type { JobRepository } from '../store/store.js';
import { sweepEvery } from './retention.js';
import type { StorageHealth } from '../store/storage.js';
import { MS_PER_HOUR } from '../units.js';

/**
 * The batch worker of one process (docs/batch.md "Processing", "Scheduling"):
 * `loops` compute loops, each claiming one chunk at a time from the store —
 * which picks it fairly across owners and jobs for every worker of every host
 * — computing it while renewing its lease, and offering its checkpoint. The
 * worker whose checkpoint completes a job's rows holds the job's lease and
 * runs its artefact stage; a job whose stage lost its holder is claimed like a
 * chunk. It also applies retention every hour. No error stops it: a job whose
 * work fails is failed (FailureRecorder keeps trying to store that when the
 * database is full), a turn that fails outside a job is logged and tried
 * again, and while the storage is full (StorageHealth) nothing is claimed.
 */
export interface WorkerOptions extends Omit<AttemptDeps, 'workerId'>, Omit<ArtefactStageDeps, 'workerId' | 'jobs' | 'log' | 'clock' | 'failures'> {
  jobs: JobRepository;
  log: Logger;
  /** Rows per chunk of the jobs this worker starts (a job keeps the size it started with). */
  chunkRows: number;
  /** This host's hazard tables: the worker computes no job submitted with other ones. */
  tablesFingerprint: string;
  /** Compute loops: chunks in flight at once. */
  loops: number;
  /** Jobs of one owner computing rows at once, across all workers (0 = no limit). */
  maxComputingPerOwner: number;
  pollMs: number;
  /** HAZRISK_RETENTION_DAYS (0 = keep everything). */
  retentionDays: number;
  /** The data dir's storage: full means nothing is claimed until it is writable again. */
  storage?: StorageHealth;
  /** Called after each chunk's checkpoint is accepted (tests use it to stop a worker mid-job). */
  afterChunk?: (job: JobRecord, chunk: number) => void | Promise<void>;
}

/** How this worker's part in a job ended; `passed_on`: the job went on without it (another worker builds its artefacts, or finished it). */
export type Outcome = Exclude<StageOutcome, 'reopened'> | 'passed_on';

const RETENTION_SWEEP_MS = MS_PER_HOUR;

/** How an attempt ended, the chunks it computed, and the chunks accepted before it took part that it did not compute. */
export interface AttemptResult {
  outcome: Outcome;
  chunksComputed: number;
  chunksReused: number;
}

/** What the worker counts for /metrics: chunks accepted, lease renewals, and leases lost (a refused checkpoint or renewal). */
export type LeaseEvent = 'chunk_done' | 'renewal' | 'lost';

export class BatchWorker {
  readonly workerId = `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString('hex')}`;
  /** Jobs this worker takes part in: chunks claimed, or the artefact stage. */
  private readonly held = new Map<string, JobAttempt>();
  /** Chunk leases being computed: the renewal marks one abandoned when the store refuses it. */
  private readonly computing = new Set<{ lease: ChunkLease; abandoned: boolean }>();
  /** Jobs in the artefact stage here (their job leases are renewed). */
  private readonly staged = new Set<string>();
  private readonly stage: ArtefactStage;
  private readonly failures: FailureRecorder;
  private readonly attemptDeps: AttemptDeps;
  private running = false;
  private claimsRefused = false;
  private loops: Promise<void>[] = [];
  private leaseTimer: NodeJS.Timeout | undefined;
  private renewing = false;
  private stopRetention: (() => void) | undefined;
  private sleepers: (() => void)[] = [];
  private attemptListeners: ((jobId: string, result: AttemptResult) => void)[] = [];
  private rowListeners: ((rows: number) => void)[] = [];
  private leaseListeners: ((event: LeaseEvent) => void)[] = [];

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
    const { jobs, files, jobsDir, uploadsDir, retentionDays, clock, log } = this.options;
    if (retentionDays > 0) this.stopRetention = sweepEvery({ jobs, files, jobsDir, uploadsDir }, retentionDays, clock, log, RETENTION_SWEEP_MS);
  }

  /** Called whenever this worker's part in a job ends, however it ended (tests wait on it; metrics count it). */
  onAttemptEnded(listener: (jobId: string, result: AttemptResult) => void): void {
    this.attemptListeners.push(listener);
  }

  /** Called with the number of rows each chunk computed once its checkpoint is accepted (the rows-processed metric). */
  onRowsComputed(listener: (rows: number) => void): void {
    this.rowListeners.push(listener);
  }

  /** Called at every chunk accepted, lease renewed and lease lost (the per-host lease metrics). */
  onLeaseEvent(listener: (event: LeaseEvent) => void): void {
    this.leaseListeners.push(listener);
  }

  /** Look for work now (a job was just submitted). */
  wake(): void {
    for (const wake of this.sleepers.splice(0)) wake();
  }

  /** Finish the chunks in hand, abort artefact builds (handing their leases back), stop. */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.wake();
    await Promise.all(this.loops);
    clearInterval(this.leaseTimer);
    this.stopRetention?.();
    await this.stage.stop();
    await this.failures.retry();
    for (const attempt of [...this.held.values()]) this.end(attempt, 'stopped');
    await this.options.artefacts.close?.();
  }

  private async loop(): Promise<void> {
    while (this.running) {
      try {
        await this.failures.retry();
        await this.dropFinished();
        const claim = await this.claimIfWritable();
        if (claim) await this.take(claim);
        else await this.sleep();
      } catch (err) {
        // A turn that failed outside any one job: logged, and tried again after a pause.
        this.options.storage?.noteFailure(err);
        this.options.log.error({ err }, 'batch worker turn failed; trying again');
        await this.sleep();
      }
    }
  }

  /** One claim while the storage takes writes; a refused claim (a full database) is logged once, and the worker goes on. */
  private async claimIfWritable(): Promise<Claim | undefined> {
    if (!(this.options.storage?.writable() ?? true)) return undefined;
    const { jobs, leaseMs, clock, chunkRows, maxComputingPerOwner, tablesFingerprint } = this.options;
    try {
      const claim = await jobs.claim(this.workerId, leaseMs, clock(), { chunkRows, maxComputingPerOwner, maxChunkAttempts: LIMITS.batchChunkAttempts, tablesFingerprint });
      this.claimsRefused = false;
      return claim;
    } catch (err) {
      this.options.storage?.noteFailure(err);
      if (!this.claimsRefused) this.options.log.error({ err }, 'claiming batch work failed; trying again at every turn');
      this.claimsRefused = true;
      return undefined;
    }
  }

  private async take(claim: Claim): Promise<void> {
    if (claim.kind === 'exhausted') {
      const { job, lease } = claim;
      this.options.log.error({ job_id: job.id, chunk: lease.chunk, attempts: lease.attempts, error: job.error }, 'a chunk used up its attempts; the job is failed');
      const attempt = this.held.get(job.id);
      if (attempt) this.end(attempt, 'failed');
      else this.notify(job, { outcome: 'failed', chunksComputed: 0, chunksReused: 0 });
      return;
    }
    const attempt = await this.attemptFor(claim.job);
    if (!attempt) return;
    if (claim.kind === 'artefacts') return this.buildArtefacts(attempt);
    const work = { lease: claim.lease, abandoned: false };
    this.computing.add(work);
    let ran;
    try {
      ran = await attempt.runChunk(claim.lease, () => work.abandoned);
    } catch (err) {
      await this.failures.record(attempt.id, err);
      return this.end(attempt, 'failed');
    } finally {
      this.computing.delete(work);
    }
    if (ran.outcome === 'abandoned' || ran.outcome === 'rejected') {
      this.emit('lost');
      return this.end(attempt, 'lost');
    }
    this.emit('chunk_done');
    for (const listener of this.rowListeners) listener(ran.rows);
    await this.options.afterChunk?.(attempt.job, claim.lease.chunk);
    if (ran.outcome === 'last') this.buildArtefacts(attempt);
  }

  /** The job's attempt here, opened at its first claim; a job whose rows cannot be opened (its upload gone) is failed. */
  private async attemptFor(job: JobRecord): Promise<JobAttempt | undefined> {
    const held = this.held.get(job.id);
    if (held) {
      held.job = job;
      return held;
    }
    try {
      const attempt = await JobAttempt.open(job, this.attemptDeps);
      this.held.set(job.id, attempt);
      return attempt;
    } catch (err) {
      await this.failures.record(job.id, err);
      this.notify(job, { outcome: 'failed', chunksComputed: 0, chunksReused: 0 });
      return undefined;
    }
  }

  /** With the job's lease: the artefact stage, while the loops go on claiming chunks. */
  private buildArtefacts(attempt: JobAttempt): void {
    this.staged.add(attempt.id);
    const staged = this.stage.finish(attempt).catch(async (err: unknown): Promise<StageOutcome> => {
      await this.failures.record(attempt.id, err);
      return 'failed';
    });
    void staged.then((outcome) => {
      this.staged.delete(attempt.id);
      // Missing chunk files went back to the workers: the job is computing again, and this attempt with it.
      if (outcome === 'reopened') this.wake();
      else this.end(attempt, outcome);
    });
  }

  /**
   * Jobs held here with nothing in hand (no chunk computing, no artefact stage) that have left `running` or whose
   * artefacts another worker builds: this worker's part in them is over. A cancel ends it as `lost`.
   */
  private async dropFinished(): Promise<void> {
    for (const attempt of [...this.held.values()]) {
      if (attempt.busy || this.staged.has(attempt.id)) continue;
      const job = await this.options.jobs.byId(attempt.id);
      if (job?.status === 'cancelled') this.end(attempt, 'lost');
      else if (job?.status !== 'running' || (job.lease_owner !== null && job.lease_owner !== this.workerId)) this.end(attempt, 'passed_on');
    }
  }

  /**
   * Every lease/3: extend the lease of every chunk computing here and of every job in the artefact stage here. A
   * chunk whose lease is refused is abandoned within a slice; a stage whose job lease is refused is aborted.
   */
  private async renewLeases(): Promise<void> {
    // A renewal round still waiting on the database (a slow network) is not overtaken by the next.
    if (this.renewing) return;
    this.renewing = true;
    try {
      const { jobs, leaseMs, clock } = this.options;
      const now = clock();
      const renewed = (held: boolean | undefined): boolean => {
        if (held) this.emit('renewal');
        // A renewal the database could not take (a full disk) is not a lost lease: the next round tries again.
        return held ?? true;
      };
      await Promise.all([
        ...[...this.computing].map(async (work) => {
          if (!renewed(await this.tryStore(() => jobs.renewChunk(work.lease, this.workerId, leaseMs, now), work.lease.job_id, 'chunk lease not renewed'))) work.abandoned = true;
        }),
        ...[...this.staged].map(async (id) => {
          const attempt = this.held.get(id);
          if (!attempt || attempt.lost || renewed(await this.tryStore(() => jobs.renew(id, this.workerId, leaseMs, now), id, 'job lease not renewed'))) return;
          attempt.lost = true;
          this.emit('lost');
          this.stage.abandon(id);
        }),
      ]);
    } finally {
      this.renewing = false;
    }
  }

  private end(attempt: JobAttempt, outcome: Outcome): void {
    if (this.held.get(attempt.id) !== attempt) return;
    this.held.delete(attempt.id);
    this.notify(attempt.job, { outcome, chunksComputed: attempt.chunksComputed, chunksReused: attempt.chunksReused });
  }

  private notify(job: JobRecord, result: AttemptResult): void {
    const { outcome, chunksComputed, chunksReused } = result;
    this.options.log.info({ job_id: job.id, attempt: job.attempt, outcome, chunks_computed: chunksComputed, chunks_reused: chunksReused }, 'batch job attempt ended');
    for (const listener of this.attemptListeners) listener(job.id, result);
  }

  private emit(event: LeaseEvent): void {
    for (const listener of this.leaseListeners) listener(event);
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
