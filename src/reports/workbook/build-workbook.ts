import fs from 'node:fs';
import path from 'node:path';
import type { ArtefactInputs } from '../../batch/artefacts.js';
import type { JobInfo } from '../job-info.js';
import { commitTemporary, temporaryName } from '../../store/paths.js';
import { countWorkbookRows, workbookHeader, workbookRowBatches } from './rows.js';
import { rowsWithHeaders, SheetSplitter } from './sheets.js';
import type { OpenWriter, WriterKind } from './writer.js';

/**
 * Build workbook.xlsx for a finished job within the deployment's safety
 * limits (docs/reports.md "Safety limits"). Over a limit the outcome is
 * `skipped` with the reason, and the job completes with workbook_url null
 * (spec rule 3); any other failure throws, with the same effect. The file is
 * written under a temporary name and renamed when whole.
 */
export const WORKBOOK_FILE = 'workbook.xlsx';

export interface WorkbookLimits {
  /** Most data rows a workbook may hold; 0 turns workbooks off. */
  maxRows: number;
  /** Workbooks with more rows than this (headers included) use the streaming writer. */
  streamingRows: number;
  /** Longest a workbook may take to write, in seconds; 0 = no limit. */
  maxSeconds: number;
  /** Rows per worksheet including its header (the spreadsheet limit; tests lower it). */
  sheetRows: number;
}

export type WorkbookOutcome = { file: string; rows: number; sheets: number; writer: WriterKind } | { skipped: string };

/** Rows between back-pressure waits and deadline checks. */
const ROWS_PER_CHECK = 1000;

class TimeLimitExceeded extends Error {}

export async function buildWorkbook(job: JobInfo, inputs: ArtefactInputs, limits: WorkbookLimits, openWriter: OpenWriter, clock: () => number): Promise<WorkbookOutcome> {
  const started = clock();
  if (limits.maxRows <= 0) return { skipped: 'workbooks are disabled (HAZRISK_WORKBOOK_MAX_ROWS=0)' };
  const rows = await countWorkbookRows(job, inputs.results);
  if (rows > limits.maxRows) return { skipped: `${rows} rows exceed HAZRISK_WORKBOOK_MAX_ROWS=${limits.maxRows}` };
  const writer: WriterKind = rowsWithHeaders(rows, limits.sheetRows) > limits.streamingRows ? 'streaming' : 'populate';
  const file = path.join(inputs.dir, WORKBOOK_FILE);
  const temporary = temporaryName(file);
  const output = openWriter(temporary, writer);
  const sheets = new SheetSplitter(output, workbookHeader(job), limits.sheetRows);
  const deadline = limits.maxSeconds > 0 ? started + limits.maxSeconds * 1000 : Infinity;
  try {
    let written = 0;
    for await (const batch of workbookRowBatches(job, inputs.results)) {
      for (let r = 0; r < batch.length; r++) {
        sheets.add(batch.row(r));
        if (++written % ROWS_PER_CHECK === 0) {
          if (clock() > deadline) throw new TimeLimitExceeded();
          await output.drain();
        }
      }
    }
    await sheets.finish();
    if (clock() > deadline) throw new TimeLimitExceeded();
    await commitTemporary(temporary, file);
    return { file, rows, sheets: sheets.sheetCount, writer };
  } catch (err) {
    await output.abort().catch(() => {});
    await fs.promises.rm(temporary, { force: true });
    if (err instanceof TimeLimitExceeded) return { skipped: `writing took longer than HAZRISK_WORKBOOK_MAX_SECONDS=${limits.maxSeconds}` };
    throw err;
  }
}
