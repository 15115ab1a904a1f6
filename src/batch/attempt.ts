import fs from 'node:fs';
import path from 'node:path';
import { IN_DEPTH_HEADER, LITE_HEADER, csvLine } from './csv-output.js';
import { computeChunk, planOf, type ComputeDeps, type JobPlan } from './chunk-compute.js';
import { assembledIntact, assembleResults, chunkPresent, removeChunkFiles, writeChunk, type AssembledResults } from './chunk-files.js';
import type { CheckpointOutcome, ChunkLease, ChunkRecord, JobRecord } from '../store/records.js';
import type { FileRepository, JobRepository } from '../store/store.js';
import { RowsFile } from './rows-file.js';
import type { Logger } from 'pino';
import { untilAnswered } from '../store/outage.js';

/**
 * This worker process's part in one job (docs/batch.md "Processing"): the
 * chunks it is handed by claims — other workers, here or on other hosts, may
 * compute the job's other chunks at the same time — and, if it holds the
 * job's lease, the assembly of results.csv from every accepted chunk. A
 * chunk is written whole under a name of its own lease before its checkpoint
 * is offered; a checkpoint the store refuses (the lease was lost) has its
 * files removed and counts nothing.
 */
export interface AttemptDeps extends ComputeDeps {
  jobs: JobRepository;
  files: FileRepository;
  jobsDir: string;
  uploadsDir: string;
  workerId: string;
  leaseMs: number;
  clock: () => number;
  log: Logger;
}

/** How computing one chunk ended: its checkpoint's outcome (with the chunk's rows), or abandoned (lease lost or job cancelled while it computed). */
export type ChunkOutcome = { outcome: CheckpointOutcome; rows: number } | { outcome: 'abandoned' };

export class JobAttempt {
  readonly id: string;
  readonly owner: string;
  readonly dir: string;
  /** Chunks this process computed and had accepted. */
  chunksComputed = 0;
  /** Chunks accepted before this process took part (by earlier attempts or other workers) that it did not compute. */
  chunksReused: number;
  /** Rows computed (and accepted) by this process. */
  rowsComputed = 0;
  /** The job's lease (artefact stage) is gone, or the job was cancelled: nothing more may be written. */
  lost = false;
  /** Chunks being computed here now. */
  private readonly inFlight = new Set<number>();
  private assembled: AssembledResults | null = null;

  private constructor(
    public job: JobRecord,
    /** The uploaded file's name (the artefacts' headings). */
    readonly filename: string,
    private readonly deps: AttemptDeps,
    private readonly rows: RowsFile,
    private readonly plan: JobPlan,
    accepted: number,
  ) {
    this.id = job.id;
    this.owner = job.owner;
    this.dir = path.join(deps.jobsDir, job.id);
    this.chunksReused = accepted;
  }

  static async open(job: JobRecord, deps: AttemptDeps): Promise<JobAttempt> {
    const file = await deps.files.fileById(job.file_id);
    if (!file) throw new Error(`file ${job.file_id} is missing`);
    if (job.chunk_rows === null) throw new Error(`job ${job.id} has no chunk size: it was never started`);
    const rows = await RowsFile.open(path.join(deps.uploadsDir, file.path), job.chunk_rows);
    const attempt = new JobAttempt(job, file.filename, deps, rows, planOf(job), (await deps.jobs.chunks(job.id)).length);
    await fs.promises.mkdir(attempt.dir, { recursive: true, mode: 0o700 });
    return attempt;
  }

  /** A chunk of this job is being computed here now. */
  get busy(): boolean {
    return this.inFlight.size > 0;
  }

