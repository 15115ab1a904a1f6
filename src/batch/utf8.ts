import fs from 'node:fs';

/**
 * The spec's "The file is UTF-8 CSV", checked before parsing so that a
 * Latin-1 or Windows-1252 file is rejected with where it went wrong, instead
 * of being read as replacement characters that later fail to geocode.
 */
export interface Utf8Fault {
  /** 1-based line of the file (the header is line 1). */
  line: number;
  /** 0-based byte offset of the first byte of the first sequence that is not UTF-8. */
  byte: number;
  /** That byte's value. */
  value: number;
}

/** The first invalid UTF-8 sequence in the file, or null when it is all valid UTF-8. */
export async function findInvalidUtf8(file: string): Promise<Utf8Fault | null> {
  let line = 1;
  let offset = 0;
  let need = 0; // continuation bytes still expected
  let min = 0; // smallest code point the current sequence may encode (no overlong forms)
  let code = 0;
  let start = 0;
  let lead = 0;
  for await (const chunk of fs.createReadStream(file, { highWaterMark: 256 << 10 }) as AsyncIterable<Buffer>) {
    // A turn of the event loop per 256 KiB (buffered chunks would otherwise follow in microtasks).
    await new Promise((resolve) => setImmediate(resolve));
    for (let i = 0; i < chunk.length; i++, offset++) {
      const b = chunk[i]!;
      if (need > 0) {
        // A broken sequence is reported at its first byte (the Latin-1 "ã" of "São", not the "o" after it).
        if ((b & 0xc0) !== 0x80) return { line, byte: start, value: lead };
        code = (code << 6) | (b & 0x3f);
        if (--need === 0 && (code < min || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff))) return { line, byte: start, value: lead };
        continue;
      }
      start = offset;
      lead = b;
      if (b < 0x80) {
        if (b === 0x0a) line++;
      } else if (b >= 0xc2 && b <= 0xdf) [need, min, code] = [1, 0x80, b & 0x1f];
      else if (b >= 0xe0 && b <= 0xef) [need, min, code] = [2, 0x800, b & 0x0f];
      else if (b >= 0xf0 && b <= 0xf4) [need, min, code] = [3, 0x10000, b & 0x07];
      else return { line, byte: offset, value: b };
    }
  }
  return need > 0 ? { line, byte: start, value: lead } : null;
}
