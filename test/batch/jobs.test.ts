import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from '../helpers/harness.js';
import { decimalText, percentOf, wholeYears, yearsOf } from '../helpers/oracle.js';
import { call, insertJob, startTestApp, tempDir, type TestApp } from '../helpers/app.js';
import { parseCsvText, toCsv, upload, waitForJob } from '../helpers/batch.js';
import { writeFixtureTables } from '../helpers/fixture-tables.js';
import { cellIndex } from '../../src/engine/grid.js';
import { parseIsoDate } from '../../src/engine/calendar.js';
import { referenceWindow } from '../../src/engine/reference.js';
import { perilDef, type PerilName } from '../../src/engine/perils.js';
import type { HazardTable } from '../../src/engine/table-spec.js';
import { BatchWorker, type AttemptResult } from '../../src/batch/batch-worker.js';
import { NO_ARTEFACTS } from '../../src/batch/artefacts.js';
import { getGeocoder } from '../../src/geo/index.js';
import { newId } from '../../src/batch/ids.js';

const CLOCK = Date.UTC(2026, 10, 23, 12, 0); // submission date 2026-11-23 (GMT)
const HEADER = 'index,location,latitude,longitude,tag,start_date,end_date,start_hour,end_hour,peril,unit,threshold,probability,return_period,status';
const SCHEDULE = toCsv(
  ['location', 'latitude', 'longitude', 'tag', 'start_date', 'end_date', 'start_hour', 'end_hour'],
  [
    [null, 25.76, -80.19, 'HQ', '2027-01-01', '2027-12-31', null, null],
    ['London, UK', null, null, null, '2027-01-01', '2027-06-30', null, null],
    ['Qwxzv Plorkville', null, null, null, null, null, null, null],
    [null, 25.76, -80.19, '=SUM(A1)', '2027-05-01', '2027-05-31', 9, 17],
    [null, 30.3, -81.6, null, null, null, null, null],
  ],
);

let t: TestApp;
let key: string;
let tables: Map<PerilName, HazardTable>;

before(async () => {
  const dir = tempDir();
  tables = writeFixtureTables(path.join(dir, 'tables'));
  t = await startTestApp({ dataDir: dir, tablesDir: path.join(dir, 'tables'), leaseMs: 400, batchChunkRows: 2 }, { clock: () => CLOCK });
  key = await t.key({ owner: 'acme' });
});
after(() => t.close());

const submit = (json: unknown, k = key, headers: Record<string, string> = {}) => call(`${t.url}/v1/in-depth/batch`, { method: 'POST', json, key: k, headers });

function expectedLines(peril: PerilName, lat: number, lon: number, start: string, end: string, h0 = 0, h1 = 23): string[][] {
  const table = tables.get(peril)!;
  const row = table.cellRow[cellIndex(table.grid, lat, lon)]!;
  const w = { startDay: parseIsoDate(start)!, endDay: parseIsoDate(end)!, startHour: h0, endHour: h1 };
  const p = referenceWindow(table, row, w);
  const years = yearsOf(w.endDay - w.startDay + 1, h0, h1);
  return perilDef(peril).thresholds.map((threshold, j) => [String(threshold), decimalText(percentOf(p[j]!)), String(wholeYears(p[j]!, years))]);
}

