/**
 * The service under fuzz: started in this process on a fresh temporary data
 * dir with the small fixture tables the API tests use (every peril present,
 * built in milliseconds), a historic event store built from the synthetic
 * catalogues, the in-process batch worker running as in a deployment
 * (HAZRISK_BATCH_WORKERS=1: the worker and its artefact threads are part of
 * what a request can disturb), and a 2 MiB upload limit so oversized uploads
 * are cheap to send. Set-up then creates the keys and the state the cases aim
 * at: an accepted upload and jobs for two owners, run to completion by the
 * worker (so nothing changes on its own once the cases start, and their
 * results, report and workbook exist), and signed download links.
 *
 * The live stages (bench/fuzz/live/) run against `hazrisk serve` in a child
 * process instead (bench/fuzz/server.ts), where latency and memory are the
 * server's own.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pino } from 'pino';
import type { Db } from '../../src/store/sqlite/db.js';
import type { Route } from '../../src/http/types.js';
import { buildEventStore } from '../../src/historic/build.js';
import { PERIL_NAMES } from '../../src/engine/perils.js';
import { sqliteDb, startTestApp, tempDir, type TestApp } from '../../test/helpers/app.js';
import { writeFixtureTables } from '../../test/helpers/fixture-tables.js';
import { writeCatalogues } from '../../test/historic/fixtures.js';
import type { Tokens } from './cases.js';

export interface ServerLog {
  level: number;
  msg: string;
  reqId: string | null;
  err: string | null;
}

export interface FuzzTarget {
  port: number;
  url: string;
  dataDir: string;
  db: Db;
  /** The router's routes (app.router.routes()). */
  routes: readonly Route[];
  tokens: Tokens;
  /** warn and above from the service's logger (errors name the request id). */
  logs: ServerLog[];
  /** Wait until no job is pending or running (the worker has finished what a case submitted); returns the ms waited. */
  settle(timeoutMs?: number): Promise<number>;
  uploadBytes: number;
  close(): Promise<void>;
}

export const FUZZ_UPLOAD_BYTES = 2 * 1024 * 1024;

function flipLast(key: string): string {
  const last = key.at(-1)!;
  return key.slice(0, -1) + (last === 'A' ? 'B' : 'A');
}

