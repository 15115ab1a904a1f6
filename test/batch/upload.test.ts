import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from '../helpers/harness.js';
import { call, startTestApp, tempDir, type TestApp } from '../helpers/app.js';
import { toCsv, upload } from '../helpers/batch.js';
import { writeFixtureTables } from '../helpers/fixture-tables.js';

const CLOCK = Date.UTC(2026, 10, 23, 12, 0);
let t: TestApp;
let key: string;

const storedFiles = () => fs.readdirSync(path.join(t.dataDir, 'uploads')).filter((f) => !f.startsWith('.'));

before(async () => {
  const dir = tempDir();
  writeFixtureTables(path.join(dir, 'tables'));
  t = await startTestApp({ dataDir: dir, tablesDir: path.join(dir, 'tables'), uploadBytes: 200_000 }, { clock: () => CLOCK, worker: false });
  key = await t.key({ owner: 'acme' });
});
after(() => t.close());

describe('batch upload', () => {
  it('accepts a UTF-8 CSV with BOM, CRLF, quoted fields, any header case and unknown columns, and makes a draft schedule', async () => {
    const csv = '\uFEFF Location ,LATITUDE,Longitude,Tag,Start_Date,notes\r\n"Miami, FL",,,"a ""quoted"" tag",2027-01-01,x\r\nsomewhere,25.5,-80.2,,,y\r\n';
    const res = await upload(t.url, key, csv, { filename: 'Florida portfolio.csv' });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(Object.keys(res.body), ['file_id']);
    assert.match(res.body.file_id, /^file_[0-9a-f]{20}$/);
    const schedules = await call(`${t.url}/v1/schedules`, { key });
    const schedule = schedules.body.schedules.find((s: any) => s.file_id === res.body.file_id);
    assert.deepEqual(
      { name: schedule.name, line_of_business: schedule.line_of_business, rows: schedule.rows, cleaned: schedule.cleaned, tenant: schedule.tenant, organisation: schedule.organisation },
      { name: 'Florida portfolio.csv', line_of_business: 'PROPERTY', rows: 2, cleaned: false, tenant: 'acme', organisation: 'acme' },
    );
  });

  it('takes the CSV part whatever its declared type, on either upload route', async () => {
    const csv = 'latitude,longitude\n10,20\n';
    for (const type of ['text/csv', 'application/vnd.ms-excel', 'application/octet-stream', '']) {
      for (const route of ['in-depth', 'lite'] as const) {
        const res = await upload(t.url, key, csv, { type, route });
        assert.equal(res.status, 200, `${type} ${route}`);
      }
    }
  });

  it('rejects empty files, header-only files and files of empty lines with 400 csv_empty', async () => {
    for (const csv of ['', 'location,latitude,longitude\n', 'location\r\n\r\n', 'location,tag\n\n\n']) {
      const res = await upload(t.url, key, csv);
      assert.equal(res.status, 400);
      assert.equal(res.body.error.code, 'csv_empty');
      assert.equal(res.body.error.field, 'file');
    }
  });

  // Spec, row rule 3: "A row with neither, or with only one coordinate and no location, is rejected with HTTP 400 and row-level details."
  it('rejects rows of empty cells and whitespace-only locations with row-level details (issue 22 item 2)', async () => {
    for (const csv of ['location,tag\n,\n,\n', 'location,latitude,longitude\nParis,,\n,,\n', 'location\n   \n']) {
      const res = await upload(t.url, key, csv);
      assert.equal(res.status, 400, csv);
      assert.equal(res.body.error.code, 'csv_invalid');
      assert.ok(res.body.error.details.length >= 1);
      assert.ok(res.body.error.details.every((d: any) => d.column === 'location' && Number.isInteger(d.row) && d.row >= 1), JSON.stringify(res.body.error.details));
    }
    const rows = await upload(t.url, key, 'location,latitude,longitude\nParis,,\n,,\nRome,,\n');
    assert.deepEqual(rows.body.error.details, [{ row: 2, column: 'location', message: 'a location, or both latitude and longitude, is required' }]);
  });

  it('lists every bad row with row, column and message, and stores nothing', async () => {
    const before = storedFiles();
    const csv = toCsv(
      ['location', 'latitude', 'longitude', 'start_date', 'end_date', 'start_hour', 'end_hour', 'index'],
      [
        ['Paris, France', null, null, null, null, null, null, null],
        [null, null, null, null, null, 5, null, null],
        [null, 25, null, null, null, null, null, null],
        ['Tokyo', 91, 10, null, null, null, null, null],
        ['Tokyo', null, null, '2027-02-30', null, null, null, null],
        ['Tokyo', null, null, '2027-03-02', '2027-03-01', null, null, null],
        ['Tokyo', null, null, null, null, 24, null, null],
        ['Tokyo', null, null, null, null, 10, 9, null],
        ['Tokyo', 'north', 3, null, null, null, null, 'x'],
        ['Lisbon', 12, null, null, null, null, null, null],
      ],
    );
    const res = await upload(t.url, key, csv);
    assert.equal(res.status, 400);
    assert.equal(res.body.error.code, 'csv_invalid');
    assert.equal(res.body.error.total_errors, 8);
    assert.match(res.body.error.message, /8 invalid rows/);
    assert.deepEqual(res.body.error.details.map((d: any) => [d.row, d.column]), [
      [2, 'location'],
      [3, 'longitude'],
      [4, 'latitude'],
      [5, 'start_date'],
      [6, 'end_date'],
      [7, 'start_hour'],
      [8, 'end_hour'],
      [9, 'index'],
      [9, 'latitude'],
    ]);
    for (const d of res.body.error.details) assert.ok(d.message.length > 5);
    assert.deepEqual(storedFiles(), before);
  });

  it('caps the listed errors at 100 and gives the total', async () => {
    const rows = Array.from({ length: 250 }, (_, i) => [i % 2 ? null : 'x', null, null, 'tagged']);
    const res = await upload(t.url, key, toCsv(['location', 'latitude', 'longitude', 'tag'], rows));
    assert.equal(res.status, 400);
    assert.equal(res.body.error.details.length, 100);
    assert.equal(res.body.error.total_errors, 125);
  });

  it('rejects duplicate index values with 422 naming them', async () => {
    const res = await upload(t.url, key, toCsv(['index', 'location'], [[3, 'Rome'], [4, 'Oslo'], [3, 'Bern'], [4, 'Riga']]));
    assert.equal(res.status, 422);
    assert.equal(res.body.error.field, 'index');
    assert.match(res.body.error.message, /duplicate values 3, 4/);
    assert.deepEqual(res.body.error.details.map((d: any) => d.row), [3, 4]);
  });

  it('rejects a file over the upload limit with 400 csv_oversized and keeps nothing', async () => {
    const before = storedFiles();
    const big = 'location\n' + 'x'.repeat(60).concat('\n').repeat(5000);
    const res = await upload(t.url, key, big);
    assert.equal(res.status, 400);
    assert.equal(res.body.error.code, 'csv_oversized');
    assert.deepEqual(storedFiles(), before);
    assert.deepEqual(fs.readdirSync(path.join(t.dataDir, 'uploads')).filter((f) => f.endsWith('.tmp')), []);
  });

  it('answers a chunked body over the limit whose part is not "file" with 400, nothing escaping (fuzz case #1719)', async () => {
    const escaped: unknown[] = [];
    const record = (err: unknown): void => void escaped.push(err);
    process.on('uncaughtException', record);
    try {
      const boundary = 'b0undary';
      const head = `--${boundary}\r\nContent-Disposition: form-data; name="notes"; filename="n.csv"\r\nContent-Type: text/csv\r\n\r\n`;
      const chunks = [head, ...Array.from({ length: 30 }, () => 'x'.repeat(10_000)), `\r\n--${boundary}--\r\n`];
      // A stream body makes fetch send it chunked, with no Content-Length to refuse it by.
      const body = new ReadableStream({
        pull(controller) {
          const next = chunks.shift();
          if (next === undefined) controller.close();
          else controller.enqueue(new TextEncoder().encode(next));
        },
      });
      const res = await fetch(`${t.url}/v1/in-depth/batch/upload`, {
        method: 'POST',
        headers: { 'x-api-key': key, 'content-type': `multipart/form-data; boundary=${boundary}` },
        body,
        duplex: 'half',
      } as RequestInit);
      assert.equal(res.status, 400);
      assert.equal(((await res.json()) as any).error.field, 'file');
      // An error that escaped would surface on a later turn of the event loop.
      await new Promise((resolve) => setTimeout(resolve, 50));
      assert.deepEqual(escaped, []);
      assert.equal((await call(`${t.url}/health`)).status, 200);
    } finally {
      process.off('uncaughtException', record);
    }
  });

  it('rejects more than 100,000 data rows', async () => {
    const app = await startTestApp({ uploadBytes: 4_000_000 }, { worker: false });
    try {
      const res = await upload(app.url, await app.key(), 'latitude,longitude\n' + '1,2\n'.repeat(100_001));
      assert.equal(res.status, 400);
      assert.equal(res.body.error.code, 'csv_invalid');
      assert.match(res.body.error.message, /more than 100000/);
      const ok = await upload(app.url, await app.key(), 'latitude,longitude\n' + '1,2\n'.repeat(100_000));
      assert.equal(ok.status, 200);
    } finally {
      await app.close();
    }
  });

  it('needs multipart with a "file" field and a usable header', async () => {
    const notMultipart = await call(`${t.url}/v1/in-depth/batch/upload`, { method: 'POST', key, body: 'location\nRome\n', headers: { 'content-type': 'text/csv' } });
    assert.equal(notMultipart.status, 400);
    assert.equal(notMultipart.body.error.field, 'file');
    const wrongField = await upload(t.url, key, 'location\nRome\n', { field: 'document' });
    assert.equal(wrongField.status, 400);
    assert.equal(wrongField.body.error.field, 'file');
    const noLocation = await upload(t.url, key, 'latitude,tag\n1,2\n');
    assert.equal(noLocation.status, 400);
    assert.equal(noLocation.body.error.details[0].column, 'location');
  });

  it('needs the batch mode and a key', async () => {
    assert.equal((await upload(t.url, await t.key({ modes: ['lite'] }), 'location\nRome\n')).status, 403);
    assert.equal((await upload(t.url, '', 'location\nRome\n')).status, 401);
  });
});
