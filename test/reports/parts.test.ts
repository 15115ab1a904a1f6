import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from '../helpers/harness.js';
import ExcelJS from 'exceljs';
import XlsxPopulate from 'xlsx-populate';
import { tempDir } from '../helpers/app.js';
import { countCsvRecords, csvRecordBatches, parseRecord } from '../../src/reports/read/csv-records.js';
import { escapeHtml, jsonForScript, safeHref } from '../../src/reports/html/escape.js';
import { TopN } from '../../src/reports/summary/top-n.js';
import { CELL_SIZES, MapBins, NO_CLASS } from '../../src/reports/summary/map-bins.js';
import { cellValue } from '../../src/reports/workbook/cells.js';
import { SheetSplitter, rowsWithHeaders } from '../../src/reports/workbook/sheets.js';
import { PopulateWriter } from '../../src/reports/workbook/populate-writer.js';
import { XlsxStreamWriter, columnName, xmlText } from '../../src/reports/workbook/xlsx-stream-writer.js';
import { worldPaths } from '../../src/reports/html/outline-map.js';
import { reportAssets } from '../../src/reports/html/assets.js';
import { bandRanges } from '../../src/reports/html/band-ranges.js';
import { keyThreshold, probabilityBin } from '../../src/reports/summary/in-depth-summary.js';

async function records(text: string): Promise<string[][]> {
  const file = path.join(tempDir(), 'x.csv');
  fs.writeFileSync(file, text);
  const out: string[][] = [];
  for await (const batch of csvRecordBatches(file)) out.push(...batch);
  assert.equal(await countCsvRecords(file), out.length);
  return out;
}

describe('results CSV reader', () => {
  it('reads RFC 4180 records: quotes, doubled quotes, commas and line breaks inside quotes, CRLF', async () => {
    const text = 'a,b,c\r\n1,"x, y","say ""hi"""\r\n2,"two\r\nlines",\r\n3,,"\'=1+1"\r\n';
    assert.deepEqual(await records(text), [
      ['a', 'b', 'c'],
      ['1', 'x, y', 'say "hi"'],
      ['2', 'two\r\nlines', ''],
      ['3', '', "'=1+1"],
    ]);
  });

  it('keeps a last record without a line end, and records that span read chunks', async () => {
    const long = 'x'.repeat(3 << 20);
    assert.deepEqual(await records(`h\r\n"${long}\n${long}"\r\nend`), [['h'], [`${long}\n${long}`], ['end']]);
  });

  it('parses quoted fields anywhere in the record', () => {
    assert.deepEqual(parseRecord('"a""b",c'), ['a"b', 'c']);
    assert.deepEqual(parseRecord('x,"",'), ['x', '', '']);
    assert.deepEqual(parseRecord('"",","'), ['', ',']);
    assert.deepEqual(parseRecord('1,"""q"""'), ['1', '"q"']);
  });

  it('parses a quoted unit list as one field', () => {
    assert.deepEqual(parseRecord('0,,1,2,,d,e,0,23,TropicalCyclone,"CAT0,CAT1",CAT1,5.2,19,success'), ['0', '', '1', '2', '', 'd', 'e', '0', '23', 'TropicalCyclone', 'CAT0,CAT1', 'CAT1', '5.2', '19', 'success']);
  });
});

describe('escaping', () => {
  it('escapes markup characters in text and attributes', () => {
    assert.equal(escapeHtml(`<img src=x onerror="alert('1')">&`), '&lt;img src=x onerror=&quot;alert(&#39;1&#39;)&quot;&gt;&amp;');
  });

  it('inline JSON cannot close its script block and round-trips exactly', () => {
    const value = { tag: '</script><script>alert(2)</script>', comment: '<!-- & -->', separators: 'a\u2028b\u2029c' };
    const json = jsonForScript(value);
    assert.ok(!/[<>&\u2028\u2029]/.test(json), json);
    assert.deepEqual(JSON.parse(json), value);
  });

  it('only service paths and http(s) URLs become links', () => {
    assert.equal(safeHref('/v1/downloads/j/results.csv?expires=1&signature=a'), '/v1/downloads/j/results.csv?expires=1&amp;signature=a');
    assert.equal(safeHref('https://risk.example/v1/x'), 'https://risk.example/v1/x');
    assert.equal(safeHref('javascript:alert(1)'), null);
    assert.equal(safeHref('//evil.example/x'), null);
    assert.equal(safeHref(null), null);
  });
});

