import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { after, before, describe, it } from '../helpers/harness.js';
import { call, startTestApp, tempDir, type TestApp } from '../helpers/app.js';
import { toCsv, upload, waitForJob } from '../helpers/batch.js';
import { writeFixtureTables } from '../helpers/fixture-tables.js';
import { removeChunkFiles } from '../../src/batch/chunk-files.js';
import { collectGarbage } from '../../src/batch/retention.js';
import { LIMITS } from '../../src/limits.js';
import { temporaryName } from '../../src/store/paths.js';
import { openDatabase } from '../../src/store/sqlite/db.js';

/**
 * Retention (docs/batch.md "Retention", issue 20): a job's chunk files go as
 * soon as its results CSV is assembled; HAZRISK_RETENTION_DAYS removes the
 * files of jobs finished longer ago (once their links have expired) and
 * uploads unused as long, keeping the records; `hazrisk gc` does it by hand,
 * and its --help changes nothing.
 */
const DAY = 86_400_000;
const CLOCK = Date.UTC(2026, 10, 23, 12, 0);
const SCHEDULE = toCsv(['latitude', 'longitude'], [[25.76, -80.19], [10, 20], [-33.87, 151.21]]);
const run = promisify(execFile);

let t: TestApp;
let key: string;
let now = CLOCK;

before(async () => {
  const dir = tempDir();
  writeFixtureTables(path.join(dir, 'tables'));
  t = await startTestApp({ dataDir: dir, tablesDir: path.join(dir, 'tables'), batchChunkRows: 1 }, { clock: () => now });
  key = await t.key({ owner: 'acme' });
});
after(() => t.close());

const deps = () => ({ jobs: t.app.jobs, files: t.app.files, jobsDir: t.app.paths.jobs, uploadsDir: t.app.paths.uploads });

