import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { after, before, describe, it } from '../helpers/harness.js';
import { call, startTestApp, tempDir, type TestApp } from '../helpers/app.js';
import { toCsv, upload, waitForJob } from '../helpers/batch.js';
import { writeFixtureTables } from '../helpers/fixture-tables.js';
import { rawRequest } from '../helpers/raw-http.js';

/** Issue 20 "Downloads": signed artefact links answer Range (206), If-None-Match (304) and gzip. */

const get = rawRequest;

let t: TestApp;
let links: { result_url: string; report_url: string; workbook_url: string };
let original: { csv: Buffer; html: Buffer; xlsx: Buffer };

before(async () => {
  const dir = tempDir();
  writeFixtureTables(path.join(dir, 'tables'));
  t = await startTestApp({ dataDir: dir, tablesDir: path.join(dir, 'tables') });
  const key = await t.key();
  const rows = Array.from({ length: 40 }, (_, i) => [null, 20 + i * 0.25, -100 + i * 0.5, `site-${i}`]);
  const file = await upload(t.url, key, toCsv(['location', 'latitude', 'longitude', 'tag'], rows));
  const job = await call(`${t.url}/v1/in-depth/batch`, { method: 'POST', key, json: { file_id: file.body.file_id, perils: ['Earthquake', 'Rain'] } });
  links = await waitForJob(t.url, key, 'in-depth', job.body.job_id);
  const stored = async (name: string) => {
    const column = { csv: 'result_file', html: 'report_file', xlsx: 'workbook_file' }[name] as 'result_file';
    const record = (await t.app.jobs.byId(job.body.job_id))!;
    return fs.readFileSync(path.join(t.app.paths.jobs, record.id, record[column]!));
  };
  original = { csv: await stored('csv'), html: await stored('html'), xlsx: await stored('xlsx') };
});
after(() => t.close());

/** A stored artefact of the job the links are for. */
async function storedFile(column: 'result_file' | 'report_file'): Promise<string> {
  const jobId = new URL(links.result_url, t.url).pathname.split('/')[3]!;
  const record = (await t.app.jobs.byId(jobId))!;
  return path.join(t.app.paths.jobs, record.id, record[column]!);
}

/** The ETag of a file's current version: inode, size and mtime in nanoseconds, in base 36. */
function etagOf(file: string, variant = ''): string {
  const { ino, size, mtimeNs } = fs.statSync(file, { bigint: true });
  return `"${ino.toString(36)}-${size.toString(36)}-${mtimeNs.toString(36)}${variant}"`;
}

describe('signed downloads: validators and ranges', () => {
  it('sends the whole file with Accept-Ranges and a strong ETag when nothing else is asked', async () => {
    const res = await get(links.result_url);
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, original.csv);
    assert.equal(res.headers['accept-ranges'], 'bytes');
    assert.equal(res.headers.etag, etagOf(await storedFile('result_file')));
    assert.equal(res.headers['content-length'], String(original.csv.length));
    assert.equal(res.headers['content-encoding'], undefined);
  });

  it('answers If-None-Match with 304, no body, and the same ETag', async () => {
    const first = await get(links.result_url);
    const again = await get(links.result_url, { 'if-none-match': first.headers.etag! });
    assert.equal(again.status, 304);
    assert.equal(again.body.length, 0);
    assert.equal(again.headers.etag, first.headers.etag);
    assert.equal((await get(links.result_url, { 'if-none-match': '"other"' })).status, 200);
  });

  it('answers a byte range with 206 and exactly those bytes', async () => {
    const size = original.csv.length;
    for (const [header, start, end] of [
      ['bytes=0-9', 0, 9],
      ['bytes=10-', 10, size - 1],
      ['bytes=-25', size - 25, size - 1],
      [`bytes=5-${size + 1000}`, 5, size - 1],
    ] as const) {
      const res = await get(links.result_url, { range: header, 'accept-encoding': 'gzip' });
      assert.equal(res.status, 206, header);
      assert.equal(res.headers['content-range'], `bytes ${start}-${end}/${size}`, header);
      assert.equal(res.headers['content-encoding'], undefined, 'a range is of the stored bytes');
      assert.deepEqual(res.body, original.csv.subarray(start, end + 1), header);
    }
  });

  it('a range past the end is 416 with Content-Range: bytes */size; a multi-range or bad unit gets the whole file', async () => {
    const size = original.csv.length;
    const res = await get(links.result_url, { range: `bytes=${size}-` });
    assert.equal(res.status, 416);
    assert.equal(res.headers['content-range'], `bytes */${size}`);
    const body = JSON.parse(res.body.toString());
    assert.equal(body.error.code, 'range_not_satisfiable');
    assert.equal(body.error.field, 'headers.range');
    for (const header of ['bytes=0-1,5-6', 'items=0-3', 'bytes=9-2']) {
      const whole = await get(links.result_url, { range: header });
      assert.equal(whole.status, 200, header);
      assert.deepEqual(whole.body, original.csv);
    }
  });

  it('If-Range with a stale validator sends the whole file', async () => {
    const current = (await get(links.result_url)).headers.etag!;
    assert.equal((await get(links.result_url, { range: 'bytes=0-3', 'if-range': current })).status, 206);
    const stale = await get(links.result_url, { range: 'bytes=0-3', 'if-range': '"stale"' });
    assert.equal(stale.status, 200);
    assert.deepEqual(stale.body, original.csv);
  });

  it('HEAD with a range gives the 206 headers and no body', async () => {
    const res = await get(links.result_url, { range: 'bytes=0-9' }, 'HEAD');
    assert.equal(res.status, 206);
    assert.equal(res.headers['content-length'], '10');
    assert.equal(res.body.length, 0);
  });
});

