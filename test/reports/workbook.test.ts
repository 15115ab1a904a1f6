import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from '../helpers/harness.js';
import ExcelJS from 'exceljs';
import XlsxPopulate from 'xlsx-populate';
import { startTestApp, tempDir, type TestApp } from '../helpers/app.js';
import { toCsv } from '../helpers/batch.js';
import { writeFixtureTables } from '../helpers/fixture-tables.js';
import { PERIL_NAMES, perilDef } from '../../src/engine/perils.js';
import type { ArtefactBuilder } from '../../src/batch/artefacts.js';
import type { Config } from '../../src/config.js';
import { createArtefactBuilder, openWorkbookWriter, type ArtefactBuilderDeps } from '../../src/reports/index.js';
import type { OpenWriter } from '../../src/reports/workbook/writer.js';
import { runJob } from './jobs.js';

/**
 * Workbooks of real jobs, read back with xlsx-populate and compared cell by
 * cell with the results CSV; cell types checked with exceljs's reader
 * (xlsx-populate reads any number-like text back as a number).
 */
const CLOCK = Date.UTC(2026, 10, 23, 12, 0);
const NUMERIC = new Set(['index', 'latitude', 'longitude', 'start_hour', 'end_hour', 'threshold', 'probability', 'return_period', 'score']);
const LITE_PERILS = PERIL_NAMES.filter((p) => perilDef(p).lite !== null && p !== 'FloodLivePlus');
const SCHEDULE = toCsv(
  ['location', 'latitude', 'longitude', 'tag', 'start_date', 'end_date', 'start_hour', 'end_hour'],
  [
    ['Miami office', 25.76, -80.19, 'HQ', '2027-01-01', '2027-12-31', null, null],
    ['=1+1', 43.65, -79.38, '+1', null, null, 9, 17],
    [null, 51.5, -0.12, '-1', null, null, null, null],
    ['Qwxzv Plorkville', null, null, '@SUM(A1)', null, null, null, null],
    ['Jacksonville "JAX", FL', 30.3, -81.6, '12345', null, null, null, null],
  ],
);

let t: TestApp;
let key: string;
let builder: ArtefactBuilder;
/** The app's artefacts delegate here, so each test can pick its builder. */
function useBuilder(config: Partial<Config> = {}, workbook: ArtefactBuilderDeps['workbook'] = {}, clock?: () => number): void {
  builder = createArtefactBuilder({ config: { ...t.app.config, ...config }, log: t.app.log, workbook, clock });
}

before(async () => {
  const dir = tempDir();
  writeFixtureTables(path.join(dir, 'tables'));
  const delegate: ArtefactBuilder = { workbook: (job, inputs) => builder.workbook(job, inputs), report: (job, inputs) => builder.report(job, inputs) };
  t = await startTestApp({ dataDir: dir, tablesDir: path.join(dir, 'tables') }, { clock: () => CLOCK, artefacts: delegate });
  key = await t.key();
});
after(() => t.close());

/** Every sheet's rows as text ('' for empty), sheet names checked. */
async function readSheets(file: string): Promise<{ names: string[]; rows: string[][][] }> {
  const book = await XlsxPopulate.fromFileAsync(file);
  const sheets = book.sheets();
  return {
    names: sheets.map((s) => s.name()),
    rows: sheets.map((sheet) => {
      const used = sheet.usedRange();
      return (used ? used.value() : []).map((row) => row.map((v) => (v === undefined || v === null ? '' : String(v))));
    }),
  };
}

/** No formula anywhere; numeric columns hold numbers exactly when the CSV text is a canonical number. */
async function checkTypes(file: string): Promise<void> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(file);
  book.eachSheet((sheet) => {
    const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    sheet.eachRow((row, r) => {
      row.eachCell({ includeEmpty: false }, (cell, c) => {
        assert.notEqual(cell.type, ExcelJS.ValueType.Formula, `${sheet.name}!${cell.address} is a formula`);
        const column = header[c - 1]!.split(' ').pop()!;
        const text = String(cell.value);
        const numeric = r > 1 && NUMERIC.has(column) && String(Number(text)) === text;
        assert.equal(cell.type, numeric ? ExcelJS.ValueType.Number : ExcelJS.ValueType.String, `${sheet.name}!${cell.address} "${text}"`);
      });
    });
  });
}

/** The Lite pivot computed from the CSV: a row per index, score/band/status per peril. */
function expectedLite(csv: string[][]): string[][] {
  const header = csv[0]!;
  const col = (name: string) => header.indexOf(name);
  const rows = new Map<string, string[]>();
  for (const r of csv.slice(1)) {
    const row = rows.get(r[0]!) ?? [...r.slice(0, 9), ...LITE_PERILS.flatMap(() => ['', '', ''])];
    rows.set(r[0]!, row);
    const p = LITE_PERILS.indexOf(r[col('peril')] as (typeof LITE_PERILS)[number]);
    if (r[col('peril')] === '') LITE_PERILS.forEach((_, i) => (row[9 + i * 3 + 2] = r[col('status')]!));
    else row.splice(9 + p * 3, 3, r[col('score')]!, r[col('band')]!, r[col('status')]!);
  }
  return [[...header.slice(0, 9), ...LITE_PERILS.flatMap((p) => [`${p} score`, `${p} band`, `${p} status`])], ...rows.values()];
}