describe('in-depth batch job, end to end', () => {
  it('runs to completion and writes the results CSV the spec describes', async () => {
    const file = await upload(t.url, key, SCHEDULE);
    assert.equal(file.status, 200);
    const res = await submit({ file_id: file.body.file_id, perils: ['TropicalCyclone', 'Earthquake'] });
    assert.equal(res.status, 200);
    assert.deepEqual(Object.keys(res.body), ['job_id', 'status', 'idempotency_key']);
    assert.equal(res.body.status, 'pending');
    assert.match(res.body.idempotency_key, /^[0-9a-f-]{36}$/);
    const status = await waitForJob(t.url, key, 'in-depth', res.body.job_id);
    assert.deepEqual(Object.keys(status), ['job_id', 'status', 'attempt', 'processed_rows', 'total_rows', 'progress_percentage', 'result_url', 'report_url', 'workbook_url']);
    assert.equal(status.status, 'complete');
    assert.equal(status.attempt, 1);
    assert.equal(status.processed_rows, 5);
    assert.equal(status.total_rows, 5);
    assert.equal(status.progress_percentage, 100);
    const expires = new URL(status.result_url).searchParams.get('expires');
    for (const [field, name] of [['result_url', 'results.csv'], ['report_url', 'report.html'], ['workbook_url', 'workbook.xlsx']] as const) {
      const link = new URL(status[field]);
      assert.equal(link.pathname, `/v1/downloads/${res.body.job_id}/${name}`);
      assert.equal(link.searchParams.get('expires'), expires, 'one expiry for every link of a job');
      assert.match(link.searchParams.get('signature')!, /^[A-Za-z0-9_-]{43}$/);
    }
    const report = await fetch(status.report_url);
    assert.equal(report.status, 200);
    assert.equal(report.headers.get('content-type'), 'text/html; charset=utf-8');
    assert.equal(report.headers.get('content-disposition'), `inline; filename="hazrisk-${res.body.job_id}-report.html"`);
    assert.match(report.headers.get('content-security-policy')!, /^sandbox allow-scripts allow-downloads allow-popups/);
    const workbook = await fetch(status.workbook_url);
    assert.equal(workbook.headers.get('content-disposition'), `attachment; filename="hazrisk-${res.body.job_id}-workbook.xlsx"`);
    assert.equal(Buffer.from(await workbook.arrayBuffer()).subarray(0, 2).toString(), 'PK', 'an XLSX is a zip');

    const download = await fetch(status.result_url);
    assert.equal(download.status, 200);
    assert.equal(download.headers.get('content-type'), 'text/csv; charset=utf-8');
    const text = await download.text();
    assert.ok(text.startsWith(`${HEADER}\r\n`));
    const rows = parseCsvText(text).slice(1);
    const k = { TropicalCyclone: 6, Earthquake: 16 };
    assert.equal(rows.length, k.TropicalCyclone + k.Earthquake + (1 + k.Earthquake) + 2 + 2 * (k.TropicalCyclone + k.Earthquake));

    const tcMiami = rows.filter((r) => r[0] === '0' && r[9] === 'TropicalCyclone');
    assert.deepEqual(tcMiami[0]!.slice(0, 11), ['0', '', '25.76', '-80.19', 'HQ', '2027-01-01', '2027-12-31', '0', '23', 'TropicalCyclone', 'CAT0,CAT1,CAT2,CAT3,CAT4,CAT5']);
    assert.deepEqual(tcMiami.map((r) => r.slice(11, 14)), expectedLines('TropicalCyclone', 25.76, -80.19, '2027-01-01', '2027-12-31'));
    assert.ok(tcMiami.every((r) => r[14] === 'success'));

    const london = rows.filter((r) => r[0] === '1');
    assert.deepEqual(london[0]!.slice(9), ['TropicalCyclone', 'CAT0,CAT1,CAT2,CAT3,CAT4,CAT5', '', '', '', 'failed']);
    assert.ok(Math.abs(Number(london[0]![2]) - 51.5) < 0.2, 'London is geocoded and its coordinates filled in');
    assert.equal(london.filter((r) => r[14] === 'success').length, 16);

    const nowhere = rows.filter((r) => r[0] === '2');
    assert.deepEqual(nowhere.map((r) => [r[1], r[2], r[3], r[5], r[6], r[9], r[11], r[14]]), [
      ['Qwxzv Plorkville', '', '', '2026-11-23', '2027-11-22', 'TropicalCyclone', '', 'failed'],
      ['Qwxzv Plorkville', '', '', '2026-11-23', '2027-11-22', 'Earthquake', '', 'failed'],
    ]);

    const hours = rows.filter((r) => r[0] === '3' && r[9] === 'Earthquake');
    assert.equal(hours[0]![4], "'=SUM(A1)", 'formula-like text is neutralised');
    assert.deepEqual(hours.map((r) => r.slice(11, 14)), expectedLines('Earthquake', 25.76, -80.19, '2027-05-01', '2027-05-31', 9, 17));

    const defaults = rows.filter((r) => r[0] === '4');
    assert.deepEqual(defaults[0]!.slice(5, 9), ['2026-11-23', '2027-11-22', '0', '23']);
  });

  it('reports pending with attempt 0 before a worker starts it', async () => {
    const app = await startTestApp({}, { worker: false });
    try {
      const k = await app.key();
      const file = await upload(app.url, k, 'latitude,longitude\n1,2\n');
      const job = await call(`${app.url}/v1/lite/batch`, { method: 'POST', key: k, json: { file_id: file.body.file_id } });
      const status = await call(`${app.url}/v1/lite/batch/${job.body.job_id}`, { key: k });
      assert.deepEqual(status.body, { job_id: job.body.job_id, status: 'pending', attempt: 0, processed_rows: 0, total_rows: 1, progress_percentage: 0, error: null });
      const cancelled = await call(`${app.url}/v1/lite/batch/${job.body.job_id}`, { method: 'DELETE', key: k });
      assert.equal(cancelled.status, 200);
      assert.equal(cancelled.body.status, 'cancelled');
      assert.equal((await call(`${app.url}/v1/lite/batch/${job.body.job_id}`, { key: k })).body.status, 'cancelled');
    } finally {
      await app.close();
    }
  });
});

