import { createApiClient, type ApiError } from './api.js';
import { byId, fill } from './dom.js';
import { keyLabel } from './format.js';
import { mountExplorer } from './explorer/view.js';
import { mountJobs } from './jobs/view.js';
import { followHash, showSection, type ViewName } from './nav.js';
import { mountSchedules } from './schedules/view.js';
import { forgetKey, storedKey, storeKey, type Session } from './session.js';
import { checkKey, showSignIn } from './signin.js';
import type { PerilInfo } from './types.js';

/**
 * Entry point: sign-in, then the three views for the key's session. Signing
 * out (or the service rejecting the key) aborts the session's listeners and
 * timers, forgets the key and clears everything the views showed.
 */
const RESULT_AREAS = ['schedules-list', 'upload-outcome', 'submit-schedule', 'submit-peril-list', 'submit-outcome', 'jobs-list', 'jobs-outcome', 'explore-outcome', 'lite-result', 'curves-result', 'events-result', 'events-map'];
const FORMS = ['submit-form', 'explore-form'];

let session: { controller: AbortController } | null = null;

function endSession(reason?: unknown): void {
  session?.controller.abort();
  session = null;
  forgetKey();
  // Nothing of one key's session may remain on screen for the next person to sign in.
  for (const id of RESULT_AREAS) fill(byId(id));
  for (const id of FORMS) byId<HTMLFormElement>(id).reset();
  byId('nav').hidden = true;
  byId('account').hidden = true;
  showSection('sign-in');
  showSignIn(startSession, reason);
  byId('api-key').focus();
}

function startSession(key: string, perils: PerilInfo[]): void {
  storeKey(key);
  const controller = new AbortController();
  session = { controller };
  const api = createApiClient(storedKey, (error: ApiError) => endSession(error), controller.signal);
  const context: Session = { api, perils, signal: controller.signal };

  byId('account-label').textContent = `Signed in with ${keyLabel(key)}`;
  byId('account').hidden = false;
  byId('nav').hidden = false;
  const jobs = mountJobs(context);
  const schedules = mountSchedules(context, () => void jobs.refresh());
  mountExplorer(context);

  const show = (name: ViewName): void => {
    showSection(name);
    if (name === 'schedules') void schedules.refresh();
    if (name === 'jobs') void jobs.refresh();
  };
  show(followHash(show, controller.signal));
  void jobs.refresh();
  byId('main').focus();
}

async function boot(): Promise<void> {
  byId('sign-out').addEventListener('click', () => endSession());
  const key = storedKey();
  if (!key) return endSession();
  try {
    startSession(key, await checkKey(key));
  } catch (error) {
    endSession(error);
  }
}

void boot();
