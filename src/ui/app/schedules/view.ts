import { byId } from '../dom.js';
import { showError } from '../notice.js';
import type { Session } from '../session.js';
import type { Schedule } from '../types.js';
import { renderSchedules } from './list.js';
import { mountSubmit } from './submit.js';
import { mountUpload } from './upload.js';

/** The Schedules view: upload, the draft schedules list (GET /v1/schedules) and the submit form. */
export interface SchedulesView {
  refresh(): Promise<void>;
}

export function mountSchedules(session: Session, onSubmitted: (jobId: string) => void): SchedulesView {
  const list = byId('schedules-list');
  const submit = mountSubmit(session, onSubmitted);

  async function refresh(): Promise<Schedule[]> {
    try {
      const { schedules } = await session.api.get<{ schedules: Schedule[] }>('/v1/schedules');
      renderSchedules(list, schedules, (s) => submit.pick(s.file_id, true));
      submit.setSchedules(schedules);
      return schedules;
    } catch (error) {
      showError(list, 'Schedules could not be loaded', error);
      return [];
    }
  }

  mountUpload(session, async (fileId) => {
    await refresh();
    submit.pick(fileId, false);
  });
  byId('schedules-refresh').addEventListener('click', () => void refresh(), { signal: session.signal });
  return { refresh: async () => void (await refresh()) };
}
