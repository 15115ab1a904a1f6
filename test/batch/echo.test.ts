import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from '../helpers/harness.js';
import { call, startTestApp, tempDir, type TestApp } from '../helpers/app.js';
import { upload, waitForJob } from '../helpers/batch.js';
import { writeFixtureTables } from '../helpers/fixture-tables.js';

/**
 * What a user sends comes back as sent (issue 30, items 2, 8 and 11), read by
 * independent readers: Python's csv module for the results CSV, and Python's
 * zipfile and ElementTree (a strict XML parser) for every part of the
 * workbook, from both workbook writers.
 *   - A stray quote in an unquoted field is a character (`6" main`, an inch
 *     mark), not the start of a quoted field that swallows the next rows; an
 *     unclosed quote is a 400 naming its line.
 *   - Echoed tags that are numbers (`-1001`, `+44`, coordinates) are not
 *     guarded; formula text still is.
 *   - Control characters in a tag make no workbook ill-formed.
 */
const TAGS = ['6" main', '-1001', '+44', '-33.8688, -151.2093', '=cmd', 'nul\u0000 soh\u0001 vt\u000b esc\u001b', '_x0041_ literal'];
/** The CSV text of each tag as an Excel user would save it: quoted only when it holds a comma or a line break. */
const field = (tag: string): string => (/[,\r\n]/.test(tag) ? `"${tag.replace(/"/g, '""')}"` : tag);
const SCHEDULE = `location,latitude,longitude,tag\r\n${TAGS.map((tag, i) => `,${25.77 + i / 100},-80.19,${field(tag)}`).join('\r\n')}\r\n`;

let t: TestApp;
let key: string;

before(async () => {
  const dir = tempDir();
  writeFixtureTables(path.join(dir, 'tables'));
  // Streaming workbooks from 2 rows: the small job below is written by xlsx-populate, this one by the streaming writer.
  t = await startTestApp({ dataDir: dir, tablesDir: path.join(dir, 'tables'), workbookStreamingRows: 40 });
  key = await t.key();
});
after(() => t.close());

/** Python's reading of a CSV file: its records. */
function pythonCsv(file: string): string[][] {
  const script = 'import csv, json, sys\nwith open(sys.argv[1], newline="", encoding="utf-8") as f: json.dump(list(csv.reader(f)), sys.stdout)';
  return JSON.parse(execFileSync('python3', ['-c', script, file], { encoding: 'utf8' }));
}

/** Every XML part of a workbook parsed strictly (ElementTree); the shared strings with OOXML's `_xHHHH_` escapes decoded. */
function pythonWorkbookStrings(file: string): string[] {
  const script = `
import json, re, sys, zipfile
import xml.etree.ElementTree as ET
NS = '{http://schemas.openxmlformats.org/spreadsheetml/2006/main}'
strings = []
with zipfile.ZipFile(sys.argv[1]) as z:
    for name in z.namelist():
        if name.endswith('.xml') or name.endswith('.rels'):
            root = ET.fromstring(z.read(name))  # raises on ill-formed XML
            if name == 'xl/sharedStrings.xml':
                for si in root.iter(NS + 'si'):
                    text = ''.join(t.text or '' for t in si.iter(NS + 't'))
                    strings.append(re.sub(r'_x([0-9A-Fa-f]{4})_', lambda m: chr(int(m.group(1), 16)), text))
json.dump(strings, sys.stdout)
`;
  return JSON.parse(execFileSync('python3', ['-c', script, file], { encoding: 'utf8' }));
}

async function runLite(schedule: string) {
  const file = await upload(t.url, key, schedule, { route: 'lite' });
  assert.equal(file.status, 200, JSON.stringify(file.body));
  const job = await call(`${t.url}/v1/lite/batch`, { method: 'POST', key, json: { file_id: file.body.file_id } });
  assert.equal(job.status, 200, JSON.stringify(job.body));
  const status = await waitForJob(t.url, key, 'lite', job.body.job_id);
  assert.equal(status.status, 'complete', JSON.stringify(status));
  return { status, dir: path.join(t.dataDir, 'jobs', job.body.job_id) };
}

describe('echoed text through a batch', () => {
  it('runs the inch-mark schedule as three rows, echoing `6" main` exactly', async () => {
    const schedule = 'location,latitude,longitude,tag\n,25.77,-80.19,6" main\n,25.78,-80.19,b\n,25.79,-80.19,c\n';
    const { status, dir } = await runLite(schedule);
    assert.equal(status.total_rows, 3);
    assert.equal(status.processed_rows, 3);
    const records = pythonCsv(path.join(dir, 'results.csv'));
    assert.deepEqual([...new Set(records.slice(1).map((r) => r[4]))], ['6" main', 'b', 'c']);
  });

  it('refuses an unclosed quote with 400 csv_invalid naming the line, and keeps nothing', async () => {
    const before = fs.readdirSync(t.app.paths.uploads).length;
    const res = await upload(t.url, key, 'location,tag\r\nParis,a\r\n"London,b\r\nRome,c\r\n');
    assert.equal(res.status, 400);
    assert.equal(res.body.error.code, 'csv_invalid');
    assert.equal(res.body.error.field, 'file');
    assert.match(res.body.error.message, /^file: line 3: a quoted field opens here and is never closed/);
    assert.equal(fs.readdirSync(t.app.paths.uploads).length, before);
  });

  for (const [writer, copies] of [
    ['xlsx-populate', 1],
    ['streaming', 6],
  ] as const) {
    it(`echoes numbers as sent, guards formula text, and writes a well-formed workbook (${writer} writer)`, async () => {
      const rows = Array.from({ length: copies }, () => SCHEDULE.split('\r\n').slice(1, -1)).flat();
      const { status, dir } = await runLite(`location,latitude,longitude,tag\r\n${rows.join('\r\n')}\r\n`);
      assert.equal(status.total_rows, TAGS.length * copies);
      const expected = TAGS.map((tag) => (tag === '=cmd' ? "'=cmd" : tag));
      const records = pythonCsv(path.join(dir, 'results.csv'));
      assert.deepEqual([...new Set(records.slice(1).map((r) => r[4]))], expected);
      assert.ok(status.workbook_url, 'the workbook was built');
      const strings = pythonWorkbookStrings(path.join(dir, 'workbook.xlsx'));
      for (const tag of expected) assert.ok(strings.includes(tag), `workbook shared strings hold ${JSON.stringify(tag)}`);
    });
  }
});