describe('signed downloads: compression', () => {
  it('gzips the CSV and the report for clients that accept it, with its own ETag and Vary', async () => {
    for (const [url, bytes, column] of [
      [links.result_url, original.csv, 'result_file'],
      [links.report_url, original.html, 'report_file'],
    ] as const) {
      const res = await get(url, { 'accept-encoding': 'br;q=1.0, gzip;q=0.8' });
      assert.equal(res.status, 200);
      assert.equal(res.headers['content-encoding'], 'gzip');
      assert.equal(res.headers.vary, 'Accept-Encoding');
      assert.equal(res.headers.etag, etagOf(await storedFile(column), '-gz'));
      assert.deepEqual(zlib.gunzipSync(res.body), bytes);
      assert.ok(res.body.length < bytes.length, 'smaller than the original');
      const cached = await get(url, { 'accept-encoding': 'gzip', 'if-none-match': res.headers.etag! });
      assert.equal(cached.status, 304);
    }
  });

  it('does not gzip for gzip;q=0, without Accept-Encoding, or the (already zipped) workbook', async () => {
    assert.equal((await get(links.result_url, { 'accept-encoding': 'gzip;q=0, identity' })).headers['content-encoding'], undefined);
    assert.equal((await get(links.result_url)).headers['content-encoding'], undefined);
    const workbook = await get(links.workbook_url, { 'accept-encoding': 'gzip' });
    assert.equal(workbook.status, 200);
    assert.equal(workbook.headers['content-encoding'], undefined);
    assert.deepEqual(workbook.body, original.xlsx);
  });
});

describe('signed downloads: the compressed copy follows the file', () => {
  it('a results file renamed over by one of the same size with an older mtime is sent gzip with its own bytes', async () => {
    // What an artefact stage retaken from a lapsed worker can do: write results.csv.tmp, then rename it over late.
    const file = await storedFile('result_file');
    const first = await get(links.result_url, { 'accept-encoding': 'gzip' });
    assert.deepEqual(zlib.gunzipSync(first.body), original.csv, 'the compressed copy made');
    const replaced = Buffer.from(original.csv.toString('latin1').replace(/site-/g, 'SITE-'), 'latin1');
    assert.equal(replaced.length, original.csv.length);
    const before = fs.statSync(file);
    fs.writeFileSync(`${file}.tmp`, replaced);
    fs.utimesSync(`${file}.tmp`, before.atime, new Date(before.mtimeMs - 60_000));
    fs.renameSync(`${file}.tmp`, file);
    try {
      const res = await get(links.result_url, { 'accept-encoding': 'gzip' });
      assert.equal(res.headers['content-encoding'], 'gzip');
      assert.deepEqual(zlib.gunzipSync(res.body), replaced);
      assert.notEqual(res.headers.etag, first.headers.etag);
      const copies = fs.readdirSync(path.dirname(file)).filter((name) => name.startsWith(`${path.basename(file)}.`));
      assert.equal(copies.length, 1, `one compressed copy, of the current file (${copies.join(', ')})`);
    } finally {
      fs.writeFileSync(file, original.csv);
    }
  });
});

