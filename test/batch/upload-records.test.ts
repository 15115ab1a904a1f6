import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { describe, it } from '../helpers/harness.js';
import { rng } from '../helpers/tables.js';
import { CsvRecordReader } from '../../src/batch/upload-records.js';
import { HttpError } from '../../src/errors.js';

/**
 * The upload CSV reader against Python's csv module (the oracle: issue 30
 * names it, with Excel, as reading the audit's files row for row). Random
 * texts over an alphabet rich in quotes, separators and line ends, each fed to
 * our reader in random chunks: the records must equal Python's. Where
 * Python's strict reader reports "unexpected end of data", ours must refuse
 * the text; where ours refuses, Python's strict reader must fail too (it may
 * stop earlier, at a character after a closing quote), and the text with a
 * closing quote added must read as Python reads it.
 */
const ALPHABET = ['a', 'b', ',', '"', '"', '\n', '\r', '\r\n', ' ', 'é', '😀'];
const CASES = 600;

function randomTexts(seed: number): string[] {
  const random = rng(seed);
  return Array.from({ length: CASES }, () => Array.from({ length: Math.floor(random() * 30) }, () => ALPHABET[Math.floor(random() * ALPHABET.length)]!).join(''));
}

/** Python's records for each text (non-strict), and what its strict reader says: ok, an unclosed quote, or another error. */
function pythonRecords(texts: string[]): { records: string[][]; strict: 'ok' | 'unclosed' | 'error' }[] {
  const script = `
import csv, io, json, sys
out = []
for text in json.load(sys.stdin):
    records = list(csv.reader(io.StringIO(text, newline='')))
    try:
        list(csv.reader(io.StringIO(text, newline=''), strict=True))
        strict = 'ok'
    except csv.Error as e:
        strict = 'unclosed' if 'unexpected end of data' in str(e) else 'error'
    out.append({'records': records, 'strict': strict})
json.dump(out, sys.stdout)
`;
  return JSON.parse(execFileSync('python3', ['-c', script], { input: JSON.stringify(texts), encoding: 'utf8', maxBuffer: 64 << 20 }));
}

function ours(text: string, random: () => number): string[][] | 'unclosed' {
  const reader = new CsvRecordReader();
  const records: string[][] = [];
  for (let at = 0; at < text.length; ) {
    const size = 1 + Math.floor(random() * 6);
    records.push(...reader.push(text.slice(at, at + size)));
    at += size;
  }
  try {
    records.push(...reader.end());
  } catch (err) {
    assert.ok(err instanceof HttpError && err.code === 'csv_invalid');
    return 'unclosed';
  }
  return records;
}

describe('CsvRecordReader', () => {
  it(`reads ${CASES} random texts as Python's csv module does, whatever the chunking`, () => {
    const texts = randomTexts(30);
    const expected = pythonRecords(texts);
    const random = rng(31);
    const refusedTexts: string[] = [];
    texts.forEach((text, i) => {
      const got = ours(text, random);
      if (got === 'unclosed') {
        refusedTexts.push(text);
        assert.notEqual(expected[i]!.strict, 'ok', `we refused ${JSON.stringify(text)}, which Python's strict reader reads`);
      } else {
        assert.notEqual(expected[i]!.strict, 'unclosed', `${JSON.stringify(text)}: Python calls it unclosed, we read ${JSON.stringify(got)}`);
        assert.deepEqual(got, expected[i]!.records, JSON.stringify(text));
      }
    });
    const refused = refusedTexts.length;
    const closed = refusedTexts.map((text) => `${text}"`);
    pythonRecords(closed).forEach((python, i) => assert.deepEqual(ours(closed[i]!, random), python.records, JSON.stringify(closed[i])));
    assert.ok(refused > 10 && refused < CASES / 2, `${refused} unclosed texts: the alphabet exercises both paths`);
  });

  it('keeps an inch mark inside an unquoted field, and names the line where an unclosed quote opens', () => {
    const reader = new CsvRecordReader();
    assert.deepEqual(reader.push('location,tag\r\nParis,6" main\r\n"London\r\nRome,x\r\n'), [
      ['location', 'tag'],
      ['Paris', '6" main'],
    ]);
    assert.throws(
      () => reader.end(),
      (err: HttpError) => {
        assert.equal(err.code, 'csv_invalid');
        assert.equal(err.field, 'file');
        assert.match(err.message, /^file: line 3: a quoted field opens here and is never closed/);
        assert.deepEqual(err.details, [{ row: 2, column: 'file', message: err.message.slice('file: '.length), line: 3 }]);
        return true;
      },
    );
  });
});
