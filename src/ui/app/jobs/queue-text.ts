import type { JobSummary } from '../types.js';

/**
 * The line under a job's status that says where it stands (GET /v1/jobs
 * `stage`, `queue_position`, `waiting_for`; docs/batch.md "Queue"), so a
 * person can see why a job waits. Empty for finished jobs.
 */
export function queueText(job: JobSummary): string {
  switch (job.stage) {
    case 'queued': {
      const place = job.queue_position === null ? 'queued' : `${ordinal(job.queue_position)} in your queue`;
      const reason = job.waiting_for === 'owner_limit' ? 'waits for one of your running jobs to finish' : 'waits for a batch worker';
      return `${place}; ${reason}`;
    }
    case 'computing':
      return 'computing rows';
    case 'building_artefacts':
      return 'building the results file, workbook and report';
    default:
      return '';
  }
}

function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}
