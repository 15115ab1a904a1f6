/**
 * Case families shared by many routes: JSON-body routes (poisoned bodies,
 * malformed text, wrong types, deep nesting, oversize, huge arrays), wrong and
 * odd methods, junk queries on read-only routes, and refused keys.
 */
import fc from 'fast-check';
import { encode } from '@msgpack/msgpack';
import type { Seg } from '../cases.js';
import { authArb, type Auth, type CaseDraft, httpCase, nastyString, noiseHeaders, ODD_METHODS, queryArb, withQuery, wrongMethod } from './common.js';
import { deep, hugeArray, malformed, oversized, poisoned, spell, wrongType, type Obj, type Poison } from './json.js';

export interface RouteInfo {
  label: string;
  method: string;
  /** Methods the same path answers. */
  allowed: string[];
  keyed: boolean;
  needsMode: boolean;
}

const validAuth = (r: RouteInfo): fc.Arbitrary<Auth> => (r.keyed ? authArb(r.needsMode, 0) : fc.constant<Auth>({ headers: [], rejecting: false, label: 'none' }));
const refusedAuth = (r: RouteInfo): fc.Arbitrary<Auth> => authArb(r.needsMode, 1);
const framing = fc.constantFrom<'length' | 'chunked'>('length', 'length', 'length', 'length', 'chunked');
const jsonType = fc.constantFrom<[string, string][]>([['Content-Type', 'application/json']], [['Content-Type', 'application/json']], [], [['Content-Type', 'text/plain']], [['Content-Type', 'application/x-www-form-urlencoded']]);

/** Query pairs nobody asked for. */
export const junkPairs = fc.array(fc.tuple(nastyString, nastyString), { maxLength: 4 });

export function badMethod(r: RouteInfo, target: fc.Arbitrary<string>): fc.Arbitrary<CaseDraft> {
  return fc.tuple(wrongMethod(r.allowed), target, validAuth(r), noiseHeaders, fc.boolean()).map(([method, t, auth, noise, withBody]) =>
    httpCase(r.label, 'bad-method', method === 'OPTIONS' ? 'any' : 'reject', { method, target: t, headers: [...auth.headers, ...noise], body: withBody ? ['{"perils":[]}'] : null }),
  );
}

export function oddMethod(r: RouteInfo, target: fc.Arbitrary<string>): fc.Arbitrary<CaseDraft> {
  return fc.tuple(fc.constantFrom(...ODD_METHODS), target, validAuth(r)).map(([method, t, auth]) => ({ ...httpCase(r.label, 'odd-method', 'any', { method, target: t, headers: auth.headers }), lane: 'batch' as const }));
}

/** Read-only route with junk in the query and headers: any status but 5xx, nothing stored. */
export function junkQuery(r: RouteInfo, path: fc.Arbitrary<string>, method = r.method): fc.Arbitrary<CaseDraft> {
  return fc.tuple(path, queryArb(junkPairs), validAuth(r), noiseHeaders, fc.constantFrom(method, method, method === 'GET' ? 'HEAD' : method)).map(([p, q, auth, noise, m]) =>
    httpCase(r.label, m === 'HEAD' ? 'junk-query-head' : 'junk-query', 'any', { method: m, target: withQuery(p, q), headers: [...auth.headers, ...noise] }),
  );
}

/** A refused key, with whatever query: must be 401/403. */
export function refusedKey(r: RouteInfo, target: fc.Arbitrary<string>, body: fc.Arbitrary<Seg[] | null> = fc.constant(null)): fc.Arbitrary<CaseDraft> {
  return fc.tuple(refusedAuth(r), target, body, noiseHeaders).map(([auth, t, b, noise]) =>
    httpCase(r.label, `bad-key:${auth.label}`, 'reject', { method: r.method, target: t, headers: [...auth.headers, ...noise, ...(b ? ([['Content-Type', 'application/json']] as [string, string][]) : [])], body: b }),
  );
}

