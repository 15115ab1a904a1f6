/**
 * What "nothing changed" means for the fuzzer: the row count and a digest of
 * the contents of every table in the service database (but the worker's own
 * timer-driven counts), and every file under
 * the data dir (relative path and size; the SQLite files by name only, since
 * their sizes move with WAL checkpoints).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../../src/store/sqlite/db.js';

export interface StateSnapshot {
  tables: Record<string, { rows: number; digest: string }>;
  files: Record<string, number | null>;
}

const SIZE_UNSTABLE = /^hazrisk\.db(-wal|-shm|-journal)?$/;
/**
 * Tables no request writes: the batch worker reports its counts there on a timer (every lease/3, src/ops/worker-report.ts),
 * so the set-up jobs' counts, or an accepted case's job's, land whenever the timer fires, during a later case.
 */
const TIMER_DRIVEN = new Set(['batch_workers']);

export function snapshot(db: Db, dataDir: string): StateSnapshot {
  const tables: StateSnapshot['tables'] = {};
  const names = db.prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all();
  for (const { name } of names) {
    if (TIMER_DRIVEN.has(name)) continue;
    const quoted = `"${name.replace(/"/g, '""')}"`;
    const rows = db.prepare(`SELECT * FROM ${quoted}`).raw().all() as unknown[][];
    const lines = rows.map((r) => JSON.stringify(r, (_k, v: unknown) => (Buffer.isBuffer(v) ? v.toString('base64') : typeof v === 'bigint' ? String(v) : v))).sort();
    tables[name] = { rows: rows.length, digest: crypto.createHash('sha256').update(lines.join('\n')).digest('hex').slice(0, 16) };
  }
  const files: StateSnapshot['files'] = {};
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      const rel = path.relative(dataDir, full);
      if (entry.isDirectory()) {
        files[`${rel}/`] = null;
        walk(full);
      } else {
        files[rel] = SIZE_UNSTABLE.test(entry.name) ? null : fs.statSync(full, { throwIfNoEntry: false })?.size ?? null;
      }
    }
  };
  walk(dataDir);
  return { tables, files };
}

/** Human-readable differences from `before` to `after` (empty when equal). */
export function diffState(before: StateSnapshot, after: StateSnapshot): string[] {
  const out: string[] = [];
  for (const name of new Set([...Object.keys(before.tables), ...Object.keys(after.tables)])) {
    const a = before.tables[name];
    const b = after.tables[name];
    if (!a || !b) out.push(`table ${name} ${a ? 'dropped' : 'created'}`);
    else if (a.rows !== b.rows) out.push(`table ${name}: ${a.rows} → ${b.rows} rows`);
    else if (a.digest !== b.digest) out.push(`table ${name}: contents changed (${a.rows} rows)`);
  }
  for (const file of new Set([...Object.keys(before.files), ...Object.keys(after.files)])) {
    const had = file in before.files;
    const has = file in after.files;
    if (had && !has) out.push(`file removed: ${file}`);
    else if (!had && has) out.push(`file created: ${file}`);
    else if (before.files[file] !== after.files[file]) out.push(`file ${file}: ${before.files[file]} → ${after.files[file]} bytes`);
  }
  return out;
}

/** Row counts only, for the summary. */
export function rowCounts(state: StateSnapshot): Record<string, number> {
  return Object.fromEntries(Object.entries(state.tables).map(([name, t]) => [name, t.rows]));
}