describe('workbooks of real jobs', () => {
  it('Lite: one row per location, score/band/status grouped by peril, every cell equal to the CSV', async () => {
    useBuilder();
    const job = await runJob(t, key, 'lite', SCHEDULE);
    assert.ok(job.status.workbook_url);
    const download = await fetch(job.status.workbook_url);
    assert.equal(download.status, 200);
    const { names, rows } = await readSheets(job.workbook);
    assert.deepEqual(names, ['Results 1']);
    assert.deepEqual(rows[0], expectedLite(job.csv));
    await checkTypes(job.workbook);
  });

  it('the artefacts are owner-only (0600) like every file in the data dir: results, report and workbook (both writers)', async () => {
    const mode = (file: string): string => (fs.statSync(file).mode & 0o777).toString(8);
    for (const streaming of [false, true]) {
      useBuilder({ workbookStreamingRows: streaming ? 0 : 1_000_000 });
      const job = await runJob(t, key, 'lite', SCHEDULE);
      for (const file of [path.join(job.dir, 'results.csv'), job.report, job.workbook]) assert.equal(mode(file), '600', `${path.basename(file)} (streaming writer: ${streaming})`);
    }
  });

  it('in-depth: the long-form threshold rows, every cell equal to the CSV; echoed formula text stays text', async () => {
    useBuilder();
    const job = await runJob(t, key, 'in-depth', SCHEDULE, { perils: ['TropicalCyclone', 'Earthquake', 'Rain'] });
    const { names, rows } = await readSheets(job.workbook);
    assert.deepEqual(names, ['Results 1']);
    assert.deepEqual(rows[0], job.csv);
    const locations = new Set(rows[0]!.slice(1).map((r) => r[1]));
    const tags = new Set(rows[0]!.slice(1).map((r) => r[4]));
    assert.ok(locations.has("'=1+1") && tags.has("'@SUM(A1)"), 'the CSV’s guarded text, kept exactly');
    assert.ok(tags.has('+1') && tags.has('-1'), 'numbers are echoed as sent, unguarded');
    await checkTypes(job.workbook);
  });

  for (const writer of ['populate', 'streaming'] as const) {
    it(`splits at a lowered row limit with a header on every numbered sheet (${writer} writer)`, async () => {
      useBuilder({ workbookStreamingRows: writer === 'streaming' ? 0 : 1_000_000 }, { sheetRows: 25 });
      const job = await runJob(t, key, 'in-depth', SCHEDULE, { perils: ['TropicalCyclone', 'Earthquake'] });
      const { names, rows } = await readSheets(job.workbook);
      const dataRows = job.csv.length - 1;
      assert.equal(names.length, Math.ceil(dataRows / 24));
      assert.deepEqual(names, names.map((_, i) => `Results ${i + 1}`));
      rows.forEach((sheet, i) => {
        assert.deepEqual(sheet[0], job.csv[0], `sheet ${i + 1} starts with the header`);
        assert.ok(sheet.length <= 25);
      });
      assert.deepEqual(rows.flatMap((sheet) => sheet.slice(1)), job.csv.slice(1));
      await checkTypes(job.workbook);
    });
  }
});

describe('workbook safety limits and failures', () => {
  async function expectNoWorkbook(options: { config?: Partial<Config>; workbook?: ArtefactBuilderDeps['workbook']; clock?: () => number; schedule?: string }): Promise<void> {
    useBuilder(options.config, options.workbook, options.clock);
    const job = await runJob(t, key, 'in-depth', options.schedule ?? SCHEDULE, { perils: ['TropicalCyclone', 'Earthquake'] });
    assert.equal(job.status.status, 'complete');
    assert.equal(job.status.workbook_url, null);
    assert.ok(job.status.report_url, 'the report is still built');
    assert.ok(fs.existsSync(job.report));
    assert.match(fs.readFileSync(job.report, 'utf8'), /id="no-workbook"/);
    assert.deepEqual(fs.readdirSync(job.dir).filter((f) => f.startsWith('workbook')), [], 'no workbook or temporary file left');
  }

  it('a writer that fails leaves the job complete, workbook_url null and the report present', async () => {
    await expectNoWorkbook({
      workbook: {
        openWriter: (file, kind) => {
          const real = openWorkbookWriter(file, kind);
          return { ...real, addSheet: (n) => real.addSheet(n), addRow: () => { throw new Error('disk full'); }, drain: () => real.drain(), finish: () => real.finish(), abort: () => real.abort() };
        },
      },
    });
  });

  it('HAZRISK_WORKBOOK_MAX_ROWS=0 turns workbooks off', async () => {
    await expectNoWorkbook({ config: { workbookMaxRows: 0 } });
  });

  it('a job over HAZRISK_WORKBOOK_MAX_ROWS gets no workbook', async () => {
    await expectNoWorkbook({ config: { workbookMaxRows: 10 } });
  });

  it('a workbook over HAZRISK_WORKBOOK_MAX_SECONDS is abandoned mid-write (streaming writer)', async () => {
    // 60 rows × 22 thresholds: past the first deadline check at 1,000 rows.
    const schedule = toCsv(['latitude', 'longitude'], Array.from({ length: 60 }, (_, i) => [-30 + i, 10 + i]));
    let now = 0;
    const seen = { kind: '', rows: 0, aborted: false };
    const openWriter: OpenWriter = (file, kind) => {
      const real = openWorkbookWriter(file, kind);
      seen.kind = kind;
      return { ...real, addSheet: (n) => real.addSheet(n), addRow: (v) => (seen.rows++, real.addRow(v)), drain: () => real.drain(), finish: () => real.finish(), abort: () => ((seen.aborted = true), real.abort()) };
    };
    await expectNoWorkbook({ config: { workbookMaxSeconds: 1, workbookStreamingRows: 0 }, workbook: { openWriter }, clock: () => (now += 2000), schedule });
    assert.deepEqual(seen, { kind: 'streaming', rows: 1001, aborted: true }, 'header + 1,000 rows written, then abandoned');
  });
});