describe('submission rules', () => {
  let fileId: string;
  before(async () => {
    fileId = (await upload(t.url, key, 'latitude,longitude\n10,20\n30,40\n')).body.file_id;
  });

  it('Idempotency-Key: same submission → same job; different file or perils → 409; absent → a new key', async () => {
    const first = await submit({ file_id: fileId, perils: ['Earthquake'] }, key, { 'idempotency-key': 'retry-1' });
    const again = await submit({ file_id: fileId, perils: ['Earthquake'] }, key, { 'idempotency-key': 'retry-1' });
    assert.equal(first.status, 200);
    assert.equal(first.body.idempotency_key, 'retry-1');
    assert.equal(again.body.job_id, first.body.job_id);
    const otherPerils = await submit({ file_id: fileId, perils: ['Earthquake', 'Rain'] }, key, { 'idempotency-key': 'retry-1' });
    assert.equal(otherPerils.status, 409);
    assert.equal(otherPerils.body.error.code, 'idempotency_conflict');
    const otherFile = (await upload(t.url, key, 'latitude,longitude\n1,1\n')).body.file_id;
    assert.equal((await submit({ file_id: otherFile, perils: ['Earthquake'] }, key, { 'idempotency-key': 'retry-1' })).status, 409);
    const a = await submit({ file_id: fileId, perils: ['Earthquake'] });
    const b = await submit({ file_id: fileId, perils: ['Earthquake'] });
    assert.notEqual(a.body.job_id, b.body.job_id);
    assert.notEqual(a.body.idempotency_key, b.body.idempotency_key);
  });

  it('changing any Lite option under the same key is a 409', async () => {
    const lite = (json: unknown) => call(`${t.url}/v1/lite/batch`, { method: 'POST', json, key, headers: { 'idempotency-key': 'lite-1' } });
    const first = await lite({ file_id: fileId });
    assert.equal((await lite({ file_id: fileId, calculation_method: 'return_period', flood_plus: false })).body.job_id, first.body.job_id);
    assert.equal((await lite({ file_id: fileId, calculation_method: 'globally_relative' })).status, 409);
    assert.equal((await lite({ file_id: fileId, flood_plus: true })).status, 409);
  });

  it('unknown or foreign file_id → 400; bad perils or JSON → 422; licence → 403', async () => {
    const unknown = await submit({ file_id: 'file_00000000000000000000', perils: ['Earthquake'] });
    assert.equal(unknown.status, 400);
    assert.equal(unknown.body.error.code, 'unknown_file_id');
    const stranger = await t.key({ owner: 'someone-else' });
    assert.equal((await submit({ file_id: fileId, perils: ['Earthquake'] }, stranger)).body.error.code, 'unknown_file_id');
    const badPeril = await submit({ file_id: fileId, perils: ['Volcano'] });
    assert.equal(badPeril.status, 422);
    assert.equal(badPeril.body.error.field, 'perils[0]');
    const badJson = await call(`${t.url}/v1/in-depth/batch`, { method: 'POST', key, body: '{' });
    assert.equal(badJson.status, 422);
    assert.equal(badJson.body.error.field, 'body');
    const missing = await submit({ perils: ['Earthquake'] });
    assert.equal(missing.body.error.field, 'file_id');
    assert.equal((await submit({ file_id: fileId, perils: ['Earthquake'] }, await t.key({ modes: ['in_depth'] }))).status, 403);
    assert.equal((await submit({ file_id: fileId, perils: ['Earthquake'] }, await t.key({ modes: ['batch', 'lite'] }))).body.error.code, 'mode_not_licensed');
    assert.equal((await submit({ file_id: fileId, perils: ['Hail'] }, await t.key({ perils: ['Earthquake'] }))).body.error.code, 'peril_not_licensed');
    const noFloodPlus = await call(`${t.url}/v1/lite/batch`, { method: 'POST', key: await t.key({ floodPlus: false }), json: { file_id: fileId, flood_plus: true } });
    assert.equal(noFloodPlus.status, 403);
    assert.equal(noFloodPlus.body.error.code, 'flood_plus_not_permitted');
    const badMethod = await call(`${t.url}/v1/lite/batch`, { method: 'POST', key, json: { file_id: fileId, calculation_method: 'percentile' } });
    assert.equal(badMethod.status, 422);
    assert.equal(badMethod.body.error.field, 'calculation_method');
  });

  it('jobs are invisible to other owners and to the other batch mode', async () => {
    const job = await submit({ file_id: fileId, perils: ['Earthquake'] });
    const stranger = await t.key({ owner: 'someone-else' });
    const foreign = await call(`${t.url}/v1/in-depth/batch/${job.body.job_id}`, { key: stranger });
    assert.equal(foreign.status, 400);
    assert.equal(foreign.body.error.code, 'unknown_job_id');
    assert.equal((await call(`${t.url}/v1/in-depth/batch/${job.body.job_id}`, { method: 'DELETE', key: stranger })).status, 400);
    assert.equal((await call(`${t.url}/v1/lite/batch/${job.body.job_id}`, { key })).status, 400);
    assert.ok(!(await call(`${t.url}/v1/jobs`, { key: stranger })).body.jobs.some((j: any) => j.job_id === job.body.job_id));
    assert.ok((await call(`${t.url}/v1/jobs`, { key })).body.jobs.some((j: any) => j.job_id === job.body.job_id));
  });
});