describe('retention', () => {
  let jobId: string;
  let usedFile: string;
  let unusedFile: string;

  it('removes the chunk files once results.csv is assembled', async () => {
    usedFile = (await upload(t.url, key, SCHEDULE)).body.file_id;
    const job = await call(`${t.url}/v1/in-depth/batch`, { method: 'POST', key, json: { file_id: usedFile, perils: ['Earthquake'] } });
    jobId = job.body.job_id;
    const done = await waitForJob(t.url, key, 'in-depth', jobId);
    assert.equal(done.status, 'complete');
    const files = fs.readdirSync(path.join(t.app.paths.jobs, jobId)).sort();
    assert.deepEqual(files.filter((f) => f.startsWith('chunk-')), [], 'three chunks were computed and none is left');
    assert.ok(files.includes('results.csv') && files.includes('failures.jsonl'), files.join(' '));
    unusedFile = (await upload(t.url, key, SCHEDULE, { filename: 'never-submitted.csv' })).body.file_id;
  });

  it('after the retention period: expired jobs lose their files, unused uploads go, records and status stay; a dry run changes nothing', async () => {
    const stale = path.join(t.app.paths.uploads, '.upload-0123456789abcdef.tmp');
    fs.writeFileSync(stale, 'a dead upload');
    fs.utimesSync(stale, new Date(CLOCK - 2 * DAY), new Date(CLOCK - 2 * DAY));
    const uploads = () => fs.readdirSync(t.app.paths.uploads).filter((f) => f.startsWith(usedFile) || f.startsWith(unusedFile) || f.startsWith('.upload-')).sort();
    const before = uploads();
    assert.equal(before.length, 5, before.join(' '));

    // Within the period nothing is due but the dead upload's temporary file.
    assert.deepEqual(await collectGarbage(deps(), 30, CLOCK + 29 * DAY, true), { jobs: 0, uploads: 0, tempFiles: 1, bytes: 13 });
    const due = await collectGarbage(deps(), 30, CLOCK + 31 * DAY, true);
    assert.deepEqual([due.jobs, due.uploads, due.tempFiles], [1, 2, 1]);
    assert.deepEqual(uploads(), before, 'a dry run removes nothing');
    assert.ok(fs.existsSync(path.join(t.app.paths.jobs, jobId)));

    now = CLOCK + 31 * DAY;
    const removed = await collectGarbage(deps(), 30, now);
    assert.deepEqual(removed, due);
    assert.equal(fs.existsSync(path.join(t.app.paths.jobs, jobId)), false, "the job's files are gone");
    assert.deepEqual(uploads(), [], 'both uploads (original and rows) and the temporary file are gone');
    const status = await call(`${t.url}/v1/in-depth/batch/${jobId}`, { key });
    assert.deepEqual([status.status, status.body.status], [200, 'complete'], 'the job record still answers');
    const schedules = (await call(`${t.url}/v1/schedules`, { key })).body.schedules as { file_id: string }[];
    assert.ok(!schedules.some((s) => s.file_id === unusedFile), 'the removed upload leaves the schedule list');
    const resubmit = await call(`${t.url}/v1/in-depth/batch`, { method: 'POST', key, json: { file_id: unusedFile, perils: ['Earthquake'] } });
    assert.deepEqual([resubmit.status, resubmit.body.error.code], [400, 'unknown_file_id']);
    assert.deepEqual(await collectGarbage(deps(), 30, now), { jobs: 0, uploads: 0, tempFiles: 0, bytes: 0 }, 'a second run finds nothing');
  });

  it('keeps an old upload that a recent job used, and a finished job whose links have not expired', async () => {
    const uploadedAt = now;
    const file = (await upload(t.url, key, SCHEDULE)).body.file_id;
    now = uploadedAt + 2 * DAY;
    const job = await call(`${t.url}/v1/in-depth/batch`, { method: 'POST', key, json: { file_id: file, perils: ['Earthquake'] } });
    await waitForJob(t.url, key, 'in-depth', job.body.job_id);
    // With one day's retention, half a day after the job: the upload is two days old, but a job was
    // submitted from it within the day, and the job's links (seven days) have not expired.
    const kept = await collectGarbage(deps(), 1, uploadedAt + 2.5 * DAY);
    assert.deepEqual([kept.jobs, kept.uploads], [0, 0]);
    assert.ok(fs.existsSync(path.join(t.app.paths.jobs, job.body.job_id, 'results.csv')));
    const later = await collectGarbage(deps(), 1, uploadedAt + 10 * DAY);
    assert.deepEqual([later.jobs, later.uploads], [1, 1]);
    assert.equal(fs.existsSync(path.join(t.app.paths.jobs, job.body.job_id)), false);
  });

  it("removes dead writers' temporary files (untouched for LIMITS.staleTemporaryMs) and keeps live writers'; a dry run only counts them", async () => {
    const at = now;
    const jobDir = path.join(t.app.paths.jobs, 'job_leftovers');
    fs.mkdirSync(jobDir, { recursive: true });
    const temporary = (dir: string, target: string, text: string, ageMs: number): string => {
      const file = temporaryName(path.join(dir, target));
      fs.writeFileSync(file, text);
      fs.utimesSync(file, new Date(at - ageMs), new Date(at - ageMs));
      return file;
    };
    const artefact = path.join(jobDir, 'results.csv');
    fs.writeFileSync(artefact, 'index\n');
    fs.utimesSync(artefact, new Date(at - DAY), new Date(at - DAY));
    const dead = [temporary(jobDir, 'report.html', '<html>dead', LIMITS.staleTemporaryMs + 60_000), temporary(t.app.paths.uploads, 'file_x.rows', 'dead', DAY)];
    const live = [temporary(jobDir, 'workbook.xlsx', 'live', LIMITS.staleTemporaryMs - 60_000), temporary(t.app.paths.uploads, 'file_y.rows', 'live', 1000)];
    // Ten years' retention: nothing but the dead writers' files is due.
    assert.deepEqual(await collectGarbage(deps(), 3650, at, true), { jobs: 0, uploads: 0, tempFiles: 2, bytes: 14 });
    assert.ok([...dead, ...live].every((file) => fs.existsSync(file)), 'a dry run removes nothing');
    assert.deepEqual(await collectGarbage(deps(), 3650, at), { jobs: 0, uploads: 0, tempFiles: 2, bytes: 14 });
    assert.deepEqual(fs.readdirSync(jobDir).sort(), [path.basename(live[0]!), 'results.csv'].sort());
    assert.deepEqual([...dead, ...live].map((file) => fs.existsSync(file)), [false, false, true, true]);
    for (const file of [artefact, ...live]) fs.rmSync(file);
  });

  it("a job's chunk files go with the temporary files of their writers (a worker killed while writing), and nothing else", async () => {
    const dir = tempDir();
    const kept = ['results.csv', path.basename(temporaryName('results.csv'))];
    const chunks = ['chunk-00001-a1.csv', 'chunk-00001-a1.csv.failures.jsonl', temporaryName('chunk-00002-a1.csv'), temporaryName('chunk-00002-a1.csv.failures.jsonl'), 'chunk-00003.csv.tmp'];
    for (const name of [...kept, ...chunks]) fs.writeFileSync(path.join(dir, name), '');
    await removeChunkFiles(dir);
    assert.deepEqual(fs.readdirSync(dir).sort(), kept.sort());
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe('hazrisk gc', () => {
  const cli = (args: string[], dataDir: string) => run(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'gc', ...args], { env: { ...process.env, HAZRISK_DATA_DIR: dataDir } });

  it('--help prints the usage, exits 0 and touches nothing', async () => {
    const missing = path.join(tempDir(), 'not-created');
    const { stdout } = await cli(['--help'], missing);
    assert.match(stdout, /^Usage: hazrisk gc \[--data-dir DIR\] \[--database-url URL\] \[--shared-dir DIR\] \[--days N\] \[--dry-run\]/);
    assert.equal(fs.existsSync(missing), false, 'no data dir was created');
  });

  it('removes what has expired in a data dir, and refuses a data dir that has no database', async () => {
    const dir = tempDir();
    const app = await startTestApp({ dataDir: dir }, { worker: false });
    const k = await app.key({ owner: 'acme' });
    const file = (await upload(app.url, k, SCHEDULE)).body.file_id;
    await app.app.close();
    // Age the upload past one day of retention (the CLI runs on the real clock).
    const db = openDatabase(path.join(dir, 'hazrisk.db'));
    db.prepare('UPDATE files SET created_at = ? WHERE id = ?').run(Date.now() - 2 * DAY, file);
    db.close();
    assert.match((await cli(['--days', '1', '--dry-run'], dir)).stdout, /^would remove \(retention 1 days\): files of 0 finished jobs, 1 unused uploads/);
    assert.ok(fs.existsSync(path.join(dir, 'uploads', `${file}.csv`)));
    assert.match((await cli(['--days', '1'], dir)).stdout, /^removed \(retention 1 days\): files of 0 finished jobs, 1 unused uploads/);
    assert.equal(fs.existsSync(path.join(dir, 'uploads', `${file}.csv`)), false);
    await assert.rejects(cli([], path.join(dir, 'elsewhere')), (err: { code: number; stderr: string }) => err.code === 2 && /no hazrisk database/.test(err.stderr));
    assert.equal(fs.existsSync(path.join(dir, 'elsewhere')), false);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
