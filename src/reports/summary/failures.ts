import type { FailureRecord } from '../../batch/compute.js';
import { failureRecords } from '../read/failures.js';

/**
 * The failures a report lists: the first `limit` records of failures.jsonl
 * in file order (input order), with the total and the count per stage.
 */
export interface FailureList {
  total: number;
  byStage: Record<string, number>;
  rows: FailureRecord[];
}

export async function listFailures(file: string, limit: number): Promise<FailureList> {
  const list: FailureList = { total: 0, byStage: {}, rows: [] };
  for await (const record of failureRecords(file)) {
    list.total++;
    list.byStage[record.stage] = (list.byStage[record.stage] ?? 0) + 1;
    if (list.rows.length < limit) list.rows.push(record);
  }
  return list;
}
