import { IN_DEPTH_HEADER, LITE_HEADER } from '../../batch/csv-output.js';
import { recordBatches, type RecordBatch } from './csv-bytes.js';
import { csvRecordBatches } from './csv-records.js';

/**
 * The results CSV of a job, read as the report and workbook need it: header
 * checked against src/batch/csv-output.ts (the one definition of the columns),
 * then data records, or records grouped by location.
 */
export type Header = readonly string[];

/** Column positions by name, e.g. `columns(LITE_HEADER).score`. */
export function columns<const H extends Header>(header: H): Record<H[number], number> {
  return Object.fromEntries(header.map((name, i) => [name, i])) as Record<H[number], number>;
}

export const LITE = columns(LITE_HEADER);
export const IN_DEPTH = columns(IN_DEPTH_HEADER);

/** The input columns echoed at the start of every results line (index … end_hour). */
export const LEADING_COLUMNS = LITE.peril;

export async function* dataRecordBatches(file: string, header: Header): AsyncGenerator<string[][]> {
  let first = true;
  for await (const batch of csvRecordBatches(file)) {
    if (first) {
      checkHeader(batch[0]!, header);
      first = false;
      if (batch.length > 1) yield batch.slice(1);
    } else yield batch;
  }
  if (first) throw new Error(`${file} is empty`);
}

/** As dataRecordBatches, on bytes (csv-bytes.ts): each batch with the position of its first data record. */
export async function* dataRecordBytes(file: string, header: Header): AsyncGenerator<{ batch: RecordBatch; from: number }> {
  let first = true;
  for await (const batch of recordBatches(file)) {
    if (first) {
      checkHeader(batch.recordText(0), header);
      first = false;
      if (batch.count > 1) yield { batch, from: 1 };
    } else yield { batch, from: 0 };
  }
  if (first) throw new Error(`${file} is empty`);
}

/**
 * Data records grouped by location. The processor writes all lines of an input
 * row together (chunks in order, rows in order), so a change of index starts
 * the next location and only the current group is held in memory.
 */
export async function* locationGroupBatches(file: string, header: Header): AsyncGenerator<string[][][]> {
  let current: string[][] = [];
  for await (const batch of dataRecordBatches(file, header)) {
    const groups: string[][][] = [];
    for (const record of batch) {
      if (current.length > 0 && current[0]![0] !== record[0]) {
        groups.push(current);
        current = [];
      }
      current.push(record);
    }
    if (groups.length > 0) yield groups;
  }
  if (current.length > 0) yield [current];
}

function checkHeader(record: readonly string[], header: Header): void {
  if (record.join(',') !== header.join(',')) throw new Error(`unexpected results header: ${record.join(',').slice(0, 200)}`);
}

/** A CSV number cell → number, or null when empty or not a number. */
export function numberOrNull(text: string | undefined): number | null {
  if (text === undefined || text === '') return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}
