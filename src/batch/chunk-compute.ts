import type { Engine } from '../engine/engine.js';
import { addOneYear, parseIsoDate } from '../engine/calendar.js';
import { perilDef, type PerilName } from '../engine/perils.js';
import type { Geocoder } from '../geo/index.js';
import type { LiteMethod } from '../lite/score.js';
import type { BatchRow } from './csv-input.js';
import { ChunkContent } from './chunk-files.js';
import { computeInDepth, computeLite, type FailureRecord } from './compute.js';
import type { JobRecord } from '../store/records.js';
import { rowContexts } from './row-context.js';

/**
 * One chunk of a job's rows → its results CSV lines and failure records, in
 * slices of at most LINES_PER_SLICE result lines with a yield to the event
 * loop between slices: the in-process worker shares the main thread with the
 * HTTP server, so no slice of work may block it long (a slice is formatted,
 * encoded and hashed in a few milliseconds; bench/README.md "Batch and the
 * event loop"). Between slices the caller may abandon the chunk (the job was
 * cancelled or its lease lost), which stops it within a slice.
 */
const LINES_PER_SLICE = 1000;
const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

export interface InDepthOptions {
  perils: PerilName[];
}
export interface LiteOptions {
  calculation_method: LiteMethod;
  flood_plus: boolean;
  perils: PerilName[];
}

/** What a job's options say about computing it, parsed once per attempt. */
export type JobPlan =
  | { kind: 'in_depth'; submissionDay: number; perils: PerilName[] }
  | { kind: 'lite'; submissionDay: number; perils: PerilName[]; method: LiteMethod; window: { startDay: number; endDay: number } };

export function planOf(job: JobRecord): JobPlan {
  const submissionDay = parseIsoDate(job.submission_date)!;
  if (job.kind === 'in_depth') return { kind: 'in_depth', submissionDay, perils: (JSON.parse(job.options) as InDepthOptions).perils };
  const options = JSON.parse(job.options) as LiteOptions;
  // Lite scores a one-year window from the day after submission; row dates are context only.
  const window = { startDay: submissionDay + 1, endDay: addOneYear(submissionDay + 1) - 1 };
  return { kind: 'lite', submissionDay, perils: options.perils, method: options.calculation_method, window };
}

export interface ComputeDeps {
  engine: Engine;
  geocoder: () => Geocoder;
}

/** A chunk's rows, read a slice at a time (rows-file.ts parses only the slice asked for). */
export interface ChunkRows {
  readonly length: number;
  slice(from: number, to: number): BatchRow[];
}

/** A computed chunk: its CSV and its failure records (JSON lines), each encoded slice by slice. */
export interface ComputedChunk {
  csv: ChunkContent;
  failures: ChunkContent;
}

/** Result lines a row gives at most: a line per peril and threshold in depth, a line per peril in Lite. */
function linesPerRow(plan: JobPlan): number {
  return plan.kind === 'in_depth' ? plan.perils.reduce((sum, peril) => sum + perilDef(peril).thresholds.length, 0) : plan.perils.length;
}

/** The chunk's output, or null when `abandoned()` turned true between slices. */
export async function computeChunk(deps: ComputeDeps, plan: JobPlan, rows: ChunkRows, abandoned: () => boolean): Promise<ComputedChunk | null> {
  const csv = new ChunkContent(true);
  const failures = new ChunkContent(false);
  const rowsPerSlice = Math.max(1, Math.floor(LINES_PER_SLICE / Math.max(1, linesPerRow(plan))));
  for (let from = 0; from < rows.length; from += rowsPerSlice) {
    await yieldToEventLoop();
    if (abandoned()) return null;
    const contexts = rowContexts(rows.slice(from, from + rowsPerSlice), deps.geocoder(), plan.submissionDay);
    const slice =
      plan.kind === 'in_depth'
        ? await computeInDepth(deps.engine, contexts, plan.perils)
        : await computeLite(deps.engine, contexts, plan.perils, plan.method, plan.window);
    csv.add(slice.csv);
    if (slice.failures.length > 0) failures.add(failureLines(slice.failures));
  }
  return { csv, failures };
}

function failureLines(failures: readonly FailureRecord[]): string {
  let text = '';
  for (const failure of failures) text += `${JSON.stringify(failure)}\n`;
  return text;
}
