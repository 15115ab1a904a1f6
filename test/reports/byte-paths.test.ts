import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from '../helpers/harness.js';
import { tempDir } from '../helpers/app.js';
import { rng } from '../helpers/tables.js';
import { IN_DEPTH_HEADER, csvLine, textCell } from '../../src/batch/csv-output.js';
import { countRecords, recordBatches } from '../../src/reports/read/csv-bytes.js';
import { csvRecordBatches } from '../../src/reports/read/csv-records.js';
import { locationGroupBatches, numberOrNull } from '../../src/reports/read/results.js';
import { visitInDepthLines } from '../../src/reports/summary/in-depth-lines.js';
import { canonicalNumber, cellValue, type CellValue } from '../../src/reports/workbook/cells.js';
import { inDepthRowBatches } from '../../src/reports/workbook/in-depth-rows.js';
import { ByteSink } from '../../src/reports/workbook/xml-bytes.js';

/**
 * The byte paths against the string paths they stand in for: the byte
 * reader (read/csv-bytes.ts) against csvRecordBatches, the workbook's in-depth
 * rows against cellValue on the string records, the in-depth report's pass
 * against locationGroupBatches, canonicalNumber against cellValue, and
 * ByteSink.decimal against String().
 */
function write(text: string | Buffer): string {
  const file = path.join(tempDir(), 'results.csv');
  fs.writeFileSync(file, text);
  return file;
}

async function stringRecords(file: string): Promise<string[][]> {
  const out: string[][] = [];
  for await (const batch of csvRecordBatches(file)) out.push(...batch);
  return out;
}

async function byteRecords(file: string): Promise<string[][]> {
  const out: string[][] = [];
  for await (const batch of recordBatches(file)) {
    for (let r = 0; r < batch.count; r++) {
      const fields: string[] = [];
      for (let f = batch.recordFields[r]!; f < batch.recordFields[r + 1]!; f++) fields.push(batch.fieldText(f));
      out.push(fields);
    }
  }
  return out;
}

