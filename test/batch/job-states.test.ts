import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from '../helpers/harness.js';
import { call, sqliteDb, startTestApp, tempDir, type TestApp } from '../helpers/app.js';
import { parseCsvText, toCsv, upload, waitForJob } from '../helpers/batch.js';
import { writeFixtureTables } from '../helpers/fixture-tables.js';
import type { ArtefactBuilder } from '../../src/batch/artefacts.js';
import type { BatchRow } from '../../src/batch/csv-input.js';
import { newId } from '../../src/batch/ids.js';
import { createArtefactBuilder } from '../../src/reports/index.js';
import { deferred } from '../helpers/deferred.js';

/**
 * Job states and progress (spec "Batch job status object", "States and
 * transitions", "POST /v1/in-depth/batch/upload"; docs/batch.md):
 *   - progress is held at 99 while the artefacts build, then 100 when complete;
 *   - total_rows (and so progress_percentage) is null for a legacy upload without a stored count;
 *   - a draft schedule that cannot be created never fails the upload.
 */
const CLOCK = Date.UTC(2026, 10, 23, 12, 0); // submission date 2026-11-23 (GMT)
const PENDING_FIELDS = ['job_id', 'status', 'attempt', 'processed_rows', 'total_rows', 'progress_percentage', 'error'];
const COMPLETE_FIELDS = ['job_id', 'status', 'attempt', 'processed_rows', 'total_rows', 'progress_percentage', 'result_url', 'report_url', 'workbook_url'];
const SCHEDULE = toCsv(['latitude', 'longitude', 'tag'], [[25.76, -80.19, 'a'], [10, 20, 'b'], [-33.87, 151.21, 'c']]);

function tablesDirOf(dir: string): string {
  const tables = path.join(dir, 'tables');
  writeFixtureTables(tables);
  return tables;
}

describe('progress while the artefacts build', () => {
  let t: TestApp;
  let key: string;
  let real: ArtefactBuilder;
  // The test holds each artefact step open until it releases it.
  const workbookEntered = deferred<string>();
  const releaseWorkbook = deferred();
  const reportEntered = deferred<string>();
  const releaseReport = deferred();

  before(async () => {
    const dir = tempDir();
    const gated: ArtefactBuilder = {
      async workbook(job, inputs) {
        workbookEntered.resolve(job.id);
        await releaseWorkbook.promise;
        return real.workbook(job, inputs);
      },
      async report(job, inputs) {
        reportEntered.resolve(job.id);
        await releaseReport.promise;
        return real.report(job, inputs);
      },
    };
    t = await startTestApp({ dataDir: dir, tablesDir: tablesDirOf(dir) }, { clock: () => CLOCK, artefacts: gated });
    real = createArtefactBuilder({ config: t.app.config, log: t.app.log });
    key = await t.key();
  });
  after(() => t.close());

  // Spec, Batch job status object: "progress_percentage … 0-99 until successful completion; 100 when
  // complete; stays 99 while report and downloadable artefacts are built".
  // Spec, GET /v1/in-depth/batch/{job_id}: "before completion … it holds job_id, status, attempt,
  // processed_rows, total_rows, progress_percentage, error".
  it('stays running at 99 % with every row processed while the workbook and then the report build; 100 % once complete', async () => {
    const file = await upload(t.url, key, SCHEDULE);
    assert.equal(file.status, 200);
    const job = await call(`${t.url}/v1/in-depth/batch`, { method: 'POST', key, json: { file_id: file.body.file_id, perils: ['Earthquake', 'Rain'] } });
    assert.equal(job.status, 200);
    const jobId: string = job.body.job_id;

    // Wait on the condition "the workbook is being built" (the builder was entered), not on time.
    assert.equal(await workbookEntered.promise, jobId);
    const building = await call(`${t.url}/v1/in-depth/batch/${jobId}`, { key });
    assert.equal(building.status, 200);
    assert.deepEqual(Object.keys(building.body), PENDING_FIELDS);
    assert.deepEqual(building.body, { job_id: jobId, status: 'running', attempt: 1, processed_rows: 3, total_rows: 3, progress_percentage: 99, error: null });

    releaseWorkbook.resolve();
    assert.equal(await reportEntered.promise, jobId);
    const reporting = await call(`${t.url}/v1/in-depth/batch/${jobId}`, { key });
    assert.deepEqual(Object.keys(reporting.body), PENDING_FIELDS);
    assert.deepEqual(reporting.body, { job_id: jobId, status: 'running', attempt: 1, processed_rows: 3, total_rows: 3, progress_percentage: 99, error: null });
    const listed = (await call(`${t.url}/v1/jobs`, { key })).body.jobs.find((j: any) => j.job_id === jobId);
    assert.equal(listed.progress_percentage, 99, 'the web interface list agrees');

    releaseReport.resolve();
    const done = await waitForJob(t.url, key, 'in-depth', jobId);
    assert.deepEqual(Object.keys(done), COMPLETE_FIELDS);
    assert.equal(done.status, 'complete');
    assert.equal(done.attempt, 1);
    assert.equal(done.processed_rows, 3);
    assert.equal(done.total_rows, 3);
    assert.equal(done.progress_percentage, 100);
    for (const [field, name] of [['result_url', 'results.csv'], ['report_url', 'report.html'], ['workbook_url', 'workbook.xlsx']] as const) {
      assert.equal(typeof done[field], 'string', field);
      assert.equal(new URL(done[field]).pathname, `/v1/downloads/${jobId}/${name}`);
      assert.equal((await fetch(done[field])).status, 200, field);
    }
  });
});

