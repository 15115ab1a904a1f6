import type { ApiError } from '../api.js';
import { h, table } from '../dom.js';

/**
 * An upload's row-level problems (400 csv_invalid, 422 duplicate index) as a
 * table: row, column, message, and the total the service counted, which can
 * exceed the rows it lists.
 */
export function rowErrorsTable(error: ApiError): HTMLElement {
  const listed = error.details.length;
  const total = error.totalErrors ?? listed;
  const caption = `${total} ${total === 1 ? 'row has' : 'rows have'} problems${listed < total ? ` (the first ${listed} are listed)` : ''}`;
  return h(
    'div',
    { class: 'table-scroll', id: 'upload-errors' },
    table(
      caption,
      ['Row', 'Column', 'Problem'],
      error.details.map((d) => [d.row === undefined || d.row === null ? 'header' : String(d.row), d.column ?? '—', d.message]),
    ),
    h('p', { class: 'help' }, 'Rows are counted from the first line under the header. Fix them in your file and upload it again; nothing was kept.'),
  );
}
