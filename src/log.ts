import fs from 'node:fs';
import { pino, type Logger } from 'pino';

/**
 * Structured JSON logs on stdout; every request line carries req_id. Lines are
 * collected in memory and written in batches — one write per BATCH_BYTES or
 * every FLUSH_MS, whichever comes first — so logging costs a request an array
 * push rather than a system call (bench/README.md "Access log": about 0.15 µs a
 * line, batch writes included, against 2.3 µs through pino's asynchronous
 * SonicBoom destination and 1.75 µs for a write per line). A batch is
 * written synchronously: nothing is ever in flight, so lines keep their order
 * and what is buffered at exit is written then. A full non-blocking pipe
 * (EAGAIN) keeps the rest for the next batch; past MAX_BUFFERED_BYTES lines
 * are dropped and counted rather than growing memory without bound.
 */
const BATCH_BYTES = 64 * 1024;
const FLUSH_MS = 250;
const MAX_BUFFERED_BYTES = 16 * 1024 * 1024;
const EXIT_ATTEMPTS = 1000;

/** The service's logger, writing to stdout (or to `fd`: the HTTP bench logs to a file). */
export function createLogger(level: string, fd = 1): Logger {
  const destination = new BatchedDestination(fd);
  process.once('exit', () => destination.flushSync());
  return pino({ level, base: { service: 'hazrisk' } }, destination);
}

/** Resolves once every line logged so far has been handed to the operating system (or kept for a full pipe). */
export function flushLog(log: Logger): Promise<void> {
  return new Promise((resolve) => log.flush(() => resolve()));
}

/** The pino destination: lines in order, written in synchronous batches. */
class BatchedDestination {
  private parts: string[] = [];
  private bytes = 0;
  /** Bytes a full pipe did not take yet; they go first. */
  private pending: Buffer | null = null;
  private dropped = 0;

  constructor(private readonly fd: number) {
    setInterval(() => this.writeBatch(1), FLUSH_MS).unref();
  }

  write(line: string): boolean {
    if (this.bytes >= MAX_BUFFERED_BYTES) {
      this.dropped++;
      return true;
    }
    this.parts.push(line);
    this.bytes += line.length;
    if (this.bytes >= BATCH_BYTES) this.writeBatch(1);
    return true;
  }

  /** pino's log.flush(cb). */
  flush(done?: (err?: Error) => void): void {
    this.writeBatch(1);
    done?.();
  }

  /** At exit: everything, trying a full pipe again for a while. */
  flushSync(): void {
    this.writeBatch(EXIT_ATTEMPTS);
  }

  private writeBatch(attempts: number): void {
    if (this.dropped > 0 && this.bytes < MAX_BUFFERED_BYTES) {
      this.parts.push(`{"level":40,"time":${Date.now()},"service":"hazrisk","dropped_lines":${this.dropped},"msg":"log lines dropped: stdout did not keep up"}\n`);
      this.dropped = 0;
    }
    if (this.parts.length === 0 && this.pending === null) return;
    const text = this.parts.join('');
    this.parts = [];
    this.bytes = 0;
    // The usual batch goes to write(2) as the string it is; bytes are made only of what a full pipe left
    // (Buffer.from on every batch cost ~0.1 µs a line, a third of the line's cost; issue 18).
    let data: string | Buffer = this.pending === null ? text : Buffer.concat([this.pending, Buffer.from(text, 'utf8')]);
    this.pending = null;
    for (let failures = 0; data.length > 0 && failures < attempts; ) {
      try {
        data = writeSome(this.fd, data);
      } catch (err) {
        // A full non-blocking pipe says EAGAIN; anything else means stdout is gone and the batch with it.
        if ((err as NodeJS.ErrnoException).code !== 'EAGAIN') return;
        failures++;
      }
    }
    if (data.length > 0) {
      this.pending = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
      this.bytes = this.pending.length;
    }
  }
}

/** One write(2) of the data; what it left. */
function writeSome(fd: number, data: string | Buffer): string | Buffer {
  if (typeof data !== 'string') return data.subarray(fs.writeSync(fd, data));
  const written = fs.writeSync(fd, data);
  return written === Buffer.byteLength(data) ? '' : Buffer.from(data, 'utf8').subarray(written);
}

export type { Logger };
