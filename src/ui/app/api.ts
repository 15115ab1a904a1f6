import type { ErrorObject } from '../../errors.js';

/**
 * The one way the page talks to the service: same-origin fetches with the
 * key in X-API-Key, JSON in and out, and every non-2xx answer turned into an
 * ApiError carrying the service's error object (docs/api.md "Errors").
 */
export interface RowProblem {
  row?: number;
  column?: string;
  message: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field: string | null = null,
    readonly details: RowProblem[] = [],
    readonly totalErrors: number | null = null,
  ) {
    super(message);
  }
}

/** Error codes that mean the key itself is no longer usable (as opposed to 401 historic_not_permitted). */
const KEY_REJECTED = new Set(['missing_api_key', 'invalid_api_key', 'expired_api_key', 'revoked_api_key']);

export interface ApiClient {
  get<T>(path: string, query?: Record<string, string | number | boolean | undefined>): Promise<T>;
  post<T>(path: string, body: unknown, headers?: Record<string, string>): Promise<T>;
  upload<T>(path: string, file: File): Promise<T>;
  remove<T>(path: string): Promise<T>;
}

/** What a non-2xx answer may hold: the service's error body (errors.ts), or anything else a proxy put there. */
type ErrorBody = { error?: Partial<ErrorObject> };

async function decode<T>(response: Response): Promise<T> {
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text === '' ? null : JSON.parse(text);
  } catch {
    body = null;
  }
  if (response.ok) return body as T;
  const error = (body as ErrorBody | null)?.error;
  throw new ApiError(
    response.status,
    error?.code ?? `http_${response.status}`,
    error?.message ?? `The service answered ${response.status} ${response.statusText}.`,
    error?.field ?? null,
    // Row-level details are {row, column, message} (docs/batch.md "Upload").
    Array.isArray(error?.details) ? (error.details as unknown as RowProblem[]) : [],
    typeof error?.total_errors === 'number' ? error.total_errors : null,
  );
}

/** A promise that never settles: what a call of an ended session gets, so nothing renders after sign-out. */
function dropped<T>(): Promise<T> {
  return new Promise<T>(() => {});
}

/**
 * @param key the current API key (read on every call, so signing out takes effect at once)
 * @param onKeyRejected called when the service says the key is missing, unknown, expired or revoked
 * @param signal the session's: aborting it cancels calls in flight and drops their answers
 */
export function createApiClient(key: () => string | null, onKeyRejected: (error: ApiError) => void, signal?: AbortSignal): ApiClient {
  async function send<T>(method: string, path: string, init: { body?: BodyInit; headers?: Record<string, string> } = {}): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json', ...init.headers };
    const current = key();
    if (current) headers['X-API-Key'] = current;
    let response: Response;
    try {
      response = await fetch(path, { method, headers, body: init.body, credentials: 'omit', cache: 'no-store', signal });
    } catch {
      if (signal?.aborted) return dropped();
      throw new ApiError(0, 'network_error', 'The service could not be reached. Check the connection and try again.');
    }
    try {
      const body = await decode<T>(response);
      return signal?.aborted ? dropped() : body;
    } catch (err) {
      if (signal?.aborted) return dropped();
      if (err instanceof ApiError && err.status === 401 && KEY_REJECTED.has(err.code)) {
        // The session ends here; the caller has nothing left to show the error in.
        onKeyRejected(err);
        if (signal) return dropped();
      }
      throw err;
    }
  }

  return {
    get: (path, query = {}) => {
      const params = new URLSearchParams();
      for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, String(value));
      const search = params.toString();
      return send('GET', search ? `${path}?${search}` : path);
    },
    post: (path, body, headers = {}) => send('POST', path, { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json', ...headers } }),
    upload: (path, file) => {
      const form = new FormData();
      form.set('file', file, file.name);
      return send('POST', path, { body: form });
    },
    remove: (path) => send('DELETE', path),
  };
}
