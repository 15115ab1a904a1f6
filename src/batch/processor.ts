import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import type { Engine } from '../engine/engine.js';
import { addOneYear, parseIsoDate } from '../engine/calendar.js';
import type { PerilName } from '../engine/perils.js';
import type { Geocoder } from '../geo/index.js';
import type { LiteMethod } from '../lite/score.js';
import { writeFileAtomic } from '../store/paths.js';
import type { BatchRow } from './csv-input.js';
import { IN_DEPTH_HEADER, LITE_HEADER, csvLine } from './csv-output.js';
import { computeInDepth, computeLite, type ChunkOutput } from './compute.js';
import type { FileStore } from './files.js';
import type { JobRecord, JobStore } from './jobs.js';
import { rowContexts } from './row-context.js';
import type { ArtefactBuilder } from './artefacts.js';
import type { UrlSigner } from './signing.js';
import { signedPath, type ArtefactName } from './status.js';
import { LIMITS } from '../limits.js';

/**
 * One attempt at one job (docs/batch.md "Processing"): rows in chunks; a chunk
 * whose checkpoint survives from an earlier attempt is re-read, not recomputed;
 * each new chunk is written whole (temp file + rename) before its checkpoint is
 * recorded; then the chunks are joined into results.csv and the artefacts are
 * built with progress held at 99 %.
 */
export interface ProcessorDeps {
  jobs: JobStore;
  files: FileStore;
  engine: Engine;
  geocoder: () => Geocoder;
  jobsDir: string;
  uploadsDir: string;
  log: Logger;
  leaseMs: number;
  clock: () => number;
  chunkRows: number;
  artefacts: ArtefactBuilder;
  signer: UrlSigner;
  /** HAZRISK_PUBLIC_URL ('' = links relative to the service). */
  publicUrl: string;
  /** Called after each chunk is checkpointed (tests use it to stop a worker mid-job). */
  afterChunk?: (job: JobRecord, chunk: number) => void | Promise<void>;
}

export type Outcome = 'complete' | 'failed' | 'lost' | 'stopped';

/** How an attempt ended, and how many chunks it computed or re-read from an earlier attempt's checkpoints. */
export interface AttemptResult {
  outcome: Outcome;
  chunksComputed: number;
  chunksReused: number;
}

/**
 * Rows computed between yields to the event loop: the in-process worker shares
 * the main thread with the HTTP server, so no slice of work may block it long.
 */
const ROWS_PER_SLICE = 500;
const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

export interface InDepthOptions {
  perils: PerilName[];
}
export interface LiteOptions {
  calculation_method: LiteMethod;
  flood_plus: boolean;
  perils: PerilName[];
}

export class JobProcessor {
  constructor(private readonly deps: ProcessorDeps) {}

  async run(job: JobRecord, workerId: string, shouldStop: () => boolean): Promise<AttemptResult> {
    const counts = { chunksComputed: 0, chunksReused: 0 };
    const outcome = await this.attempt(job, workerId, shouldStop, counts);
    return { outcome, ...counts };
  }

  private async attempt(job: JobRecord, workerId: string, shouldStop: () => boolean, counts: Omit<AttemptResult, 'outcome'>): Promise<Outcome> {
    const { jobs, log } = this.deps;
    let lost = false;
    const heartbeat = setInterval(() => {
      if (!jobs.renew(job.id, workerId, this.deps.leaseMs, this.deps.clock())) lost = true;
    }, Math.max(50, Math.floor(this.deps.leaseMs / 3)));
    try {
      const rows = this.readRows(job);
      const dir = path.join(this.deps.jobsDir, job.id);
      fs.mkdirSync(dir, { recursive: true });
      const chunkCount = Math.ceil(rows.length / this.deps.chunkRows);
      let processed = 0;
      for (let chunk = 0; chunk < chunkCount; chunk++) {
        if (lost || !jobs.renew(job.id, workerId, this.deps.leaseMs, this.deps.clock())) return 'lost';
        if (shouldStop()) {
          jobs.release(job.id, workerId);
          return 'stopped';
        }
        const slice = rows.slice(chunk * this.deps.chunkRows, (chunk + 1) * this.deps.chunkRows);
        if (!this.reuseCheckpoint(job, chunk, dir)) {
          const output = await this.compute(job, slice);
          const file = chunkFile(dir, chunk);
          writeFileAtomic(`${file}.failures.jsonl`, output.failures.map((f) => `${JSON.stringify(f)}\n`).join(''));
          writeFileAtomic(file, output.csv);
          counts.chunksComputed++;
          const saved = jobs.saveCheckpoint(
            { job_id: job.id, chunk, rows: slice.length, file: path.basename(file), bytes: Buffer.byteLength(output.csv), sha256: sha256(output.csv) },
            workerId,
            processed + slice.length,
          );
          if (!saved) return 'lost';
        } else {
          counts.chunksReused++;
          if (!jobs.setProgress(job.id, workerId, processed + slice.length)) return 'lost';
        }
        processed += slice.length;
        await this.deps.afterChunk?.(job, chunk);
        await yieldToEventLoop();
      }
      const result = this.combine(job, dir, chunkCount);
      const expiresAt = this.deps.clock() + LIMITS.signedUrlLifetimeMs;
      if (!jobs.markBuildingArtefacts(job.id, workerId, expiresAt)) return 'lost';
      const link = (name: ArtefactName): string => `${this.deps.publicUrl}${signedPath(this.deps.signer, job.id, name, expiresAt)}`;
      const files = { results: result, failures: path.join(dir, 'failures.jsonl'), dir, workbook: null, links: { results: link('results.csv'), workbook: null, expiresAt } };
      const workbook = await this.deps.artefacts.workbook(job, files).catch((err: unknown) => {
        log.warn({ job_id: job.id, err }, 'workbook failed; workbook_url will be null');
        return null;
      });
      const withWorkbook = { ...files, workbook, links: { ...files.links, workbook: workbook && link('workbook.xlsx') } };
      const report = await this.deps.artefacts.report(job, withWorkbook).catch((err: unknown) => {
        log.warn({ job_id: job.id, err }, 'report failed; report_url will be null');
        return null;
      });
      const done = jobs.complete(job.id, workerId, { result: path.basename(result), report: report && path.basename(report), workbook: workbook && path.basename(workbook) }, this.deps.clock());
      return done ? 'complete' : 'lost';
    } catch (err) {
      log.error({ job_id: job.id, err }, 'batch job failed');
      jobs.fail(job.id, workerId, publicError(err), this.deps.clock());
      return 'failed';
    } finally {
      clearInterval(heartbeat);
    }
  }

