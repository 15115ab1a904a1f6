import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from '../helpers/harness.js';
import { call, startTestApp, tempDir, type TestApp } from '../helpers/app.js';
import { toCsv, upload, waitForJob } from '../helpers/batch.js';
import { writeFixtureTables } from '../helpers/fixture-tables.js';
import { postgresSkip, startPostgres, type TestCluster } from '../helpers/postgres.js';
import { KeyStore } from '../../src/auth/keys.js';
import { MODES } from '../../src/auth/modes.js';
import { PERIL_NAMES } from '../../src/engine/perils.js';
import { PostgresStore } from '../../src/store/postgres/index.js';

/**
 * The whole service on the PostgreSQL store (HAZRISK_DATABASE_URL): keys,
 * uploads, a batch job from submission to its download, and keys made or
 * revoked by another process, which the request path's copy of the keys table
 * picks up (src/store/postgres/keys.ts).
 */
const skip = postgresSkip('the service on the PostgreSQL store');
let cluster: TestCluster;
let url: string;
let t: TestApp;

before(async () => {
  if (skip) return;
  cluster = await startPostgres();
  url = await cluster.createDatabase();
  const dir = tempDir();
  writeFixtureTables(path.join(dir, 'tables'));
  t = await startTestApp({ dataDir: dir, tablesDir: path.join(dir, 'tables'), databaseUrl: url });
});
after(async () => {
  await t?.close();
  await cluster?.stop();
});

/** Another process's view of the same database. */
async function otherProcess<T>(work: (keys: KeyStore) => Promise<T>): Promise<T> {
  const store = await PostgresStore.open(url);
  try {
    return await work(new KeyStore(store.keys));
  } finally {
    await store.close();
  }
}

/** Poll GET /v1/perils with `key` until it answers `status`. */
async function untilStatus(key: string, status: number): Promise<{ status: number; body: any }> {
  for (;;) {
    const res = await call(`${t.url}/v1/perils`, { key });
    if (res.status === status) return res;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the service on PostgreSQL', () => {
  it('runs a batch job from upload to download; Idempotency-Key repeats and conflicts as on SQLite', { skip }, async () => {
    assert.equal(t.app.store.kind, 'postgres');
    const key = await t.key({ owner: 'pg-owner' });
    const file = await upload(t.url, key, toCsv(['latitude', 'longitude', 'tag'], Array.from({ length: 12 }, (_, i) => [20 + i, -100 + i, `s${i}`])), { filename: 'pg.csv' });
    assert.equal(file.status, 200);
    const submit = (perils: string[]) => call(`${t.url}/v1/in-depth/batch`, { method: 'POST', key, headers: { 'idempotency-key': 'pg-1' }, json: { file_id: file.body.file_id, perils } });
    const job = await submit(['Earthquake']);
    assert.equal(job.status, 200);
    assert.deepEqual(Object.keys(job.body), ['job_id', 'status', 'idempotency_key']);
    assert.equal((await submit(['Earthquake'])).body.job_id, job.body.job_id);
    const conflict = await submit(['Rain']);
    assert.equal(conflict.status, 409);
    assert.equal(conflict.body.error.code, 'idempotency_conflict');
    const done = await waitForJob(t.url, key, 'in-depth', job.body.job_id);
    assert.deepEqual([done.status, done.attempt, done.processed_rows, done.total_rows, done.progress_percentage], ['complete', 1, 12, 12, 100]);
    const csv = await fetch(done.result_url);
    assert.equal(csv.status, 200);
    assert.equal((await csv.text()).split('\r\n')[0], 'index,location,latitude,longitude,tag,start_date,end_date,start_hour,end_hour,peril,unit,threshold,probability,return_period,status');
    const listed = await call(`${t.url}/v1/jobs`, { key });
    assert.deepEqual(listed.body.jobs.map((j: any) => [j.job_id, j.status]), [[job.body.job_id, 'complete']]);
    const schedules = await call(`${t.url}/v1/schedules`, { key });
    assert.deepEqual(schedules.body.schedules.map((s: any) => [s.file_id, s.name, s.rows]), [[file.body.file_id, 'pg.csv', 12]]);
    const metrics = await (await fetch(`${t.url}/metrics`)).text();
    assert.match(metrics, /^hazrisk_batch_jobs\{status="complete"\} 1$/m);
  });

  it('honours a key another process creates, and a revocation another process makes, within the refresh', { skip }, async () => {
    const { key, info } = await otherProcess((keys) => keys.create({ owner: 'elsewhere', perils: PERIL_NAMES, modes: MODES, floodPlus: true }));
    assert.equal((await untilStatus(key, 200)).status, 200);
    assert.equal(await otherProcess((keys) => keys.revoke(info.id)), true);
    assert.equal((await untilStatus(key, 401)).body.error.code, 'revoked_api_key');
  });
});
