import { LIMITS } from '../limits.js';
import type { JobRecord } from '../store/records.js';
import type { UrlSigner } from './signing.js';

/**
 * A job's artefacts and progress as the status object (api/batch.ts), the
 * signed downloads and the report present them: links expire seven days
 * after completion.
 */
export const ARTEFACTS = {
  'results.csv': { column: 'result_file', type: 'text/csv; charset=utf-8', disposition: 'attachment' },
  'report.html': { column: 'report_file', type: 'text/html; charset=utf-8', disposition: 'inline' },
  'workbook.xlsx': { column: 'workbook_file', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', disposition: 'attachment' },
} as const;

/**
 * The report opens in the browser, on our origin, so it is sandboxed into an
 * opaque origin: its own script runs, but it cannot reach the web interface's
 * storage or cookies, whatever a report contained. Its own meta CSP still applies.
 */
export const REPORT_CSP = 'sandbox allow-scripts allow-downloads allow-popups allow-popups-to-escape-sandbox';
export type ArtefactName = keyof typeof ARTEFACTS;

export function progressPercentage(job: JobRecord): number | null {
  if (job.status === 'complete') return 100;
  if (job.total_rows === null) return null;
  if (job.total_rows === 0 || job.building_artefacts === 1) return 99;
  return Math.min(99, Math.floor((job.processed_rows * 100) / job.total_rows));
}

export function downloadPath(jobId: string, artefact: ArtefactName): string {
  return `/v1/downloads/${jobId}/${artefact}`;
}

/** Links expire seven days after the artefacts started building (stored, so every URL of a job agrees). */
export function linkExpiry(job: JobRecord): number {
  return job.links_expire_at ?? (job.finished_at ?? 0) + LIMITS.signedUrlLifetimeMs;
}

/** The signed path (no host) of one artefact, as the status object and the report use it. */
export function signedPath(signer: UrlSigner, jobId: string, artefact: ArtefactName, expiresAt: number): string {
  return signer.sign(downloadPath(jobId, artefact), expiresAt);
}
