import type { JobKind, JobStatus } from '../job-states.js';

/**
 * The rows the service keeps, as both stores return them (docs/architecture.md
 * "Store"). Timestamps are milliseconds since the epoch; flags are 0 or 1, as
 * SQLite stores them.
 */

/** An API key's row. Only the SHA-256 of the key is kept; `id` is its public prefix (src/auth/keys.ts). */
export interface KeyRow {
  id: string;
  key_hash: string;
  owner: string;
  tenant: string;
  organisation: string;
  label: string | null;
  /** JSON arrays of peril and mode names. */
  perils: string;
  modes: string;
  flood_plus: number;
  issued_at: number;
  expires_at: number;
  revoked_at: number | null;
  /** Requests per second; null follows HAZRISK_RATE_LIMIT. */
  rate_limit: number | null;
}

/** An uploaded file. Every read by an owner is owner-scoped: another owner's id behaves exactly like an unknown one. */
export interface FileRecord {
  id: string;
  owner: string;
  key_id: string;
  filename: string;
  path: string;
  bytes: number;
  rows: number | null;
  sha256: string;
  created_at: number;
  /** When retention removed the upload's bytes (docs/batch.md "Retention"); the record stays for its jobs. */
  purged_at?: number | null;
}

/** The spec's draft schedule, made from an upload. */
export interface ScheduleRecord {
  id: string;
  owner: string;
  tenant: string;
  organisation: string;
  name: string;
  line_of_business: string;
  file_id: string;
  rows: number | null;
  cleaned: number;
  created_at: number;
}

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
  /** Rows per chunk, fixed when the job starts (the worker that starts it decides), so every host cuts the rows alike. */
  chunk_rows: number | null;
  /** The submitting host's hazard tables (src/batch/tables-fingerprint.ts): only workers with the same ones compute the job; null from older builds. */
  tables_fingerprint: string | null;
}

/** A chunk checkpoint: the chunk's rows are written whole in `file` (docs/batch.md "Processing"). */
export interface ChunkRecord {
  job_id: string;
  chunk: number;
  rows: number;
  file: string;
  bytes: number;
  sha256: string;
}

/**
 * A chunk's lease (docs/batch.md "Processing"): who holds it and which lease it is. `attempts` counts the leases
 * the chunk has had, so (holder, attempts) names one lease: a worker whose lease ran out, was taken by another
 * and came back to it later is still not the holder of the earlier one.
 */
export interface ChunkLease {
  job_id: string;
  chunk: number;
  attempts: number;
}

/**
 * What a claim handed a worker: a chunk to compute (the job's next by fair queueing, or one whose lease ran
 * out), a job whose artefact stage lost its holder, or a job just failed because one of its chunks used up
 * its attempts (the worker reports it and claims again).
 */
export type Claim =
  | { kind: 'chunk'; job: JobRecord; lease: ChunkLease; rows: number }
  | { kind: 'artefacts'; job: JobRecord }
  | { kind: 'exhausted'; job: JobRecord; lease: ChunkLease };

/** What claim() is told besides who asks: the chunk size for a job it starts, the per-owner limit, the attempts bound. */
export interface ClaimRules {
  /** Rows per chunk of a job this claim starts (HAZRISK_BATCH_CHUNK_ROWS). */
  chunkRows: number;
  /** Jobs of one owner computing rows at once, across all workers (0 = no limit). */
  maxComputingPerOwner: number;
  /** A chunk whose lease ran out this many times fails its job instead of being taken again (LIMITS.batchChunkAttempts). */
  maxChunkAttempts: number;
  /** The claiming worker's hazard tables: it is handed no chunk of a job submitted with other ones. */
  tablesFingerprint: string;
}

/** How a checkpoint was taken: refused (the writer no longer holds the chunk's lease), accepted, or accepted as the job's last chunk, whose writer now holds the job's lease for the artefact stage. */
export type CheckpointOutcome = 'rejected' | 'accepted' | 'last';

/** A batch worker's counts since it started (src/ops/worker-report.ts), as it last reported them. */
export interface WorkerCounts {
  worker_id: string;
  host: string;
  chunks_done: number;
  lease_renewals: number;
  leases_lost: number;
}

/** Every worker's counts summed by host, for /metrics. */
export type HostCounts = Omit<WorkerCounts, 'worker_id'>;

export interface NewJob {
  /** The id the job gets when it is created (unused when the Idempotency-Key names an existing job). */
  id: string;
  owner: string;
  keyId: string;
  kind: JobKind;
  fileId: string;
  options: unknown;
  idempotencyKey: string;
  submissionDate: string;
  totalRows: number | null;
  /** The submitting host's hazard tables (null: any worker may compute it). */
  tablesFingerprint?: string | null;
  now: number;
}

/**
 * What a submission came to: a new job, the job an earlier submission with the same Idempotency-Key made
 * (`conflict` when that one was a different submission), or an upload that is unknown or removed.
 */
export type SubmitOutcome =
  | { kind: 'created' | 'repeated'; job: JobRecord }
  | { kind: 'conflict'; job: JobRecord }
  | { kind: 'unknown_file' };

/** The number of perils a job computes (both kinds keep them in their options): a row's work, for fair queueing. */
export function jobPerils(job: Pick<JobRecord, 'options'>): number {
  return (JSON.parse(job.options) as { perils: unknown[] }).perils.length;
}

/** Rows in `chunk` of a job of `totalRows` rows cut into chunks of `chunkRows`. */
export function chunkRowsAt(totalRows: number, chunkRows: number, chunk: number): number {
  return Math.min(chunkRows, totalRows - chunk * chunkRows);
}

/** What an Idempotency-Key is bound to: a repeat must be this same submission. */
export function submissionText(job: NewJob): string {
  return JSON.stringify({ kind: job.kind, file_id: job.fileId, options: job.options });
}
