import type { JobKind } from '../job-states.js';
import type { JobRecord } from '../store/records.js';
import { isPerilName, type PerilName } from '../engine/perils.js';
import type { LiteMethod } from '../lite/score.js';

/**
 * What the report and workbook need to know about a job, read once from its
 * record and options JSON (in-depth `{perils}`, Lite `{calculation_method,
 * flood_plus, perils}`), and the uploaded file's name the artefact stage passes.
 */
export interface JobInfo {
  id: string;
  kind: JobKind;
  perils: PerilName[];
  /** Lite only; null for in-depth jobs. */
  method: LiteMethod | null;
  floodPlus: boolean | null;
  filename: string | null;
  /** Input rows (null only for legacy uploads without a stored count). */
  totalRows: number | null;
  submissionDate: string;
}

export function jobInfo(job: JobRecord, filename: string | null): JobInfo {
  const options = JSON.parse(job.options) as { perils?: unknown; calculation_method?: unknown; flood_plus?: unknown };
  const perils = Array.isArray(options.perils) ? options.perils.filter(isPerilName) : [];
  const lite = job.kind === 'lite';
  return {
    id: job.id,
    kind: job.kind,
    perils,
    method: lite ? (options.calculation_method === 'globally_relative' ? 'globally_relative' : 'return_period') : null,
    floodPlus: lite ? options.flood_plus === true : null,
    filename,
    totalRows: job.total_rows,
    submissionDate: job.submission_date,
  };
}
