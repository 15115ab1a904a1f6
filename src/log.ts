import fs from 'node:fs';
import { pino, type Logger } from 'pino';

/**
 * Structured JSON logs on stdout; every request line carries req_id. Lines are
 * collected in memory and written asynchronously, one write per BATCH_BYTES (or
 * every FLUSH_MS, whichever comes first), so logging costs a request an array
 * push rather than a write (bench/README.md "Access log": 0.03 µs a line here
 * against 2.3 µs through pino's asynchronous SonicBoom destination). Whatever
 * is still buffered is written synchronously when the process exits, and
 * App.close() flushes before the server exits on SIGTERM.
 */
const BATCH_BYTES = 64 * 1024;
const FLUSH_MS = 250;
const RETRY_MS = 5;
const MAX_SYNC_ATTEMPTS = 10_000;

/** The service's logger, writing to stdout (or to `fd`: the HTTP bench logs to a file). */
export function createLogger(level: string, fd = 1): Logger {
  const destination = new BatchedDestination(fd);
  process.once('exit', () => destination.flushSync());
  return pino({ level, base: { service: 'hazrisk' } }, destination);
}

/** Resolves once every line logged so far has been handed to the operating system. */
export function flushLog(log: Logger): Promise<void> {
  return new Promise((resolve) => log.flush(() => resolve()));
}

/** The pino destination: lines in order, written in batches by one write at a time. */
class BatchedDestination {
  private parts: string[] = [];
  private bytes = 0;
  private writing = false;
  private waiting: (() => void)[] = [];

  constructor(private readonly fd: number) {
    setInterval(() => this.writeBatch(), FLUSH_MS).unref();
  }

  write(line: string): boolean {
    this.parts.push(line);
    this.bytes += line.length;
    if (this.bytes >= BATCH_BYTES) this.writeBatch();
    return true;
  }

  /** pino's log.flush(cb): calls back once everything written so far is out. */
  flush(done?: (err?: Error) => void): void {
    if (done) this.waiting.push(done);
    this.writeBatch();
    if (!this.writing) this.settle();
  }

  /** At exit: a write already in flight finishes on its own; the rest goes out now. */
  flushSync(): void {
    if (this.parts.length === 0) return;
    let data = this.take();
    for (let attempts = 0; data.length > 0 && attempts < MAX_SYNC_ATTEMPTS; attempts++) {
      try {
        data = data.subarray(fs.writeSync(this.fd, data));
      } catch (err) {
        // A full non-blocking pipe (EAGAIN) is tried again; anything else means stdout is gone.
        if ((err as NodeJS.ErrnoException).code !== 'EAGAIN') return;
      }
    }
  }

  private writeBatch(): void {
    if (this.writing || this.parts.length === 0) return;
    this.writing = true;
    this.writeOut(this.take());
  }

  /** One buffer, written whole: a pipe may take part of it, or none for a moment (EAGAIN). */
  private writeOut(data: Buffer): void {
    fs.write(this.fd, data, 0, data.length, null, (err, written) => {
      if (err?.code === 'EAGAIN') return void setTimeout(() => this.writeOut(data), RETRY_MS);
      // Any other error means stdout is gone: the batch is dropped rather than retried forever.
      if (!err && written < data.length) return this.writeOut(data.subarray(written));
      this.writing = false;
      if (this.parts.length > 0 && (this.bytes >= BATCH_BYTES || this.waiting.length > 0)) this.writeBatch();
      else this.settle();
    });
  }

  private take(): Buffer {
    const data = Buffer.from(this.parts.join(''), 'utf8');
    this.parts = [];
    this.bytes = 0;
    return data;
  }

  private settle(): void {
    for (const done of this.waiting.splice(0)) done();
  }
}

export type { Logger };
