import assert from 'node:assert/strict';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from '../helpers/harness.js';
import { call, startTestApp, tempDir, type TestApp } from '../helpers/app.js';
import { toCsv, upload, waitForJob } from '../helpers/batch.js';
import { writeFixtureTables } from '../helpers/fixture-tables.js';

/**
 * The batch workers in /metrics (docs/operations.md "Metrics"): each worker
 * reports its chunk, renewal and lost-lease counts to the store, and /metrics
 * shows them summed by host — here the one in-process worker's.
 */
let t: TestApp;

before(async () => {
  const dir = tempDir();
  writeFixtureTables(path.join(dir, 'tables'));
  // A short lease: the worker reports its counts every lease/3.
  t = await startTestApp({ dataDir: dir, tablesDir: path.join(dir, 'tables'), batchChunkRows: 2, leaseMs: 300 });
});
after(() => t.close());

describe('batch workers in /metrics', () => {
  it("counts the host's accepted chunks once they are reported, and no lost lease", async () => {
    const key = await t.key({ owner: 'o' });
    const file = await upload(t.url, key, toCsv(['latitude', 'longitude'], [[10, 20], [11, 21], [12, 22], [13, 23], [14, 24]]));
    const job = await call(`${t.url}/v1/in-depth/batch`, { method: 'POST', key, json: { file_id: file.body.file_id, perils: ['Earthquake'] } });
    assert.equal((await waitForJob(t.url, key, 'in-depth', job.body.job_id)).status, 'complete');
    const host = os.hostname();
    const chunks = new RegExp(`^hazrisk_batch_worker_chunks_total\\{host="${host}"\\} 3$`, 'm');
    let metrics = '';
    while (!chunks.test(metrics)) metrics = await (await fetch(`${t.url}/metrics`)).text();
    assert.match(metrics, new RegExp(`^hazrisk_batch_worker_leases_lost_total\\{host="${host}"\\} 0$`, 'm'));
    assert.match(metrics, new RegExp(`^hazrisk_batch_worker_lease_renewals_total\\{host="${host}"\\} \\d+$`, 'm'));
  });
});
