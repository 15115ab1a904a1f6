import { byId, fill, h } from '../dom.js';
import { count, dateTime } from '../format.js';
import { showError, showSuccess } from '../notice.js';
import { perilsWithMode, type Session } from '../session.js';
import type { JobKind, Schedule } from '../types.js';

/**
 * The batch submission form: a schedule, then either in-depth perils (only
 * those the key is licensed for, from /v1/perils) or Lite options (Flood
 * Plus offered only when the key's perils include FloodLivePlus for Lite).
 * POST /v1/in-depth/batch or /v1/lite/batch with a fresh Idempotency-Key.
 */
export interface SubmitForm {
  setSchedules(schedules: Schedule[]): void;
  /** Select a schedule; focus moves to it when the person asked for it (the list's Submit… button). */
  pick(fileId: string, focus: boolean): void;
}

/** A random Idempotency-Key; getRandomValues also works on plain-HTTP hosts, where randomUUID does not exist. */
function idempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `ui-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

export function mountSubmit(session: Session, onSubmitted: (jobId: string) => void): SubmitForm {
  const form = byId<HTMLFormElement>('submit-form');
  const select = byId<HTMLSelectElement>('submit-schedule');
  const perilList = byId('submit-peril-list');
  const liteOptions = byId('submit-lite-options');
  const floodPlusOption = byId('submit-flood-plus-option');
  const floodPlus = byId<HTMLInputElement>('submit-flood-plus');
  const method = byId<HTMLSelectElement>('submit-method');
  const outcome = byId('submit-outcome');
  const inDepthRadio = byId<HTMLInputElement>('submit-kind-in-depth');
  const liteRadio = byId<HTMLInputElement>('submit-kind-lite');
  const { signal } = session;

  // A batch needs the batch mode as well as the scoring's own; /v1/perils lists both per peril for this key.
  const inDepthPerils = perilsWithMode(session, 'in_depth').filter((p) => p.modes.includes('batch'));
  const litePerils = perilsWithMode(session, 'lite').filter((p) => p.modes.includes('batch'));
  fill(
    perilList,
    ...inDepthPerils.map((p) =>
      h('div', { class: 'choice' }, h('input', { type: 'checkbox', id: `submit-peril-${p.name}`, name: 'perils', value: p.name }), h('label', { for: `submit-peril-${p.name}` }, p.name)),
    ),
  );
  if (inDepthPerils.length === 0) fill(perilList, h('p', { class: 'help' }, 'Your key is not licensed for in-depth batches.'));
  inDepthRadio.disabled = inDepthPerils.length === 0;
  liteRadio.disabled = litePerils.length === 0;
  liteRadio.labels![0]!.textContent = litePerils.length === 0 ? 'Lite (not licensed for your key)' : 'Lite: one score and band per peril';
  if (inDepthRadio.disabled && !liteRadio.disabled) liteRadio.checked = true;
  floodPlusOption.hidden = !litePerils.some((p) => p.lite_threshold?.flood_plus);
  floodPlus.checked = false;
  fill(outcome);

  const kind = (): JobKind => (liteRadio.checked ? 'lite' : 'in_depth');
  const showKind = (): void => {
    byId('submit-perils').hidden = kind() !== 'in_depth';
    liteOptions.hidden = kind() !== 'lite';
  };
  showKind();
  for (const radio of [inDepthRadio, liteRadio]) radio.addEventListener('change', showKind, { signal });

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const fileId = select.value;
    if (!fileId) return showError(outcome, 'Cannot submit', 'Upload or choose a schedule first.');
    const perils = [...perilList.querySelectorAll<HTMLInputElement>('input[name="perils"]:checked')].map((i) => i.value);
    if (kind() === 'in_depth' && perils.length === 0) return showError(outcome, 'Cannot submit', 'Choose at least one peril.');
    const path = kind() === 'in_depth' ? '/v1/in-depth/batch' : '/v1/lite/batch';
    const body = kind() === 'in_depth' ? { file_id: fileId, perils } : { file_id: fileId, calculation_method: method.value, flood_plus: floodPlus.checked };
    const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
    button.disabled = true;
    try {
      const job = await session.api.post<{ job_id: string; status: string }>(path, body, { 'Idempotency-Key': idempotencyKey() });
      showSuccess(outcome, `Job ${job.job_id} submitted (${job.status}). `, h('a', { href: '#jobs' }, 'Follow it under Jobs'));
      onSubmitted(job.job_id);
    } catch (error) {
      showError(outcome, 'The batch was not submitted', error);
    } finally {
      button.disabled = false;
    }
  }, { signal });

  return {
    setSchedules(schedules) {
      const chosen = select.value;
      fill(
        select,
        schedules.length === 0 ? h('option', { value: '' }, 'No schedules yet') : null,
        ...schedules.map((s) => h('option', { value: s.file_id }, `${s.name} — ${count(s.rows)} rows — ${dateTime(s.created_at)}`)),
      );
      if (schedules.some((s) => s.file_id === chosen)) select.value = chosen;
    },
    pick(fileId, focus) {
      select.value = fileId;
      if (focus) select.focus();
    },
  };
}
