import os from 'node:os';
import path from 'node:path';
import { LIMITS } from './limits.js';

/**
 * Every setting, where it comes from and its default, in one table.
 * Precedence: explicit override (CLI flag or test) > environment > default.
 */
const SETTINGS = {
  port: { env: 'HAZRISK_PORT', kind: 'int', fallback: 8080 },
  host: { env: 'HAZRISK_HOST', kind: 'string', fallback: '0.0.0.0' },
  dataDir: { env: 'HAZRISK_DATA_DIR', kind: 'string', fallback: './var' },
  // The store (docs/operations.md "PostgreSQL store"): a postgres:// URL puts keys, uploads' records and jobs in PostgreSQL; unset keeps SQLite in the data dir.
  databaseUrl: { env: 'HAZRISK_DATABASE_URL', kind: 'string', fallback: '' },
  // Uploads, chunk files, artefacts and the link-signing key, for every host of a cluster (docs/operations.md "Cluster"); unset keeps them in the data dir.
  sharedDir: { env: 'HAZRISK_SHARED_DIR', kind: 'string', fallback: '' },
  sourcesDir: { env: 'HAZRISK_SOURCES', kind: 'string', fallback: '../shared/data' },
  tablesDir: { env: 'HAZRISK_TABLES_DIR', kind: 'string', fallback: '' },
  logLevel: { env: 'HAZRISK_LOG_LEVEL', kind: 'string', fallback: 'info' },
  // One access-log line per request (all), only for 4xx/5xx and aborted requests (errors), or none (off).
  accessLog: { env: 'HAZRISK_ACCESS_LOG', kind: 'choice', choices: ['all', 'errors', 'off'], fallback: 'all' },
  jsonBodyBytes: { env: 'HAZRISK_BODY_LIMIT', kind: 'int', fallback: LIMITS.jsonBodyBytes },
  uploadBytes: { env: 'HAZRISK_UPLOAD_LIMIT', kind: 'int', fallback: LIMITS.uploadBytes },
  poolSize: { env: 'HAZRISK_POOL_SIZE', kind: 'int', fallback: Math.max(1, os.availableParallelism()) },
  // Batch scheduling (docs/batch.md "Scheduling"): compute loops of the in-process worker (0 = none), an owner's
  // jobs computing at once (0 = no limit), large artefact builds at once (the memory bound); retention in days (0 = keep).
  batchWorkers: { env: 'HAZRISK_BATCH_WORKERS', kind: 'int', fallback: 1 },
  batchMaxRunningPerOwner: { env: 'HAZRISK_BATCH_MAX_RUNNING_PER_OWNER', kind: 'int', fallback: 2 },
  batchArtefactBuilds: { env: 'HAZRISK_BATCH_ARTEFACT_BUILDS', kind: 'int', fallback: 3 },
  retentionDays: { env: 'HAZRISK_RETENTION_DAYS', kind: 'int', fallback: 30 },
  leaseMs: { env: 'HAZRISK_LEASE_MS', kind: 'int', fallback: 30_000 },
  batchChunkRows: { env: 'HAZRISK_BATCH_CHUNK_ROWS', kind: 'int', fallback: LIMITS.batchChunkRows },
  publicUrl: { env: 'HAZRISK_PUBLIC_URL', kind: 'string', fallback: '' },
  shutdownGraceMs: { env: 'HAZRISK_SHUTDOWN_GRACE_MS', kind: 'int', fallback: 10_000 },
  // Below this much free space on the data dir's disk the storage counts as full (docs/operations.md "A full disk").
  minFreeMb: { env: 'HAZRISK_MIN_FREE_MB', kind: 'int', fallback: 64 },
  // Operations (docs/operations.md): per-key requests/s (0 = off), CORS origins ('' = off, '*' or a comma list), metrics port (0 = main port).
  rateLimit: { env: 'HAZRISK_RATE_LIMIT', kind: 'int', fallback: 0 },
  corsOrigins: { env: 'HAZRISK_CORS_ORIGINS', kind: 'string', fallback: '' },
  metricsPort: { env: 'HAZRISK_METRICS_PORT', kind: 'int', fallback: 0 },
  // Batch workbook safety limits (docs/reports.md "Safety limits"); 0 rows turns workbooks off.
  workbookMaxRows: { env: 'HAZRISK_WORKBOOK_MAX_ROWS', kind: 'int', fallback: 3_000_000 },
  workbookStreamingRows: { env: 'HAZRISK_WORKBOOK_STREAMING_ROWS', kind: 'int', fallback: 5_000 },
  workbookMaxSeconds: { env: 'HAZRISK_WORKBOOK_MAX_SECONDS', kind: 'int', fallback: 300 },
} as const;

type Settings = typeof SETTINGS;
type ValueOf<K extends keyof Settings> = Settings[K] extends { kind: 'int' } ? number : Settings[K] extends { choices: readonly (infer C)[] } ? C : string;
export type Config = { -readonly [K in keyof Settings]: ValueOf<K> };

export function loadConfig(overrides: Partial<Config> = {}, env: NodeJS.ProcessEnv = process.env): Config {
  const out: Record<string, unknown> = {};
  for (const [name, setting] of Object.entries(SETTINGS)) {
    const override = (overrides as Record<string, unknown>)[name];
    if (override !== undefined) {
      out[name] = override;
      continue;
    }
    const raw = env[setting.env];
    if (raw === undefined || raw === '') {
      out[name] = setting.fallback;
    } else if (setting.kind === 'int') {
      const n = Number(raw);
      if (!Number.isInteger(n) || n < 0) throw new Error(`${setting.env} must be a non-negative integer, got "${raw}"`);
      out[name] = n;
    } else if ('choices' in setting && !(setting.choices as readonly string[]).includes(raw)) {
      throw new Error(`${setting.env} must be one of ${setting.choices.join(', ')}, got "${raw}"`);
    } else {
      out[name] = raw;
    }
  }
  const config = out as Config;
  config.dataDir = path.resolve(config.dataDir);
  if (config.sharedDir) config.sharedDir = path.resolve(config.sharedDir);
  config.sourcesDir = path.resolve(config.sourcesDir);
  config.tablesDir = config.tablesDir ? path.resolve(config.tablesDir) : path.join(config.dataDir, 'tables');
  return config;
}

/** Every environment variable with its default (`HAZRISK_PORT (8080)`), for `hazrisk --help`. */
export function environmentHelp(): string[] {
  return Object.values(SETTINGS).map((s) => `${s.env} (${s.fallback === '' ? 'unset' : s.fallback})`);
}
