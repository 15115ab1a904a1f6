import type { JobStatus } from '../job-states.js';
import type { CheckpointOutcome, ChunkLease, ChunkRecord, Claim, ClaimRules, FileRecord, HostCounts, JobRecord, KeyRow, NewJob, ScheduleRecord, SubmitOutcome, WorkerCounts } from './records.js';

/**
 * The service's store (docs/architecture.md "Store"): API keys, uploads,
 * draft schedules, jobs with their leases and chunk checkpoints, and the
 * Idempotency-Keys they were submitted under. Two implementations keep the
 * same contract (test/store/contract.test.ts): SQLite in the data dir, the
 * one-box default (src/store/sqlite), and PostgreSQL when HAZRISK_DATABASE_URL
 * is set (src/store/postgres), for several hosts sharing one queue.
 *
 * Every method is asynchronous so that a network database fits; the one
 * exception is KeyRepository.lookup, on the request path (see there).
 * Leases (a job's chunks each have one while computed; the job has one while
 * its artefacts are built): `now` is the caller's clock; PostgreSQL, which serves several hosts,
 * times leases by the database's clock instead, so hosts whose clocks differ
 * still agree on when a lease runs out.
 */
export interface Store {
  readonly kind: 'sqlite' | 'postgres';
  readonly keys: KeyRepository;
  readonly files: FileRepository;
  readonly jobs: JobRepository;
  readonly workers: WorkerRepository;
  /** Resolves when the database answers (readiness), rejects otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface KeyRepository {
  insert(row: KeyRow): Promise<void>;
  byId(id: string): Promise<KeyRow | undefined>;
  /**
   * The key check on every request, synchronous: the request pipeline decides on the key before it reads a
   * body, within uWS's callback (src/http/server.ts). SQLite reads the row; PostgreSQL answers from a copy of
   * the keys table it refreshes every KEY_REFRESH_MS, so a key made or revoked by another process counts
   * within that time (as a revocation already did through the verified-key cache).
   */
  lookup(id: string): KeyRow | undefined;
  /** Every key, oldest first. */
  list(): Promise<KeyRow[]>;
  count(): Promise<number>;
  /** False when no active key has this id. */
  revoke(id: string, now: number): Promise<boolean>;
}

export interface FileRepository {
  insertFile(file: FileRecord): Promise<void>;
  /** An upload the owner may submit: a removed one is unknown. */
  file(owner: string, id: string): Promise<FileRecord | undefined>;
  fileById(id: string): Promise<FileRecord | undefined>;
  insertSchedule(schedule: ScheduleRecord): Promise<void>;
  /** The owner's draft schedules whose upload is still kept, newest first. */
  schedules(owner: string, limit: number): Promise<ScheduleRecord[]>;
  /**
   * Uploads unused since `cutoff` (docs/batch.md "Retention"): uploaded before it, no job submitted from
   * them since, none pending or running. With `markPurgedAt` they are marked removed atomically with the
   * choice, so no submission can pick one up in between.
   */
  unusedUploads(cutoff: number, markPurgedAt?: number): Promise<FileRecord[]>;
}

/** Batch workers' counts, kept in the store so that /metrics on any host shows every worker of the cluster (docs/operations.md "Metrics"). */
export interface WorkerRepository {
  /** Replace the worker's counts with these (each worker reports its own running totals). */
  report(counts: WorkerCounts, now: number): Promise<void>;
  /** Every worker's counts summed by host, by host name. */
  byHost(): Promise<HostCounts[]>;
}

