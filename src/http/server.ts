import crypto from 'node:crypto';
import type { Logger } from 'pino';
import { ClientAbortedError, echo, HttpError, httpError } from '../errors.js';
import type { Principal } from '../auth/keys.js';
import { requireMode } from '../auth/licence.js';
import type { CorsPolicy } from './cors.js';
import { AccessLog } from './access-log.js';
import { ExchangeContext } from './context.js';
import { addVary, encodeBody, gzipAnswer, gzipLength, NEGOTIATED_VARY, negotiateCompression } from './encode.js';
import { closeFile } from './file-sender.js';
import type { RateLimiter } from './rate-limit.js';
import { ResponseCheck } from './response-check.js';
import type { FoundRoute, Router } from './router.js';
import type { Reply, RequestContext, Route } from './types.js';
import { listen, type HttpExchange, type HttpListener } from './uws.js';
import { isStorageFull } from '../store/storage.js';
import { LIMITS } from '../limits.js';

export interface HttpServerOptions {
  router: Router;
  authenticate: (presentedKey: string | undefined) => Principal;
  jsonBodyBytes: number;
  uploadBytes: number;
  log: Logger;
  /** Which requests get an access-log line (HAZRISK_ACCESS_LOG). */
  accessLog: 'all' | 'errors' | 'off';
  cors: CorsPolicy;
  rateLimit: { limiter: RateLimiter; defaultRate: number };
  /** Told of an error that is the storage being full (answered 507 insufficient_storage). */
  storageFull?: (err: unknown) => void;
  /** Called once per answered request with the matched route pattern (`unmatched` when none). */
  observe?: (route: string, method: string, status: number, seconds: number) => void;
  /** Test mode: check every 2xx JSON answer against its route's response schema, reporting each mismatch (response-check.ts). */
  checkResponses?: (problem: string) => void;
}

/** Sent on every response (X-Content-Type-Options): browsers must not guess a type other than the one we declare. */
const NOSNIFF = 'nosniff';
/**
 * Sent on every response: uWS closes a kept-alive connection after 8–11 s idle (its fixed idle timeout,
 * docs/operations.md), so pooled clients are told to stop reusing one after 5 s, before it can be closed
 * under a request they are sending.
 */
const KEEP_ALIVE = `timeout=${LIMITS.keepAliveSeconds}`;

/** A refused body is read and dropped when it is declared at most this many upload limits; a larger one is cut off. */
const MAX_DISCARDED_BODY_UPLOADS = 2;

/** Retry-After on 507: a full disk is an operator's fix, not a moment's. */
const STORAGE_RETRY_SECONDS = 60;

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** The status a request was answered with: now, or once its body, handler or file is done. */
type Outcome = number | Promise<number>;

/** Whether the request's body was (being) read, so an error answer knows if the connection is still usable. */
interface BodyState {
  read: boolean;
  stream: RequestContext['bodyStream'];
}

/**
 * The request pipeline: route → authenticate → rate limit → licence → body →
 * handler → encode. Every response, error or not, carries X-Request-Id, and
 * every error goes out in the one body shape from errors.ts.
 */
export class HttpServer {
  private listener: HttpListener | null = null;
  private inFlight = 0;
  private draining = false;
  private drained: (() => void) | null = null;
  private readonly idPrefix = crypto.randomBytes(3).toString('hex');
  private nextId = 0;

  private readonly accessLog: AccessLog;
  private readonly responseCheck: ResponseCheck | null;

  constructor(private readonly options: HttpServerOptions) {
    this.accessLog = new AccessLog(options.log, options.accessLog);
    this.responseCheck = options.checkResponses ? new ResponseCheck(options.checkResponses) : null;
  }

  async start(host: string, port: number): Promise<number> {
    this.listener = await listen(host, port, (ex) => this.handle(ex));
    return this.listener.port;
  }

