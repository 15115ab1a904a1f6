import { IN_DEPTH_HEADER, LITE_HEADER } from '../../batch/csv-output.js';
import type { JobInfo } from '../job-info.js';
import { countRecords } from '../read/csv-bytes.js';
import { LEADING_COLUMNS, LITE, locationGroupBatches } from '../read/results.js';
import { cellValue, type CellValue } from './cells.js';
import { inDepthRowBatches } from './in-depth-rows.js';

/**
 * The workbook's rows (spec "Batch job status object" rule 4, docs/reports.md
 * "Workbook"). In-depth: the long-form threshold rows exactly as in the CSV.
 * Lite: one row per location — the echoed input columns, then score, band and
 * status for each returned peril. Values are the CSV's: nothing is rescaled,
 * capped or derived.
 */
const LITE_PERIL_COLUMNS = ['score', 'band', 'status'] as const;

/** Rows of one read chunk; a row may be overwritten by the next call to row(), so add each before asking for the next. */
export interface RowBatch {
  readonly length: number;
  row(r: number): readonly CellValue[];
}

export function workbookHeader(job: JobInfo): string[] {
  if (job.kind === 'in_depth') return [...IN_DEPTH_HEADER];
  return [...LITE_HEADER.slice(0, LEADING_COLUMNS), ...job.perils.flatMap((p) => LITE_PERIL_COLUMNS.map((c) => `${p} ${c}`))];
}

/** Data rows the workbook will hold (headers not counted). */
export async function countWorkbookRows(job: JobInfo, resultsFile: string): Promise<number> {
  if (job.kind === 'in_depth') return (await countRecords(resultsFile)) - 1;
  let locations = 0;
  for await (const groups of locationGroupBatches(resultsFile, LITE_HEADER)) locations += groups.length;
  return locations;
}

export async function* workbookRowBatches(job: JobInfo, resultsFile: string): AsyncGenerator<RowBatch> {
  if (job.kind === 'in_depth') {
    yield* inDepthRowBatches(resultsFile);
    return;
  }
  const perilAt = new Map(job.perils.map((p, i) => [p as string, i]));
  for await (const groups of locationGroupBatches(resultsFile, LITE_HEADER)) {
    const rows = groups.map((records) => liteRow(records, perilAt));
    yield { length: rows.length, row: (r) => rows[r]! };
  }
}

/**
 * One location's Lite lines → one row. A line without a peril is a location
 * that failed before scoring (say, geocoding): its status `failed` applies to
 * every peril. A peril not returned for the location (US-only perils outside
 * the US) leaves its three cells empty.
 */
function liteRow(records: string[][], perilAt: ReadonlyMap<string, number>): CellValue[] {
  const first = records[0]!;
  const leading = LITE_HEADER.slice(0, LEADING_COLUMNS).map((column, i) => cellValue(column, first[i] ?? ''));
  const perils: CellValue[] = Array<CellValue>(perilAt.size * LITE_PERIL_COLUMNS.length).fill(null);
  for (const record of records) {
    const peril = record[LITE.peril]!;
    if (peril === '') {
      for (let p = 0; p < perilAt.size; p++) perils[p * LITE_PERIL_COLUMNS.length + 2] = cellValue('status', record[LITE.status]!);
      continue;
    }
    const p = perilAt.get(peril);
    if (p === undefined) throw new Error(`results line for peril "${peril}", which the job did not ask for`);
    LITE_PERIL_COLUMNS.forEach((column, c) => (perils[p * LITE_PERIL_COLUMNS.length + c] = cellValue(column, record[LITE[column]]!)));
  }
  return [...leading, ...perils];
}
