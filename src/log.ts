import { pino, type Logger } from 'pino';

/** Structured JSON logs on stdout; every request line carries req_id. */
export function createLogger(level: string): Logger {
  return pino({ level, base: { service: 'hazrisk' } }, pino.destination({ dest: 1, sync: false }));
}

export type { Logger };
