import { DOT, EXACT_DIGITS, MINUS, POWERS_OF_TEN, ZERO } from '../decimal.js';
import { ChunkReader } from './chunk-reader.js';
import { parseRecord } from './parse-record.js';

/**
 * The results CSV read as bytes, for the passes that touch every line: the
 * workbook's row count, its in-depth rows and the in-depth report (3.2 M
 * lines, 360–550 MB for a 100,000-row job). Records are found by the same rules as the string reader
 * (csv-records.ts): a line feed ends a record when its quotes are balanced, a
 * carriage return before it is dropped, and fields split as parseRecord splits
 * them. Nothing is decoded here: fields are byte ranges, so a consumer makes a
 * string only for a field it needs as text (the string reader made one per
 * field, and their garbage was a quarter of a workbook's time).
 */
const QUOTE = 34;
const COMMA = 44;
const LF = 10;
const CR = 13;

/**
 * The whole records of one read chunk. Field f spans bytes[fieldStart[f],
 * fieldEnd[f]); record r's fields are recordFields[r] … recordFields[r + 1] − 1.
 * A reader reuses its batch and its bytes: both are valid until the consumer
 * asks for the next batch.
 */
export class RecordBatch {
  bytes: Buffer = Buffer.alloc(0);
  count = 0;
  recordFields = new Int32Array(1024);
  fieldStart = new Int32Array(16 * 1024);
  fieldEnd = new Int32Array(16 * 1024);
  /** 1 where the field's bytes hold a quote, so its text needs parseRecord's unquoting. */
  fieldQuoted = new Uint8Array(16 * 1024);
  private fields = 0;

  /** A field's text, unquoted exactly as parseRecord unquotes it. */
  fieldText(f: number): string {
    const text = this.bytes.toString('utf8', this.fieldStart[f]!, this.fieldEnd[f]!);
    return this.fieldQuoted[f] === 1 ? parseRecord(text)[0]! : text;
  }

  /** Record r's fields as text (the header check). */
  recordText(r: number): string[] {
    const from = this.recordFields[r]!;
    return Array.from({ length: this.recordFields[r + 1]! - from }, (_, f) => this.fieldText(from + f));
  }

  /** Field `column` of record r, or -1 when the record is shorter. */
  field(r: number, column: number): number {
    const f = this.recordFields[r]! + column;
    return f < this.recordFields[r + 1]! ? f : -1;
  }

  /** Whether field f's bytes are exactly the first `length` of `bytes` (so its text is theirs when they hold no quote). */
  fieldIs(f: number, bytes: Uint8Array, length = bytes.length): boolean {
    const start = this.fieldStart[f]!;
    if (this.fieldEnd[f]! - start !== length) return false;
    for (let k = 0; k < length; k++) if (this.bytes[start + k] !== bytes[k]) return false;
    return true;
  }

  /**
   * numberOrNull (results.ts) of field f: null when empty or not a finite
   * number. Plain decimals of up to 15 significant digits are read from the
   * bytes as m / 10^k (both exact: Number()'s correctly rounded parse);
   * anything else is decoded and given to Number().
   */
  fieldNumber(f: number): number | null {
    const bytes = this.bytes;
    const end = this.fieldEnd[f]!;
    let i = this.fieldStart[f]!;
    if (i === end) return null;
    const negative = bytes[i] === MINUS;
    if (negative) i++;
    let mantissa = 0;
    let significant = 0;
    let fraction = -1;
    const digitsFrom = i;
    for (; i < end; i++) {
      const c = bytes[i]!;
      if (c === DOT && fraction === -1 && i > digitsFrom) {
        fraction = 0;
        continue;
      }
      if (c - ZERO >>> 0 > 9) break;
      if (mantissa !== 0 || c !== ZERO) significant++;
      mantissa = mantissa * 10 + (c - ZERO);
      if (fraction !== -1) fraction++;
    }
    if (i === end && i > digitsFrom && fraction !== 0 && significant <= EXACT_DIGITS && fraction < POWERS_OF_TEN.length) {
      const value = mantissa / POWERS_OF_TEN[Math.max(0, fraction)]!;
      return negative ? -value : value;
    }
    const text = this.fieldText(f);
    const n = Number(text);
    return text !== '' && Number.isFinite(n) ? n : null;
  }

  /** Take the whole records at the front of `bytes` (all of them at the end of the file); returns the bytes taken. */
  fill(bytes: Buffer, eof: boolean): number {
    this.bytes = bytes;
    this.count = 0;
    this.fields = 0;
    let at = 0;
    for (let end = bytes.indexOf(LF, at); end !== -1; end = bytes.indexOf(LF, at)) {
      const fields = this.fields;
      if (this.addRecord(at, withoutCr(bytes, at, end)) === 1) {
        // A quote is open at this line feed (a quoted line break): the record goes on.
        this.count--;
        this.fields = fields;
        end = recordEnd(bytes, at);
        if (end === -1) break;
        this.addRecord(at, withoutCr(bytes, at, end));
      }
      at = end + 1;
    }
    // The string reader's last record: whatever follows the last line feed, unless nothing or a lone CR.
    if (eof && at < bytes.length && !(at === bytes.length - 1 && bytes[at] === CR)) {
      this.addRecord(at, withoutCr(bytes, at, bytes.length));
      at = bytes.length;
    }
    this.recordFields[this.count] = this.fields;
    return at;
  }

