/**
 * The deviations a conformance audit found (issue 22), each against the spec
 * line it enforces. Items 2, 6, 7 and 8 are tested beside the behaviour they
 * belong to (upload, historic, Lite and Lite batch tests).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from '../helpers/harness.js';
import { call, startTestApp, tempDir, type TestApp } from '../helpers/app.js';
import { upload, waitForJob } from '../helpers/batch.js';
import { writeFixtureTables } from '../helpers/fixture-tables.js';
import { bandOfPercentile } from '../helpers/oracle.js';
import { scoreLocations } from '../../src/lite/score.js';
import type { Engine } from '../../src/engine/engine.js';

const CLOCK = Date.UTC(2026, 10, 24, 12, 0); // "today" is 2026-11-24 in London
const MIAMI = { latitude: 25.76, longitude: -80.19 };

let t: TestApp;
let key: string;

before(async () => {
  const dir = tempDir();
  writeFixtureTables(path.join(dir, 'tables'));
  t = await startTestApp({ dataDir: dir, tablesDir: path.join(dir, 'tables') }, { clock: () => CLOCK });
  key = await t.key();
});
after(() => t.close());

const post = (route: string, json: unknown) => call(`${t.url}${route}`, { method: 'POST', json, key });

describe('issue 22: dates, nulls and parameters', () => {
  // Spec, Event object: end_date default "v2: start_date + 1 year; daily and expanding: today".
  it('item 1: daily and expanding end today when end_date is absent; a start after today without end_date is 422 naming end_date', async () => {
    const daily = await post('/v1/in-depth/daily', { perils: ['Rain'], events: [{ ...MIAMI, start_date: '2026-11-20' }] });
    assert.equal(daily.status, 200);
    const oneDay = await post('/v1/in-depth/daily', { perils: ['Rain'], events: [{ ...MIAMI, start_date: '2026-11-24', end_date: '2026-11-24' }] });
    assert.notDeepEqual(daily.body.results[0].probability, undefined);
    const expanding = await post('/v1/in-depth/expanding', { perils: ['CumulativeRain'], events: [{ ...MIAMI, start_date: '2026-11-20' }], window_days: 0 });
    assert.equal(expanding.status, 200);
    assert.equal(expanding.body.results.length, 5, '20 … 24 November: five windows');
    for (const route of ['/v1/in-depth/daily', '/v1/in-depth/expanding']) {
      const future = await post(route, { perils: ['CumulativeRain'], events: [MIAMI, { ...MIAMI, start_date: '2027-03-01' }], ...(route.endsWith('expanding') && { window_days: 0 }) });
      assert.equal(future.status, 422, route);
      assert.equal(future.body.error.code, 'validation_error');
      assert.equal(future.body.error.field, 'events[1].end_date');
      assert.match(future.body.error.message, /^events\[1\]\.end_date: required when start_date \(2027-03-01\) is after today \(2026-11-24\), the default end_date/);
    }
    const futureWithEnd = await post('/v1/in-depth/expanding', { perils: ['CumulativeRain'], events: [{ ...MIAMI, start_date: '2027-03-01', end_date: '2027-03-01' }], window_days: 2 });
    assert.equal(futureWithEnd.body.results.length, 1 + 2, 'one day plus the window_days lead-in');
    assert.equal(oneDay.status, 200);
  });

  // docs/api.md "Nulls": a member whose value is null counts as absent, everywhere.
  it('item 9: null means absent for index, dates, hours and window_days; a required member that is null is missing', async () => {
    const withNulls = await post('/v2/in-depth', {
      perils: ['Earthquake'],
      events: [{ ...MIAMI, index: null, start_date: null, end_date: null, start_hour: null, end_hour: null, tag: null, location: null }],
      window_days: null,
    });
    const without = await post('/v2/in-depth', { perils: ['Earthquake'], events: [MIAMI] });
    assert.equal(withNulls.status, 200, JSON.stringify(withNulls.body));
    assert.deepEqual(withNulls.body.results, without.body.results);
    const missing = await post('/v1/in-depth/expanding', { perils: ['CumulativeRain'], events: [MIAMI], window_days: null });
    assert.equal(missing.status, 422);
    assert.equal(missing.body.error.field, 'window_days');
    const file = await upload(t.url, key, 'latitude,longitude\n25.76,-80.19\n', { route: 'lite' });
    const lite = await call(`${t.url}/v1/lite/batch`, { method: 'POST', key, json: { file_id: file.body.file_id, calculation_method: null, flood_plus: null } });
    assert.equal(lite.status, 200, JSON.stringify(lite.body));
  });

  // Spec, GET /v1/lite query parameters: location, latitude, longitude, flood_plus, tag.
  it('item 10: GET /v1/lite refuses a parameter it does not know with 422 naming it', async () => {
    const res = await call(`${t.url}/v1/lite?latitude=25.76&longitude=-80.19&calculation_method=globally_relative`, { key });
    assert.equal(res.status, 422);
    assert.equal(res.body.error.field, 'calculation_method');
  });
});

describe('issue 22: Lite bands, encodings and jobs', () => {
  // docs/lite.md: percentile bands apply to the integer score returned.
  it('item 3: a globally_relative band is the band of the rounded score', async () => {
    const engine = { liteRank: () => ({ rank: 98.6 }), evaluate: async () => [] } as unknown as Engine;
    const [outcome] = await scoreLocations(engine, [{ latitude: 0, longitude: 0, country: null }], ['Earthquake'], 'globally_relative', { startDay: 0, endDay: 364 });
    assert.deepEqual(outcome!.scores.Earthquake, { score: 99, band: bandOfPercentile(99) });
    assert.equal(outcome!.scores.Earthquake!.band, 'Extreme');
  });

  // Spec, Batch CSV input: "The file is UTF-8 CSV".
  it('item 4: a Latin-1 file is rejected naming its line and byte, not mangled', async () => {
    const latin1 = Buffer.concat([Buffer.from('location,tag\nParis,a\nS'), Buffer.from([0xe3]), Buffer.from('o Paulo,b\n')]);
    const res = await upload(t.url, key, latin1);
    assert.equal(res.status, 400);
    assert.equal(res.body.error.code, 'csv_invalid');
    assert.deepEqual(res.body.error.details, [{ row: 2, column: 'file', message: 'line 3: not UTF-8 (byte 0xe3 at offset 22); save the file as UTF-8 (in Excel: "CSV UTF-8")', byte: 22 }]);
    const utf8 = await upload(t.url, key, 'location,tag\nSão Paulo,b\n');
    assert.equal(utf8.status, 200);
  });

  // Spec, job status: "error" on failure; docs/batch.md: messages name the problem, never a path.
  it('item 11: a failed job says what went wrong without a server path', async () => {
    const app = await startTestApp({ dataDir: t.dataDir, tablesDir: path.join(t.dataDir, 'tables') }, { clock: () => CLOCK, worker: false });
    let fileId: string;
    try {
      const file = await upload(app.url, key, 'latitude,longitude\n1,2\n');
      fileId = file.body.file_id;
    } finally {
      await app.app.close();
    }
    fs.rmSync(path.join(t.dataDir, 'uploads', `${fileId}.rows.jsonl`));
    const job = await post('/v1/in-depth/batch', { file_id: fileId, perils: ['Earthquake'] });
    const status = await waitForJob(t.url, key, 'in-depth', job.body.job_id);
    assert.equal(status.status, 'failed');
    assert.equal(status.error, 'job infrastructure failure: a file the job needs is missing on the server (its upload or a checkpoint was removed)');
    assert.ok(!status.error.includes('/'));
  });
});

describe('issue 22: small items', () => {
  it('item 12: results CSV probabilities are plain decimals; a trailing slash and HEAD work', async () => {
    const file = await upload(t.url, key, 'latitude,longitude\n0,0\n25.76,-80.19\n');
    const job = await post('/v1/in-depth/batch', { file_id: file.body.file_id, perils: ['Earthquake', 'Rain'] });
    const status = await waitForJob(t.url, key, 'in-depth', job.body.job_id);
    const csv = await (await fetch(status.result_url)).text();
    assert.ok(!/\d[eE][+-]?\d/.test(csv), 'no exponent notation in the results CSV');

    const slash = await call(`${t.url}/v1/in-depth/batch/${job.body.job_id}/`, { key });
    assert.equal(slash.status, 200);
    assert.equal(slash.body.job_id, job.body.job_id);

    // Identity: fetch would otherwise ask for gzip, and HEAD reports the length of what a GET would send.
    const head = await fetch(status.result_url, { method: 'HEAD', headers: { 'accept-encoding': 'identity' } });
    assert.equal(head.status, 200);
    assert.equal(head.headers.get('content-type'), 'text/csv; charset=utf-8');
    assert.equal(Number(head.headers.get('content-length')), Buffer.byteLength(csv));
    assert.equal(await head.text(), '');
  });
});
