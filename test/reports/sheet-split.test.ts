import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { pino } from 'pino';
import { after, before, describe, it } from '../helpers/harness.js';
import { tempDir } from '../helpers/app.js';
import { IN_DEPTH_HEADER, csvLine } from '../../src/batch/csv-output.js';
import type { JobRecord } from '../../src/store/records.js';
import { loadConfig } from '../../src/config.js';
import { createArtefactBuilder } from '../../src/reports/index.js';
import type { CellValue } from '../../src/reports/workbook/cells.js';
import { rowsWithHeaders, SheetSplitter } from '../../src/reports/workbook/sheets.js';
import type { OpenWriter, WorkbookWriter, WriterKind } from '../../src/reports/workbook/writer.js';

/**
 * Spec, Batch job status object rule 4: the workbook "is split across numbered worksheets at the
 * spreadsheet row limit". The spreadsheet (Excel) row limit is 1,048,576 rows per sheet; with a
 * header on every sheet (docs/reports.md), a sheet holds 1,048,575 data rows and the next row starts
 * the next sheet with its own header. These tests use the DEFAULT limit, never a lowered one, and
 * count rows through a recording writer instead of writing a million-row XLSX.
 */
const EXCEL_ROW_LIMIT = 1_048_576; // rows per worksheet, header included (literal, not imported)
const DATA_ROWS_PER_SHEET = EXCEL_ROW_LIMIT - 1;

interface SheetRecord {
  name: string;
  rows: number;
  first: CellValue[] | null;
  second: CellValue[] | null;
  last: CellValue[] | null;
}

/**
 * A WorkbookWriter that keeps, per sheet, its name, its row count and its first, second and last rows;
 * given a file, it leaves an empty placeholder there when finished (the builder renames it into place).
 */
function recordingWriter(file: string | null = null): { writer: WorkbookWriter; sheets: SheetRecord[]; finished: () => boolean } {
  const sheets: SheetRecord[] = [];
  let finished = false;
  const writer: WorkbookWriter = {
    addSheet: (name) => void sheets.push({ name, rows: 0, first: null, second: null, last: null }),
    addRow: (values) => {
      const sheet = sheets[sheets.length - 1];
      assert.ok(sheet, 'a row before any sheet');
      const row = [...values];
      sheet.rows++;
      if (sheet.rows === 1) sheet.first = row;
      if (sheet.rows === 2) sheet.second = row;
      sheet.last = row;
    },
    drain: async () => {},
    finish: async () => {
      if (file !== null) fs.writeFileSync(file, '');
      finished = true;
    },
    abort: async () => {},
  };
  return { writer, sheets, finished: () => finished };
}

describe('SheetSplitter at the default limit', () => {
  it('1,048,575 data rows fit on "Results 1" under its header; the next row starts "Results 2" with a header', async () => {
    const header = ['index', 'value'];
    const { writer, sheets, finished } = recordingWriter();
    const splitter = new SheetSplitter(writer, header); // default sheetRows
    for (let i = 0; i < DATA_ROWS_PER_SHEET; i++) splitter.add([i, 'v']);
    assert.equal(splitter.sheetCount, 1);
    assert.deepEqual(sheets.map((s) => [s.name, s.rows]), [['Results 1', EXCEL_ROW_LIMIT]], 'exactly full: header + 1,048,575 data rows');
    splitter.add([DATA_ROWS_PER_SHEET, 'v']);
    await splitter.finish();
    assert.equal(finished(), true);
    assert.equal(splitter.sheetCount, 2);
    assert.deepEqual(sheets, [
      { name: 'Results 1', rows: EXCEL_ROW_LIMIT, first: header, second: [0, 'v'], last: [DATA_ROWS_PER_SHEET - 1, 'v'] },
      { name: 'Results 2', rows: 2, first: header, second: [DATA_ROWS_PER_SHEET, 'v'], last: [DATA_ROWS_PER_SHEET, 'v'] },
    ]);
  });

  it('rowsWithHeaders counts one header per sheet at the default limit', () => {
    assert.equal(rowsWithHeaders(DATA_ROWS_PER_SHEET), EXCEL_ROW_LIMIT);
    assert.equal(rowsWithHeaders(DATA_ROWS_PER_SHEET + 1), EXCEL_ROW_LIMIT + 2);
    assert.equal(rowsWithHeaders(2 * DATA_ROWS_PER_SHEET), 2 * EXCEL_ROW_LIMIT);
    assert.equal(rowsWithHeaders(2 * DATA_ROWS_PER_SHEET + 1), 2 * EXCEL_ROW_LIMIT + 1 + 1);
  });
});

