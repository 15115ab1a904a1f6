import type { JobRecord } from '../store/records.js';

/**
 * Hooks for the artefacts built after the results CSV (report, workbook).
 * Each returns the file it wrote, or null when it chose not to build one;
 * a throw is caught by the artefact stage and also means null — never a
 * failed job. `signal` aborts a build whose job was cancelled or whose worker
 * is stopping; a builder may ignore it (the stage then discards the result).
 */
export interface ArtefactInputs {
  /** results.csv (authoritative) and failures.jsonl of the job, in `dir`. */
  results: string;
  failures: string;
  dir: string;
  /** The uploaded file's name, for the report's and the workbook's headings (null when its record is gone). */
  filename: string | null;
  /** The workbook just built (the workbook is built first), or null. */
  workbook: string | null;
  /** Download links for the report header: signed paths (prefixed with HAZRISK_PUBLIC_URL when set). */
  links: { results: string; workbook: string | null; expiresAt: number };
}

export interface ArtefactBuilder {
  report(job: JobRecord, inputs: ArtefactInputs, signal?: AbortSignal): Promise<string | null>;
  workbook(job: JobRecord, inputs: ArtefactInputs, signal?: AbortSignal): Promise<string | null>;
  /** Free what the builder holds (threads); called once the worker has stopped. */
  close?(): Promise<void>;
}

export const NO_ARTEFACTS: ArtefactBuilder = {
  report: async () => null,
  workbook: async () => null,
};