describe('signed downloads', () => {
  it('403 for a tampered link, 403 once expired, 200 without a key when valid', async () => {
    const file = await upload(t.url, key, 'latitude,longitude\n10,20\n');
    const job = await submit({ file_id: file.body.file_id, perils: ['Rain'] });
    const status = await waitForJob(t.url, key, 'in-depth', job.body.job_id);
    const url = new URL(status.result_url);
    assert.equal((await fetch(url)).status, 200);
    const tampered = new URL(url);
    tampered.pathname = tampered.pathname.replace(job.body.job_id, 'job_00000000000000000000');
    const r1 = await call(tampered.href);
    assert.equal(r1.status, 403);
    assert.equal(r1.body.error.code, 'link_invalid');
    const badSig = new URL(url);
    badSig.searchParams.set('signature', 'x'.repeat(43));
    assert.equal((await call(badSig.href)).body.error.code, 'link_invalid');
    const later = new URL(url);
    later.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 1000));
    assert.equal((await call(later.href)).body.error.code, 'link_invalid');
    assert.equal(Number(url.searchParams.get('expires')) - CLOCK, 7 * 24 * 3600 * 1000, 'links last seven days from when the artefacts were built');
    const expiredApp = await startTestApp({ dataDir: t.dataDir, tablesDir: path.join(t.dataDir, 'tables') }, { clock: () => CLOCK + 7 * 24 * 3600 * 1000 + 1, worker: false });
    try {
      const expired = await call(`${expiredApp.url}${url.pathname}${url.search}`);
      assert.equal(expired.status, 403);
      assert.equal(expired.body.error.code, 'link_expired');
    } finally {
      await expiredApp.app.close();
    }
  });
});