describe('summaries', () => {
  it('TopN keeps exactly the best items in order, retaining only items that could still rank', () => {
    let retained = 0;
    const top = new TopN<number>(5, (a, b) => a - b, (v) => (retained++, v));
    const values = Array.from({ length: 1000 }, (_, i) => (i * 7919) % 1000);
    values.forEach((v) => top.add(v));
    assert.deepEqual(top.result(), [0, 1, 2, 3, 4]);
    assert.equal(top.total, 1000);
    assert.ok(retained < 200, `${retained} retained`);
    const descending = new TopN<number>(3, (a, b) => b - a);
    [5, 1, 9, 9, 2, 7, 8, 3, 10, 4].forEach((v) => descending.add(v));
    assert.deepEqual(descending.result(), [10, 9, 9]);
  });

  it('map bins stay under the cap, keep every location and the riskiest class', () => {
    const bins = new MapBins(2, 200);
    let n = 0;
    for (let lat = -40; lat < 40; lat += 0.7) {
      for (let lon = -100; lon < 100; lon += 0.9) {
        bins.add(lat, lon, [n === 1234 ? 0 : 5, NO_CLASS], `#${n}`);
        n++;
      }
    }
    const points = bins.result();
    assert.ok(points.lat.length <= 200, `${points.lat.length} points`);
    assert.ok(points.cell > 0 && (CELL_SIZES as readonly number[]).includes(points.cell));
    assert.equal(points.count.reduce((a, b) => a + b, 0), n);
    assert.equal(points.located, n);
    assert.equal([...points.layers[0]!].filter((c) => c === '0').length, 1, 'the one Extreme location keeps its class');
    assert.ok([...points.layers[1]!].every((c) => c === String(NO_CLASS)));
    assert.ok(points.label.every((l, i) => (points.count[i] === 1) === (l !== null)));
  });

  it('exact positions below the cap: one point per distinct coordinate, with its label', () => {
    const bins = new MapBins(1, 100);
    bins.add(1, 2, [3], '#0 a');
    bins.add(1, 2, [1], '#1 b');
    bins.add(5, 6, [4], '#2 c');
    const points = bins.result();
    assert.equal(points.cell, 0);
    assert.deepEqual(points.count, [2, 1]);
    assert.deepEqual(points.layers, ['14']);
    assert.deepEqual(points.label, [null, '#2 c']);
  });

  it('key thresholds and probability bins', () => {
    assert.equal(keyThreshold('TropicalCyclone'), 3, 'the Lite threshold CAT3');
    assert.equal(keyThreshold('Tornado'), 3, 'no Lite threshold: the middle one');
    assert.deepEqual([0, 0.05, 0.1, 0.99, 1, 4.9, 5, 10, 25, 50, 100].map(probabilityBin), [0, 0, 1, 1, 2, 2, 3, 4, 5, 6, 6]);
  });

  it('band legends follow the band table', () => {
    assert.deepEqual(bandRanges('return_period'), ['≤ 10 years', '11–25 years', '26–50 years', '51–100 years', '101–250 years', '> 250 years']);
    assert.equal(bandRanges('globally_relative')[0], '≥ 99th percentile');
    assert.equal(bandRanges('globally_relative')[5], '< 50th percentile');
  });
});

