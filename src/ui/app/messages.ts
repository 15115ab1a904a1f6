import { ApiError } from './api.js';

/**
 * What to tell a person about a failed call: the sign-in and licence errors
 * in plain words, anything else as the service's own message.
 */
const PLAIN: Record<string, string> = {
  missing_api_key: 'Enter an API key to sign in.',
  invalid_api_key: 'This API key is not recognised. Check it was copied in full, or ask your administrator for a new one.',
  expired_api_key: 'This API key has expired. Ask your administrator for a new key.',
  revoked_api_key: 'This API key has been revoked. Ask your administrator for a new key.',
  mode_not_licensed: 'Your API key is not licensed for this. Ask your administrator to add the mode to your licence.',
  peril_not_licensed: 'Your API key is not licensed for a peril in this request.',
  flood_plus_not_permitted: 'Your API key does not include Flood Plus. Untick Flood Plus, or ask your administrator for the permission.',
  historic_not_permitted: 'Your API key is not permitted for historic events of this peril.',
  idempotency_conflict: 'This submission clashes with an earlier one. Try submitting again.',
};

/** @param error an ApiError, a message of the page's own, or anything thrown */
export function describeError(error: unknown): string {
  if (typeof error === 'string') return error;
  if (!(error instanceof ApiError)) return `Something went wrong in the page: ${error instanceof Error ? error.message : String(error)}`;
  const plain = PLAIN[error.code];
  if (!plain) return error.message;
  // The service's message names the mode or peril; keep it beside the plain words.
  return error.status === 403 || error.code === 'historic_not_permitted' ? `${plain} (${error.message})` : plain;
}

/** "401 invalid_api_key" style tag for the error's heading, so support can match it to the docs. */
export function errorTag(error: unknown): string {
  return error instanceof ApiError && error.status > 0 ? `${error.status} ${error.code}` : '';
}
