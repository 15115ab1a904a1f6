import { encode as encodeMsgpack } from '@msgpack/msgpack';

/**
 * Content negotiation: JSON unless the client's Accept names msgpack, in which
 * case the same body is encoded with @msgpack/msgpack.
 */
const MSGPACK_TYPES = ['application/msgpack', 'application/x-msgpack'] as const;

export interface Encoded {
  contentType: string;
  payload: string | Uint8Array;
}

export function wantsMsgpack(accept: string | undefined): string | null {
  if (!accept) return null;
  const lower = accept.toLowerCase();
  for (const type of MSGPACK_TYPES) if (lower.includes(type)) return type;
  return null;
}

export function encodeBody(body: unknown, accept: string | undefined): Encoded {
  const msgpackType = wantsMsgpack(accept);
  if (msgpackType) return { contentType: msgpackType, payload: encodeMsgpack(body, { ignoreUndefined: true }) };
  return { contentType: 'application/json; charset=utf-8', payload: JSON.stringify(body) };
}