  /**
   * Split record [start, end) into fields as parseRecord does: a field that
   * opens with a quote runs to its closing quote (doubled quotes inside), then
   * to the next comma. Returns the parity of the record's quotes (1: one is
   * left open), counted on the way, as every byte is looked at once.
   */
  private addRecord(start: number, end: number): number {
    const bytes = this.bytes;
    if (this.count + 1 >= this.recordFields.length) this.recordFields = grow(this.recordFields);
    this.recordFields[this.count++] = this.fields;
    let open = 0;
    let at = start;
    for (;;) {
      let p = at;
      let quoted = 0;
      if (p < end && bytes[p] === QUOTE) {
        quoted = 1;
        p++;
        for (;;) {
          while (p < end && bytes[p] !== QUOTE) p++;
          if (p >= end) {
            open ^= 1;
            break;
          }
          if (p + 1 < end && bytes[p + 1] === QUOTE) {
            p += 2;
            continue;
          }
          p++;
          break;
        }
      }
      while (p < end && bytes[p] !== COMMA) {
        if (bytes[p] === QUOTE) {
          quoted = 1;
          open ^= 1;
        }
        p++;
      }
      this.addField(at, p, quoted);
      if (p >= end) return open;
      at = p + 1;
    }
  }

  private addField(start: number, end: number, quoted: number): void {
    const f = this.fields++;
    if (f >= this.fieldStart.length) {
      this.fieldStart = grow(this.fieldStart);
      this.fieldEnd = grow(this.fieldEnd);
      this.fieldQuoted = grow(this.fieldQuoted);
    }
    this.fieldStart[f] = start;
    this.fieldEnd[f] = end;
    this.fieldQuoted[f] = quoted;
  }
}

/**
 * A copy of one field's bytes (the read buffer is reused), to tell whether a
 * later field repeats it with a byte comparison instead of a string.
 */
export class FieldCopy {
  private bytes = new Uint8Array(32);
  private length = -1;

  /** Whether field f holds exactly the copied bytes (never before the first copy). */
  matches(batch: RecordBatch, f: number): boolean {
    return this.length !== -1 && batch.fieldIs(f, this.bytes, this.length);
  }

  copy(batch: RecordBatch, f: number): void {
    const [start, end] = [batch.fieldStart[f]!, batch.fieldEnd[f]!];
    if (this.bytes.length < end - start) this.bytes = new Uint8Array(2 * (end - start));
    batch.bytes.copy(this.bytes, 0, start, end);
    this.length = end - start;
  }
}

/** Batches of whole records; the batch and its bytes are reused, so finish with one before asking for the next. */
export async function* recordBatches(file: string): AsyncGenerator<RecordBatch> {
  const reader = await ChunkReader.open(file);
  try {
    const batch = new RecordBatch();
    for (let chunk = await reader.next(); chunk; chunk = await reader.next()) {
      reader.keepFrom(batch.fill(chunk.bytes, chunk.eof));
      if (batch.count > 0) yield batch;
    }
  } finally {
    await reader.close();
  }
}

/** The number of records (not lines: quoted line breaks stay inside their record), header included. */
export async function countRecords(file: string): Promise<number> {
  const reader = await ChunkReader.open(file);
  let count = 0;
  try {
    for (let chunk = await reader.next(); chunk; chunk = await reader.next()) {
      const { bytes } = chunk;
      // recordEnd's scan, carried from record to record: a quote is searched for once.
      let at = 0;
      let open = 0;
      let quote = bytes.indexOf(QUOTE);
      for (let end = bytes.indexOf(LF); end !== -1; end = bytes.indexOf(LF, end + 1)) {
        for (; quote !== -1 && quote < end; quote = bytes.indexOf(QUOTE, quote + 1)) open ^= 1;
        if (open === 0) {
          count++;
          at = end + 1;
        }
      }
      if (chunk.eof && at < bytes.length && !(at === bytes.length - 1 && bytes[at] === CR)) count++;
      reader.keepFrom(at);
    }
  } finally {
    await reader.close();
  }
  return count;
}

/**
 * Index of the line feed that ends the record starting at `from` (its quotes
 * balanced), or -1 when the record is not whole in `bytes`. Both searches are
 * Buffer.indexOf (memchr): three times faster than looking at every byte.
 */
function recordEnd(bytes: Buffer, from: number): number {
  let open = 0;
  let quote = bytes.indexOf(QUOTE, from);
  for (let end = bytes.indexOf(LF, from); end !== -1; end = bytes.indexOf(LF, end + 1)) {
    for (; quote !== -1 && quote < end; quote = bytes.indexOf(QUOTE, quote + 1)) open ^= 1;
    if (open === 0) return end;
  }
  return -1;
}

/** A record ending at `end` loses the carriage return of its CRLF. */
function withoutCr(bytes: Buffer, start: number, end: number): number {
  return end > start && bytes[end - 1] === CR ? end - 1 : end;
}

function grow<T extends Int32Array | Uint8Array>(array: T): T {
  const bigger = new (array.constructor as new (length: number) => T)(array.length * 2);
  bigger.set(array);
  return bigger;
}