describe('signed downloads: validators name the version', () => {
  it('a results file renamed over by one of the same size within the same millisecond gets new ETags: the old ones get 200 and the new bytes, not 304', async () => {
    const file = await storedFile('result_file');
    const plain = await get(links.result_url);
    const gzip = await get(links.result_url, { 'accept-encoding': 'gzip' });
    const replaced = Buffer.from(original.csv.toString('latin1').replace(/site-/g, 'SITE-'), 'latin1');
    // Half a millisecond into the original's millisecond: size and whole milliseconds alone cannot tell the two apart.
    const before = fs.statSync(file);
    const within = (Math.floor(before.mtimeMs) + 0.5) / 1000;
    fs.writeFileSync(`${file}.new`, replaced);
    fs.utimesSync(`${file}.new`, within, within);
    fs.renameSync(`${file}.new`, file);
    try {
      const now = fs.statSync(file);
      assert.deepEqual([now.size, Math.floor(now.mtimeMs)], [before.size, Math.floor(before.mtimeMs)]);
      const again = await get(links.result_url, { 'if-none-match': plain.headers.etag! });
      assert.equal(again.status, 200);
      assert.equal(again.headers.etag, etagOf(file));
      assert.notEqual(again.headers.etag, plain.headers.etag);
      assert.deepEqual(again.body, replaced);
      const gzipAgain = await get(links.result_url, { 'accept-encoding': 'gzip', 'if-none-match': gzip.headers.etag! });
      assert.equal(gzipAgain.status, 200);
      assert.equal(gzipAgain.headers.etag, etagOf(file, '-gz'));
      assert.deepEqual(zlib.gunzipSync(gzipAgain.body), replaced);
      const range = await get(links.result_url, { range: 'bytes=0-99', 'if-range': plain.headers.etag! });
      assert.equal(range.status, 200, 'If-Range with the old version\'s ETag gets the whole new file');
      assert.deepEqual(range.body, replaced);
    } finally {
      fs.writeFileSync(file, original.csv);
    }
  });
});

describe('signed downloads: one version per answer', () => {
  it('a results file renamed over just before it is opened is answered as the new version throughout: ETag, length, range and bytes', async () => {
    const file = await storedFile('result_file');
    const next = Buffer.concat([original.csv, Buffer.from('40,extra\n')]);
    const openSync = fs.openSync;
    // The rename lands right before the first open of the path: after the old route's stat of it, before the sender's open.
    const renameOverAtOpen = () => {
      fs.writeFileSync(`${file}.new`, next);
      fs.openSync = (target: fs.PathLike, flags: fs.OpenMode, mode?: fs.Mode | null) => {
        if (path.resolve(String(target)) === file) {
          fs.openSync = openSync;
          fs.renameSync(`${file}.new`, file);
        }
        return openSync(target, flags, mode);
      };
    };
    try {
      renameOverAtOpen();
      const whole = await get(links.result_url);
      assert.equal(whole.status, 200);
      assert.deepEqual([whole.headers.etag, whole.headers['content-length']], [etagOf(file), String(next.length)]);
      assert.deepEqual(whole.body, next);
      fs.writeFileSync(file, original.csv);
      renameOverAtOpen();
      const tail = await get(links.result_url, { range: 'bytes=-9' });
      assert.equal(tail.status, 206);
      assert.deepEqual([tail.headers.etag, tail.headers['content-range']], [etagOf(file), `bytes ${next.length - 9}-${next.length - 1}/${next.length}`]);
      assert.equal(tail.body.toString(), '40,extra\n');
    } finally {
      fs.openSync = openSync;
      fs.rmSync(`${file}.new`, { force: true });
      fs.writeFileSync(file, original.csv);
    }
  });
});

describe('signed downloads: a file gone', () => {
  it('an artefact whose file is gone answers 404 not_found, plain or gzip', async () => {
    const file = await storedFile('result_file');
    fs.renameSync(file, `${file}.away`);
    try {
      for (const headers of [{}, { 'accept-encoding': 'gzip' }] as Record<string, string>[]) {
        const res = await get(links.result_url, headers);
        assert.equal(res.status, 404);
        const { error } = JSON.parse(res.body.toString());
        assert.deepEqual([error.code, error.message], ['not_found', 'This artefact is not available.']);
      }
    } finally {
      fs.renameSync(`${file}.away`, file);
    }
  });
});

describe('signed downloads: descriptors', () => {
  it('every answer closes the file it opened: 200, 206, 304, 416, HEAD, gzip', async () => {
    const file = await storedFile('result_file');
    // Descriptors of this process open on the file or its compressed copies (`results.csv.<version>.gz`).
    const openOnFile = () =>
      fs.readdirSync('/proc/self/fd').filter((fd) => {
        try {
          return fs.readlinkSync(`/proc/self/fd/${fd}`).startsWith(file);
        } catch {
          return false; // closed meanwhile
        }
      }).length;
    const etag = (await get(links.result_url)).headers.etag!;
    const gzipEtag = (await get(links.result_url, { 'accept-encoding': 'gzip' })).headers.etag!;
    const answers = await Promise.all([
      get(links.result_url),
      get(links.result_url, { range: 'bytes=0-9' }),
      get(links.result_url, { 'if-none-match': etag }),
      get(links.result_url, { range: `bytes=${original.csv.length}-` }),
      get(links.result_url, {}, 'HEAD'),
      get(links.result_url, { 'accept-encoding': 'gzip' }),
      get(links.result_url, { 'accept-encoding': 'gzip', 'if-none-match': gzipEtag }),
    ]);
    assert.deepEqual(answers.map((a) => a.status), [200, 206, 304, 416, 200, 200, 304]);
    // sendFile closes its descriptor asynchronously once the body is handed over: wait for that, up to a second.
    for (let waited = 0; openOnFile() > 0 && waited < 1000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(openOnFile(), 0);
  });
});
