import { createApiClient } from './api.js';
import { byId } from './dom.js';
import { showError } from './notice.js';
import type { PerilInfo } from './types.js';

/**
 * The sign-in form. A key is accepted when GET /v1/perils answers with it
 * (any valid key may call that route); the service's 401 codes become plain
 * messages (unknown, expired, revoked).
 */
export async function checkKey(key: string): Promise<PerilInfo[]> {
  const probe = createApiClient(() => key, () => {});
  const body = await probe.get<{ perils: PerilInfo[] }>('/v1/perils');
  return body.perils;
}

export function showSignIn(onSignedIn: (key: string, perils: PerilInfo[]) => void, reason?: unknown): void {
  const form = byId<HTMLFormElement>('sign-in-form');
  const input = byId<HTMLInputElement>('api-key');
  const outcome = byId('sign-in-outcome');
  const button = form.querySelector('button')!;
  outcome.replaceChildren();
  input.removeAttribute('aria-invalid');
  if (reason) showError(outcome, 'Signed out', reason);
  form.onsubmit = async (event) => {
    event.preventDefault();
    const key = input.value.trim();
    if (key === '') {
      input.setAttribute('aria-invalid', 'true');
      showError(outcome, 'Cannot sign in', 'Enter an API key.');
      input.focus();
      return;
    }
    button.disabled = true;
    try {
      const perils = await checkKey(key);
      input.value = '';
      input.removeAttribute('aria-invalid');
      outcome.replaceChildren();
      onSignedIn(key, perils);
    } catch (error) {
      input.setAttribute('aria-invalid', 'true');
      showError(outcome, 'Cannot sign in', error);
      input.focus();
    } finally {
      button.disabled = false;
    }
  };
}