  /** True from the start of a graceful stop: readiness fails and every response closes its connection. */
  get isDraining(): boolean {
    return this.draining;
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

  /**
   * One request from uWS. An answer sent before this returns (the synchronous path) is finished at
   * once, with no closure or abort listener allocated; an asynchronous one listens for the client
   * going away, which uWS requires before its callback returns.
   */
  private handle(ex: HttpExchange): void {
    const started = performance.now();
    const incoming = ex.headers['x-request-id'];
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : `${this.idPrefix}-${(this.nextId++).toString(36)}`;
    this.inFlight++;
    const matched = { route: 'unmatched' };
    let outcome: Outcome;
    try {
      outcome = this.process(ex, requestId, matched);
    } catch (err) {
      outcome = Promise.reject(err);
    }
    if (typeof outcome === 'number') return this.finish(ex, requestId, matched.route, started, outcome);
    let finished = false;
    const finish = (status: number): void => {
      if (finished) return;
      finished = true;
      this.finish(ex, requestId, matched.route, started, status);
    };
    ex.onAbort(() => finish(499));
    outcome.then(finish, (err: unknown) => {
      this.options.log.error({ req_id: requestId, err }, 'response failed');
      finish(500);
    });
  }

  /** Once per request: the access-log line, the request metrics, and the end of a drain. */
  private finish(ex: HttpExchange, requestId: string, route: string, started: number, status: number): void {
    this.inFlight--;
    const ms = performance.now() - started;
    this.accessLog.record(requestId, ex.method, ex.path, status, ms);
    this.options.observe?.(route, ex.method, status, ms / 1000);
    if (this.draining && this.inFlight === 0) this.drained?.();
  }

  /**
   * One request through its stages, each a method below: route (framing, 404/405, a CORS preflight) →
   * key (rate limit, mode) → params and the key's licence for what they name → body → input → handler →
   * send. A request is refused for its address, then its key, before its content is read. Synchronous as
   * far as the request allows: a route without a body whose handler answers at once is answered before
   * uWS's callback returns, with no promise on the way (issue 18); a body, an asynchronous handler or a
   * file makes the rest asynchronous.
   */
  private process(ex: HttpExchange, requestId: string, matched: { route: string }): Outcome {
    const body: BodyState = { read: false, stream: null };
    try {
      const found = this.route(ex, requestId);
      if (typeof found === 'number') return found;
      matched.route = found.route.path;
      const ctx = this.admit(ex, found, requestId);
      return this.run(ex, found, ctx, body, requestId);
    } catch (err) {
      return this.fail(ex, err, requestId, body);
    }
  }

  /** Route: the framing checks, then the route for the method and path; a CORS preflight is answered here. */
  private route(ex: HttpExchange, requestId: string): FoundRoute | number {
    if (ex.repeatedHeaders.length > 0) {
      const name = ex.repeatedHeaders[0]!;
      throw httpError('bad_request', { field: `headers.${name}`, message: `headers.${name}: the header appears more than once; send it once.` });
    }
    // HEAD is GET without the body, on every GET route.
    const match = this.options.router.match(ex.method === 'HEAD' ? 'GET' : ex.method, ex.path);
    if (match.kind === 'not_found') throw httpError('not_found', { message: `No route for ${echo(ex.method)} ${echo(ex.path)}.` });
    if (match.kind === 'method_not_allowed') {
      const preflight = ex.method === 'OPTIONS' ? this.options.cors.preflight(ex.headers.origin, ex.headers['access-control-request-method'], match.allow) : null;
      // A raw answer is sent before send() returns: its outcome is the status itself.
      if (preflight) return this.send(ex, { status: 204, raw: '', contentType: 'text/plain; charset=utf-8', headers: preflight }, requestId, false) as number;
      throw httpError('method_not_allowed', {
        message: `${echo(ex.method)} is not allowed on ${echo(ex.path)}; allowed: ${match.allow.join(', ')}.`,
        headers: { allow: match.allow.join(', ') },
      });
    }
    return match;
  }

  /** Key and licence: a keyed route's key, rate limit and mode; then the path params, and the key's licence for what they name. */
  private admit(ex: HttpExchange, found: FoundRoute, requestId: string): ExchangeContext {
    const { route, params, input } = found;
    if (this.draining && !route.probe) throw httpError('service_unavailable');
    let principal: Principal | null = null;
    if (route.auth) {
      principal = this.options.authenticate(ex.headers['x-api-key']);
      this.checkRate(principal);
      if (route.auth.mode) requireMode(principal, route.auth.mode, route.auth.denied);
    }
    input.checkParams?.(params);
    // The router refuses a route with `authorize` but no `auth`, so a principal is there.
    route.authorize?.(principal!, params);
    return new ExchangeContext(ex, requestId, params, principal, this.options.log);
  }

  /** Body, input, handler: a JSON body is read whole first; an upload's body is handed to the handler as a stream. */
  private run(ex: HttpExchange, found: FoundRoute, ctx: ExchangeContext, body: BodyState, requestId: string): Outcome {
    const { route, input } = found;
    if (route.body === 'json') {
      body.read = true;
      const answered = ex.readBody(this.options.jsonBodyBytes).then(async (raw) => {
        ctx.body = parseJson(raw);
        if (input.read) ctx.input = input.read(ctx);
        return this.answer(ex, route, await route.handler(ctx), requestId);
      });
      return answered.catch((err: unknown) => this.fail(ex, err, requestId, body));
    }
    if (route.body === 'stream') {
      body.read = true;
      ctx.bodyStream = body.stream = ex.bodyStream(this.options.uploadBytes);
    }
    if (input.read) ctx.input = input.read(ctx);
    const reply = route.handler(ctx);
    const sent = reply instanceof Promise ? reply.then((r) => this.answer(ex, route, r, requestId)) : this.answer(ex, route, reply, requestId);
    return typeof sent === 'number' ? sent : sent.catch((err: unknown) => this.fail(ex, err, requestId, body));
  }

  /** The error answer, in the one body shape; a client that went away gets none (499 in the log). */
  private fail(ex: HttpExchange, err: unknown, requestId: string, body: BodyState): Outcome {
    if (err instanceof ClientAbortedError || ex.aborted) return 499;
    const error = err instanceof HttpError ? err : this.internal(err, requestId);
    // An unread or half-read body would corrupt the connection for the next request.
    const reply = { status: error.status, body: error.toBody(requestId), headers: error.headers };
    // A request whose framing is in doubt is cut off.
    if (ex.repeatedHeaders.length > 0) return this.send(ex, reply, requestId, true);
    const unreadBody = (!body.read && hasBody(ex)) || (body.stream !== null && !body.stream.readableEnded) || error.code === 'payload_too_large';
    if (!unreadBody) return this.send(ex, reply, requestId, false);
    // A body still arriving: closing now would make the kernel reset the connection under a client that is still
    // sending, and the answer would be lost (RFC 9112 §9.6). Up to MAX_DISCARDED_BODY_UPLOADS upload limits uWS reads the rest and
    // drops it, and the connection stays usable; a larger declared body is cut off (docs/operations.md).
    ex.discardBody();
    return this.send(ex, reply, requestId, (ex.declaredLength() ?? 0) > this.options.uploadBytes * MAX_DISCARDED_BODY_UPLOADS);
  }

  /** The handler's reply, checked against the route's response schema in test mode. */
  private answer(ex: HttpExchange, route: Route, reply: Reply, requestId: string): Outcome {
    this.responseCheck?.verify(route, reply);
    return this.send(ex, reply, requestId, false);
  }

  private checkRate(principal: Principal): void {
    const { limiter, defaultRate } = this.options.rateLimit;
    const decision = limiter.take(principal.keyId, principal.rateLimit ?? defaultRate);
    if (!decision.allowed) {
      throw httpError('rate_limited', { extra: { retry_after_seconds: decision.retryAfterSeconds }, headers: { 'retry-after': String(decision.retryAfterSeconds) } });
    }
  }

  private send(ex: HttpExchange, reply: Reply, requestId: string, closeRequested: boolean): Outcome {
    const status = reply.status ?? 200;
    const close = closeRequested || this.draining;
    // A literal, not a spread of shared headers: V8 builds it from one boilerplate (issue 18).
    const headers: Record<string, string> = { 'x-request-id': requestId, 'x-content-type-options': NOSNIFF, 'keep-alive': KEEP_ALIVE };
    if (ex.headers.origin !== undefined) Object.assign(headers, this.options.cors.responseHeaders(ex.headers.origin));
    for (const name in reply.headers) {
      if (name === 'vary') addVary(headers, reply.headers.vary!);
      else headers[name] = reply.headers[name]!;
    }
    if ('body' in reply) addVary(headers, NEGOTIATED_VARY);
    if (ex.method === 'HEAD') return this.sendHead(ex, reply, status, headers, close);
    if ('file' in reply) {
      headers['content-type'] = reply.contentType;
      return ex.respondFile(status, headers, reply.file, reply.range).then(() => status);
    }
    if ('raw' in reply) {
      headers['content-type'] = reply.contentType;
      ex.respond(status, headers, reply.raw, close);
    } else {
      const encoded = encodeBody(reply.body, ex.headers.accept);
      headers['content-type'] = encoded.contentType;
      if (negotiateCompression(headers, encoded.payload, ex.headers['accept-encoding']) === 'gzip') {
        return gzipAnswer(encoded.payload).then((bytes) => {
          ex.respond(status, headers, bytes, close);
          return status;
        });
      }
      ex.respond(status, headers, encoded.payload, close);
    }
    return status;
  }


  private sendHead(ex: HttpExchange, reply: Reply, status: number, headers: Record<string, string>, close: boolean): number {
    let length: number;
    if ('file' in reply) {
      headers['content-type'] = reply.contentType;
      length = reply.range ? reply.range.end - reply.range.start + 1 : Number(reply.file.stat.size);
      closeFile(reply.file);
    } else if ('raw' in reply) {
      headers['content-type'] = reply.contentType;
      length = Buffer.byteLength(reply.raw);
    } else {
      const encoded = encodeBody(reply.body, ex.headers.accept);
      headers['content-type'] = encoded.contentType;
      if (negotiateCompression(headers, encoded.payload, ex.headers['accept-encoding']) === 'gzip') length = gzipLength(encoded.payload);
      else length = Buffer.byteLength(encoded.payload);
    }
    ex.respondHead(status, headers, length, close);
    return status;
  }

  private internal(err: unknown, requestId: string): HttpError {
    this.options.log.error({ req_id: requestId, err }, 'unhandled error');
    if (isStorageFull(err)) {
      this.options.storageFull?.(err);
      return httpError('insufficient_storage', { headers: { 'retry-after': String(STORAGE_RETRY_SECONDS) } });
    }
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
