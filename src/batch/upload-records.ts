import { httpError } from '../errors.js';

/**
 * Splits uploaded CSV text into records the way Excel and Python's csv module
 * read it (docs/batch.md "CSV quoting"), fed chunk by chunk:
 *   - a field that starts with `"` is quoted: it ends at a `"` not doubled,
 *     may hold separators and line breaks, and `""` inside it is one `"`;
 *     anything between its closing quote and the next separator is kept;
 *   - in a field that does not start with `"`, a quote is a plain character
 *     (`6" main` is an inch mark, not the start of a quoted field);
 *   - records end at LF, CRLF or a lone CR; an empty line is a record with no fields;
 *   - a quoted field still open at the end of the file is an error naming the
 *     line where it opened, never a silent merge of the rows after it.
 * csv-parser, which read uploads before, toggles quoting at any quote and
 * merged `Paris,6" main` with the rows below it.
 */
const QUOTE = 0x22;
const COMMA = 0x2c;
const LF = 0x0a;
const CR = 0x0d;

const enum State {
  /** At the start of a field. */
  FieldStart,
  /** In a field that did not start with a quote. */
  Unquoted,
  /** Inside a quoted field. */
  Quoted,
  /** Just after a quote inside a quoted field: a second quote is an escaped one, anything else closes the field. */
  QuoteInQuoted,
  /** After a closed quoted field, before the separator. */
  AfterQuoted,
  /** Just after a CR: an LF here belongs to the same line end. */
  AfterCr,
}

export class CsvRecordReader {
  private state = State.FieldStart;
  private fields: string[] = [];
  private field = '';
  /** Physical line (1-based) the reader is on, and the line where the open quoted field began. */
  private line = 1;
  private quoteLine = 0;
  /** Records completed so far (the header is the first). */
  private completed = 0;

  /** The records completed by this chunk of text. */
  push(text: string): string[][] {
    const records: string[][] = [];
    const n = text.length;
    let i = 0;
    while (i < n) {
      const c = text.charCodeAt(i);
      switch (this.state) {
        case State.AfterCr:
          this.state = State.FieldStart;
          if (c === LF) {
            i++;
            continue;
          }
          continue;
        case State.FieldStart:
          if (c === QUOTE) {
            this.state = State.Quoted;
            this.quoteLine = this.line;
            i++;
            continue;
          }
          this.state = State.Unquoted;
          continue;
        case State.Unquoted:
        case State.AfterQuoted: {
          let end = i;
          while (end < n) {
            const d = text.charCodeAt(end);
            if (d === COMMA || d === LF || d === CR) break;
            end++;
          }
          this.field += text.slice(i, end);
          i = end;
          if (i < n) i = this.endField(text.charCodeAt(i), i, records);
          continue;
        }
        case State.Quoted: {
          const quote = text.indexOf('"', i);
          const end = quote === -1 ? n : quote;
          this.countLines(text, i, end);
          this.field += text.slice(i, end);
          i = end;
          if (quote !== -1) {
            this.state = State.QuoteInQuoted;
            i++;
          }
          continue;
        }
        case State.QuoteInQuoted:
          if (c === QUOTE) {
            this.field += '"';
            this.state = State.Quoted;
            i++;
          } else this.state = State.AfterQuoted;
          continue;
      }
    }
    return records;
  }

  /** The last record (a file without a final line break); throws 400 csv_invalid on a quoted field never closed. */
  end(): string[][] {
    if (this.state === State.Quoted) {
      const message = `line ${this.quoteLine}: a quoted field opens here and is never closed (a field that starts with " must end with "; write a quote inside it as "")`;
      throw httpError('csv_invalid', {
        field: 'file',
        message: `file: ${message}`,
        // The record the open quote swallowed: data row `completed` (the header is record 0).
        details: [{ row: this.completed, column: 'file', message, line: this.quoteLine }],
        extra: { total_errors: 1 },
      });
    }
    if (this.state === State.FieldStart && this.fields.length === 0) return [];
    if (this.state === State.AfterCr) return [];
    this.fields.push(this.field);
    this.field = '';
    const record = this.fields;
    this.fields = [];
    this.state = State.FieldStart;
    return [record];
  }

  /** A separator or line end at `at` closes the field (and, for a line end, the record); returns the index after it. */
  private endField(c: number, at: number, records: string[][]): number {
    const emptyLine = c !== COMMA && this.fields.length === 0 && this.field === '' && this.state === State.Unquoted;
    if (!emptyLine) this.fields.push(this.field);
    this.field = '';
    if (c === COMMA) {
      this.state = State.FieldStart;
      return at + 1;
    }
    records.push(this.fields);
    this.completed++;
    this.fields = [];
    this.line++;
    this.state = c === CR ? State.AfterCr : State.FieldStart;
    return at + 1;
  }

  private countLines(text: string, from: number, to: number): void {
    for (let at = from; at < to; at++) {
      const c = text.charCodeAt(at);
      // A CR that ends the chunk is not counted: its LF may start the next one.
      if (c === LF || (c === CR && at + 1 < text.length && text.charCodeAt(at + 1) !== LF)) this.line++;
    }
  }
}
