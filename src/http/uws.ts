import { STATUS_CODES } from 'node:http';
import { Readable } from 'node:stream';
import uWS from '@trufflesuite/uws-js-unofficial';
import { ClientAbortedError, httpError } from '../errors.js';
import { closeFile, sendFile, type OpenFile } from './file-sender.js';

/**
 * The only module that touches uWebSockets.js. It turns a uWS request into an
 * HttpExchange whose fields are copied out synchronously (uWS invalidates `req`
 * after the first async hop) and whose writes are corked and abort-safe.
 */
export interface HttpExchange {
  readonly method: string;
  readonly path: string;
  readonly query: string;
  readonly headers: Record<string, string>;
  /** Names of headers that must appear once (Content-Length, Host, Transfer-Encoding) but came more than once. */
  readonly repeatedHeaders: readonly string[];
  /** True once the client went away; known only to an exchange that listens (onAbort). */
  readonly aborted: boolean;
  /**
   * Called once when the client goes away before a response. uWS requires a listener on every
   * request not answered before its callback returns, so every asynchronous path adds one then.
   */
  onAbort(listener: () => void): void;
  /** Must be called before the handler's first await; rejects with 413 past `limit` bytes. */
  readBody(limit: number): Promise<Buffer>;
  /** Body as a paused-by-backpressure stream; errors with 413 past `limit` bytes. */
  bodyStream(limit: number): Readable;
  /** The body's declared Content-Length, or null (chunked, or none). */
  declaredLength(): number | null;
  /**
   * Stop reading the body for the handler: uWS then reads and discards the rest itself once the answer
   * is sent, so the connection stays in step for the next request.
   */
  discardBody(): void;
  respond(status: number, headers: Record<string, string>, body: string | Uint8Array, closeConnection?: boolean): void;
  /** HEAD: the headers a GET would send, with its Content-Length, and no body. */
  respondHead(status: number, headers: Record<string, string>, contentLength: number, closeConnection?: boolean): void;
  /** Streams the opened file, or the inclusive byte range of it, with backpressure, and closes it. */
  respondFile(status: number, headers: Record<string, string>, file: OpenFile, range?: ByteRange): Promise<void>;
}

export interface ByteRange {
  start: number;
  end: number;
}

/** Headers a request may carry once: a second copy is how requests are smuggled past proxies. */
const SINGLE_HEADERS = new Set(['content-length', 'host', 'transfer-encoding']);
const NONE_REPEATED: readonly string[] = Object.freeze([]);

export interface HttpListener {
  port: number;
  close(): void;
}

const STATUS_LINES = new Map<number, string>();
function statusLine(status: number): string {
  let line = STATUS_LINES.get(status);
  if (!line) STATUS_LINES.set(status, (line = `${status} ${STATUS_CODES[status] ?? 'Unknown'}`));
  return line;
}

/** Refuse the JS stand-in the package silently falls back to when no binary matches. */
export function assertNativeUws(): void {
  if (typeof (uWS as unknown as { getParts?: unknown }).getParts !== 'function') {
    throw new Error(
      'uWebSockets.js native binary not loaded (fallback implementation detected). ' +
        `Node ${process.versions.node} (ABI ${process.versions.modules}) on ${process.platform}-${process.arch} is not supported; use Node 20 on linux-x64.`,
    );
  }
}

/** The native binding takes (host, port, options, cb) and exports the flag; the package's typings know neither. */
type ListenWithOptions = (host: string, port: number, options: number, cb: (socket: uWS.us_listen_socket | false) => void) => void;
const EXCLUSIVE_PORT = (uWS as unknown as { LIBUS_LISTEN_EXCLUSIVE_PORT: number }).LIBUS_LISTEN_EXCLUSIVE_PORT;

/**
 * The port is bound exclusively: without LIBUS_LISTEN_EXCLUSIVE_PORT uWS sets
 * SO_REUSEPORT and a second server on the same port silently shares its traffic.
 */
export function listen(host: string, port: number, handler: (ex: HttpExchange) => void): Promise<HttpListener> {
  assertNativeUws();
  const app = uWS.App();
  app.any('/*', (res, req) => {
    const ex = new UwsExchange(res, req);
    try {
      handler(ex);
    } finally {
      ex.corked = false;
    }
  });
  return new Promise((resolve, reject) => {
    (app.listen as unknown as ListenWithOptions).call(app, host, port, EXCLUSIVE_PORT, (socket) => {
      if (!socket) return reject(new Error(`cannot listen on ${host}:${port}: the port is in use by another process or not permitted`));
      resolve({
        port: uWS.us_socket_local_port(socket),
        close: () => uWS.us_listen_socket_close(socket),
      });
    });
  });
}

class UwsExchange implements HttpExchange {
  readonly method: string;
  readonly path: string;
  readonly query: string;
  readonly headers: Record<string, string> = {};
  repeatedHeaders: readonly string[] = NONE_REPEATED;
  aborted = false;
  /**
   * True while uWS's request callback runs: uWS corks the response for it, so an answer written
   * then needs no res.cork() (a closure and a trip into native code per request, issue 18).
   */
  corked = true;
  private done = false;
  /** The body stream handed to a handler, if any: discardBody ends it so that its socket is read again. */
  private stream: Readable | null = null;
  /** Created with uWS's own abort handler on the first onAbort(): an exchange answered synchronously needs neither. */
  private abortListeners: (() => void)[] | null = null;

