/**
 * Building blocks the route generators share: hostile strings, query strings
 * in several encodings, API keys (valid ones and every way of being wrong),
 * odd headers, wrong methods, and the helper that assembles a case.
 */
import fc from 'fast-check';
import type { FuzzCase, HttpSpec, Seg } from '../cases.js';

export type CaseDraft = Omit<FuzzCase, 'id'>;

/** Strings that have broken parsers before. */
export const NASTY = [
  '', ' ', '\t', 'null', 'undefined', 'NaN', 'Infinity', '-Infinity', '-0', '1e309', '-1e309', '0x1A', '1_000', '1,5', '０', '１２', '٣',
  '../../etc/passwd', '..\\..\\windows\\win.ini', '....//....//hazrisk.db', '%00', '%2e%2e%2f', '%252e%252e', "' OR 1=1 --", '"; DROP TABLE jobs; --',
  '${jndi:ldap://x/a}', '{{7*7}}', '<script>alert(1)</script>', '\uFEFF', '\uD800', '\uDFFF', '\u202E', 'a\u0301', '🏳️‍🌈', 'Ω≈ç√',
  'ǅ', '\u0000', '\u001b[31m', 'true', 'false', '[]', '{}', '__proto__', 'constructor', 'toString', 'hasOwnProperty',
];

export const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 2, arbitrary: fc.string({ maxLength: 24 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 16 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 8 }) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom('x', 'é', '𝕏', '\u0000', '%'), fc.integer({ min: 501, max: 9000 })).map(([c, n]) => c.repeat(n)) },
);

