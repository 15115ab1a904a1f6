import fs from 'node:fs';
import { loadConfig } from '../config.js';
import { collectGarbage } from '../batch/retention.js';
import { openStore } from '../store/open.js';
import { dataPaths } from '../store/paths.js';
import { configOverrides, parse, SHARED_DIR_OPTIONS, STORE_OPTIONS, UsageError } from './args.js';

export const GC_USAGE = `hazrisk gc [--data-dir DIR] [--database-url URL] [--shared-dir DIR] [--days N] [--dry-run]
  (batch retention now: files of jobs finished over N days ago (default HAZRISK_RETENTION_DAYS, 30) whose links
   have expired, uploads unused as long, and temporary files of writers that died; the batch worker does the same
   every hour)`;

export async function gcCommand(args: string[], out: (line: string) => void): Promise<void> {
  const { values } = parse(args, { ...STORE_OPTIONS, ...SHARED_DIR_OPTIONS, days: { type: 'string' }, 'dry-run': { type: 'boolean' } });
  const config = loadConfig(configOverrides(values));
  const days = values.days === undefined ? config.retentionDays : Number(values.days);
  if (!Number.isInteger(days) || days < 0) throw new UsageError(`--days must be a non-negative integer, got ${values.days}`);
  if (days === 0) return out('retention is off (0 days): nothing removed');
  const paths = dataPaths(config.dataDir, config.tablesDir, config.sharedDir);
  // A missing data dir is a mistake (a wrong --data-dir), not an empty one to create.
  if (config.databaseUrl === '' && !fs.existsSync(paths.db)) throw new UsageError(`no hazrisk database at ${paths.db}`);
  const store = await openStore({ databaseUrl: config.databaseUrl, dbFile: paths.db });
  try {
    const dryRun = values['dry-run'] === true;
    const deps = { jobs: store.jobs, files: store.files, jobsDir: paths.jobs, uploadsDir: paths.uploads };
    const report = await collectGarbage(deps, days, Date.now(), dryRun);
    const mib = (report.bytes / 2 ** 20).toFixed(1);
    out(`${dryRun ? 'would remove' : 'removed'} (retention ${days} days): files of ${report.jobs} finished jobs, ${report.uploads} unused uploads, ${report.tempFiles} stale temporary files — ${mib} MiB`);
  } finally {
    await store.close();
  }
}
