import { announce } from '../announce.js';
import { byId, fill, h } from '../dom.js';
import { shortId } from '../format.js';
import { showError } from '../notice.js';
import type { Session } from '../session.js';
import type { JobKind, JobStatus, JobSummary, Schedule } from '../types.js';
import { downloadList } from './downloads.js';
import { createJobRow, type JobRow } from './rows.js';

/**
 * The Jobs view: GET /v1/jobs, polled every second while any job is pending
 * or running; a complete job's links come from its status route once (they
 * do not change); Cancel is DELETE on the same route.
 */
export interface JobsView {
  refresh(): Promise<void>;
}

const POLL_MS = 1000;
const ACTIVE = new Set(['pending', 'running']);
const STATUS_PATH: Record<JobKind, string> = { in_depth: '/v1/in-depth/batch', lite: '/v1/lite/batch' };

export function mountJobs(session: Session): JobsView {
  const container = byId('jobs-list');
  const outcome = byId('jobs-outcome');
  const rows = new Map<string, JobRow>();
  const lastStatus = new Map<string, string>();
  const linksShown = new Set<string>();
  const scheduleNames = new Map<string, string>();
  /** File ids the schedule list was fetched for, so a job without a schedule does not refetch it every second. */
  const namesLookedUp = new Set<string>();
  const body = h('tbody', {});
  const grid = h(
    'table',
    { class: 'data', id: 'jobs-table' },
    h('caption', {}, 'Batch jobs, newest first'),
    h('thead', {}, h('tr', {}, ...['Job', 'Scoring', 'Schedule', 'Submitted', 'Status', 'Attempt', 'Progress', 'Downloads', 'Action'].map((t) => h('th', { scope: 'col' }, t)))),
    body,
  );
  let timer: number | undefined;
  session.signal.addEventListener('abort', () => window.clearTimeout(timer));

  async function loadScheduleNames(): Promise<void> {
    const { schedules } = await session.api.get<{ schedules: Schedule[] }>('/v1/schedules');
    for (const s of schedules) scheduleNames.set(s.file_id, s.name);
  }

  async function showLinks(job: JobSummary, row: JobRow): Promise<void> {
    linksShown.add(job.job_id);
    try {
      const status = await session.api.get<JobStatus>(`${STATUS_PATH[job.kind]}/${encodeURIComponent(job.job_id)}`);
      fill(row.downloadsCell, downloadList(status));
    } catch (error) {
      linksShown.delete(job.job_id);
      showError(row.downloadsCell, 'Links unavailable', error);
    }
  }

  async function cancel(job: JobSummary): Promise<void> {
    try {
      // The refresh announces the new status, as for any other change.
      await session.api.remove<JobStatus>(`${STATUS_PATH[job.kind]}/${encodeURIComponent(job.job_id)}`);
      await refresh();
    } catch (error) {
      showError(outcome, `Job ${shortId(job.job_id)} was not cancelled`, error);
    }
  }

  function showAction(job: JobSummary, row: JobRow): void {
    const button = row.actionCell.querySelector('button');
    if (!ACTIVE.has(job.status)) {
      if (button && document.activeElement === button) {
        // Keep focus in the row rather than losing it to <body> when the button goes.
        const label = row.element.querySelector('code')!;
        label.tabIndex = -1;
        label.focus();
      }
      row.actionCell.replaceChildren();
      return;
    }
    if (button) return;
    const cancelButton = h('button', { type: 'button', class: 'secondary small', 'aria-label': `Cancel job ${job.job_id}` }, 'Cancel');
    cancelButton.addEventListener('click', () => void cancel(job));
    row.actionCell.replaceChildren(cancelButton);
  }

  function render(jobs: JobSummary[]): void {
    if (jobs.length === 0) {
      fill(container, h('p', { class: 'help' }, 'No jobs yet. Submit a batch from the Schedules view.'));
      return;
    }
    if (!container.contains(grid)) fill(container, h('div', { class: 'table-scroll' }, grid));
    jobs.forEach((job, position) => {
      let row = rows.get(job.job_id);
      if (!row) rows.set(job.job_id, (row = createJobRow(job)));
      if (body.children[position] !== row.element) body.insertBefore(row.element, body.children[position] ?? null);
      row.update(job, scheduleNames.get(job.file_id));
      showAction(job, row);
      if (job.status === 'complete' && !linksShown.has(job.job_id)) void showLinks(job, row);
      if (job.status !== 'complete' && !linksShown.has(job.job_id)) row.downloadsCell.textContent = job.status === 'failed' || job.status === 'cancelled' ? 'none' : '—';
      const before = lastStatus.get(job.job_id);
      if (before !== undefined && before !== job.status) announce(`Job ${shortId(job.job_id)} is ${job.status}.`);
      lastStatus.set(job.job_id, job.status);
    });
  }

  async function poll(): Promise<void> {
    window.clearTimeout(timer);
    try {
      const { jobs } = await session.api.get<{ jobs: JobSummary[] }>('/v1/jobs');
      if (jobs.some((j) => !scheduleNames.has(j.file_id) && !namesLookedUp.has(j.file_id))) {
        for (const j of jobs) namesLookedUp.add(j.file_id);
        // Names are a nicety: without them the row shows the file id.
        await loadScheduleNames().catch(() => undefined);
      }
      if (session.signal.aborted) return;
      outcome.replaceChildren();
      render(jobs);
      if (jobs.some((j) => ACTIVE.has(j.status))) timer = window.setTimeout(() => void refresh(), POLL_MS);
    } catch (error) {
      if (!session.signal.aborted) showError(outcome, 'Jobs could not be loaded', error);
    }
  }

  /** Polls run one after another: a refresh asked for during a poll runs when it ends. */
  let queue: Promise<void> = Promise.resolve();
  function refresh(): Promise<void> {
    queue = queue.then(poll);
    return queue;
  }

  byId('jobs-refresh').addEventListener('click', () => void refresh(), { signal: session.signal });
  return { refresh };
}