  /** Compute the leased chunk, write it and offer its checkpoint; stops early, writing nothing, once `abandoned()` turns true. */
  async runChunk(lease: ChunkLease, abandoned: () => boolean): Promise<ChunkOutcome> {
    const { jobs, workerId, leaseMs, clock } = this.deps;
    this.inFlight.add(lease.chunk);
    try {
      const rows = await this.rows.chunk(lease.chunk);
      const output = await computeChunk(this.deps, this.plan, rows, () => this.lost || abandoned());
      if (!output || this.lost || abandoned()) return { outcome: 'abandoned' };
      const written = await writeChunk(this.dir, lease, output.csv, output.failures);
      const checkpoint = { job_id: this.id, chunk: lease.chunk, rows: rows.length, ...written };
      // Offered until the store answers, whatever renewals said meanwhile: its answer alone decides, so a host back
      // from a cut always learns (and logs) that its output was refused. A full disk fails the job.
      const outcome = await this.answered('checkpoint', () => jobs.saveCheckpoint(checkpoint, lease, workerId, leaseMs, clock()));
      if (outcome === 'rejected') {
        // Another worker holds the chunk now (or the job was cancelled): this output is not the job's.
        this.deps.log.warn({ job_id: this.id, chunk: lease.chunk, attempts: lease.attempts }, 'checkpoint refused: the chunk lease is no longer ours; its output is discarded');
        await removeChunkFiles(this.dir, [written.file]);
        return { outcome, rows: rows.length };
      }
      this.chunksComputed++;
      this.rowsComputed += rows.length;
      return { outcome, rows: rows.length };
    } finally {
      this.inFlight.delete(lease.chunk);
    }
  }

  /**
   * With the job's lease: results.csv and failures.jsonl from the accepted chunks, recorded, then the chunk files
   * removed. An earlier attempt's assembled results are used when intact. Chunks whose files are missing go back to
   * the workers ('reopened'); null when the lease was lost.
   */
  async assemble(): Promise<AssembledResults | 'reopened' | null> {
    if (this.assembled) return this.assembled;
    const { jobs, workerId } = this.deps;
    const stop = () => this.lost;
    const checkpoints = await this.answered('accepted chunks', () => jobs.chunks(this.id), stop);
    const sizes = this.job.results_bytes !== null && this.job.failures_bytes !== null ? { resultsBytes: this.job.results_bytes, failuresBytes: this.job.failures_bytes } : null;
    if (sizes && checkpoints.length === this.rows.chunkCount && (await this.reuseAssembled(checkpoints, sizes))) return this.assembled;
    const byChunk = new Map(checkpoints.map((c) => [c.chunk, c]));
    const missing: number[] = [];
    for (let chunk = 0; chunk < this.rows.chunkCount; chunk++) {
      const saved = byChunk.get(chunk);
      if (!saved || !(await chunkPresent(this.dir, saved))) missing.push(chunk);
    }
    if (missing.length > 0) {
      if (this.lost || !(await this.answered('reopened chunks', () => jobs.reopenChunks(this.id, workerId, missing), stop))) return this.loseLease();
      this.chunksReused -= Math.min(this.chunksReused, missing.length);
      return 'reopened';
    }
    const assembled = await assembleResults(this.dir, this.header(), checkpoints.map((c) => c.file));
    if (this.lost || !(await this.answered('assembled results', () => jobs.recordResults(this.id, workerId, assembled), stop))) return this.loseLease();
    await removeChunkFiles(this.dir);
    this.assembled = assembled;
    return assembled;
  }

  /** A store call of this job, made again while the database is away (src/store/outage.ts); `stop`: give up waiting. */
  private answered<T>(what: string, call: () => Promise<T>, stop?: () => boolean): Promise<T> {
    return untilAnswered(call, { log: this.deps.log, what, context: { job_id: this.id }, stop });
  }

  private loseLease(): null {
    this.lost = true;
    return null;
  }

  private header(): string {
    return csvLine(this.plan.kind === 'in_depth' ? IN_DEPTH_HEADER : LITE_HEADER);
  }

  /** An earlier attempt assembled the results: if they are intact (every chunk's bytes hash to its checkpoint), they are used. */
  private async reuseAssembled(checkpoints: ChunkRecord[], sizes: { resultsBytes: number; failuresBytes: number }): Promise<boolean> {
    const assembled = await assembledIntact(this.dir, this.header(), checkpoints, sizes);
    if (!assembled) return false;
    this.assembled = assembled;
    // Chunk files a crash left behind after the results were recorded.
    await removeChunkFiles(this.dir);
    return true;
  }
}