export interface JobRepository {
  /** Create a pending job, or find the one made earlier under the same Idempotency-Key; the upload must be kept. */
  submit(job: NewJob): Promise<SubmitOutcome>;
  byId(id: string): Promise<JobRecord | undefined>;
  /** Owner- and kind-scoped lookup: anything else is "unknown". */
  get(owner: string, kind: JobRecord['kind'], id: string): Promise<JobRecord | undefined>;
  /** The owner's jobs, newest first. */
  list(owner: string, limit: number): Promise<JobRecord[]>;
  /** How many jobs are in each status, every status present (for /metrics). */
  countByStatus(): Promise<Record<JobStatus, number>>;
  /** Pending or running → cancelled; the worker's next renewal fails, and it drops the job. */
  cancel(id: string, now: number): Promise<void>;
  /**
   * One claim, in one transaction serialised across every worker (docs/batch.md "Processing", "Scheduling"):
   * first a chunk whose lease ran out (not this worker's own; the job's attempt + 1, the chunk's attempts + 1 —
   * or, when it has had `maxChunkAttempts` leases already, the job failed instead), then a job whose artefact
   * stage lost its holder (attempt + 1), else the next chunk by fair queueing over the running jobs with a chunk
   * waiting and the pending jobs within the per-owner limit — a pending job picked starts (running, attempt 1,
   * cut into chunks of `chunkRows`). Owners' accounts of work served live in the store, so fairness holds across
   * every worker and host.
   */
  claim(workerId: string, leaseMs: number, now: number, rules: ClaimRules): Promise<Claim | undefined>;
  /** Jobs of `owner` computing rows now (running, artefacts not started): what the per-owner limit counts. */
  computingCount(owner: string): Promise<number>;
  /** Each pending job of `owner` with its place in the owner's queue (1 = starts next). */
  queuePositions(owner: string): Promise<Map<string, number>>;
  /** Extend a chunk's lease; false means the job was cancelled or the lease taken over (the chunk's output is then discarded). */
  renewChunk(lease: ChunkLease, workerId: string, leaseMs: number, now: number): Promise<boolean>;
  /**
   * Record a computed chunk, only while its writer holds the chunk's lease (zero rows changed ⇒ rejected), and add its
   * rows to processed_rows in the same transaction: processed_rows is the sum of the accepted chunks' rows. The last
   * chunk's writer takes the job's lease for the artefact stage.
   */
  saveCheckpoint(checkpoint: ChunkRecord, lease: ChunkLease, workerId: string, leaseMs: number, now: number): Promise<CheckpointOutcome>;
  /** Extend the job's lease (the artefact stage); false means the job was cancelled or taken over. */
  renew(id: string, workerId: string, leaseMs: number, now: number): Promise<boolean>;
  /** Let another worker take the artefact stage at once (graceful shutdown). */
  release(id: string, workerId: string): Promise<void>;
  /**
   * The artefact stage found these chunks' files missing or damaged: they go back to waiting, their rows leave
   * processed_rows, the assembled sizes are forgotten and the job's lease is given up, so workers compute them again.
   */
  reopenChunks(id: string, workerId: string, chunks: readonly number[]): Promise<boolean>;
  /** results.csv and failures.jsonl are whole on disk: record their sizes (the chunk checkpoints stay, to verify them). */
  recordResults(id: string, workerId: string, sizes: { resultsBytes: number; failuresBytes: number }): Promise<boolean>;
  /** Progress holds at 99 from here; download links will expire at `linksExpireAt`. */
  markBuildingArtefacts(id: string, workerId: string, linksExpireAt: number): Promise<boolean>;
  complete(id: string, workerId: string, files: { result: string; report: string | null; workbook: string | null }, now: number): Promise<boolean>;
  /** Fail a running job: by the holder of its lease or of one of its chunks' leases. */
  fail(id: string, workerId: string, error: string, now: number): Promise<boolean>;
  /** Finished jobs whose files retention may remove: finished before `cutoff`, links expired, not yet removed. */
  expired(cutoff: number, now: number): Promise<string[]>;
  markPurged(id: string, now: number): Promise<void>;
  /** The job's accepted checkpoints, in chunk order. */
  chunks(id: string): Promise<ChunkRecord[]>;
}
