import { ERROR_CODES, type ErrorCode } from '../errors.js';

/**
 * The `error` of a job failed by a claim because one of its chunks' leases ran out `attempts` times
 * (LIMITS.batchChunkAttempts, docs/batch.md "Processing"): the catalogue's code and message, then which rows.
 */
export function chunkAttemptsExhausted(firstRow: number, rows: number, attempts: number): string {
  const code: ErrorCode = 'chunk_attempts_exhausted';
  return `${code}: ${ERROR_CODES[code].message} Rows ${firstRow + 1}–${firstRow + rows} were taken ${attempts} times.`;
}