describe('report assets', () => {
  it('world map paths are small and built from the installed world-atlas', () => {
    const world = worldPaths();
    assert.ok(world.land.startsWith('M') && world.land.length > 10_000 && world.land.length < 60_000, `${world.land.length} chars`);
    assert.ok(world.borders.length > 5_000 && world.borders.length < 40_000, `${world.borders.length} chars`);
    assert.ok(!/[^MLlzZ0-9 \-]/.test(world.land), 'only path commands and integers');
  });

  it('client script and styles load, with band colours from the band table', () => {
    const assets = reportAssets();
    assert.match(assets.style, /\.b0 \{ fill: #b2182b; \}/);
    assert.match(assets.scriptHash, /^'sha256-[A-Za-z0-9+/]+=*'$/);
    assert.ok(!assets.script.includes('innerHTML'), 'the client writes text, never markup');
  });
});

describe('workbook cells and sheets', () => {
  it('numeric columns hold numbers only when the text is a canonical number; everything else is text', () => {
    assert.equal(cellValue('probability', '1.23457e-7'), 1.23457e-7);
    assert.equal(cellValue('latitude', '-80.19'), -80.19);
    assert.equal(cellValue('threshold', 'CAT3'), 'CAT3');
    assert.equal(cellValue('threshold', '0.5'), 0.5);
    assert.equal(cellValue('index', '007'), '007', 'non-canonical text stays text, so it reads back unchanged');
    assert.equal(cellValue('location', '12345'), '12345');
    assert.equal(cellValue('start_date', '2027-01-01'), '2027-01-01');
    assert.equal(cellValue('tag', "'=1+1"), "'=1+1");
    assert.equal(cellValue('score', ''), null);
  });

  it('splits at the row limit with a header on every numbered sheet', async () => {
    const added: { sheet: string; rows: unknown[][] }[] = [];
    const writer = {
      addSheet: (name: string) => added.push({ sheet: name, rows: [] }),
      addRow: (values: readonly unknown[]) => added[added.length - 1]!.rows.push([...values]),
      drain: async () => {},
      finish: async () => {},
      abort: async () => {},
    };
    const sheets = new SheetSplitter(writer, ['h'], 3);
    for (let i = 0; i < 5; i++) sheets.add([i]);
    await sheets.finish();
    assert.deepEqual(added, [
      { sheet: 'Results 1', rows: [['h'], [0], [1]] },
      { sheet: 'Results 2', rows: [['h'], [2], [3]] },
      { sheet: 'Results 3', rows: [['h'], [4]] },
    ]);
    assert.equal(rowsWithHeaders(5, 3), 8);
    assert.equal(rowsWithHeaders(0), 1);
    assert.throws(() => new SheetSplitter(writer, ['h'], 1));
  });

  it('both writers store =, +, -, @ text as strings and numbers as numbers', async () => {
    const dir = tempDir();
    const row = ['=1+1', '+1', '-1', '@SUM(A1)', 42, null, '12345'];
    for (const [file, writer] of [['p.xlsx', new PopulateWriter(path.join(dir, 'p.xlsx'))], ['s.xlsx', new XlsxStreamWriter(path.join(dir, 's.xlsx'))]] as const) {
      writer.addSheet('Results 1');
      writer.addRow(row);
      await writer.finish();
      // xlsx-populate reads any canonical-number text back as a number, so it
      // checks values as text and formulas; exceljs reads the stored cell types.
      const sheet = (await XlsxPopulate.fromFileAsync(path.join(dir, file))).sheet('Results 1');
      for (let c = 1; c <= row.length; c++) assert.equal(sheet.cell(1, c).formula(), undefined, `${file} column ${c} is not a formula`);
      assert.deepEqual(row.map((_, c) => String(sheet.cell(1, c + 1).value() ?? '')), ['=1+1', '+1', '-1', '@SUM(A1)', '42', '', '12345'], file);
      const book = new ExcelJS.Workbook();
      await book.xlsx.readFile(path.join(dir, file));
      const types = row.map((_, c) => book.getWorksheet('Results 1')!.getRow(1).getCell(c + 1).type);
      const { String: S, Number: N, Null: E } = ExcelJS.ValueType;
      assert.deepEqual(types, [S, S, S, S, N, E, S], file);
    }
  });

  it('the streaming writer names columns and escapes text the way SpreadsheetML needs', () => {
    assert.deepEqual([0, 25, 26, 51, 52, 701, 702].map(columnName), ['A', 'Z', 'AA', 'AZ', 'BA', 'ZZ', 'AAA']);
    assert.equal(xmlText('a<b & "c">'), 'a&lt;b &amp; &quot;c&quot;&gt;');
    assert.equal(xmlText('bell\u0007 tab\t'), 'bell_x0007_ tab\t');
    assert.equal(xmlText('literal _x0041_'), 'literal _x005F_x0041_');
  });

  it('streaming and in-memory writers give the same cells across split sheets, with a well-formed zip', async () => {
    const dir = tempDir();
    const rows: (string | number | null)[][] = Array.from({ length: 40 }, (_, i) => [i, `place ${i % 7}`, i / 3, i % 5 === 0 ? null : 'São Paulo <&>', '2027-01-01']);
    const files: string[] = [];
    for (const [file, writer] of [['p.xlsx', new PopulateWriter(path.join(dir, 'p.xlsx'))], ['s.xlsx', new XlsxStreamWriter(path.join(dir, 's.xlsx'))]] as const) {
      const sheets = new SheetSplitter(writer, ['index', 'location', 'value', 'note', 'date'], 15);
      for (const row of rows) sheets.add(row);
      await sheets.finish();
      files.push(path.join(dir, file));
    }
    const read = async (file: string) => (await XlsxPopulate.fromFileAsync(file)).sheets().map((s) => [s.name(), s.usedRange()!.value()]);
    const [populate, streaming] = await Promise.all(files.map(read));
    assert.equal(streaming!.length, 3);
    assert.deepEqual(streaming, populate);
  });
});
