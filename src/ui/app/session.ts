import type { ApiClient } from './api.js';
import type { Mode, PerilInfo } from './types.js';

/**
 * The API key for this browser tab, and what a signed-in view gets to work
 * with. The key lives in sessionStorage only: it is gone when the tab closes
 * and never reaches localStorage, cookies or the page's URL.
 */
const STORAGE_KEY = 'hazrisk.apiKey';

export function storedKey(): string | null {
  return sessionStorage.getItem(STORAGE_KEY);
}

export function storeKey(key: string): void {
  sessionStorage.setItem(STORAGE_KEY, key);
}

export function forgetKey(): void {
  sessionStorage.removeItem(STORAGE_KEY);
}

export interface Session {
  api: ApiClient;
  /** GET /v1/perils for the key: the licensed perils, each with the modes it serves for this key. */
  perils: PerilInfo[];
  /** Aborted at sign-out: every listener a view adds uses it, so nothing outlives the session. */
  signal: AbortSignal;
}

export function perilsWithMode(session: Session, mode: Mode): PerilInfo[] {
  return session.perils.filter((p) => p.modes.includes(mode));
}