export async function startFuzzTarget(): Promise<FuzzTarget> {
  const dataDir = tempDir('hazrisk-fuzz-');
  writeFixtureTables(path.join(dataDir, 'tables'));
  const logs: ServerLog[] = [];
  const sink = {
    write(line: string): void {
      if (logs.length >= 5000) return;
      try {
        const entry = JSON.parse(line) as { level: number; msg?: string; req_id?: string; err?: { message?: string; stack?: string } };
        logs.push({ level: entry.level, msg: entry.msg ?? '', reqId: entry.req_id ?? null, err: entry.err ? (entry.err.stack ?? entry.err.message ?? null) : null });
      } catch {
        logs.push({ level: 60, msg: line.slice(0, 500), reqId: null, err: null });
      }
    },
  };
  const t: TestApp = await startTestApp(
    { dataDir, tablesDir: path.join(dataDir, 'tables'), uploadBytes: FUZZ_UPLOAD_BYTES },
    { log: pino({ level: 'warn' }, sink), worker: true },
  );
  const sources = writeCatalogues();
  try {
    await buildEventStore(sources, t.app.paths.events);
  } finally {
    fs.rmSync(sources, { recursive: true, force: true });
  }

  const key = await t.key();
  const other = await t.key({ owner: 'mallory' });
  const limited = await t.key({ owner: 'limited', perils: ['Rain'], floodPlus: false });
  const noMode = await t.key({ owner: 'nomode', modes: [] });
  const expired = await t.key({ owner: 'expired', now: Date.now() - 400 * 86_400_000 });
  const revoked = await t.key({ owner: 'revoked' });
  await t.app.keys.revoke(/^hzr_([0-9a-f]{12})_/.exec(revoked)![1]!);

  const call = async (pathname: string, init: RequestInit & { key: string }): Promise<Record<string, unknown>> => {
    const headers = new Headers(init.headers);
    headers.set('x-api-key', init.key);
    const res = await fetch(`${t.url}${pathname}`, { ...init, headers });
    const body = (await res.json()) as Record<string, unknown>;
    if (res.status !== 200) throw new Error(`fuzz set-up: ${pathname} answered ${res.status} ${JSON.stringify(body)}`);
    return body;
  };
  const upload = async (k: string): Promise<string> => {
    const form = new FormData();
    form.set('file', new Blob(['location,latitude,longitude,tag\nMiami FL,,,hq\n,51.5,-0.12,office\n'], { type: 'text/csv' }), 'schedule.csv');
    return String((await call('/v1/in-depth/batch/upload', { method: 'POST', body: form, key: k })).file_id);
  };
  const submit = async (route: string, k: string, body: unknown, idem: string): Promise<string> =>
    String((await call(route, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', 'idempotency-key': idem }, key: k })).job_id);

  const fileA = await upload(key);
  const fileOther = await upload(other);
  const jobIn = await submit('/v1/in-depth/batch', key, { file_id: fileA, perils: ['Rain'] }, 'fuzz-idem-a');
  const jobLite = await submit('/v1/lite/batch', key, { file_id: fileA }, 'fuzz-idem-b');
  const jobOther = await submit('/v1/in-depth/batch', other, { file_id: fileOther, perils: PERIL_NAMES.slice(0, 2) }, 'fuzz-idem-a');
  // Warm the geocoder (and anything else loaded on first use) so no case pays for it.
  await call('/v1/lite?location=Miami,%20FL', { key });
  const settle = async (timeoutMs = 120_000): Promise<number> => {
    const started = performance.now();
    const busy = sqliteDb(t.app).prepare<[], { n: number }>("SELECT count(*) AS n FROM jobs WHERE status IN ('pending', 'running')");
    while (busy.get()!.n > 0) {
      if (performance.now() - started > timeoutMs) throw new Error(`fuzz target: jobs still pending or running after ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 50));
    }
    return Math.round(performance.now() - started);
  };
  // The set-up jobs run to completion before the first case, so the state stays still while cases run.
  await settle();
  for (const [route, job] of [['in-depth', jobIn], ['lite', jobLite]] as const) {
    const status = await call(`/v1/${route}/batch/${job}`, { method: 'GET', key });
    if (status.status !== 'complete') throw new Error(`fuzz set-up: job ${job} ended ${JSON.stringify(status)}`);
  }

  const now = Date.now();
  const link = (p: string, expires: number): string => t.app.signer.sign(p, expires);
  const valid = link(`/v1/downloads/${jobIn}/results.csv`, now + 86_400_000);
  const tokens: Tokens = {
    KEY: key,
    KEY_OTHER: other,
    KEY_LIMITED: limited,
    KEY_NOMODE: noMode,
    KEY_EXPIRED: expired,
    KEY_REVOKED: revoked,
    KEY_UPPER: key.toUpperCase(),
    KEY_NEARMISS: flipLast(key),
    KEY_TRUNCATED: key.slice(0, -1),
    FILE_A: fileA,
    FILE_A_UPPER: fileA.toUpperCase(),
    FILE_OTHER: fileOther,
    JOB_IN: jobIn,
    JOB_IN_UPPER: jobIn.toUpperCase(),
    JOB_LITE: jobLite,
    JOB_OTHER: jobOther,
    IDEM_A: 'fuzz-idem-a',
    IDEM_B: 'fuzz-idem-b',
    LINK_VALID: valid,
    LINK_EXPIRED: link(`/v1/downloads/${jobIn}/results.csv`, now - 1000),
    LINK_TRAVERSAL: link(`/v1/downloads/${jobIn}/..%2F..%2Fhazrisk.db`, now + 86_400_000),
    LINK_JOB_TRAVERSAL: link('/v1/downloads/..%2F..%2Fhazrisk.db/results.csv', now + 86_400_000),
    LINK_TAMPERED: flipLast(valid),
    LINK_OTHER_ARTEFACT: valid.replace('/results.csv', '/report.html'),
  };
  return {
    port: Number(new URL(t.url).port),
    url: t.url,
    dataDir,
    db: sqliteDb(t.app),
    routes: t.app.router.routes(),
    tokens,
    logs,
    settle,
    uploadBytes: FUZZ_UPLOAD_BYTES,
    close: () => t.close(),
  };
}