  private readRows(job: JobRecord): BatchRow[] {
    const file = this.deps.files.fileById(job.file_id);
    if (!file) throw new Error(`file ${job.file_id} is missing`);
    const text = fs.readFileSync(path.join(this.deps.uploadsDir, file.path), 'utf8');
    return text.split('\n').filter((line) => line !== '').map((line) => JSON.parse(line) as BatchRow);
  }

  /** A checkpoint counts only if its chunk file is there, whole and unchanged. */
  private reuseCheckpoint(job: JobRecord, chunk: number, dir: string): boolean {
    const saved = this.deps.jobs.checkpoint(job.id, chunk);
    if (!saved) return false;
    const file = path.join(dir, saved.file);
    if (!fs.existsSync(file) || !fs.existsSync(`${file}.failures.jsonl`)) return false;
    return sha256(fs.readFileSync(file)) === saved.sha256;
  }

  private async compute(job: JobRecord, rows: BatchRow[]): Promise<ChunkOutput> {
    const submissionDay = parseIsoDate(job.submission_date)!;
    const out: ChunkOutput = { csv: '', failures: [] };
    for (let from = 0; from < rows.length; from += ROWS_PER_SLICE) {
      await yieldToEventLoop();
      const contexts = rowContexts(rows.slice(from, from + ROWS_PER_SLICE), this.deps.geocoder(), submissionDay);
      const slice = await this.computeSlice(job, contexts, submissionDay);
      out.csv += slice.csv;
      out.failures.push(...slice.failures);
    }
    return out;
  }

  private computeSlice(job: JobRecord, contexts: ReturnType<typeof rowContexts>, submissionDay: number): Promise<ChunkOutput> {
    if (job.kind === 'in_depth') return computeInDepth(this.deps.engine, contexts, (JSON.parse(job.options) as InDepthOptions).perils);
    const options = JSON.parse(job.options) as LiteOptions;
    // Lite scores a one-year window from the day after submission; row dates are context only.
    const window = { startDay: submissionDay + 1, endDay: addOneYear(submissionDay + 1) - 1 };
    return computeLite(this.deps.engine, contexts, options.perils, options.calculation_method, window);
  }

  /** results.csv = header + chunk files in order; failures.jsonl likewise. Written to temp names, then renamed. */
  private combine(job: JobRecord, dir: string, chunkCount: number): string {
    const header = csvLine(job.kind === 'in_depth' ? IN_DEPTH_HEADER : LITE_HEADER);
    const result = path.join(dir, 'results.csv');
    concatenate(`${result}.tmp`, header, Array.from({ length: chunkCount }, (_, c) => chunkFile(dir, c)));
    concatenate(`${path.join(dir, 'failures.jsonl')}.tmp`, '', Array.from({ length: chunkCount }, (_, c) => `${chunkFile(dir, c)}.failures.jsonl`));
    fs.renameSync(`${path.join(dir, 'failures.jsonl')}.tmp`, path.join(dir, 'failures.jsonl'));
    fs.renameSync(`${result}.tmp`, result);
    return result;
  }
}

const SYSTEM_ERRORS: Record<string, string> = {
  ENOENT: 'a file the job needs is missing on the server (its upload or a checkpoint was removed)',
  ENOSPC: 'the server ran out of disk space',
  EACCES: 'the server cannot read or write its data directory',
  EROFS: 'the server cannot write its data directory',
};

/** The job's `error` as the user sees it: what went wrong, never a server path (the log has the details). */
export function publicError(err: unknown): string {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  if (code && SYSTEM_ERRORS[code]) return `job infrastructure failure: ${SYSTEM_ERRORS[code]}`;
  const message = err instanceof Error ? err.message : String(err);
  return `job infrastructure failure: ${message.replace(/(?:[A-Za-z]:)?(?:[\\/][^\s'"\\/]+)+[\\/]?/g, '<path>').slice(0, 200)}`;
}

function chunkFile(dir: string, chunk: number): string {
  return path.join(dir, `chunk-${String(chunk).padStart(5, '0')}.csv`);
}

function concatenate(target: string, head: string, parts: string[]): void {
  const fd = fs.openSync(target, 'w');
  try {
    if (head) fs.writeSync(fd, head);
    for (const part of parts) fs.writeSync(fd, fs.readFileSync(part));
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

function sha256(data: string | Buffer): string {
  return crypto.createHash('sha256').update(data).digest('hex');
}
