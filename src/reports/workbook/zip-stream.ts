import fs from 'node:fs';
import zlib from 'node:zlib';

/**
 * A minimal streaming ZIP writer (PKWARE APPNOTE 6.3): entries are deflated
 * one after another straight to the file, sizes and CRC follow each entry in a
 * data descriptor, and the central directory closes the file. No ZIP64: an
 * entry or archive past 4 GiB is refused (the workbook limits keep far below).
 * Timestamps are fixed (1980-01-01) so the same content gives the same bytes.
 */
const LIMIT_32 = 0xffffffff;
const FLAG_DATA_DESCRIPTOR = 0x0008;
const METHOD_DEFLATE = 8;
const DOS_DATE_1980 = (0 << 9) | (1 << 5) | 1;

interface EntryRecord {
  name: Buffer;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

export class ZipStream {
  private readonly out: fs.WriteStream;
  private readonly entries: EntryRecord[] = [];
  private offset = 0;
  private current: { record: EntryRecord; deflate: zlib.DeflateRaw; done: Promise<void> } | null = null;

  constructor(file: string, private readonly level = 1) {
    this.out = fs.createWriteStream(file);
  }

  /** Start an entry; its content arrives through write() until the next entry or finish(). */
  async begin(name: string): Promise<void> {
    await this.end();
    const record: EntryRecord = { name: Buffer.from(name, 'utf8'), crc: 0, compressed: 0, size: 0, offset: this.offset };
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(FLAG_DATA_DESCRIPTOR, 6);
    header.writeUInt16LE(METHOD_DEFLATE, 8);
    header.writeUInt16LE(0, 10);
    header.writeUInt16LE(DOS_DATE_1980, 12);
    header.writeUInt16LE(record.name.length, 26);
    this.raw(Buffer.concat([header, record.name]));
    const deflate = zlib.createDeflateRaw({ level: this.level });
    deflate.on('data', (chunk: Buffer) => {
      record.compressed += chunk.length;
      // Hold the deflater while the file is behind, so compressed bytes never pile up in memory.
      if (!this.raw(chunk)) {
        deflate.pause();
        this.out.once('drain', () => deflate.resume());
      }
    });
    const done = new Promise<void>((resolve, reject) => {
      deflate.once('end', resolve);
      deflate.once('error', reject);
    });
    this.current = { record, deflate, done };
  }

  /** Add content (text is written as UTF-8) to the open entry; false means wait for drain(). `consumed` runs once the bytes are compressed and may be reused. */
  write(content: string | Buffer, consumed?: () => void): boolean {
    const entry = this.current;
    if (!entry) throw new Error('zip: write before begin');
    const data = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
    entry.record.crc = zlib.crc32(data, entry.record.crc);
    entry.record.size += data.length;
    return entry.deflate.write(data, consumed);
  }

  /** Resolves when both the deflater and the file can take more. */
  async drain(): Promise<void> {
    const deflate = this.current?.deflate;
    if (deflate?.writableNeedDrain) await new Promise<void>((resolve) => deflate.once('drain', resolve));
    if (this.out.writableNeedDrain) await new Promise<void>((resolve) => this.out.once('drain', resolve));
  }

  /** Close the last entry, write the central directory and close the file. */
  async finish(): Promise<void> {
    await this.end();
    const start = this.offset;
    for (const e of this.entries) {
      const header = Buffer.alloc(46);
      header.writeUInt32LE(0x02014b50, 0);
      header.writeUInt16LE(20, 4);
      header.writeUInt16LE(20, 6);
      header.writeUInt16LE(FLAG_DATA_DESCRIPTOR, 8);
      header.writeUInt16LE(METHOD_DEFLATE, 10);
      header.writeUInt16LE(DOS_DATE_1980, 14);
      header.writeUInt32LE(e.crc, 16);
      header.writeUInt32LE(e.compressed, 20);
      header.writeUInt32LE(e.size, 24);
      header.writeUInt16LE(e.name.length, 28);
      header.writeUInt32LE(e.offset, 42);
      this.raw(Buffer.concat([header, e.name]));
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(this.offset - start, 12);
    end.writeUInt32LE(start, 16);
    this.raw(end);
    if (this.offset > LIMIT_32) throw new Error('zip: archive larger than 4 GiB (no ZIP64)');
    await new Promise<void>((resolve, reject) => {
      this.out.once('error', reject);
      this.out.end(resolve);
    });
  }

  abort(): void {
    this.current?.deflate.destroy();
    this.out.destroy();
  }

  private async end(): Promise<void> {
    const entry = this.current;
    if (!entry) return;
    this.current = null;
    entry.deflate.end();
    await entry.done;
    const { record } = entry;
    if (record.size > LIMIT_32 || record.compressed > LIMIT_32) throw new Error('zip: entry larger than 4 GiB (no ZIP64)');
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(record.crc, 4);
    descriptor.writeUInt32LE(record.compressed, 8);
    descriptor.writeUInt32LE(record.size, 12);
    this.raw(descriptor);
    this.entries.push(record);
  }

  private raw(data: Buffer): boolean {
    this.offset += data.length;
    return this.out.write(data);
  }
}
