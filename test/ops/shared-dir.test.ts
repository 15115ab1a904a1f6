import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from '../helpers/harness.js';
import { call, startTestApp, tempDir, type TestApp } from '../helpers/app.js';
import { toCsv, upload, waitForJob } from '../helpers/batch.js';
import { writeFixtureTables } from '../helpers/fixture-tables.js';

/**
 * HAZRISK_SHARED_DIR (docs/operations.md "Cluster"): uploads, chunk files,
 * artefacts and the link-signing key go to the shared dir, which every host
 * of a cluster mounts; the data dir keeps only what is the host's own.
 */
let t: TestApp;
let shared: string;

before(async () => {
  const dir = tempDir();
  shared = tempDir('hazrisk-shared-');
  writeFixtureTables(path.join(dir, 'tables'));
  t = await startTestApp({ dataDir: dir, tablesDir: path.join(dir, 'tables'), sharedDir: shared, batchChunkRows: 2 });
});
after(async () => {
  await t.close();
  fs.rmSync(shared, { recursive: true, force: true });
});

describe('the shared dir', () => {
  it('holds the uploads, the job files and the signing key; a job runs through it and its links download', async () => {
    const key = await t.key({ owner: 'o' });
    const file = await upload(t.url, key, toCsv(['latitude', 'longitude'], [[10, 20], [11, 21], [12, 22]]));
    assert.equal(file.status, 200);
    const job = await call(`${t.url}/v1/in-depth/batch`, { method: 'POST', key, json: { file_id: file.body.file_id, perils: ['Earthquake'] } });
    const done = await waitForJob(t.url, key, 'in-depth', job.body.job_id);
    assert.equal(done.status, 'complete');
    assert.equal((await fetch(done.result_url)).status, 200);
    assert.deepEqual(fs.readdirSync(path.join(shared, 'uploads')).sort(), [`${file.body.file_id}.csv`, `${file.body.file_id}.rows.jsonl`]);
    const files = fs.readdirSync(path.join(shared, 'jobs', job.body.job_id));
    assert.ok(files.includes('results.csv'), files.join(', '));
    assert.deepEqual(files.filter((f) => f.startsWith('chunk-') || f.endsWith('.tmp')), [], 'chunk and temporary files are gone');
    assert.ok(fs.existsSync(path.join(shared, 'signing.key')));
    for (const own of ['uploads', 'jobs', 'signing.key']) assert.equal(fs.existsSync(path.join(t.dataDir, own)), false, `${own} is not in the data dir`);
    assert.equal((fs.statSync(shared).mode & 0o777).toString(8), '700');
  });
});
