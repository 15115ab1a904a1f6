import type { Logger } from 'pino';
import { LIMITS } from '../limits.js';

/**
 * A database that is away for a while — restarting, failing over, out of
 * reach over the network — is waited for by batch work that has something to
 * read or record (a checkpoint, the artefact stage's reads and records): the
 * call is made again until the database answers, and its answer (a lease
 * still held or not) decides (docs/operations.md "Cluster"). Any other error
 * (a full disk, a constraint, a bug) is thrown at once, and fails the job as
 * before.
 */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENETUNREACH', 'ENETDOWN', 'EHOSTUNREACH', 'EHOSTDOWN', 'ENOTFOUND', 'EAI_AGAIN']);
/**
 * SQLSTATEs: class 08 (connection exception); 57P01–57P03 (the server shutting down, crashed, or starting);
 * 25P03 (our session ended for a stalled transaction, src/store/postgres/pool.ts); 53300 (too many connections).
 */
const SQLSTATE = /^(08...|57P0[123]|25P03|53300)$/;
/** SQLite: another process held the database past the busy timeout. */
const SQLITE_CODES = new Set(['SQLITE_BUSY', 'SQLITE_LOCKED']);
/** The pg driver's own errors for a dropped connection carry no code. */
const DROPPED = /^Connection terminated|^Client has encountered a connection error/;

export function isOutage(err: unknown): boolean {
  if (err instanceof AggregateError) return err.errors.some(isOutage);
  const { code, message } = (err ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string') return NETWORK_CODES.has(code) || SQLITE_CODES.has(code) || SQLSTATE.test(code);
  return typeof message === 'string' && DROPPED.test(message);
}

export interface WaitOptions {
  log: Logger;
  /** What is being read or recorded, for the log ("checkpoint", "job completion"). */
  what: string;
  /** Logged with it (the job). */
  context: Record<string, unknown>;
  /** Stop waiting (the lease is lost, the worker stops): the outage's error is thrown. */
  stop?: () => boolean;
}

/** `call`, made again every LIMITS.batchIdlePollMs while the database is away; logs the first failure only. */
export async function untilAnswered<T>(call: () => Promise<T>, options: WaitOptions): Promise<T> {
  for (let tries = 1; ; tries++) {
    try {
      return await call();
    } catch (err) {
      if (!isOutage(err) || options.stop?.()) throw err;
      if (tries === 1) options.log.warn({ ...options.context, err }, `${options.what}: the database is away; tried again until it answers`);
    }
    await new Promise((resolve) => setTimeout(resolve, LIMITS.batchIdlePollMs));
  }
}
