import { h } from '../dom.js';
import { dateTime, linkExpiry } from '../format.js';
import type { JobStatus } from '../types.js';

/**
 * A complete job's artefact links from its status object. Each link carries
 * its own expiry (the `expires` parameter); a null URL means the artefact was
 * not built (the report builder may not be configured), said in words. The
 * report opens in a new tab (the service serves it inline, sandboxed); the
 * CSV and workbook download.
 */
const ARTEFACTS = [
  { field: 'result_url', name: 'results.csv', label: 'CSV', opens: false },
  { field: 'report_url', name: 'report.html', label: 'Report', opens: true },
  { field: 'workbook_url', name: 'workbook.xlsx', label: 'Workbook', opens: false },
] as const;

export function downloadList(status: JobStatus): HTMLElement {
  return h(
    'ul',
    { class: 'downloads' },
    ...ARTEFACTS.map(({ field, name, label, opens }) => {
      const url = status.status === 'complete' ? status[field] : null;
      if (!url) return h('li', { 'data-artefact': name }, `${label}: `, h('span', { class: 'muted' }, 'not generated'));
      const expires = linkExpiry(url);
      return h(
        'li',
        { 'data-artefact': name },
        opens
          ? h('a', { href: url, target: '_blank', rel: 'noopener noreferrer', 'aria-label': `Open the ${label} of job ${status.job_id} in a new tab` }, label)
          : h('a', { href: url, download: '', 'aria-label': `Download the ${label} of job ${status.job_id}` }, label),
        h('span', { class: 'muted' }, expires ? ` expires ${dateTime(expires.getTime())}` : ' (no expiry given)'),
      );
    }),
  );
}
