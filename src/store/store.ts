import type { JobStatus } from '../job-states.js';
import type { ChunkRecord, FileRecord, JobRecord, KeyRow, NewJob, ScheduleRecord, SubmitOutcome } from './records.js';

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
 * Leases: `now` is the caller's clock; PostgreSQL, which serves several hosts,
 * times leases by the database's clock instead, so hosts whose clocks differ
 * still agree on when a lease runs out.
 */
export interface Store {
  readonly kind: 'sqlite' | 'postgres';
  readonly keys: KeyRepository;
  readonly files: FileRepository;
  readonly jobs: JobRepository;
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
   * Take a job (docs/batch.md "Scheduling"): first a running one whose lease expired (oldest first; not this
   * worker's own), else a pending one whose owner has fewer than `maxComputingPerOwner` jobs computing rows
   * (0 = no limit) — the owner with the fewest first, then the oldest. Status running, attempt + 1, progress
   * reset. Claims are serialised, so several workers (processes, hosts) can share the queue.
   */
  claim(workerId: string, leaseMs: number, now: number, maxComputingPerOwner?: number): Promise<JobRecord | undefined>;
  /** Jobs of `owner` computing rows now (running, artefacts not started): what the per-owner limit counts. */
  computingCount(owner: string): Promise<number>;
  /** Each pending job of `owner` with its place in the owner's queue (1 = starts next). */
  queuePositions(owner: string): Promise<Map<string, number>>;
  /** Extend the lease; false means the job was cancelled or taken over. */
  renew(id: string, workerId: string, leaseMs: number, now: number): Promise<boolean>;
  /** Let another worker take the job at once (graceful shutdown). */
  release(id: string, workerId: string): Promise<void>;
  checkpoint(id: string, chunk: number): Promise<ChunkRecord | undefined>;
  /** Record a finished chunk and the rows processed so far, atomically and only while holding the lease. */
  saveCheckpoint(chunk: ChunkRecord, workerId: string, processedRows: number): Promise<boolean>;
  setProgress(id: string, workerId: string, processedRows: number): Promise<boolean>;
  /** results.csv and failures.jsonl are whole on disk: record their sizes (the chunk checkpoints stay, to verify them). */
  recordResults(id: string, workerId: string, sizes: { resultsBytes: number; failuresBytes: number }): Promise<boolean>;
  /** Progress holds at 99 from here; download links will expire at `linksExpireAt`. */
  markBuildingArtefacts(id: string, workerId: string, linksExpireAt: number): Promise<boolean>;
  complete(id: string, workerId: string, files: { result: string; report: string | null; workbook: string | null }, now: number): Promise<boolean>;
  fail(id: string, workerId: string, error: string, now: number): Promise<boolean>;
  /** Finished jobs whose files retention may remove: finished before `cutoff`, links expired, not yet removed. */
  expired(cutoff: number, now: number): Promise<string[]>;
  markPurged(id: string, now: number): Promise<void>;
  chunks(id: string): Promise<ChunkRecord[]>;
}
