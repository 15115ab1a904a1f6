import type { FailureList } from '../summary/failures.js';
import { escapeHtml } from './escape.js';
import { formatCount } from './format.js';
import type { TableSpec } from './report-data.js';

/**
 * Failed locations with the reasons from failures.jsonl: a stated total,
 * the count per stage, and the first LIMITS.report.failureRows records as a
 * paginated table (the rest are in the results CSV, status `failed`).
 */
export function failuresSection(list: FailureList, title: string): { html: string; table: TableSpec } {
  const stages = Object.entries(list.byStage).map(([stage, n]) => `${formatCount(n)} at ${escapeHtml(stage.replace('_', ' '))}`);
  const capped = list.total > list.rows.length ? ` The first ${formatCount(list.rows.length)} are listed; every failure is in the results CSV with status “failed”.` : '';
  const summary =
    list.total === 0
      ? 'No failures: every location and peril produced a result.'
      : `${formatCount(list.total)} failure record${list.total === 1 ? '' : 's'} (${stages.join(', ')}).${capped}`;
  return {
    html: `<section id="failures-section">
<h2>${escapeHtml(title)}</h2>
<p class="note" id="failures-summary" data-count="${list.total}">${summary}</p>
<div id="failures" data-table="failures"></div>
</section>`,
    table: {
      columns: [
        { label: 'Index', type: 'number' },
        { label: 'Input row', type: 'number' },
        { label: 'Location', type: 'text' },
        { label: 'Peril', type: 'text' },
        { label: 'Stage', type: 'text' },
        { label: 'Reason', type: 'text' },
      ],
      rows: list.rows.map((f) => [f.index, f.row, f.location, f.peril, f.stage, f.error]),
      empty: 'No failures.',
    },
  };
}