export interface JsonRoute {
  route: RouteInfo;
  target: fc.Arbitrary<string>;
  valid: fc.Arbitrary<Obj>;
  poisons: fc.Arbitrary<Poison>;
}

/** Every family a JSON-body route gets; the valid-key ones always carry an invalid body. */
export function jsonFamilies(j: JsonRoute): fc.Arbitrary<CaseDraft> {
  const r = j.route;
  const base = (kind: string, body: fc.Arbitrary<Seg[]>, extra: fc.Arbitrary<[string, string][]> = fc.constant([])): fc.Arbitrary<CaseDraft> =>
    fc.tuple(validAuth(r), j.target, body, jsonType, noiseHeaders, framing, extra).map(([auth, t, b, type, noise, f, more]) =>
      httpCase(r.label, kind, 'reject', { method: r.method, target: t, headers: [...auth.headers, ...type, ...more, ...noise], body: b, framing: f }),
    );
  const poisonedBody = fc
    .tuple(validAuth(r), j.target, jsonType, noiseHeaders, framing)
    .chain(([auth, t, type, noise, f]) =>
      poisoned(j.valid, j.poisons, auth.label).chain(({ body, headers }) =>
        // The poison's own headers go last and no noise header shares their name (uWS keeps the last of a repeated header).
        spell(body).map((segs) => {
          const names = new Set(headers.map(([n]) => n.toLowerCase()));
          const quiet = noise.filter(([n]) => !names.has(n.toLowerCase()));
          return httpCase(r.label, 'poisoned-body', 'reject', { method: r.method, target: t, headers: [...auth.headers, ...type, ...quiet, ...headers], body: segs, framing: f });
        }),
      ),
    );
  const anyBody: fc.Arbitrary<Seg[] | null> = fc.oneof(
    j.valid.map((b): Seg[] => [JSON.stringify(b)]),
    poisoned(j.valid, j.poisons, 'key').map(({ body }): Seg[] => [JSON.stringify(body)]),
  );
  return fc.oneof(
    { weight: 30, arbitrary: poisonedBody },
    { weight: 14, arbitrary: refusedKey(r, j.target, anyBody) },
    { weight: 12, arbitrary: j.valid.chain((v) => malformed(v)).chain((m) => base(`malformed-json:${m.kind}`, fc.constant(m.body))) },
    { weight: 6, arbitrary: base('wrong-type', wrongType) },
    { weight: 6, arbitrary: base('deep-nesting', deep) },
    { weight: 4, arbitrary: base('oversized', oversized) },
    { weight: 3, arbitrary: base('huge-array', hugeArray) },
    { weight: 2, arbitrary: base('empty-body', fc.constantFrom<Seg[]>([''], [' '], ['\r\n'])) },
    { weight: 2, arbitrary: base('msgpack-body', j.valid.map((v): Seg[] => [{ hex: Buffer.from(encode(v)).toString('hex') }]), fc.constant([['Content-Type', 'application/msgpack']] as [string, string][])) },
    { weight: 4, arbitrary: badMethod(r, j.target) },
    { weight: 2, arbitrary: oddMethod(r, j.target) },
  );
}

/** A JSON route the generators do not know: body-level families only (their outcome is certain). */
export function genericJson(r: RouteInfo, target: fc.Arbitrary<string>): fc.Arbitrary<CaseDraft> {
  const body = (kind: string, b: fc.Arbitrary<Seg[]>): fc.Arbitrary<CaseDraft> =>
    fc.tuple(validAuth(r), target, b).map(([auth, t, segs]) => httpCase(r.label, kind, 'reject', { method: r.method, target: t, headers: [...auth.headers, ['Content-Type', 'application/json']], body: segs }));
  return fc.oneof(
    body('malformed-json', fc.constantFrom<Seg[]>(['{'], ['{"a":'], ["{'a':1}"], ['[1,]'], [{ hex: 'ff' }])),
    body('deep-nesting', deep),
    body('oversized', oversized),
    body('empty-body', fc.constant<Seg[]>([''])),
  );
}

export function withPath(path: string): fc.Arbitrary<string> {
  return fc.constant(path);
}
