import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { Packr, type Options } from 'msgpackr';
import { LIMITS } from '../limits.js';
import { acceptsGzip } from './conditional.js';

/**
 * Content negotiation: JSON unless the client's Accept names msgpack, in which
 * case the same body is encoded as standard MessagePack (maps, float64, no
 * extensions: any decoder reads it, @msgpack/msgpack included). The encoder is
 * msgpackr, beside @msgpack/msgpack, because it is 2.4× faster on a v2 answer
 * (19 µs against 45 µs, JSON.stringify 24 µs; docs/api.md "Content
 * negotiation"). Bodies registered with constantBody() are serialised once per type.
 */
// skipValues drops undefined members as JSON.stringify does (msgpackr ≥ 1.10; its typings do not list it yet).
const msgpack = new Packr({ useRecords: false, skipValues: [undefined] } as Options & { skipValues: unknown[] });
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

function wantsMsgpack(accept: string | undefined): string | null {
  if (!accept) return null;
  const lower = accept.toLowerCase();
  for (const type of MSGPACK_TYPES) if (lower.includes(type)) return type;
  return null;
}

/**
 * A body may carry its own JSON writer under this key, returning exactly what JSON.stringify(body)
 * would: for an answer of many small objects in a fixed shape, where JSON.stringify is the largest
 * single cost (Lite: 2.3 µs of its ~35, src/api/lite-json.ts). A symbol key, so JSON.stringify,
 * msgpack and the response check all skip it.
 */
export const OWN_JSON: unique symbol = Symbol('own JSON');
export interface OwnJson {
  /** Called as a method of the body. */
  [OWN_JSON]: () => string;
}

function toJson(body: unknown): string {
  const own = typeof body === 'object' && body !== null ? (body as Partial<OwnJson>)[OWN_JSON] : undefined;
  return own ? own.call(body) : JSON.stringify(body);
}

export function encodeBody(body: unknown, accept: string | undefined): Encoded {
  const msgpackType = wantsMsgpack(accept);
  const cached = typeof body === 'object' && body !== null ? constants.get(body) : undefined;
  // pack() returns a view of the Packr's buffer that later calls do not overwrite (they move on, or allocate anew).
  if (msgpackType) return { contentType: msgpackType, payload: cached ? (cached.msgpack ??= msgpack.pack(body)) : msgpack.pack(body) };
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
