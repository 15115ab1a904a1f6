import { ApiError } from '../api.js';
import { byId, fill, h } from '../dom.js';
import { showError, showSuccess } from '../notice.js';
import type { Session } from '../session.js';
import { rowErrorsTable } from './row-errors.js';

/**
 * CSV upload by drag-and-drop or the file picker (the picker is the keyboard
 * path). POST /v1/in-depth/batch/upload: the file id works for either batch
 * mode, and the service creates the draft schedule.
 */
export function mountUpload(session: Session, onUploaded: (fileId: string) => void): void {
  const zone = byId('drop-zone');
  const input = byId<HTMLInputElement>('schedule-file');
  const outcome = byId('upload-outcome');
  const { signal } = session;

  async function send(file: File): Promise<void> {
    fill(outcome, h('p', { class: 'notice info' }, `Uploading ${file.name}…`));
    zone.setAttribute('aria-busy', 'true');
    try {
      const { file_id } = await session.api.upload<{ file_id: string }>('/v1/in-depth/batch/upload', file);
      showSuccess(outcome, `Uploaded ${file.name}: a draft schedule was created.`);
      onUploaded(file_id);
    } catch (error) {
      showError(outcome, `${file.name} was not accepted`, error);
      if (error instanceof ApiError && error.details.length > 0) outcome.appendChild(rowErrorsTable(error));
    } finally {
      zone.removeAttribute('aria-busy');
      input.value = '';
    }
  }

  input.addEventListener('change', () => {
    const file = input.files?.[0];
    if (file) void send(file);
  }, { signal });

  zone.addEventListener('dragover', (event) => {
    event.preventDefault();
    zone.classList.add('dragging');
  }, { signal });
  zone.addEventListener('dragleave', () => zone.classList.remove('dragging'), { signal });
  zone.addEventListener('drop', (event) => {
    event.preventDefault();
    zone.classList.remove('dragging');
    const files = event.dataTransfer?.files;
    if (!files || files.length === 0) return;
    if (files.length > 1) {
      showError(outcome, 'Upload one file at a time', `${files.length} files were dropped; drop or choose a single CSV.`);
      return;
    }
    void send(files[0]!);
  }, { signal });
  // A file dropped beside the zone would otherwise replace the page with its contents.
  for (const type of ['dragover', 'drop'] as const) window.addEventListener(type, (event) => event.preventDefault(), { signal });
}
