import type { Readable } from 'node:stream';
import type { Logger } from 'pino';
import type { TSchema } from '@sinclair/typebox';
import type { ErrorCode } from '../errors.js';
import type { Principal } from '../auth/keys.js';
import type { Mode } from '../auth/modes.js';
import type { ByteRange } from './uws.js';

export type Method = 'GET' | 'POST' | 'DELETE';

/** What a handler sees: everything is read off the wire before the first await. */
export interface RequestContext {
  method: Method;
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  /** Lower-case header names. */
  headers: Record<string, string>;
  requestId: string;
  /** Parsed JSON for `body: 'json'` routes. */
  body: unknown;
  /** The raw body for `body: 'stream'` routes (uploads). */
  bodyStream: Readable | null;
  /** The authenticated key, for keyed routes. */
  principal: Principal | null;
  log: Logger;
}

/** A JSON (or msgpack, by Accept) body. */
export interface DataReply {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** Bytes sent as they are (HTML, CSV, static assets). */
export interface RawReply {
  status?: number;
  raw: string | Uint8Array;
  contentType: string;
  headers?: Record<string, string>;
}

/** A file (or an inclusive byte range of it, for 206) streamed from disk with backpressure. */
export interface FileReply {
  status?: number;
  file: string;
  range?: ByteRange;
  contentType: string;
  headers?: Record<string, string>;
}

export type Reply = DataReply | RawReply | FileReply;

export interface RouteAuth {
  /** The licensed mode the route needs; omit for any valid key. */
  mode?: Mode;
  /** The error for a key without the mode (403 by default; historic events use 401). */
  denied?: ErrorCode;
}

export interface RouteDoc {
  /** Unique across the API; clients generated from /openapi.json name their methods after it. */
  operationId: string;
  summary: string;
  tags: string[];
  query?: TSchema;
  body?: TSchema;
  /** Response schemas by status, for the OpenAPI document. */
  responses?: Record<number, TSchema | string>;
  /** Content type of the request body when not JSON. */
  requestContentType?: string;
}

export interface Route {
  method: Method;
  /** Path pattern; `:name` segments become params. */
  path: string;
  /** null: no key needed (only /health, /openapi.json, signed downloads, UI assets). */
  auth: RouteAuth | null;
  body?: 'json' | 'stream';
  /** A probe (/health, /ready, /metrics): still answered while the server drains, so monitors see the drain. */
  probe?: true;
  handler: (ctx: RequestContext) => Reply | Promise<Reply>;
  doc?: RouteDoc;
}
