/**
 * Cross-origin access for browser clients on other origins (docs/operations.md
 * "CORS"). Off unless HAZRISK_CORS_ORIGINS lists origins (or `*`); then
 * responses to an allowed Origin carry Access-Control-Allow-Origin, and a
 * preflight OPTIONS is answered 204 with the methods the path answers.
 */
export const CORS_ALLOWED_HEADERS = ['X-API-Key', 'Idempotency-Key', 'Content-Type', 'Accept', 'X-Request-Id'] as const;
/** Response headers a cross-origin script may read. */
const EXPOSED_HEADERS = ['X-Request-Id', 'Retry-After', 'Content-Disposition', 'ETag', 'Content-Range'];
const PREFLIGHT_MAX_AGE_SECONDS = 600;

export class CorsPolicy {
  private readonly any: boolean;
  private readonly origins: ReadonlySet<string>;

  /** `list` is the HAZRISK_CORS_ORIGINS value: empty (off), `*`, or comma-separated origins. */
  constructor(list: string) {
    const entries = list.split(',').map((s) => s.trim().replace(/\/+$/, '')).filter(Boolean);
    this.any = entries.includes('*');
    this.origins = new Set(entries.filter((e) => e !== '*').map((e) => e.toLowerCase()));
    for (const origin of this.origins) {
      if (!/^https?:\/\/[^/\s]+$/.test(origin)) throw new Error(`HAZRISK_CORS_ORIGINS: "${origin}" is not an origin (scheme://host[:port])`);
    }
  }

  get enabled(): boolean {
    return this.any || this.origins.size > 0;
  }

  /** Headers for a response to a request from `origin` (none when the origin is not allowed). */
  responseHeaders(origin: string | undefined): Record<string, string> {
    if (!origin || !this.allows(origin)) return {};
    return {
      'access-control-allow-origin': this.any ? '*' : origin,
      'access-control-expose-headers': EXPOSED_HEADERS.join(', '),
      ...(this.any ? {} : { vary: 'Origin' }),
    };
  }

  /** The 204 preflight headers, or null when this is not a preflight this policy answers. */
  preflight(origin: string | undefined, requestedMethod: string | undefined, allowed: readonly string[]): Record<string, string> | null {
    if (!origin || !requestedMethod || !this.allows(origin)) return null;
    return {
      ...this.responseHeaders(origin),
      'access-control-allow-methods': [...allowed, ...(allowed.includes('GET') ? ['HEAD'] : [])].join(', '),
      'access-control-allow-headers': CORS_ALLOWED_HEADERS.join(', '),
      'access-control-max-age': String(PREFLIGHT_MAX_AGE_SECONDS),
    };
  }

  private allows(origin: string): boolean {
    return this.any || this.origins.has(origin.toLowerCase());
  }
}
