import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { App, type AppOptions } from '../../src/app.js';
import type { Config } from '../../src/config.js';
import { loadConfig } from '../../src/config.js';
import { MODES, type Mode } from '../../src/auth/modes.js';
import { PERIL_NAMES, type PerilName } from '../../src/engine/perils.js';
import { newId } from '../../src/batch/ids.js';
import type { JobRecord, NewJob } from '../../src/store/records.js';
import { SqliteStore } from '../../src/store/sqlite/index.js';
import type { Db } from '../../src/store/sqlite/db.js';

export interface TestApp {
  app: App;
  url: string;
  dataDir: string;
  /** Create a key straight in the store (not over HTTP). */
  key(options?: { owner?: string; perils?: readonly PerilName[]; modes?: readonly Mode[]; floodPlus?: boolean; expiresDays?: number; now?: number }): Promise<string>;
  close(): Promise<void>;
}

export function tempDir(prefix = 'hazrisk-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/**
 * A service on an ephemeral port over a fresh temporary data dir. Every 2xx
 * JSON answer is checked against its route's response schema: a mismatch is
 * answered 500 saying what was wrong, and close() fails listing every one, so
 * each API test also guards the documented response shapes.
 */
export async function startTestApp(config: Partial<Config> = {}, options: AppOptions = {}): Promise<TestApp> {
  const dataDir = config.dataDir ?? tempDir();
  const mismatches: string[] = [];
  const app = await App.create(loadConfig({ host: '127.0.0.1', port: 0, dataDir, logLevel: 'silent', poolSize: 1, ...config }), {
    log: pino({ level: process.env.HAZRISK_TEST_LOG ?? 'silent' }),
    checkResponses: (problem) => mismatches.push(problem),
    ...options,
  });
  const port = await app.listen();
  return {
    app,
    url: `http://127.0.0.1:${port}`,
    dataDir,
    key: async (o = {}) =>
      (await app.keys.create({
        owner: o.owner ?? 'acme',
        perils: o.perils ?? PERIL_NAMES,
        modes: o.modes ?? MODES,
        floodPlus: o.floodPlus ?? true,
        expiresDays: o.expiresDays,
        now: o.now,
      })).key,
    close: async () => {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (mismatches.length > 0) throw new Error(`responses that do not match their route's response schema:\n  ${mismatches.join('\n  ')}`);
    },
  };
}

export interface JsonResponse {
  status: number;
  headers: Headers;
  body: any;
}

/** fetch + JSON decode, keeping status and headers for exact assertions. */
export async function call(url: string, init: RequestInit & { json?: unknown; key?: string } = {}): Promise<JsonResponse> {
  const headers = new Headers(init.headers);
  if (init.key) headers.set('x-api-key', init.key);
  let body = init.body;
  if (init.json !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(init.json);
  }
  const res = await fetch(url, { ...init, headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  if ((res.headers.get('content-type') ?? '').includes('json')) parsed = text === '' ? null : JSON.parse(text);
  return { status: res.status, headers: res.headers, body: parsed };
}

/** The app's SQLite connection, for tests that set up states no route can reach. */
export function sqliteDb(app: App): Db {
  if (!(app.store instanceof SqliteStore)) throw new Error(`the test needs the SQLite store, not ${app.store.kind}`);
  return app.store.db;
}

/** A pending job made straight in the store (not over HTTP); fails unless it is a new job. */
export async function insertJob(app: App, job: Omit<NewJob, 'id'>): Promise<JobRecord> {
  const outcome = await app.jobs.submit({ id: newId('job'), ...job });
  if (outcome.kind !== 'created') throw new Error(`expected a new job, got ${outcome.kind}`);
  return outcome.job;
}

/** A job's row read at once, for assertions inside the worker's synchronous callbacks (SQLite only). */
export function jobRow(app: App, id: string): JobRecord {
  const row = sqliteDb(app).prepare<[string], JobRecord>('SELECT * FROM jobs WHERE id = ?').get(id);
  if (!row) throw new Error(`no job ${id}`);
  return row;
}
