import fs from 'node:fs';

const READ_CHUNK_BYTES = 256 * 1024;

/**
 * The file in chunks read into one buffer, each chunk starting with the bytes
 * the consumer did not take of the one before (keepFrom), moved to the front.
 * One buffer throughout: a fresh one per chunk was half a gigabyte of
 * external memory per in-depth CSV, and V8 answers external memory with full
 * collections. A record longer than the free space doubles the buffer.
 */
export class ChunkReader {
  private buffer = Buffer.allocUnsafe(2 * READ_CHUNK_BYTES);
  private length = 0;
  private taken = 0;
  private ended = false;

  private constructor(private readonly handle: fs.promises.FileHandle) {}

  static async open(file: string): Promise<ChunkReader> {
    return new ChunkReader(await fs.promises.open(file, 'r'));
  }

  /** The next chunk (`eof`: the file ends with it), valid until the next call; null after the last. */
  async next(): Promise<{ bytes: Buffer; eof: boolean } | null> {
    if (this.ended) return null;
    const kept = this.length - this.taken;
    if (kept + READ_CHUNK_BYTES > this.buffer.length) {
      const bigger = Buffer.allocUnsafe(2 * this.buffer.length);
      this.buffer.copy(bigger, 0, this.taken, this.length);
      this.buffer = bigger;
    } else this.buffer.copyWithin(0, this.taken, this.length);
    const { bytesRead } = await this.handle.read(this.buffer, kept, this.buffer.length - kept, null);
    this.length = kept + bytesRead;
    this.taken = 0;
    this.ended = bytesRead === 0;
    return { bytes: this.buffer.subarray(0, this.length), eof: this.ended };
  }

  /** The consumer took the last chunk's bytes before `offset`; the rest starts the next chunk. */
  keepFrom(offset: number): void {
    this.taken = offset;
  }

  close(): Promise<void> {
    return this.handle.close();
  }
}
