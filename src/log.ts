import { pino, type Logger } from 'pino';

/**
 * Structured JSON logs on stdout; every request line carries req_id. Lines are
 * written asynchronously in batches of about BATCH_BYTES (or every FLUSH_MS,
 * whichever comes first): one write per batch, not per request, keeps the
 * access log off the request path (bench/README.md "Access log"). Whatever is
 * still buffered is written synchronously when the process exits, and
 * App.close() flushes before the server exits on SIGTERM.
 */
const BATCH_BYTES = 4096;
const FLUSH_MS = 250;

export function createLogger(level: string): Logger {
  const destination = pino.destination({ dest: 1, sync: false, minLength: BATCH_BYTES, periodicFlush: FLUSH_MS } as Parameters<typeof pino.destination>[0]);
  process.once('exit', () => {
    try {
      destination.flushSync();
    } catch {
      // Not open yet or already closed: nothing buffered to write.
    }
  });
  return pino({ level, base: { service: 'hazrisk' } }, destination);
}

/** Resolves once every line logged so far has been handed to the operating system. */
export function flushLog(log: Logger): Promise<void> {
  return new Promise((resolve) => log.flush(() => resolve()));
}

export type { Logger };
