import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import { LIMITS } from '../limits.js';
import { temporaryTarget } from '../store/paths.js';
import type { FileRepository, JobRepository } from '../store/store.js';
import { MS_PER_DAY } from '../units.js';

/**
 * Retention (docs/batch.md "Retention", HAZRISK_RETENTION_DAYS): what the
 * batch worker removes every hour and `hazrisk gc` removes on demand —
 *   - the files of jobs that finished more than the retention period ago and
 *     whose download links have expired (`jobs/<id>/`); the job's record stays,
 *     so its status still answers;
 *   - uploads unused for the retention period (the original CSV and its rows);
 *     the record stays for the jobs that used it, its draft schedule leaves
 *     the list and its file_id becomes unknown to submissions;
 *   - temporary upload files older than a day, left by a process that died
 *     mid-upload, and writers' temporary files (temporaryName) in uploads and
 *     job directories untouched for an hour, left by a process that died
 *     mid-write (a live writer's file is younger: LIMITS.staleTemporaryMs).
 * Chunk files are not here: a job removes its own once results.csv is assembled.
 */
export interface RetentionDeps {
  jobs: JobRepository;
  files: FileRepository;
  jobsDir: string;
  uploadsDir: string;
}

export interface RetentionReport {
  jobs: number;
  uploads: number;
  tempFiles: number;
  bytes: number;
}

const UPLOAD_TEMP = /^\.upload-[0-9a-f]+\.tmp$/;

/** Remove what has expired at `now` (`dryRun`: only report it). */
export async function collectGarbage(deps: RetentionDeps, retentionDays: number, now: number, dryRun = false): Promise<RetentionReport> {
  const cutoff = now - retentionDays * MS_PER_DAY;
  const report: RetentionReport = { jobs: 0, uploads: 0, tempFiles: 0, bytes: 0 };
  const remove = async (target: string): Promise<void> => {
    report.bytes += sizeOf(target);
    if (!dryRun) await fs.promises.rm(target, { recursive: true, force: true });
  };
  const removedJobs = new Set<string>();
  for (const id of await deps.jobs.expired(cutoff, now)) {
    await remove(path.join(deps.jobsDir, id));
    if (!dryRun) await deps.jobs.markPurged(id, now);
    removedJobs.add(id);
  }
  report.jobs = removedJobs.size;
  for (const file of await deps.files.unusedUploads(cutoff, dryRun ? undefined : now)) {
    await remove(path.join(deps.uploadsDir, `${file.id}.csv`));
    await remove(path.join(deps.uploadsDir, file.path));
    report.uploads++;
  }
  // Dead writers' temporary files, in the uploads and in the job directories that stay.
  const jobDirs = namesIn(deps.jobsDir).filter((id) => !removedJobs.has(id));
  for (const dir of [deps.uploadsDir, ...jobDirs.map((id) => path.join(deps.jobsDir, id))]) {
    for (const name of namesIn(dir)) {
      const staleMs = staleAfterMs(name);
      if (staleMs === null) continue;
      const file = path.join(dir, name);
      const stat = fs.statSync(file, { throwIfNoEntry: false });
      if (!stat || now - stat.mtimeMs < staleMs) continue;
      await remove(file);
      report.tempFiles++;
    }
  }
  return report;
}

/** How long a file named `name` stays untouched before it is a dead writer's temporary file; null when it is no temporary file. */
function staleAfterMs(name: string): number | null {
  if (UPLOAD_TEMP.test(name)) return LIMITS.staleUploadMs;
  return temporaryTarget(name) === null ? null : LIMITS.staleTemporaryMs;
}

/**
 * The batch worker's sweep: retention now, then every `everyMs`; a sweep that fails is logged and the next one
 * tries again. Returns the function that stops it.
 */
export function sweepEvery(deps: RetentionDeps, retentionDays: number, clock: () => number, log: Logger, everyMs: number): () => void {
  const sweep = async (): Promise<void> => {
    try {
      const removed = await collectGarbage(deps, retentionDays, clock());
      if (removed.jobs + removed.uploads + removed.tempFiles > 0) log.info({ ...removed, retention_days: retentionDays }, 'retention removed expired batch files');
    } catch (err) {
      log.error({ err }, 'retention failed; it runs again within the hour');
    }
  };
  void sweep();
  const timer = setInterval(() => void sweep(), everyMs).unref();
  return () => clearInterval(timer);
}

/** The names in a directory; none when it is gone or is no directory (another host's retention may remove it meanwhile). */
function namesIn(dir: string): string[] {
  try {
    return fs.readdirSync(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT' || (err as NodeJS.ErrnoException).code === 'ENOTDIR') return [];
    throw err;
  }
}

/** Bytes under a file or directory (0 when it is gone). */
function sizeOf(target: string): number {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.size;
  return fs.readdirSync(target).reduce((sum, name) => sum + sizeOf(path.join(target, name)), 0);
}
