import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { Config } from '../config.js';

/** Flags every command that opens the data dir accepts; they override the environment. */
export const COMMON_OPTIONS = {
  'data-dir': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies ParseArgsConfig['options'];

/** The store's flag, for the commands that open it (serve, start, worker, keys, gc); overrides HAZRISK_DATABASE_URL. */
export const STORE_OPTIONS = {
  'database-url': { type: 'string' },
} as const satisfies ParseArgsConfig['options'];

/** Where uploads, chunk files and artefacts live, for the commands that touch them (serve, start, worker, gc); overrides HAZRISK_SHARED_DIR. */
export const SHARED_DIR_OPTIONS = {
  'shared-dir': { type: 'string' },
} as const satisfies ParseArgsConfig['options'];

export class UsageError extends Error {}

export function parse<O extends NonNullable<ParseArgsConfig['options']>>(args: string[], options: O) {
  try {
    return parseArgs({ args, options: { ...COMMON_OPTIONS, ...options }, allowPositionals: true, strict: true });
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
}

export function configOverrides(values: Record<string, unknown>): Partial<Config> {
  const out: Partial<Config> = {};
  if (typeof values['data-dir'] === 'string') out.dataDir = values['data-dir'];
  if (typeof values['database-url'] === 'string') out.databaseUrl = values['database-url'];
  if (typeof values['shared-dir'] === 'string') out.sharedDir = values['shared-dir'];
  if (typeof values.port === 'string') {
    const port = Number(values.port);
    if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port must be 0-65535, got ${values.port}`);
    out.port = port;
  }
  if (typeof values.host === 'string') out.host = values.host;
  return out;
}

/** "all" or a comma list checked against the allowed names. */
export function listOption<T extends string>(raw: string | undefined, allowed: readonly T[], flag: string): T[] {
  if (raw === undefined || raw === 'all') return [...allowed];
  const names = raw.split(',').map((s) => s.trim()).filter(Boolean);
  for (const name of names) {
    if (!(allowed as readonly string[]).includes(name)) throw new UsageError(`${flag}: unknown name "${name}"; allowed: all, ${allowed.join(', ')}`);
  }
  return names as T[];
}

/** A usage text in the conventional form: `Usage: ` before its first line, the lines after it indented to match. */
export function usageText(usage: string): string {
  return `Usage: ${usage.split('\n').join('\n       ')}`;
}
