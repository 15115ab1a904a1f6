import crypto from 'node:crypto';
import fs from 'node:fs';
import type { Logger } from 'pino';
import { ClientAbortedError, HttpError, httpError } from '../errors.js';
import type { Principal } from '../auth/keys.js';
import { requireMode } from '../auth/licence.js';
import { encodeBody } from './encode.js';
import type { Router } from './router.js';
import type { Method, Reply, RequestContext } from './types.js';
import { listen, type HttpExchange, type HttpListener } from './uws.js';

export interface HttpServerOptions {
  router: Router;
  authenticate: (presentedKey: string | undefined) => Principal;
  jsonBodyBytes: number;
  uploadBytes: number;
  log: Logger;
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * The request pipeline: route → authenticate → licence → body → handler →
 * encode. Every response, error or not, carries X-Request-Id, and every error
 * goes out in the one body shape from errors.ts.
 */
export class HttpServer {
  private listener: HttpListener | null = null;
  private inFlight = 0;
  private draining = false;
  private drained: (() => void) | null = null;
  private readonly idPrefix = crypto.randomBytes(3).toString('hex');
  private nextId = 0;

  constructor(private readonly options: HttpServerOptions) {}

  async start(host: string, port: number): Promise<number> {
    this.listener = await listen(host, port, (ex) => this.handle(ex));
    return this.listener.port;
  }

  /** Stop accepting connections, then wait (up to graceMs) for in-flight requests. */
  async stop(graceMs: number): Promise<void> {
    this.draining = true;
    this.listener?.close();
    this.listener = null;
    if (this.inFlight === 0) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, graceMs);
      this.drained = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  private handle(ex: HttpExchange): void {
    const started = performance.now();
    const incoming = ex.headers['x-request-id'];
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : `${this.idPrefix}-${(this.nextId++).toString(36)}`;
    this.inFlight++;
    let finished = false;
    const finish = (status: number): void => {
      if (finished) return;
      finished = true;
      this.inFlight--;
      this.options.log.info({ req_id: requestId, method: ex.method, path: ex.path, status, ms: +(performance.now() - started).toFixed(2) }, 'request');
      if (this.draining && this.inFlight === 0) this.drained?.();
    };
    ex.onAbort(() => finish(499));
    this.process(ex, requestId).then(finish, (err: unknown) => {
      this.options.log.error({ req_id: requestId, err }, 'response failed');
      finish(500);
    });
  }

  private async process(ex: HttpExchange, requestId: string): Promise<number> {
    let bodyRead = false;
    let bodyStream: RequestContext['bodyStream'] = null;
    try {
      if (this.draining) throw httpError('service_unavailable');
      // HEAD is GET without the body, on every GET route.
      const match = this.options.router.match(ex.method === 'HEAD' ? 'GET' : ex.method, ex.path);
      if (match.kind === 'not_found') throw httpError('not_found', { message: `No route for ${ex.method} ${ex.path}.` });
      if (match.kind === 'method_not_allowed') {
        throw httpError('method_not_allowed', {
          message: `${ex.method} is not allowed on ${ex.path}; allowed: ${match.allow.join(', ')}.`,
          headers: { allow: match.allow.join(', ') },
        });
      }
      const { route, params } = match;
      const parent = this.options.log;
      let childLog: RequestContext['log'] | undefined;
      let principal: Principal | null = null;
      if (route.auth) {
        principal = this.options.authenticate(ex.headers['x-api-key']);
        if (route.auth.mode) requireMode(principal, route.auth.mode, route.auth.denied);
      }
      const ctx: RequestContext = {
        method: ex.method as Method,
        path: ex.path,
        params,
        query: new URLSearchParams(ex.query),
        headers: ex.headers,
        requestId,
        body: undefined,
        bodyStream: null,
        principal,
        get log() {
          return (childLog ??= parent.child({ req_id: requestId }));
        },
      };
      if (route.body === 'json') {
        bodyRead = true;
        ctx.body = parseJson(await ex.readBody(this.options.jsonBodyBytes));
      } else if (route.body === 'stream') {
        bodyRead = true;
        ctx.bodyStream = bodyStream = ex.bodyStream(this.options.uploadBytes);
      }
      const reply = await route.handler(ctx);
      return await this.send(ex, reply, requestId, false);
    } catch (err) {
      if (err instanceof ClientAbortedError || ex.aborted) return 499;
      const error = err instanceof HttpError ? err : this.internal(err, requestId);
      // An unread or half-read body would corrupt the connection for the next request.
      const unreadBody = (!bodyRead && hasBody(ex)) || (bodyStream !== null && !bodyStream.readableEnded);
      const close = unreadBody || error.code === 'payload_too_large';
      return this.send(ex, { status: error.status, body: error.toBody(requestId), headers: error.headers }, requestId, close);
    }
  }

  private async send(ex: HttpExchange, reply: Reply, requestId: string, close: boolean): Promise<number> {
    const status = reply.status ?? 200;
    const headers: Record<string, string> = { 'x-request-id': requestId, ...reply.headers };
    if (ex.method === 'HEAD') return this.sendHead(ex, reply, status, headers);
    if ('file' in reply) {
      headers['content-type'] = reply.contentType;
      await ex.respondFile(status, headers, reply.file);
    } else if ('raw' in reply) {
      headers['content-type'] = reply.contentType;
      ex.respond(status, headers, reply.raw, close);
    } else {
      const encoded = encodeBody(reply.body, ex.headers.accept);
      headers['content-type'] = encoded.contentType;
      ex.respond(status, headers, encoded.payload, close);
    }
    return status;
  }

  private sendHead(ex: HttpExchange, reply: Reply, status: number, headers: Record<string, string>): number {
    let length: number;
    if ('file' in reply) {
      headers['content-type'] = reply.contentType;
      length = fs.statSync(reply.file).size;
    } else if ('raw' in reply) {
      headers['content-type'] = reply.contentType;
      length = typeof reply.raw === 'string' ? Buffer.byteLength(reply.raw) : reply.raw.byteLength;
    } else {
      const encoded = encodeBody(reply.body, ex.headers.accept);
      headers['content-type'] = encoded.contentType;
      length = typeof encoded.payload === 'string' ? Buffer.byteLength(encoded.payload) : encoded.payload.byteLength;
    }
    ex.respondHead(status, headers, length);
    return status;
  }

  private internal(err: unknown, requestId: string): HttpError {
    this.options.log.error({ req_id: requestId, err }, 'unhandled error');
    return httpError('internal_error');
  }
}

function parseJson(raw: Buffer): unknown {
  if (raw.length === 0) throw httpError('malformed_json', { field: 'body', message: 'body: the request body is empty; a JSON object is required.' });
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch (err) {
    throw httpError('malformed_json', { field: 'body', message: `body: not valid JSON (${(err as Error).message}).` });
  }
}

function hasBody(ex: HttpExchange): boolean {
  const length = ex.headers['content-length'];
  return (length !== undefined && length !== '0') || ex.headers['transfer-encoding'] !== undefined;
}
