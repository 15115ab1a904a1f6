import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from '../helpers/harness.js';
import { insertJob, startTestApp, tempDir, type TestApp } from '../helpers/app.js';
import { toCsv, upload } from '../helpers/batch.js';
import { writeFixtureTables } from '../helpers/fixture-tables.js';
import type { ArtefactBuilder } from '../../src/batch/artefacts.js';
import { attemptEnded, jobDir, manualWorker } from './manual-worker.js';

/**
 * A worker stopped while a job is in the artefact stage (docs/batch.md
 * "Processing", "Artefacts"): its chunk files are gone by then, so the next
 * attempt resumes from the assembled results.csv — every chunk's bytes in it
 * checked against its checkpoint — without recomputing a row; a damaged
 * results.csv is recomputed instead, to the same bytes.
 */
const CLOCK = Date.UTC(2026, 10, 23, 12, 0);
const ROWS = 10; // 5 chunks of 2 rows

let t: TestApp;
let fileId: string;

before(async () => {
  const dir = tempDir();
  writeFixtureTables(path.join(dir, 'tables'));
  t = await startTestApp({ dataDir: dir, tablesDir: path.join(dir, 'tables') }, { clock: () => CLOCK, worker: false });
  const key = await t.key({ owner: 'o' });
  fileId = (await upload(t.url, key, toCsv(['latitude', 'longitude'], Array.from({ length: ROWS }, (_, i) => [15 + i, -100 + i])))).body.file_id;
});
after(() => t.close());

/** Run a job until its workbook starts building, then stop the worker there; resolves with the job id. */
async function stopInArtefactStage(idempotencyKey: string): Promise<string> {
  let entered!: () => void;
  const building = new Promise<void>((resolve) => (entered = resolve));
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const gated: ArtefactBuilder = {
    async workbook() {
      entered();
      await held;
      return null;
    },
    report: async () => null,
  };
  const job = await insertJob(t.app, { owner: 'o', keyId: 'k', kind: 'in_depth', fileId, options: { perils: ['Earthquake'] }, idempotencyKey, submissionDate: '2026-11-23', totalRows: ROWS, now: CLOCK });
  const worker = manualWorker(t, { artefacts: gated });
  const ended = attemptEnded(worker, job.id);
  worker.start();
  await building;
  const stopping = worker.stop();
  release(); // this builder ignores the abort signal; the stage discards what it returns
  await stopping;
  assert.deepEqual(await ended, { outcome: 'stopped', chunksComputed: ROWS / 2, chunksReused: 0 });
  assert.deepEqual(fs.readdirSync(jobDir(t, job.id)).filter((f) => f.startsWith('chunk-')), [], 'assembled: the chunk files are gone');
  return job.id;
}

async function resume(jobId: string) {
  const worker = manualWorker(t);
  const ended = attemptEnded(worker, jobId);
  worker.start();
  try {
    return await ended;
  } finally {
    await worker.stop();
  }
}

describe('a restart during the artefact stage', () => {
  it('resumes from the assembled results without recomputing a chunk', async () => {
    const jobId = await stopInArtefactStage('assembled');
    const before = fs.readFileSync(path.join(jobDir(t, jobId), 'results.csv'));
    assert.deepEqual(await resume(jobId), { outcome: 'complete', chunksComputed: 0, chunksReused: ROWS / 2 });
    const job = (await t.app.jobs.byId(jobId))!;
    assert.deepEqual([job.status, job.attempt, job.processed_rows], ['complete', 2, ROWS]);
    assert.ok(fs.readFileSync(path.join(jobDir(t, jobId), 'results.csv')).equals(before));
  });

  it('recomputes every chunk when results.csv was damaged, to the same bytes', async () => {
    const jobId = await stopInArtefactStage('damaged');
    const file = path.join(jobDir(t, jobId), 'results.csv');
    const original = fs.readFileSync(file);
    const damaged = Buffer.from(original);
    damaged.writeUInt8(damaged.readUInt8(damaged.length - 3) ^ 0x01, damaged.length - 3); // same size, one bit off in the last chunk
    fs.writeFileSync(file, damaged);
    assert.deepEqual(await resume(jobId), { outcome: 'complete', chunksComputed: ROWS / 2, chunksReused: 0 });
    assert.ok(fs.readFileSync(file).equals(original), 'recomputed to the original bytes');
  });
});