describe('byte paths agree with the string paths', () => {
  it('the byte reader finds the records and fields the string reader finds, well-formed or not', async () => {
    const long = 'é'.repeat(300_000);
    const texts = [
      'a,b,c\r\n1,"x, y","say ""hi"""\r\n2,"two\r\nlines",\r\n3,,"\'=1+1"\r\n',
      `h\r\n"${long}\n${long}"\r\nend`,
      'x,"",\n"",","\n1,"""q"""\n',
      'no,line,end',
      'trailing\r\n\r',
      '\r\n\r\n,\r\n',
      'a"b,c"\nd,"e"f,g\n"open,\nstill open\n',
      '"unterminated,at end\n',
      'São Paulo,"Zürich, CH",東京\r\n',
      '',
    ];
    for (const text of texts) {
      const file = write(text);
      const expected = await stringRecords(file);
      assert.deepEqual(await byteRecords(file), expected, JSON.stringify(text.slice(0, 80)));
      assert.equal(await countRecords(file), expected.length, JSON.stringify(text.slice(0, 80)));
    }
  });

  it('in-depth rows from bytes hold cellValue of every field, across read chunks', async () => {
    const random = rng(5);
    const numbers = ['0', '-0', '007', '1.50', '1e-7', '1.23457e-7', '0.000001', '0.0000001', '0.00000000000150221', '85.0777', '-80.19', '123456789012345', '12345678901234567', '', 'CAT3'];
    const pick = (list: readonly string[]): string => list[Math.floor(random() * list.length)]!;
    let text = csvLine(IN_DEPTH_HEADER);
    for (let i = 0; i < 40_000; i++) {
      const location = textCell(pick(['Miami', 'Jacksonville "JAX", FL', '=1+1', 'two\nlines', 'São Paulo', '']));
      const cells = [String(Math.floor(i / 7)), location, pick(numbers), pick(numbers), textCell(pick(['HQ', '+1', ''])), '2027-01-01', '', pick(numbers), '23', 'TropicalCyclone', '"CAT0,CAT1"', pick(numbers), pick(numbers), pick(numbers), pick(['success', 'failed'])];
      text += random() < 0.01 ? `${cells.slice(0, 9).join(',')}\r\n` : csvLine(cells);
    }
    const file = write(text);
    const expected = (await stringRecords(file)).slice(1).map((record) => IN_DEPTH_HEADER.map((column, i) => cellValue(column, record[i] ?? '')));
    const rows: CellValue[][] = [];
    for await (const batch of inDepthRowBatches(file)) for (let r = 0; r < batch.length; r++) rows.push([...batch.row(r)]);
    assert.equal(rows.length, expected.length);
    assert.deepEqual(rows, expected);
  });

  it('the in-depth report\'s byte pass sees the locations and lines locationGroupBatches gives', async () => {
    const random = rng(21);
    const pick = (list: readonly string[]): string => list[Math.floor(random() * list.length)]!;
    const perils = [
      { name: 'TropicalCyclone', thresholds: ['CAT0', 'CAT1', 'CAT2'] },
      { name: 'Rain', thresholds: ['10', '25.5', '50'] },
    ];
    const numbers = ['', '5.2', '007', '-0', '1e-7', '0.00000000000150221', 'x', '"3.5"', '""', '12345678901234567890', ' 4 '];
    let text = csvLine(IN_DEPTH_HEADER);
    for (let i = 0; i < 30_000; i++) {
      const index = String(Math.floor(i / 9));
      const cells = [random() < 0.05 ? `"${index}"` : index, textCell(pick(['Miami', 'Jacksonville "JAX", FL', 'two\nlines'])), pick(numbers), pick(numbers), pick(['HQ', '']), '', '', '', '', pick(['TropicalCyclone', 'Rain', '"Rain"', 'Hail', '']), '"CAT0,CAT1"', pick(['CAT0', 'CAT1', 'CAT2', '10', '25.5', '50', '"50"', 'CAT9', '']), pick(numbers), pick(numbers), pick(['success', 'success', 'failed', '"success"'])];
      text += random() < 0.02 ? `${cells.slice(0, 1 + Math.floor(random() * 14)).join(',')}\r\n` : csvLine(cells);
    }
    const file = write(text);
    const perilAt = new Map(perils.map((p, i) => [p.name, i]));
    const expected: unknown[] = [];
    for await (const groups of locationGroupBatches(file, IN_DEPTH_HEADER)) {
      for (const records of groups) {
        const first = records[0]!;
        expected.push(['location', first[0], first[1], first[4], numberOrNull(first[2]), numberOrNull(first[3])]);
        for (const r of records) {
          const p = perilAt.get(r[9]!) ?? -1;
          if (p === -1 || r[14] !== 'success') expected.push(['line', p, false, -1, null, null]);
          else expected.push(['line', p, true, perils[p]!.thresholds.indexOf(r[11]!), numberOrNull(r[12]), numberOrNull(r[13])]);
        }
        expected.push(['end']);
      }
    }
    const seen: unknown[] = [];
    await visitInDepthLines(file, perils, {
      location: (f) => seen.push(['location', f.index, f.location, f.tag, f.latitude, f.longitude]),
      line: (...args) => seen.push(['line', ...args]),
      end: () => seen.push(['end']),
    });
    assert.ok(expected.length > 30_000);
    assert.deepEqual(seen, expected);
  });

  it('canonicalNumber gives a number only where cellValue does, and the same number', () => {
    const random = rng(9);
    const texts = ['0', '-0', '00', '0.0', '1.', '.5', '-', '1e5', '1.50', '007', '0.000001', '0.0000001', '-0.5', '123456789012345', '1234567890123456', '9007199254740993', '+1'];
    for (let i = 0; i < 200_000; i++) {
      if (i % 2 === 0) texts.push(String(Number((random() * 10 ** (Math.floor(random() * 24) - 8)).toPrecision(1 + Math.floor(random() * 17)))));
      else texts.push(Array.from({ length: 1 + Math.floor(random() * 18) }, () => '0123456789.-0'[Math.floor(random() * 13)]).join(''));
    }
    let fast = 0;
    for (const text of texts) {
      const bytes = Buffer.from(text, 'latin1');
      const n = canonicalNumber(bytes, 0, bytes.length);
      if (n === undefined) continue;
      fast++;
      assert.ok(Object.is(n, cellValue('probability', text)), text);
    }
    assert.ok(fast > texts.length / 3, `the fast path took ${fast} of ${texts.length}`);
  });

  it('ByteSink.decimal writes exactly String(n), or declines', () => {
    const random = rng(13);
    const pieces: Buffer[] = [];
    const sink = new ByteSink(64, (piece) => pieces.push(Buffer.from(piece)));
    const text = (n: number): string | null => {
      pieces.length = 0;
      sink.room(40);
      if (!sink.decimal(n)) return null;
      sink.flush();
      return Buffer.concat(pieces).toString('latin1');
    };
    let fast = 0;
    for (let i = 0; i < 200_000; i++) {
      const n = i % 3 === 0 ? Number((random() * 10 ** (Math.floor(random() * 24) - 8)).toPrecision(1 + Math.floor(random() * 17))) : i % 3 === 1 ? -Number((random() * 180).toFixed(1 + Math.floor(random() * 7))) : random() * 1000;
      if (Number.isInteger(n)) continue;
      const written = text(n);
      if (written === null) continue;
      fast++;
      assert.equal(written, String(n));
    }
    assert.ok(fast > 100_000, `the fast path took ${fast}`);
    assert.deepEqual([0.1, 0.000001, 85.0777, -0.5, 12345678901234.5].map(text), ['0.1', '0.000001', '85.0777', '-0.5', '12345678901234.5']);
    assert.deepEqual([9.99999e-7, 0.1234567890123456, 5e-324].map(text), [null, null, null], 'exponents and 16+ digits go to String()');
  });
});
