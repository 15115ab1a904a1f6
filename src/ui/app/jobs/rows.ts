import { fill, h } from '../dom.js';
import { dateTime, shortId } from '../format.js';
import type { JobSummary } from '../types.js';
import { queueText } from './queue-text.js';

/**
 * One job's table row, updated in place on every poll so keyboard focus (on
 * its Cancel button or a link) survives the one-second refreshes.
 */
export interface JobRow {
  element: HTMLTableRowElement;
  update(job: JobSummary, scheduleName: string | undefined): void;
  downloadsCell: HTMLTableCellElement;
  actionCell: HTMLTableCellElement;
}

const KIND_LABEL = { in_depth: 'In-depth', lite: 'Lite' } as const;

export function createJobRow(job: JobSummary): JobRow {
  const cells = {
    schedule: h('td', {}),
    status: h('td', {}),
    attempt: h('td', {}),
    progress: h('td', {}),
    downloads: h('td', {}),
    action: h('td', {}),
  };
  const bar = h('progress', { max: 100, 'aria-label': `Progress of job ${job.job_id}` });
  const percentText = h('span', { class: 'percent' });
  cells.progress.append(bar, ' ', percentText);
  const element = h(
    'tr',
    { 'data-job-id': job.job_id },
    h('td', {}, h('code', { title: job.job_id }, shortId(job.job_id))),
    h('td', {}, KIND_LABEL[job.kind]),
    cells.schedule,
    h('td', {}, dateTime(job.submitted_at)),
    cells.status,
    cells.attempt,
    cells.progress,
    cells.downloads,
    cells.action,
  );
  return {
    element,
    downloadsCell: cells.downloads,
    actionCell: cells.action,
    update(current, scheduleName) {
      cells.schedule.textContent = scheduleName ?? shortId(current.file_id);
      const where = queueText(current);
      fill(cells.status, h('span', { class: `status status-${current.status}` }, current.status), ...(where ? [h('br', {}), h('span', { class: 'muted queue' }, where)] : []));
      cells.attempt.textContent = String(current.attempt);
      if (current.progress_percentage === null) {
        bar.removeAttribute('value');
        percentText.textContent = 'waiting';
      } else {
        bar.value = current.progress_percentage;
        percentText.textContent = `${current.progress_percentage} %`;
      }
      element.dataset.status = current.status;
    },
  };
}