describe('a legacy upload without a stored row count', () => {
  // Spec, Batch job status object: "total_rows | integer or null | total input rows; null only for jobs
  // from legacy uploads lacking a stored count"; "progress_percentage | integer or null".
  // docs/batch.md: progress_percentage = processed input rows / total rows (null without a total).
  it('shows total_rows null and progress_percentage null while pending; completes with progress 100', async () => {
    const dir = tempDir();
    const tables = tablesDirOf(dir);
    const first = await startTestApp({ dataDir: dir, tablesDir: tables }, { clock: () => CLOCK, worker: false });
    let second: TestApp | null = null;
    try {
      const key = await first.key({ owner: 'acme' });
      // A file record with rows = NULL, laid out as acceptUpload does: the original CSV and the parsed
      // rows (one JSON BatchRow a line, indices already assigned) in the uploads dir, the record's path
      // naming the rows file.
      const id = newId('file');
      const csv = 'latitude,longitude\n10,20\n30,40\n';
      const rows: BatchRow[] = [
        { row: 1, index: 0, location: null, latitude: 10, longitude: 20, tag: null, start_date: null, end_date: null, start_hour: null, end_hour: null },
        { row: 2, index: 1, location: null, latitude: 30, longitude: 40, tag: null, start_date: null, end_date: null, start_hour: null, end_hour: null },
      ];
      const uploads = first.app.paths.uploads;
      fs.writeFileSync(path.join(uploads, `${id}.csv`), csv);
      fs.writeFileSync(path.join(uploads, `${id}.rows.jsonl`), rows.map((r) => `${JSON.stringify(r)}\n`).join(''));
      await first.app.files.insertFile({
        id,
        owner: 'acme',
        key_id: 'legacy',
        filename: 'legacy.csv',
        path: `${id}.rows.jsonl`,
        bytes: Buffer.byteLength(csv),
        rows: null,
        sha256: crypto.createHash('sha256').update(csv).digest('hex'),
        created_at: CLOCK - 86_400_000,
      });

      const job = await call(`${first.url}/v1/in-depth/batch`, { method: 'POST', key, json: { file_id: id, perils: ['Earthquake'] } });
      assert.equal(job.status, 200, JSON.stringify(job.body));
      const pending = await call(`${first.url}/v1/in-depth/batch/${job.body.job_id}`, { key });
      assert.equal(pending.status, 200);
      assert.deepEqual(Object.keys(pending.body), PENDING_FIELDS);
      assert.deepEqual(pending.body, { job_id: job.body.job_id, status: 'pending', attempt: 0, processed_rows: 0, total_rows: null, progress_percentage: null, error: null });
      await first.app.close();

      // The same data dir, now with a worker: the job runs from the legacy rows file.
      second = await startTestApp({ dataDir: dir, tablesDir: tables }, { clock: () => CLOCK });
      const done = await waitForJob(second.url, key, 'in-depth', job.body.job_id);
      assert.deepEqual(Object.keys(done), COMPLETE_FIELDS);
      assert.equal(done.status, 'complete');
      assert.equal(done.total_rows, null);
      assert.equal(done.processed_rows, 2);
      assert.equal(done.progress_percentage, 100);
      assert.equal(typeof done.result_url, 'string');
      assert.equal(typeof done.report_url, 'string', 'the report is built for a legacy job too');
      const results = parseCsvText(await (await fetch(done.result_url)).text()).slice(1);
      assert.deepEqual([...new Set(results.map((r) => `${r[0]}:${r[2]},${r[3]}:${r[14]}`))], ['0:10,20:success', '1:30,40:success']);
    } finally {
      await first.app.close();
      if (second) await second.close();
      else fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('an upload whose draft schedule cannot be created', () => {
  let t: TestApp;
  let key: string;
  before(async () => {
    const dir = tempDir();
    t = await startTestApp({ dataDir: dir, tablesDir: tablesDirOf(dir) }, { clock: () => CLOCK });
    key = await t.key({ owner: 'acme' });
  });
  after(() => t.close());

  // Spec, POST /v1/in-depth/batch/upload: "By default a successful upload also attempts to create a
  // multi-entry draft schedule … This does not change the response and does not block submitting the
  // file as a job." docs/batch.md: "if that fails the upload still succeeds".
  it('still answers 200 with a file_id, lists no schedule for it, and the file runs as a job (both upload routes)', async () => {
    const control = await upload(t.url, key, SCHEDULE, { filename: 'control.csv' });
    assert.equal(control.status, 200);
    const schedules = async () => (await call(`${t.url}/v1/schedules`, { key })).body.schedules as { file_id: string; name: string }[];
    assert.ok((await schedules()).some((s) => s.file_id === control.body.file_id && s.name === 'control.csv'), 'a draft schedule is made normally');

    sqliteDb(t.app).exec(`CREATE TRIGGER refuse_schedules BEFORE INSERT ON schedules BEGIN SELECT RAISE(ABORT, 'draft schedules are unavailable'); END`);
    for (const route of ['in-depth', 'lite'] as const) {
      const res = await upload(t.url, key, SCHEDULE, { filename: `no-draft-${route}.csv`, route });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.deepEqual(Object.keys(res.body), ['file_id']);
      assert.match(res.body.file_id, /^file_[0-9a-f]{20}$/);
      const listed = await schedules();
      assert.ok(!listed.some((s) => s.file_id === res.body.file_id), 'no draft schedule was stored');
      assert.ok(listed.some((s) => s.file_id === control.body.file_id), 'the listing itself still works');

      const submit =
        route === 'in-depth'
          ? await call(`${t.url}/v1/in-depth/batch`, { method: 'POST', key, json: { file_id: res.body.file_id, perils: ['Earthquake'] } })
          : await call(`${t.url}/v1/lite/batch`, { method: 'POST', key, json: { file_id: res.body.file_id } });
      assert.equal(submit.status, 200, JSON.stringify(submit.body));
      const done = await waitForJob(t.url, key, route, submit.body.job_id);
      assert.equal(done.status, 'complete', JSON.stringify(done));
      assert.equal(done.processed_rows, 3);
      assert.equal(done.total_rows, 3);
      assert.equal(done.progress_percentage, 100);
    }
  });
});
