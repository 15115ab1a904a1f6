import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import { LIMITS } from '../limits.js';
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
 *     mid-upload.
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
  for (const id of await deps.jobs.expired(cutoff, now)) {
    await remove(path.join(deps.jobsDir, id));
    if (!dryRun) await deps.jobs.markPurged(id, now);
    report.jobs++;
  }
  for (const file of await deps.files.unusedUploads(cutoff, dryRun ? undefined : now)) {
    await remove(path.join(deps.uploadsDir, `${file.id}.csv`));
    await remove(path.join(deps.uploadsDir, file.path));
    report.uploads++;
  }
  for (const name of fs.readdirSync(deps.uploadsDir)) {
    const file = path.join(deps.uploadsDir, name);
    if (!UPLOAD_TEMP.test(name) || now - fs.statSync(file).mtimeMs < LIMITS.staleUploadMs) continue;
    await remove(file);
    report.tempFiles++;
  }
  return report;
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

/** Bytes under a file or directory (0 when it is gone). */
function sizeOf(target: string): number {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.size;
  return fs.readdirSync(target).reduce((sum, name) => sum + sizeOf(path.join(target, name)), 0);
}
