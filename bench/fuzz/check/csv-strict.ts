/**
 * A strict RFC 4180 reader for checking the service's results CSV (not for
 * reading uploads: csv-parser, which the service uses, is lenient about quotes
 * — a `"` inside an unquoted field opens a quoted run and swallows rows).
 *
 * Strict means: the bytes are UTF-8; records end with CRLF (docs/batch.md:
 * "Lines end CRLF"; the last one may end the file without it); an unquoted
 * field holds no `"`, CR or LF; a quoted field starts at the start of the field,
 * doubles every `"` inside it and is followed by `,`, CRLF or the end; every
 * record has as many fields as the first. The first problem found is returned
 * with its byte offset, line and the bytes around it.
 */
export interface CsvProblem {
  message: string;
  /** Byte offset into the input. */
  offset: number;
  /** 1-based physical line (counting LF). */
  line: number;
  /** 1-based record number (the header is record 1). */
  record: number;
  /** The bytes around the offset, escaped. */
  context: string;
}

export type StrictCsv = { ok: true; records: string[][] } | { ok: false; problem: CsvProblem; records: string[][] };

const QUOTE = 0x22;
const COMMA = 0x2c;
const CR = 0x0d;
const LF = 0x0a;

/** Bytes as printable text: ASCII kept, everything else as \xNN (for failure details). */
export function escapeBytes(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) {
    if (b === 0x0d) out += '\\r';
    else if (b === 0x0a) out += '\\n';
    else if (b >= 0x20 && b < 0x7f && b !== 0x5c) out += String.fromCharCode(b);
    else out += `\\x${b.toString(16).padStart(2, '0')}`;
  }
  return out;
}

/** A string with its non-printable code points shown as \u{…} (for failure details). */
export function showText(text: string, max = 300): string {
  let out = '';
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    out += cp < 0x20 || (cp >= 0x7f && cp <= 0x9f) || cp === 0x5c || (cp >= 0xd800 && cp <= 0xdfff) || cp === 0xfffe || cp === 0xffff || cp === 0x2028 || cp === 0x2029 || cp === 0xfeff || cp === 0x202e
      ? `\\u{${cp.toString(16)}}`
      : ch;
    if (out.length > max) return `${out.slice(0, max)}…(${text.length} chars)`;
  }
  return out;
}

export function parseStrictCsv(input: Uint8Array): StrictCsv {
  const bytes = input;
  const records: string[][] = [];
  let line = 1;
  const problem = (message: string, offset: number): StrictCsv => ({
    ok: false,
    records,
    problem: { message, offset, line, record: records.length + 1, context: escapeBytes(bytes.subarray(Math.max(0, offset - 60), Math.min(bytes.length, offset + 60))) },
  });
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // Find the first bad byte for the detail.
    for (let i = 0; i < bytes.length; ) {
      const b = bytes[i]!;
      const need = b < 0x80 ? 0 : b >= 0xc2 && b < 0xe0 ? 1 : b >= 0xe0 && b < 0xf0 ? 2 : b >= 0xf0 && b < 0xf5 ? 3 : -1;
      let ok = need >= 0;
      for (let k = 1; ok && k <= need; k++) ok = i + k < bytes.length && (bytes[i + k]! & 0xc0) === 0x80;
      if (ok && need > 0) {
        try {
          new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(i, i + need + 1));
        } catch {
          ok = false;
        }
      }
      if (!ok) return problem(`not UTF-8: byte 0x${b.toString(16).padStart(2, '0')} at offset ${i}`, i);
      i += need + 1;
    }
  }
  const decoder = new TextDecoder('utf-8');
  let i = 0;
  let fields: string[] = [];
  const n = bytes.length;
  if (n === 0) return problem('empty file', 0);
  for (;;) {
    // One field starts at i.
    if (bytes[i] === QUOTE) {
      const start = i;
      const parts: Uint8Array[] = [];
      let from = i + 1;
      i++;
      for (;;) {
        if (i >= n) return problem('quoted field not closed before the end of the file', start);
        const b = bytes[i]!;
        if (b === LF) line++;
        if (b === QUOTE) {
          if (bytes[i + 1] === QUOTE) {
            parts.push(bytes.subarray(from, i + 1));
            i += 2;
            from = i;
            continue;
          }
          parts.push(bytes.subarray(from, i));
          i++;
          break;
        }
        i++;
      }
      fields.push(decoder.decode(Buffer.concat(parts)));
      if (i < n && bytes[i] !== COMMA && bytes[i] !== CR) return problem(`byte 0x${bytes[i]!.toString(16).padStart(2, '0')} after the closing quote of a quoted field (expected , or CRLF)`, i);
    } else {
      const start = i;
      while (i < n && bytes[i] !== COMMA && bytes[i] !== CR && bytes[i] !== LF) {
        if (bytes[i] === QUOTE) return problem('a " inside an unquoted field', i);
        i++;
      }
      if (i < n && bytes[i] === LF) return problem('bare LF ends a record (records end with CRLF)', i);
      fields.push(decoder.decode(bytes.subarray(start, i)));
    }
    if (i >= n) {
      records.push(fields);
      break;
    }
    if (bytes[i] === COMMA) {
      i++;
      continue;
    }
    // CR: must be CRLF.
    if (bytes[i + 1] !== LF) return problem('bare CR (records end with CRLF)', i);
    i += 2;
    line++;
    records.push(fields);
    fields = [];
    if (i >= n) break;
  }
  const width = records[0]!.length;
  for (let r = 1; r < records.length; r++) {
    if (records[r]!.length !== width) {
      return { ok: false, records, problem: { message: `record ${r + 1} has ${records[r]!.length} fields, the header ${width}`, offset: -1, line: -1, record: r + 1, context: showText(JSON.stringify(records[r]), 400) } };
    }
  }
  return { ok: true, records };
}
