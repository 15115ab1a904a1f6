import path from 'node:path';
import type { ArtefactInputs } from '../../batch/artefacts.js';
import type { JobInfo } from '../job-info.js';
import { LIMITS } from '../../limits.js';
import { writeFileWhole } from '../../store/paths.js';
import { listFailures } from '../summary/failures.js';
import { summariseInDepth } from '../summary/in-depth-summary.js';
import { summariseLite } from '../summary/lite-summary.js';
import { inDepthReport } from './in-depth-report.js';
import { liteReport } from './lite-report.js';
import { renderPage } from './page.js';

/**
 * Build report.html for a finished job: stream the results CSV and
 * failures.jsonl into a summary, render the page, and write it under a
 * temporary name first so a half-written report is never served.
 */
export const REPORT_FILE = 'report.html';

export async function buildReport(job: JobInfo, inputs: ArtefactInputs, now: number): Promise<string> {
  const failures = await listFailures(inputs.failures, LIMITS.report.failureRows);
  const content =
    job.kind === 'lite'
      ? liteReport(job, await summariseLite(job, inputs.results), failures)
      : inDepthReport(job, await summariseInDepth(job, inputs.results), failures);
  const html = renderPage({
    title: job.kind === 'lite' ? 'Lite batch report' : 'In-depth batch report',
    subtitle: `${job.filename ?? 'Schedule'} · job ${job.id}`,
    links: inputs.links,
    body: content.body,
    data: content.data,
    generatedAt: now,
  });
  const file = path.join(inputs.dir, REPORT_FILE);
  await writeFileWhole(file, (write) => write(Buffer.from(html)));
  return file;
}
