import { fill, h, table } from '../dom.js';
import { count, dateTime } from '../format.js';
import type { Schedule } from '../types.js';

/** The draft schedules table (GET /v1/schedules, newest first), each with a button that picks it for submission. */
export function renderSchedules(container: Element, schedules: Schedule[], onPick: (schedule: Schedule) => void): void {
  if (schedules.length === 0) {
    fill(container, h('p', { class: 'help' }, 'No draft schedules yet. Upload a CSV to create one.'));
    return;
  }
  const rows = schedules.map((s) => {
    const pick = h('button', { type: 'button', class: 'secondary small', 'aria-label': `Submit a batch from ${s.name}` }, 'Submit…');
    pick.addEventListener('click', () => onPick(s));
    return [s.name, s.line_of_business, count(s.rows), dateTime(s.created_at), s.cleaned ? 'Yes' : 'No', pick];
  });
  const grid = table(`${schedules.length} draft ${schedules.length === 1 ? 'schedule' : 'schedules'}`, ['Name', 'Line of business', 'Rows', 'Created', 'Cleaned', 'Action'], rows);
  grid.id = 'schedules-table';
  fill(container, h('div', { class: 'table-scroll' }, grid));
}