describe('the artefact builder splits a real results CSV at the default limit', () => {
  let dir: string;
  let results: string;
  const DATA_ROWS = DATA_ROWS_PER_SHEET + 1;

  before(() => {
    dir = tempDir();
    results = path.join(dir, 'results.csv');
    // A well-formed in-depth results CSV (the processor's header and line ends), one line per data row.
    const fd = fs.openSync(results, 'w');
    try {
      fs.writeSync(fd, csvLine(IN_DEPTH_HEADER));
      const BLOCK = 50_000;
      for (let from = 0; from < DATA_ROWS; from += BLOCK) {
        let text = '';
        for (let i = from; i < Math.min(DATA_ROWS, from + BLOCK); i++) text += `${i},,10,20,,2027-01-01,2027-12-31,0,23,Rain,mm,10,1.5,66,success\r\n`;
        fs.writeSync(fd, text);
      }
    } finally {
      fs.closeSync(fd);
    }
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('createArtefactBuilder with no sheet override: 1,048,575 rows on sheet 1, row 1,048,576 on sheet 2 under a header', async () => {
    let recorded: ReturnType<typeof recordingWriter> | null = null;
    const kinds: WriterKind[] = [];
    const openWriter: OpenWriter = (file, kind) => {
      kinds.push(kind);
      recorded = recordingWriter(file);
      return recorded.writer;
    };
    // Defaults only (an empty environment): the builder picks its own sheet limit.
    const config = loadConfig({ dataDir: dir }, {});
    const builder = createArtefactBuilder({ config, log: pino({ level: 'silent' }), workbook: { openWriter } });
    const job: JobRecord = {
      id: 'job_sheetsplit', owner: 'o', key_id: 'k', kind: 'in_depth', file_id: 'file_x', options: JSON.stringify({ perils: ['Rain'] }),
      idempotency_key: 'i', submission: '{}', submission_date: '2026-11-23', status: 'running', attempt: 1, processed_rows: DATA_ROWS,
      total_rows: DATA_ROWS, building_artefacts: 1, error: null, lease_owner: 'w', lease_expires_at: null, submitted_at: 0, started_at: 0,
      finished_at: null, result_file: null, report_file: null, workbook_file: null, links_expire_at: null,
      results_bytes: null, failures_bytes: null, purged_at: null, chunk_rows: null, tables_fingerprint: null,
    };
    const file = await builder.workbook(job, { results, failures: path.join(dir, 'failures.jsonl'), dir, filename: null, workbook: null, links: { results: '/r', workbook: null, expiresAt: 0 } });
    assert.equal(file, path.join(dir, 'workbook.xlsx'));
    assert.equal(kinds.length, 1, 'one writer opened');
    const { sheets, finished } = recorded!;
    assert.equal(finished(), true);
    const header = [...IN_DEPTH_HEADER];
    const line = (i: number): CellValue[] => [i, null, 10, 20, null, '2027-01-01', '2027-12-31', 0, 23, 'Rain', 'mm', 10, 1.5, 66, 'success'];
    assert.deepEqual(sheets, [
      { name: 'Results 1', rows: EXCEL_ROW_LIMIT, first: header, second: line(0), last: line(DATA_ROWS_PER_SHEET - 1) },
      { name: 'Results 2', rows: 2, first: header, second: line(DATA_ROWS_PER_SHEET), last: line(DATA_ROWS_PER_SHEET) },
    ]);
  });
});
