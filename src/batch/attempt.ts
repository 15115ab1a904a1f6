import fs from 'node:fs';
import path from 'node:path';
import { IN_DEPTH_HEADER, LITE_HEADER, csvLine } from './csv-output.js';
import { computeChunk, planOf, type ComputeDeps, type JobPlan } from './chunk-compute.js';
import { assembledIntact, assembleResults, chunkIntact, removeChunkFiles, writeChunk, type AssembledResults } from './chunk-files.js';
import type { ChunkRecord, JobRecord } from '../store/records.js';
import type { FileRepository, JobRepository } from '../store/store.js';
import { RowsFile } from './rows-file.js';
import type { ChunkSource } from './scheduler.js';

/**
 * One attempt at one job, held by this worker process (docs/batch.md
 * "Processing"). Its chunks run one at a time, in order, whenever the
 * scheduler gives it a turn: a chunk whose checkpoint survives from an earlier
 * attempt is re-read, not recomputed; a new chunk is written whole before its
 * checkpoint is recorded, in the transaction that advances processed_rows.
 * When every chunk is done the chunks are assembled into results.csv. Every
 * write is guarded by the lease: one that fails marks the attempt lost.
 */
export interface AttemptDeps extends ComputeDeps {
  jobs: JobRepository;
  files: FileRepository;
  jobsDir: string;
  uploadsDir: string;
  chunkRows: number;
  workerId: string;
}

export class JobAttempt implements ChunkSource {
  readonly id: string;
  readonly owner: string;
  readonly dir: string;
  chunksComputed = 0;
  chunksReused = 0;
  /** Rows computed (not re-read from a checkpoint) by this attempt. */
  rowsComputed = 0;
  /** The lease is gone (cancelled, or taken over after expiring): nothing more may be written. */
  lost = false;
  private nextChunk = 0;
  private processed = 0;
  private inFlight = false;
  /** Work units of the chunks still to run (the scheduler serves an owner's job with the least first). */
  private unfinishedWork = 0;
  private assembled: AssembledResults | null = null;

  private constructor(
    readonly job: JobRecord,
    /** The uploaded file's name (the artefacts' headings). */
    readonly filename: string,
    private readonly deps: AttemptDeps,
    private readonly rows: RowsFile,
    private readonly plan: JobPlan,
    private readonly checkpoints: Map<number, ChunkRecord>,
  ) {
    this.id = job.id;
    this.owner = job.owner;
    this.dir = path.join(deps.jobsDir, job.id);
    for (let chunk = 0; chunk < rows.chunkCount; chunk++) this.unfinishedWork += this.chunkWork(chunk);
  }

  static async open(job: JobRecord, deps: AttemptDeps): Promise<JobAttempt> {
    const file = await deps.files.fileById(job.file_id);
    if (!file) throw new Error(`file ${job.file_id} is missing`);
    const rows = await RowsFile.open(path.join(deps.uploadsDir, file.path), deps.chunkRows);
    const checkpoints = new Map((await deps.jobs.chunks(job.id)).map((c) => [c.chunk, c]));
    const attempt = new JobAttempt(job, file.filename, deps, rows, planOf(job), checkpoints);
    await fs.promises.mkdir(attempt.dir, { recursive: true, mode: 0o700 });
    if (job.results_bytes !== null && job.failures_bytes !== null) await attempt.reuseAssembled({ resultsBytes: job.results_bytes, failuresBytes: job.failures_bytes });
    return attempt;
  }

  ready(): boolean {
    return !this.lost && !this.inFlight && this.nextChunk < this.rows.chunkCount;
  }

  nextChunkWork(): number {
    return this.chunkWork(this.nextChunk);
  }

  workLeft(): number {
    return this.unfinishedWork;
  }

  /** A chunk of this job is being computed or re-read now. */
  get busy(): boolean {
    return this.inFlight;
  }

  /** Every chunk is checkpointed (or the results were already assembled). */
  get rowsDone(): boolean {
    return !this.inFlight && this.nextChunk >= this.rows.chunkCount;
  }

  /** Compute (or re-read) the next chunk and checkpoint it. Stops early, writing nothing, once the attempt is lost. */
  async runNextChunk(): Promise<void> {
    const { jobs, workerId } = this.deps;
    const chunk = this.nextChunk;
    this.inFlight = true;
    try {
      const saved = this.checkpoints.get(chunk);
      if (saved && saved.rows === this.rowsIn(chunk) && (await chunkIntact(this.dir, saved.file, saved.sha256))) {
        this.chunksReused++;
        if (!(await jobs.setProgress(this.id, workerId, this.processed + saved.rows))) return this.loseLease();
        this.processed += saved.rows;
      } else {
        const rows = await this.rows.chunk(chunk);
        const output = await computeChunk(this.deps, this.plan, rows, () => this.lost);
        if (!output || this.lost) return;
        const written = await writeChunk(this.dir, chunk, output.csv, output.failures);
        const checkpoint = { job_id: this.id, chunk, rows: rows.length, ...written };
        if (!(await jobs.saveCheckpoint(checkpoint, workerId, this.processed + rows.length))) return this.loseLease();
        // Counted once checkpointed: rows of a chunk whose lease was lost are another attempt's to count.
        this.chunksComputed++;
        this.rowsComputed += rows.length;
        this.processed += rows.length;
      }
      this.unfinishedWork -= this.chunkWork(chunk);
      this.nextChunk++;
    } finally {
      this.inFlight = false;
    }
  }

  /** results.csv and failures.jsonl from the chunks, recorded, then the chunk files removed; null when the lease was lost. */
  async assemble(): Promise<AssembledResults | null> {
    if (this.assembled) return this.assembled;
    const assembled = await assembleResults(this.dir, this.header(), this.rows.chunkCount);
    if (this.lost || !(await this.deps.jobs.recordResults(this.id, this.deps.workerId, assembled))) {
      this.loseLease();
      return null;
    }
    await removeChunkFiles(this.dir);
    this.assembled = assembled;
    return assembled;
  }

  private loseLease(): void {
    this.lost = true;
  }

  /** Rows × perils, or 0 for a chunk whose checkpoint will be re-read. */
  private chunkWork(chunk: number): number {
    return this.checkpoints.has(chunk) ? 0 : this.rowsIn(chunk) * this.plan.perils.length;
  }

  private rowsIn(chunk: number): number {
    return Math.min(this.deps.chunkRows, this.rows.rowCount - chunk * this.deps.chunkRows);
  }

  private header(): string {
    return csvLine(this.plan.kind === 'in_depth' ? IN_DEPTH_HEADER : LITE_HEADER);
  }

  /** An earlier attempt assembled the results: if they are intact, every row is processed already. */
  private async reuseAssembled(sizes: { resultsBytes: number; failuresBytes: number }): Promise<void> {
    const chunks = Array.from({ length: this.rows.chunkCount }, (_, c) => this.checkpoints.get(c));
    if (chunks.some((c, i) => !c || c.rows !== this.rowsIn(i))) return;
    const assembled = await assembledIntact(this.dir, this.header(), chunks as ChunkRecord[], sizes);
    if (!assembled) return;
    if (!(await this.deps.jobs.setProgress(this.id, this.deps.workerId, this.rows.rowCount))) return this.loseLease();
    this.assembled = assembled;
    this.processed = this.rows.rowCount;
    this.chunksReused = this.rows.chunkCount;
    this.nextChunk = this.rows.chunkCount;
    // Chunk files a crash left behind after the results were recorded.
    await removeChunkFiles(this.dir);
  }
}