  constructor(
    private readonly res: uWS.HttpResponse,
    req: uWS.HttpRequest,
  ) {
    this.method = req.getCaseSensitiveMethod().toUpperCase();
    this.path = req.getUrl();
    this.query = req.getQuery() ?? '';
    req.forEach((k, v) => {
      if (k in this.headers && SINGLE_HEADERS.has(k)) this.repeatedHeaders = [...this.repeatedHeaders, k];
      this.headers[k] = v;
    });
  }

  onAbort(listener: () => void): void {
    if (this.abortListeners) return void this.abortListeners.push(listener);
    const listeners = (this.abortListeners = [listener]);
    this.res.onAborted(() => {
      this.aborted = true;
      for (const each of listeners) each();
    });
  }

  readBody(limit: number): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      if (this.declaredTooLarge(limit)) return reject(httpError('payload_too_large', { extra: { limit_bytes: limit } }));
      const chunks: Buffer[] = [];
      let size = 0;
      let failed = false;
      this.res.onData((chunk, isLast) => {
        if (failed) return;
        size += chunk.byteLength;
        if (size > limit) {
          failed = true;
          return reject(httpError('payload_too_large', { extra: { limit_bytes: limit } }));
        }
        chunks.push(Buffer.from(chunk.slice(0)));
        if (isLast) resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size));
      });
      this.onAbort(() => reject(new ClientAbortedError()));
    });
  }

  bodyStream(limit: number): Readable {
    const res = this.res;
    let size = 0;
    let paused = false;
    const stream = new Readable({
      read: () => {
        if (paused && !this.aborted && !this.done) {
          paused = false;
          res.resume();
        }
      },
    });
    // The consumer sees errors through its pipeline; a stream nobody consumed (or not yet) must not crash the process.
    stream.on('error', () => undefined);
    if (this.declaredTooLarge(limit)) {
      stream.destroy(httpError('payload_too_large', { extra: { limit_bytes: limit } }));
      return stream;
    }
    this.stream = stream;
    // A stream that ends early (an error, the limit) must not leave the socket paused: the rest is drained or the connection closed.
    stream.once('close', () => {
      if (paused && !this.aborted && !this.done) {
        paused = false;
        res.resume();
      }
    });
    res.onData((chunk, isLast) => {
      if (stream.destroyed) return;
      size += chunk.byteLength;
      if (size > limit) return void stream.destroy(httpError('payload_too_large', { extra: { limit_bytes: limit } }));
      const more = stream.push(Buffer.from(chunk.slice(0)));
      if (isLast) stream.push(null);
      // The push may have run the consumer far enough to answer (an early 400): the response is then closed to us.
      else if (!more && !this.done && !this.aborted) {
        paused = true;
        res.pause();
      }
    });
    this.onAbort(() => stream.destroy(new ClientAbortedError()));
    return stream;
  }

  declaredLength(): number | null {
    const declared = Number(this.headers['content-length']);
    return this.headers['content-length'] !== undefined && Number.isFinite(declared) ? declared : null;
  }

  discardBody(): void {
    // A stream paused for backpressure is resumed when it closes (bodyStream), so uWS reads on.
    if (this.stream && !this.stream.destroyed) this.stream.destroy();
  }

  respond(status: number, headers: Record<string, string>, body: string | Uint8Array, closeConnection = false): void {
    if (this.aborted || this.done) return;
    this.done = true;
    if (this.corked) this.writeResponse(status, headers, body, closeConnection);
    else this.res.cork(() => this.writeResponse(status, headers, body, closeConnection));
  }

  private writeResponse(status: number, headers: Record<string, string>, body: string | Uint8Array, closeConnection: boolean): void {
    this.res.writeStatus(statusLine(status));
    for (const name in headers) this.res.writeHeader(name, headers[name]!);
    this.res.end(body, closeConnection);
  }

  respondHead(status: number, headers: Record<string, string>, contentLength: number, closeConnection = false): void {
    if (this.aborted || this.done) return;
    this.done = true;
    this.res.cork(() => {
      this.res.writeStatus(statusLine(status));
      for (const name in headers) this.res.writeHeader(name, headers[name]!);
      // uWS 20.30 closes only through end(): a HEAD answer that must close the connection (an error that
      // left the request unread, or a drain) says Content-Length: 0 rather than the GET's length.
      if (closeConnection) return void this.res.end('', true);
      // endWithoutBody(length) leaves uWS waiting for that many body bytes and it then drops the
      // keep-alive connection; the header written by hand keeps the connection usable.
      this.res.writeHeader('content-length', String(contentLength));
      this.res.endWithoutBody();
    });
  }

  respondFile(status: number, headers: Record<string, string>, file: OpenFile, range?: ByteRange): Promise<void> {
    if (this.aborted || this.done) {
      closeFile(file);
      return Promise.resolve();
    }
    this.done = true;
    // The size is of this descriptor, the one streamed (file-sender.ts says why).
    const total = range ? range.end - range.start + 1 : Number(file.stat.size);
    return sendFile(this.res, this, statusLine(status), headers, file.fd, range?.start ?? 0, total);
  }

  private declaredTooLarge(limit: number): boolean {
    return (this.declaredLength() ?? 0) > limit;
  }
}