/** Percent-encode every byte but the unreserved ones (lone surrogates become U+FFFD, as UTF-8 would). */
export function pct(s: string): string {
  let out = '';
  for (const b of Buffer.from(s, 'utf8')) {
    const c = String.fromCharCode(b);
    out += /[A-Za-z0-9\-._~]/.test(c) ? c : `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** Encode only what would break the request line; other bytes (UTF-8 included) go raw. */
export function loose(s: string): string {
  return s.replace(/[\u0000-\u0020\u007f#%&=+]/g, (c) => pct(c));
}

/** True when a target or header value holds bytes outside printable ASCII (a server may refuse the framing). */
export function nonAscii(s: string): boolean {
  return /[^\u0020-\u007e]/.test(s);
}

export type QueryStyle = 'pct' | 'plus' | 'loose' | 'broken';
const BROKEN = ['%', '%G1', '%E0%A4%A', '&&', '=', '==x', '%u0041', '%C0%AE', '%FF%FE', '&=&'];

/** Name/value pairs as a query string, encoded one of several ways (broken: with a stray bad escape). */
export function queryArb(pairs: fc.Arbitrary<readonly (readonly [string, string])[]>): fc.Arbitrary<string> {
  return fc
    .tuple(pairs, fc.constantFrom<QueryStyle>('pct', 'pct', 'plus', 'loose', 'broken'), fc.constantFrom(...BROKEN))
    .map(([list, style, stray]) => {
      const enc = style === 'loose' ? loose : style === 'plus' ? (s: string) => pct(s).replace(/%20/g, '+') : pct;
      const parts = list.map(([k, v]) => `${enc(k)}=${enc(v)}`);
      if (style === 'broken') parts.push(stray);
      return parts.join('&');
    });
}

/** `path?query`, or just `path` for an empty query. */
export function withQuery(path: string, query: string): string {
  return query === '' ? path : `${path}?${query}`;
}

// ---------------------------------------------------------------- keys

export interface Auth {
  headers: [string, string][];
  /** The server must refuse the request on the key alone (401/403), whatever the rest says. */
  rejecting: boolean;
  label: string;
}

const validKeys: fc.Arbitrary<Auth> = fc.constantFrom<Auth>(
  { headers: [['X-API-Key', '{{KEY}}']], rejecting: false, label: 'key' },
  { headers: [['X-API-Key', '{{KEY}}']], rejecting: false, label: 'key' },
  { headers: [['X-API-Key', '{{KEY}}']], rejecting: false, label: 'key' },
  { headers: [['X-API-Key', '{{KEY_OTHER}}']], rejecting: false, label: 'other-owner' },
  { headers: [['X-API-Key', '{{KEY_LIMITED}}']], rejecting: false, label: 'limited' },
  { headers: [['x-api-key', '{{KEY}}']], rejecting: false, label: 'key-lowercase-name' },
  { headers: [['X-API-Key', 'garbage'], ['X-API-Key', '{{KEY}}']], rejecting: false, label: 'duplicate-header' },
);

/** Keys refused on every keyed route; `modeOnly` ones only where the route needs a mode. */
function rejectingKeys(routeNeedsMode: boolean): fc.Arbitrary<Auth> {
  const options: fc.Arbitrary<Auth>[] = [
    fc.constant<Auth>({ headers: [], rejecting: true, label: 'missing' }),
    fc.constant<Auth>({ headers: [['X-API-Key', '']], rejecting: true, label: 'empty' }),
    fc.constantFrom('{{KEY_EXPIRED}}', '{{KEY_REVOKED}}', '{{KEY_UPPER}}', '{{KEY_NEARMISS}}', '{{KEY_TRUNCATED}}', '{{KEY}}x', 'x{{KEY}}', 'hzr_000000000000_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')
      .map((v): Auth => ({ headers: [['X-API-Key', v]], rejecting: true, label: v.startsWith('{{KEY_') ? v.slice(6, -2).toLowerCase() : 'near-miss' })),
    nastyString.filter((s) => s.trim() !== '' && !/[\u0000-\u001f\u007f]/.test(s) && !/^\s|\s$/.test(s)).map((v): Auth => ({ headers: [['X-API-Key', v]], rejecting: true, label: 'garbage' })),
    fc.tuple(fc.constantFrom('Authorization', 'X-Api-Token', 'Api-Key', 'X-API-KEY-'), fc.constant('{{KEY}}')).map(([name, v]): Auth => ({ headers: [[name, name === 'Authorization' ? `Bearer ${v}` : v]], rejecting: true, label: 'wrong-header' })),
  ];
  if (routeNeedsMode) options.push(fc.constant<Auth>({ headers: [['X-API-Key', '{{KEY_NOMODE}}']], rejecting: true, label: 'no-mode' }));
  return fc.oneof(...options);
}

export function authArb(needsMode: boolean, rejectShare = 0.4): fc.Arbitrary<Auth> {
  const w = Math.round(rejectShare * 10);
  return fc.oneof({ weight: 10 - w, arbitrary: validKeys }, { weight: w, arbitrary: rejectingKeys(needsMode) });
}

// ---------------------------------------------------------------- headers

const headerValue = (values: string[]): fc.Arbitrary<string> => fc.oneof(fc.constantFrom(...values), nastyString.filter(headerSafe));

/** Header values a well-formed request may carry: no control characters, no edge whitespace. */
export function headerSafe(v: string): boolean {
  return !/[\u0000-\u0008\u000a-\u001f\u007f]/.test(v) && v === v.trim();
}

export const noiseHeader: fc.Arbitrary<[string, string]> = fc.oneof(
  headerValue(['application/msgpack', 'application/x-msgpack', 'application/json', '*/*', 'text/html', 'application/msgpack;q=0', 'application/json, application/msgpack;q=0.9', 'x'.repeat(4000)]).map((v): [string, string] => ['Accept', v]),
  headerValue(['application/json', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data', 'application/json; charset=utf-16', 'application/msgpack', 'text/csv', 'application/xml']).map((v): [string, string] => ['Content-Type', v]),
  headerValue(['a', 'x'.repeat(256), 'x'.repeat(255), 'fuzz-key-1', '{{IDEM_A}}', 'ключ', '😀']).map((v): [string, string] => ['Idempotency-Key', v]),
  headerValue(['req-1', 'a'.repeat(64), 'a'.repeat(65), 'bad id', 'ünï', '../x', '{{KEY}}', '-']).map((v): [string, string] => ['X-Request-Id', v]),
  headerValue(['"abc"', '*', 'W/"1"']).map((v): [string, string] => ['If-None-Match', v]),
  headerValue(['bytes=0-1', 'bytes=-1', 'bytes=999999999-', 'items=1-2']).map((v): [string, string] => ['Range', v]),
  headerValue(['https://evil.example', 'null', 'file://']).map((v): [string, string] => ['Origin', v]),
  headerValue(['close', 'keep-alive', 'Upgrade', 'TE, close']).map((v): [string, string] => ['Connection', v]),
  headerValue(['websocket', 'h2c']).map((v): [string, string] => ['Upgrade', v]),
  headerValue(['gzip', 'br', 'identity', 'compress, gzip']).map((v): [string, string] => ['Content-Encoding', v]),
  headerValue(['gzip', 'deflate', 'br', '*;q=0']).map((v): [string, string] => ['Accept-Encoding', v]),
  headerValue(['1.2.3.4', '::1, 10.0.0.1', 'unknown']).map((v): [string, string] => ['X-Forwarded-For', v]),
  headerValue(['evil.example', '127.0.0.1:1', '"><script>', 'a'.repeat(300)]).map((v): [string, string] => ['Host', v]),
  headerValue(['session=1', 'a=b; c=d']).map((v): [string, string] => ['Cookie', v]),
  fc.tuple(fc.stringMatching(/^[A-Za-z][A-Za-z0-9-]{0,30}$/), fc.string({ maxLength: 40 }).filter(headerSafe)).map(([n, v]): [string, string] => [`X-${n}`, v]),
);

export const noiseHeaders: fc.Arbitrary<[string, string][]> = fc.array(noiseHeader, { maxLength: 4 });

// ---------------------------------------------------------------- methods

export const STANDARD_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE'];
export const ODD_METHODS = ['BREW', 'get', 'Post', 'CONNECT', 'PROPFIND', 'M-SEARCH', 'G\u00c9T', 'X'.repeat(300), 'GET\u0000'];

/** A method the path does not answer; OPTIONS may be a CORS preflight, so its 2xx is fine. */
export function wrongMethod(allowed: readonly string[]): fc.Arbitrary<string> {
  const answered = new Set(allowed.includes('GET') ? [...allowed, 'HEAD'] : allowed);
  return fc.constantFrom(...STANDARD_METHODS.filter((m) => !answered.has(m)));
}

// ---------------------------------------------------------------- assembly

/** Request heads larger than this go to the batch lane, where a silent close is an outcome rather than a failure. */
export const HEAD_LIMIT = 8 * 1024;

export function httpCase(route: string, kind: string, expect: FuzzCase['expect'], spec: Partial<HttpSpec> & { method: string; target: string }): CaseDraft {
  const full: HttpSpec = { headers: [], body: null, framing: spec.body ? 'length' : 'none', ...spec };
  const odd = !STANDARD_METHODS.includes(full.method) || nonAscii(full.target) || full.headers.some(([n, v]) => !headerSafe(v) || !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(n));
  // A request head past what servers commonly accept (8 KiB) may be refused by closing (a 414/431 would be kinder).
  const huge = full.target.length + full.headers.reduce((n, [k, v]) => n + k.length + Buffer.byteLength(v) + 4, 0) > HEAD_LIMIT;
  return { route, kind, expect, lane: odd || huge ? 'batch' : 'seq', http: full };
}

export function text(s: string): Seg[] {
  return [s];
}
