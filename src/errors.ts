import { Type, type Static } from '@sinclair/typebox';

/**
 * The one catalogue of error codes. Every error the service answers with is
 * built from this table, so status, code and default message never drift.
 * The body shape is documented in docs/api.md ("Errors").
 */
export const ERROR_CODES = {
  bad_request: { status: 400, message: 'The request is invalid.' },
  invalid_location: { status: 400, message: 'The location or coordinates are missing or malformed.' },
  geocoding_failed: { status: 400, message: 'The location could not be geocoded.' },
  csv_invalid: { status: 400, message: 'The CSV file has invalid rows.' },
  csv_empty: { status: 400, message: 'The CSV file has no data rows.' },
  csv_oversized: { status: 400, message: 'The CSV file is too large.' },
  unknown_file_id: { status: 400, message: 'Unknown file_id.' },
  unknown_job_id: { status: 400, message: 'Unknown job_id.' },
  missing_api_key: { status: 401, message: 'The X-API-Key header is required.' },
  invalid_api_key: { status: 401, message: 'The API key is not valid.' },
  expired_api_key: { status: 401, message: 'The API key has expired.' },
  revoked_api_key: { status: 401, message: 'The API key has been revoked.' },
  historic_not_permitted: { status: 401, message: 'The API key is not permitted for historic events.' },
  mode_not_licensed: { status: 403, message: 'The API key is not licensed for this mode.' },
  peril_not_licensed: { status: 403, message: 'The API key is not licensed for this peril.' },
  flood_plus_not_permitted: { status: 403, message: 'The API key has no Flood Plus permission.' },
  link_invalid: { status: 403, message: 'The download link is invalid.' },
  link_expired: { status: 403, message: 'The download link has expired.' },
  not_found: { status: 404, message: 'No such route.' },
  method_not_allowed: { status: 405, message: 'Method not allowed on this route.' },
  idempotency_conflict: { status: 409, message: 'The Idempotency-Key was used with a different submission.' },
  payload_too_large: { status: 413, message: 'The request body is too large.' },
  range_not_satisfiable: { status: 416, message: 'The requested byte range is outside the file.' },
  malformed_json: { status: 422, message: 'The request body is not valid JSON.' },
  validation_error: { status: 422, message: 'The request failed validation.' },
  rate_limited: { status: 429, message: 'Too many requests for this API key; retry after the Retry-After seconds.' },
  historic_retrieval_failed: { status: 500, message: 'Failed to retrieve historic events or shapes.' },
  internal_error: { status: 500, message: 'Internal server error.' },
  chunk_attempts_exhausted: { status: 500, message: 'Part of the schedule stopped every worker that computed it; the job was failed instead of being retried again.' },
  service_unavailable: { status: 503, message: 'The service is shutting down.' },
  not_ready: { status: 503, message: 'The service is not ready.' },
  uploads_busy: { status: 503, message: 'Too many uploads are being received; retry after the Retry-After seconds.' },
  insufficient_storage: { status: 507, message: "The server's storage is full; nothing was changed. Retry once the operator has freed space." },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

/**
 * The error body every non-2xx response carries (docs/api.md "Errors"), described once: HttpError
 * writes it, OpenAPI publishes it and the web interface reads it. Some errors add members
 * (`limit_bytes`, `retry_after_seconds`, `checks`, `total_errors`, …).
 */
export const ErrorBody = Type.Object({
  error: Type.Object({
    status: Type.Integer(),
    code: Type.String(),
    message: Type.String(),
    field: Type.Union([Type.String(), Type.Null()]),
    details: Type.Optional(Type.Array(Type.Record(Type.String(), Type.Unknown()))),
    request_id: Type.String(),
  }),
});
/** The error object, with the members particular errors add. */
export type ErrorObject = Static<typeof ErrorBody>['error'] & { [extra: string]: unknown };
export type ErrorBody = { error: ErrorObject };

export interface ErrorDetail {
  field?: string;
  row?: number;
  column?: string;
  message: string;
  [extra: string]: unknown;
}

export interface ErrorOptions {
  message?: string;
  field?: string | null;
  details?: ErrorDetail[];
  /** Extra members merged into the error object (e.g. total_errors). */
  extra?: Record<string, unknown>;
  headers?: Record<string, string>;
}

export class HttpError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly field: string | null;
  readonly details: ErrorDetail[] | undefined;
  readonly extra: Record<string, unknown> | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(code: ErrorCode, options: ErrorOptions = {}) {
    super(options.message ?? ERROR_CODES[code].message);
    this.name = 'HttpError';
    this.code = code;
    this.status = ERROR_CODES[code].status;
    this.field = options.field ?? null;
    this.details = options.details;
    this.extra = options.extra;
    this.headers = options.headers;
  }

  /** The JSON body every error response carries. */
  toBody(requestId: string): ErrorBody {
    const error: ErrorObject = { status: this.status, code: this.code, message: this.message, field: this.field } as ErrorObject;
    if (this.details) error.details = this.details;
    if (this.extra) Object.assign(error, this.extra);
    // Last, so members come in the documented order whatever an error adds.
    error.request_id = requestId;
    return { error };
  }
}

export function httpError(code: ErrorCode, options?: ErrorOptions): HttpError {
  return new HttpError(code, options);
}

/** Longest piece of client input an error message repeats back. */
export const ECHO_MAX_CHARS = 60;

/** Client input quoted for an error message: JSON-escaped and cut to ECHO_MAX_CHARS, so errors stay short and log-safe. */
export function echo(value: string): string {
  const cut = value.length > ECHO_MAX_CHARS ? `${value.slice(0, ECHO_MAX_CHARS)}…` : value;
  return JSON.stringify(cut);
}

/** A 422 that names the failing field, the commonest error in the service. */
export function validationError(field: string, message: string, details?: ErrorDetail[]): HttpError {
  return new HttpError('validation_error', { field, message: `${field}: ${message}`, details });
}

/** The client closed the connection before its request was read: nobody is left to answer, nothing to log as a fault. */
export class ClientAbortedError extends Error {
  constructor() {
    super('client aborted');
    this.name = 'ClientAbortedError';
  }
}
