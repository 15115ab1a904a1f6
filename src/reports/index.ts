import type { Logger } from 'pino';
import type { ArtefactBuilder } from '../batch/artefacts.js';
import type { Config } from '../config.js';
import { buildReport } from './html/build-report.js';
import { jobInfo } from './job-info.js';
import { buildWorkbook, type WorkbookLimits } from './workbook/build-workbook.js';
import { PopulateWriter } from './workbook/populate-writer.js';
import { SHEET_ROW_LIMIT } from './workbook/sheets.js';
import { XlsxStreamWriter } from './workbook/xlsx-stream-writer.js';
import type { OpenWriter } from './workbook/writer.js';

/**
 * The batch artefacts (docs/reports.md): the XLSX workbook, built first, and
 * the self-contained HTML report. The artefact stage calls workbook() then
 * report(); each returns the file it wrote or null, and a throw also means
 * null — a report or workbook never fails the job.
 */
export interface ArtefactBuilderDeps {
  config: Config;
  log: Logger;
  /** Overrides for tests: a lower sheet row limit, or another writer (say, one that fails). */
  workbook?: { sheetRows?: number; openWriter?: OpenWriter };
  clock?: () => number;
}

export const openWorkbookWriter: OpenWriter = (file, kind) => (kind === 'streaming' ? new XlsxStreamWriter(file) : new PopulateWriter(file));

export function createArtefactBuilder(deps: ArtefactBuilderDeps): ArtefactBuilder {
  const clock = deps.clock ?? Date.now;
  const limits: WorkbookLimits = {
    maxRows: deps.config.workbookMaxRows,
    streamingRows: deps.config.workbookStreamingRows,
    maxSeconds: deps.config.workbookMaxSeconds,
    sheetRows: deps.workbook?.sheetRows ?? SHEET_ROW_LIMIT,
  };
  const openWriter = deps.workbook?.openWriter ?? openWorkbookWriter;
  return {
    async workbook(job, inputs) {
      const started = clock();
      const outcome = await buildWorkbook(jobInfo(job, inputs.filename), inputs, limits, openWriter, clock);
      if ('skipped' in outcome) {
        deps.log.info({ job_id: job.id, reason: outcome.skipped }, 'workbook not built; workbook_url will be null');
        return null;
      }
      deps.log.info({ job_id: job.id, rows: outcome.rows, sheets: outcome.sheets, writer: outcome.writer, ms: clock() - started }, 'workbook built');
      return outcome.file;
    },
    async report(job, inputs) {
      const started = clock();
      const file = await buildReport(jobInfo(job, inputs.filename), inputs, clock());
      deps.log.info({ job_id: job.id, ms: clock() - started }, 'report built');
      return file;
    },
  };
}

/** The start-up check for the built report client (throws "report client not built: run `npm run build`"). */
export { assertReportAssets } from './html/assets.js';
