import type { Readable } from 'node:stream';
import type { Logger } from 'pino';
import type { TObject, TSchema } from '@sinclair/typebox';
import type { ErrorCode, HttpError } from '../errors.js';
import type { Principal } from '../auth/keys.js';
import type { Mode } from '../auth/modes.js';
import type { OpenFile } from './file-sender.js';
import type { ByteRange } from './uws.js';

export type Method = 'GET' | 'POST' | 'DELETE';

/** A route's validated input; define-route.ts types it from the route's schemas. */
export interface RouteInputs {
  params: unknown;
  query: unknown;
  body: unknown;
}

/** What a handler sees: everything is read off the wire before the first await. */
export interface RequestContext {
  method: Method;
  path: string;
  /** The path parameters as sent (decoded). */
  params: Record<string, string>;
  query: URLSearchParams;
  /** Lower-case header names. */
  headers: Record<string, string>;
  requestId: string;
  /** Parsed JSON for `body: 'json'` routes, before validation. */
  body: unknown;
  /** The raw body for `body: 'stream'` routes (uploads). */
  bodyStream: Readable | null;
  /** Params, query and body after the route's schemas passed them (empty parts for a route without request schemas). */
  input: RouteInputs;
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

/**
 * A file (or an inclusive byte range of it, for 206) streamed from disk with backpressure. The handler opens it
 * (openFile) and takes the ETag and the range from its stat; the answer closes it.
 */
export interface FileReply {
  status?: number;
  file: OpenFile;
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

/**
 * The route's one declaration of what it accepts and answers. The router
 * compiles the request schemas when the route is added and validates each
 * part before the handler runs; OpenAPI is generated from all of them; in
 * test mode every 2xx JSON answer is checked against `response`.
 */
export interface RouteSchema {
  /** The `:name` path segments, as strings. */
  params?: TObject;
  /** Query parameters, converted to the types their schemas declare first (query.ts). */
  query?: TObject;
  /** A JSON request body, read and parsed before validation. */
  body?: TSchema;
  /** A body the handler streams itself (uploads): documented in OpenAPI, not validated here. */
  upload?: { contentType: string; schema: TSchema };
  /** JSON response bodies by status. */
  response?: Readonly<Record<number, TSchema>>;
}

/** One failed schema check: which part, where in it (JS-style path), and what is wrong. */
export interface SchemaFailure {
  part: 'params' | 'query' | 'body';
  /** `events[2].start_date`, `lat`; empty when the part as a whole is wrong. */
  path: string;
  /** The JSON Schema keyword that failed (`type`, `maximum`, `additionalProperties`, …). */
  keyword: string;
  message: string;
}

export interface RouteDoc {
  /** Unique across the API; clients generated from /openapi.json name their methods after it. */
  operationId: string;
  summary: string;
  tags: string[];
  /** Media types of a 200 answer that is not JSON (HTML, metrics text, artefact files). */
  produces?: readonly string[];
}

export interface Route {
  method: Method;
  /** Path pattern; `:name` segments become params. */
  path: string;
  /** null: no key needed (only /health, /openapi.json, signed downloads, UI assets). */
  auth: RouteAuth | null;
  /** How the request body is read; defineRoute sets it from the schema. */
  body?: 'json' | 'stream';
  /** A probe (/health, /ready, /metrics): still answered while the server drains, so monitors see the drain. */
  probe?: true;
  schema?: RouteSchema;
  /** The error a schema failure answers; by default 422 validation_error naming the field (validation.ts). */
  schemaError?: (failure: SchemaFailure) => HttpError;
  /** A licence check on the resource the path names, run once the path is valid and before the query and body are read. */
  authorize?: (principal: Principal, params: Record<string, string>) => void;
  handler: (ctx: RequestContext) => Reply | Promise<Reply>;
  doc?: RouteDoc;
}
