import fs from 'node:fs';
import readline from 'node:readline';
import type { FailureRecord } from '../../batch/compute.js';

/**
 * failures.jsonl of a job, streamed: one FailureRecord per line
 * ({index, row, location, peril, stage, error}, src/batch/compute.ts).
 * A missing file reads as no failures; a malformed line is skipped, since
 * the report must not fail over a line it only displays.
 */
export async function* failureRecords(file: string): AsyncGenerator<FailureRecord> {
  if (!fs.existsSync(file)) return;
  const lines = readline.createInterface({ input: fs.createReadStream(file, { encoding: 'utf8' }), crlfDelay: Infinity });
  for await (const line of lines) {
    if (line.trim() === '') continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      continue;
    }
    if (isFailureRecord(parsed)) yield parsed;
  }
}

function isFailureRecord(value: unknown): value is FailureRecord {
  if (typeof value !== 'object' || value === null) return false;
  const r = value as Record<string, unknown>;
  return typeof r.index === 'number' && typeof r.error === 'string' && typeof r.stage === 'string';
}
