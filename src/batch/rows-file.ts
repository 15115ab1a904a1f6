import fs from 'node:fs';
import { writeFileWhole } from '../store/paths.js';
import type { ChunkRows } from './chunk-compute.js';
import type { BatchRow } from './csv-input.js';

/**
 * An upload's parsed rows (one JSON BatchRow a line, written by intake.ts),
 * read a chunk at a time: opening it records only where each chunk starts, so
 * a job held by the worker costs a few numbers, not its 100,000 rows, however
 * many jobs are interleaved.
 */
const READ_BYTES = 1 << 20;
const NEWLINE = 0x0a;

/** Rows encoded and written per block, so writing 100,000 rows never holds the event loop for long. */
const WRITE_ROWS = 2000;

export class RowsFile {
  /** Write `rows` as the rows file `file`, whole or not at all. */
  static async write(file: string, rows: readonly BatchRow[]): Promise<void> {
    await writeFileWhole(file, async (write) => {
      for (let from = 0; from < rows.length; from += WRITE_ROWS) {
        let text = '';
        for (let i = from; i < Math.min(rows.length, from + WRITE_ROWS); i++) text += `${JSON.stringify(rows[i])}\n`;
        await write(Buffer.from(text, 'utf8'));
      }
    });
  }

  private constructor(
    private readonly file: string,
    /** Byte offset where each chunk starts, then the end of the last one. */
    private readonly bounds: number[],
    readonly rowCount: number,
  ) {}

  static async open(file: string, chunkRows: number): Promise<RowsFile> {
    const bounds = [0];
    let rows = 0;
    let offset = 0;
    let lineStart = 0;
    for await (const block of fs.createReadStream(file, { highWaterMark: READ_BYTES }) as AsyncIterable<Buffer>) {
      for (let at = block.indexOf(NEWLINE); at !== -1; at = block.indexOf(NEWLINE, at + 1)) {
        const lineEnd = offset + at + 1;
        // An empty line is not a row (intake never writes one; a hand-made legacy file might).
        if (lineEnd - lineStart > 1 && ++rows % chunkRows === 0) bounds.push(lineEnd);
        lineStart = lineEnd;
      }
      offset += block.length;
    }
    if (offset > lineStart) throw new Error('the rows file ends in the middle of a row');
    if (rows % chunkRows !== 0) bounds.push(offset);
    return new RowsFile(file, bounds, rows);
  }

  get chunkCount(): number {
    return this.bounds.length - 1;
  }

  /** The chunk's rows, each slice parsed when it is asked for: parsing 10,000 rows at once held the event loop for tens of milliseconds. */
  async chunk(index: number): Promise<ChunkRows> {
    const start = this.bounds[index]!;
    const bytes = Buffer.alloc(this.bounds[index + 1]! - start);
    const handle = await fs.promises.open(this.file, 'r');
    try {
      await handle.read(bytes, 0, bytes.length, start);
    } finally {
      await handle.close();
    }
    // Where each row starts (and the end of the last): rows are decoded only when their slice is asked for.
    const starts: number[] = [];
    for (let at = 0; at < bytes.length; ) {
      const end = bytes.indexOf(NEWLINE, at);
      const next = end === -1 ? bytes.length : end + 1;
      if (next - at > 1) starts.push(at);
      at = next;
    }
    const endOf = (row: number): number => (row + 1 < starts.length ? starts[row + 1]! : bytes.length);
    return {
      length: starts.length,
      slice: (from, to) => {
        const rows: BatchRow[] = [];
        for (let row = from; row < Math.min(to, starts.length); row++) rows.push(JSON.parse(bytes.toString('utf8', starts[row], endOf(row))) as BatchRow);
        return rows;
      },
    };
  }
}
