import { IN_DEPTH_HEADER } from '../../batch/csv-output.js';
import { FieldCopy, type RecordBatch } from '../read/csv-bytes.js';
import { dataRecordBytes } from '../read/results.js';
import { canonicalNumber, cellValue, isNumericColumn, type CellValue } from './cells.js';

/**
 * The in-depth workbook's rows — the results CSV's long-form lines, cell for
 * cell — made from the CSV's bytes (read/csv-bytes.ts). A location's lines
 * (25–30 of them) repeat its echoed input columns, peril, unit and status, so
 * each column remembers its last field's bytes and value: a repeated field
 * costs a byte comparison, not a string and a number conversion. A new
 * field's value is cellValue's, with numbers read straight from the bytes
 * when they are certainly canonical (cells.ts canonicalNumber).
 */
const COLUMNS = IN_DEPTH_HEADER.length;
const NUMERIC = IN_DEPTH_HEADER.map(isNumericColumn);

/** Rows of one read chunk. row() fills and returns one array for every row: use it before asking for the next. */
export class InDepthRows {
  private batch: RecordBatch | null = null;
  /** 1 in the chunk that starts with the header. */
  private offset = 0;
  private readonly values: CellValue[] = Array<CellValue>(COLUMNS).fill(null);
  /** Per column: a copy of its last field's bytes and that field's value. */
  private readonly last = Array.from({ length: COLUMNS }, () => new FieldCopy());
  private readonly lastValue: CellValue[] = Array<CellValue>(COLUMNS).fill(null);

  get length(): number {
    return this.batch ? this.batch.count - this.offset : 0;
  }

  use(batch: RecordBatch, offset: number): void {
    this.batch = batch;
    this.offset = offset;
  }

  row(r: number): readonly CellValue[] {
    const batch = this.batch!;
    const first = batch.recordFields[r + this.offset]!;
    const next = batch.recordFields[r + this.offset + 1]!;
    for (let c = 0; c < COLUMNS; c++) {
      const f = first + c;
      // A short record's missing fields read as empty, as in the string reader's `record[i] ?? ''`.
      if (f >= next) {
        this.values[c] = null;
        continue;
      }
      if (!this.last[c]!.matches(batch, f)) {
        this.last[c]!.copy(batch, f);
        this.lastValue[c] = this.value(batch, f, c);
      }
      this.values[c] = this.lastValue[c]!;
    }
    return this.values;
  }

  private value(batch: RecordBatch, f: number, c: number): CellValue {
    const start = batch.fieldStart[f]!;
    const end = batch.fieldEnd[f]!;
    if (batch.fieldQuoted[f] === 0) {
      if (start === end) return null;
      if (NUMERIC[c]) {
        const n = canonicalNumber(batch.bytes, start, end);
        if (n !== undefined) return n;
      }
    }
    return cellValue(IN_DEPTH_HEADER[c]!, batch.fieldText(f));
  }
}

/** The data rows, chunk by chunk, after checking the header; one InDepthRows object throughout. */
export async function* inDepthRowBatches(file: string): AsyncGenerator<InDepthRows> {
  const rows = new InDepthRows();
  for await (const { batch, from } of dataRecordBytes(file, IN_DEPTH_HEADER)) {
    rows.use(batch, from);
    if (rows.length > 0) yield rows;
  }
}