describe('cancel, leases and checkpoints', () => {
  it('cancels a running job cooperatively: it stays cancelled and stops advancing', async () => {
    const rows = Array.from({ length: 3000 }, (_, i) => [10 + (i % 40), 20]);
    const file = await upload(t.url, key, toCsv(['latitude', 'longitude'], rows));
    const job = await submit({ file_id: file.body.file_id, perils: ['Earthquake', 'Rain', 'Wildfire'] });
    const ended = new Promise<string>((resolve) => t.app.worker!.onAttemptEnded((id, result) => id === job.body.job_id && resolve(result.outcome)));
    await waitForJob(t.url, key, 'in-depth', job.body.job_id, (s) => s.status === 'running' && s.processed_rows > 0);
    const cancelled = await call(`${t.url}/v1/in-depth/batch/${job.body.job_id}`, { method: 'DELETE', key });
    assert.equal(cancelled.body.status, 'cancelled');
    const at = cancelled.body.processed_rows;
    assert.equal(await ended, 'lost', 'the worker gives the job up at its next checkpoint');
    const later = await call(`${t.url}/v1/in-depth/batch/${job.body.job_id}`, { key });
    assert.equal(later.body.status, 'cancelled');
    assert.equal(later.body.processed_rows, at, 'no write lands after the cancel');
    assert.ok(later.body.processed_rows < 3000);
  });

  it('restarts a job whose worker stalled once its lease expires in the app\'s time (attempt 2, over HTTP)', async () => {
    let now = CLOCK;
    const dir = tempDir();
    writeFixtureTables(path.join(dir, 'tables'));
    const app = await startTestApp({ dataDir: dir, tablesDir: path.join(dir, 'tables'), leaseMs: 60_000 }, { clock: () => now });
    try {
      const k = await app.key({ owner: 'acme' });
      const fileId = (await upload(app.url, k, 'latitude,longitude\n10,20\n11,21\n')).body.file_id;
      const jobs = app.app.jobs;
      let emptyClaims = 0;
      const claim = jobs.claim.bind(jobs);
      jobs.claim = async (...args) => {
        const claimed = await claim(...args);
        if (!claimed) emptyClaims++;
        return claimed;
      };
      // Another worker claims the job's one chunk and stalls: it holds the lease and never renews it. Submit and
      // claim are both called before either is awaited: SQLite does each when called, so the in-process worker
      // cannot take the job in between.
      const submitted = jobs.submit({ id: newId('job'), owner: 'acme', keyId: 'k', kind: 'in_depth', fileId, options: { perils: ['Earthquake'] }, idempotencyKey: 'stall', submissionDate: '2026-11-23', totalRows: 2, now });
      const claimed = jobs.claim('stalled-worker', 60_000, now, { chunkRows: 10, maxComputingPerOwner: 0, maxChunkAttempts: 3, tablesFingerprint: app.app.intake.tablesFingerprint });
      const job = await submitted;
      assert.equal(job.kind, 'created');
      const stalled = (await claimed)?.job;
      assert.equal(stalled?.id, job.job.id);
      assert.equal(stalled.attempt, 1);

      // While the lease holds, the in-process worker looks for work and leaves the job alone.
      const looked = emptyClaims;
      app.app.worker!.wake();
      while (emptyClaims < looked + 2) {
        await new Promise((r) => setTimeout(r, 10));
        app.app.worker!.wake();
      }
      const held = await call(`${app.url}/v1/in-depth/batch/${stalled.id}`, { key: k });
      assert.deepEqual([held.body.status, held.body.attempt, held.body.processed_rows], ['running', 1, 0]);

      now += 60_001; // the lease runs out in the app's own clock
      app.app.worker!.wake();
      const status = await waitForJob(app.url, k, 'in-depth', stalled.id);
      assert.equal(status.status, 'complete');
      assert.equal(status.attempt, 2);
      assert.equal(status.processed_rows, 2);
    } finally {
      await app.close();
    }
  });

  it('a worker stopped mid-job leaves its accepted chunks; the next worker computes only the rest, with identical output', async () => {
    const dir = tempDir();
    writeFixtureTables(path.join(dir, 'tables'));
    const app = await startTestApp({ dataDir: dir, tablesDir: path.join(dir, 'tables') }, { clock: () => CLOCK, worker: false });
    try {
      const k = await app.key({ owner: 'o' });
      const rows = Array.from({ length: 10 }, (_, i) => [15 + i, -100 + i]);
      const fileId = (await upload(app.url, k, toCsv(['latitude', 'longitude'], rows))).body.file_id;
      const { jobs, files, engine, signer, log } = app.app;
      const worker = (afterChunk?: () => void) =>
        new BatchWorker({ jobs, files, engine, geocoder: getGeocoder, jobsDir: path.join(dir, 'jobs'), uploadsDir: path.join(dir, 'uploads'), log, leaseMs: 60_000, clock: () => Date.now(), chunkRows: 2, tablesFingerprint: app.app.intake.tablesFingerprint, artefacts: NO_ARTEFACTS, largeBuilds: 1, smallResultsBytes: 0, signer, publicUrl: '', loops: 1, maxComputingPerOwner: 0, retentionDays: 0, pollMs: 20, afterChunk });
      const attemptOf = (w: BatchWorker, jobId: string) => new Promise<AttemptResult>((resolve) => w.onAttemptEnded((id, result) => id === jobId && resolve(result)));
      const submitJob = (idempotencyKey: string) => insertJob(app.app, { owner: 'o', keyId: 'k', kind: 'in_depth', fileId, options: { perils: ['Earthquake', 'CumulativeRain'] }, idempotencyKey, submissionDate: '2026-11-23', totalRows: 10, now: CLOCK });

      const interrupted = await submitJob('interrupted');
      let chunks = 0;
      let stopped: Promise<void> | undefined;
      // Stop the worker from inside its own loop after two chunks; it hands the lease back.
      const first = worker(() => void (++chunks === 2 && (stopped = first.stop())));
      const firstAttempt = attemptOf(first, interrupted.id);
      first.start();
      assert.deepEqual(await firstAttempt, { outcome: 'stopped', chunksComputed: 2, chunksReused: 0 });
      await stopped;
      const afterStop = (await jobs.byId(interrupted.id))!;
      assert.deepEqual([afterStop.status, afterStop.processed_rows], ['running', 4]);

      const second = worker();
      const secondAttempt = attemptOf(second, interrupted.id);
      second.start();
      assert.deepEqual(await secondAttempt, { outcome: 'complete', chunksComputed: 3, chunksReused: 2 }, 'only the three unfinished chunks are computed');
      const resumed = (await jobs.byId(interrupted.id))!;
      // The first worker stopped between chunks, holding no lease: nothing was lost, so no new attempt began.
      assert.deepEqual([resumed.attempt, resumed.processed_rows], [1, 10]);
      const straight = await submitJob('straight');
      second.wake();
      assert.deepEqual(await attemptOf(second, straight.id), { outcome: 'complete', chunksComputed: 5, chunksReused: 0 });
      await second.stop();
      const csv = (id: string) => fs.readFileSync(path.join(dir, 'jobs', id, 'results.csv'));
      assert.ok(csv(interrupted.id).equals(csv(straight.id)), 'resumed output is byte-identical');
      assert.deepEqual(fs.readdirSync(path.join(dir, 'jobs', interrupted.id)).filter((f) => f.startsWith('chunk-')), [], 'chunk files are removed once results.csv is assembled');
    } finally {
      await app.close();
    }
  });
});
