import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { LIMITS } from '../limits.js';
import { acceptsGzip } from './conditional.js';
import { packMsgpack } from './msgpack.js';

/**
 * Content negotiation: JSON unless the client's Accept names msgpack, in which
 * case the same body is encoded as standard MessagePack (http/msgpack.ts;
 * docs/api.md "Content negotiation"). Bodies registered with constantBody()
 * are serialised once per type; bodies with their own writers (OWN_JSON,
 * OWN_MSGPACK) are written by them.
 */
const constants = new WeakMap<object, { json?: string; msgpack?: Uint8Array }>();

/** Mark a body that never changes (a liveness answer, the peril list): it is encoded once per content type. */
export function constantBody<T extends object>(body: T): T {
  constants.set(body, {});
  return body;
}

const MSGPACK_TYPES = ['application/msgpack', 'application/x-msgpack'] as const;

/** Answers whose encoding depends on Accept say so, for caches between us and the client. */
export const NEGOTIATED_VARY = 'Accept';

export interface Encoded {
  contentType: string;
  payload: string | Uint8Array;
}

/**
 * The msgpack type to answer with, or null for JSON: when Accept names a msgpack type with a q above 0
 * and at least JSON's (its q from application/json, else application/*, else *\/*; 0 when unnamed).
 * `application/msgpack;q=0` refuses msgpack; most requests name no msgpack type and skip the parse.
 */
function wantsMsgpack(accept: string | undefined): string | null {
  if (!accept) return null;
  const lower = accept.toLowerCase();
  if (!lower.includes('msgpack')) return null;
  let msgpack: { type: string; q: number } | null = null;
  const json = { exact: -1, subtype: -1, any: -1 };
  for (const part of lower.split(',')) {
    const [range, ...params] = part.split(';').map((p) => p.trim());
    const qParam = params.find((p) => p.startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    if (!Number.isFinite(q)) continue;
    const named = MSGPACK_TYPES.find((type) => type === range);
    if (named && (!msgpack || q > msgpack.q)) msgpack = { type: named, q };
    else if (range === 'application/json') json.exact = q;
    else if (range === 'application/*') json.subtype = q;
    else if (range === '*/*') json.any = q;
  }
  const jsonQ = json.exact >= 0 ? json.exact : json.subtype >= 0 ? json.subtype : Math.max(json.any, 0);
  return msgpack && msgpack.q > 0 && msgpack.q >= jsonQ ? msgpack.type : null;
}

/**
 * A body may carry its own writers under these keys, returning exactly what JSON.stringify(body)
 * (as text or its UTF-8 bytes) and packMsgpack(body) would: for answers of many small objects in a
 * fixed shape, where the generic encoders are the largest single cost (Lite: JSON.stringify 2.3 µs
 * of its ~35, src/api/lite-json.ts; in-depth curves: src/api/in-depth/answer.ts). Symbol keys, so
 * JSON.stringify, msgpack and the response check all skip them.
 */
export const OWN_JSON: unique symbol = Symbol('own JSON');
export const OWN_MSGPACK: unique symbol = Symbol('own MessagePack');
export interface OwnJson {
  /** Called as a method of the body. */
  [OWN_JSON]: () => string | Uint8Array;
}
export interface OwnMsgpack {
  [OWN_MSGPACK]: () => Uint8Array;
}

/** The body's own writer under `key`, if it has one. */
function ownWriter<K extends typeof OWN_JSON | typeof OWN_MSGPACK>(body: unknown, key: K): (OwnJson & OwnMsgpack)[K] | undefined {
  return typeof body === 'object' && body !== null ? (body as Partial<OwnJson & OwnMsgpack>)[key] : undefined;
}

function toJson(body: unknown): string | Uint8Array {
  const own = ownWriter(body, OWN_JSON);
  return own ? own.call(body) : JSON.stringify(body);
}

function toMsgpack(body: unknown): Uint8Array {
  const own = ownWriter(body, OWN_MSGPACK);
  return own ? own.call(body) : packMsgpack(body);
}

export function encodeBody(body: unknown, accept: string | undefined): Encoded {
  const msgpackType = wantsMsgpack(accept);
  const cached = typeof body === 'object' && body !== null ? constants.get(body) : undefined;
  if (msgpackType) return { contentType: msgpackType, payload: cached ? (cached.msgpack ??= packMsgpack(body)) : toMsgpack(body) };
  return { contentType: 'application/json; charset=utf-8', payload: cached ? (cached.json ??= JSON.stringify(body)) : toJson(body) };
}

/**
 * Compression of large answers (docs/api.md "Compression"): an answer of at
 * least LIMITS.compressMinLength varies by Accept-Encoding, and is sent gzip
 * (level 6: 11 kB of v2 JSON → 1.7 kB in ~60 µs, bench/README.md) to clients
 * that accept it. Smaller answers are never compressed: the bytes saved would
 * not pay for the work.
 */
const COMPRESSED_VARY = 'Accept-Encoding';
const GZIP_OPTIONS = { level: 6 } as const;
const gzip = promisify(zlib.gzip);

/**
 * Sets a large answer's headers (Vary: Accept-Encoding, and Content-Encoding
 * when it goes out gzip) and says how to send it: 'none' too small to vary,
 * 'identity' plain for this client, 'gzip' compressed.
 */
export function negotiateCompression(headers: Record<string, string>, payload: string | Uint8Array, acceptEncoding: string | undefined): 'none' | 'identity' | 'gzip' {
  if (payload.length < LIMITS.compressMinLength) return 'none';
  addVary(headers, COMPRESSED_VARY);
  if (!acceptsGzip(acceptEncoding)) return 'identity';
  headers['content-encoding'] = 'gzip';
  return 'gzip';
}

/** Vary lists every request header the answer depends on: CORS's Origin, a route's own, Accept, Accept-Encoding. */
export function addVary(headers: Record<string, string>, name: string): void {
  const current = headers.vary;
  if (!current) headers.vary = name;
  else if (!current.split(', ').includes(name)) headers.vary = `${current}, ${name}`;
}

/** Compressed on the libuv thread pool, off the thread that serves requests. */
export function gzipAnswer(payload: string | Uint8Array): Promise<Buffer> {
  return gzip(payload, GZIP_OPTIONS);
}

/** The compressed length, for a HEAD answer that must match its GET. */
export function gzipLength(payload: string | Uint8Array): number {
  return zlib.gzipSync(payload, GZIP_OPTIONS).byteLength;
}
