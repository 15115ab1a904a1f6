/**
 * A raw HTTP/1.1 connection that stays open: requests written one after
 * another (or several at once, pipelined), responses read in order with their
 * exact lengths, and the moment the server closes recorded — what a pooled
 * keep-alive client sees. Also a trickling sender for slow-client cases.
 */
import net from 'node:net';
import { parseFramed, type Framed, type WireResponse } from '../wire.js';

/** One complete response at the start of `data` (1xx skipped), or null while incomplete. */
export function parseOne(data: Buffer, head: boolean): Framed | null {
  return parseFramed(data, head, false);
}

export type ConnResult = { kind: 'response'; response: WireResponse; ms: number } | { kind: 'closed' | 'reset' | 'timeout'; ms: number; error: string };

export class Conn {
  private socket: net.Socket;
  private buffer: Buffer = Buffer.alloc(0);
  private waiters: { head: boolean; resolve: (r: ConnResult) => void; started: number; timer: NodeJS.Timeout }[] = [];
  /** performance.now() when the server ended or reset the connection (null while open). */
  closedAt: number | null = null;
  closeKind: string | null = null;
  /** performance.now() when the last complete response arrived. */
  lastResponseAt: number | null = null;
  private connected: Promise<void>;

  constructor(port: number) {
    this.socket = net.connect({ port, host: '127.0.0.1' });
    this.socket.setNoDelay(true);
    this.connected = new Promise((resolve, reject) => {
      this.socket.once('connect', () => resolve());
      this.socket.once('error', reject);
    });
    this.socket.on('data', (chunk: Buffer) => {
      this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
      this.drain();
    });
    const ended = (kind: string): void => {
      if (this.closedAt === null) {
        this.closedAt = performance.now();
        this.closeKind = kind;
      }
      for (const w of this.waiters.splice(0)) {
        clearTimeout(w.timer);
        w.resolve({ kind: kind === 'ECONNRESET' ? 'reset' : 'closed', ms: Math.round(performance.now() - w.started), error: kind });
      }
    };
    this.socket.on('end', () => ended('FIN'));
    this.socket.on('error', (err: NodeJS.ErrnoException) => ended(err.code ?? err.message));
    this.socket.on('close', () => ended('closed'));
  }

  ready(): Promise<void> {
    return this.connected;
  }

  get open(): boolean {
    return this.closedAt === null && !this.socket.destroyed;
  }

  private drain(): void {
    while (this.waiters.length) {
      const w = this.waiters[0]!;
      const framed = parseOne(this.buffer, w.head);
      if (!framed) return;
      this.buffer = this.buffer.subarray(framed.length);
      this.waiters.shift();
      clearTimeout(w.timer);
      this.lastResponseAt = performance.now();
      w.resolve({ kind: 'response', response: framed.response, ms: Math.round(performance.now() - w.started) });
    }
  }

  /** Write `bytes` (one or more requests) and wait for `count` responses. */
  async send(bytes: Buffer, options: { head?: boolean[]; count?: number; timeoutMs?: number } = {}): Promise<ConnResult[]> {
    await this.connected;
    const count = options.count ?? 1;
    const started = performance.now();
    const results = Array.from({ length: count }, (_, i) => new Promise<ConnResult>((resolve) => {
      const timer = setTimeout(() => {
        const at = this.waiters.findIndex((w) => w.resolve === resolve);
        if (at >= 0) this.waiters.splice(at, 1);
        resolve({ kind: 'timeout', ms: Math.round(performance.now() - started), error: `no response within ${options.timeoutMs ?? 10_000} ms` });
      }, options.timeoutMs ?? 10_000);
      this.waiters.push({ head: options.head?.[i] ?? false, resolve, started, timer });
    }));
    if (this.closedAt !== null) {
      for (const w of this.waiters.splice(0)) {
        clearTimeout(w.timer);
        w.resolve({ kind: 'closed', ms: 0, error: `already closed by the server (${this.closeKind})` });
      }
    } else {
      this.socket.write(bytes, (err) => {
        if (err) for (const w of this.waiters.splice(0)) {
          clearTimeout(w.timer);
          w.resolve({ kind: (err as NodeJS.ErrnoException).code === 'ECONNRESET' ? 'reset' : 'closed', ms: Math.round(performance.now() - w.started), error: (err as NodeJS.ErrnoException).code ?? err.message });
        }
      });
      this.drain();
    }
    return Promise.all(results);
  }

  close(): void {
    this.socket.destroy();
  }
}

export interface TrickleResult {
  kind: 'response' | 'closed' | 'timeout';
  response: WireResponse | null;
  /** Bytes written before the end (all of them unless cut off). */
  sent: number;
  total: number;
  /** ms from connect to the response or the close. */
  ms: number;
  error: string | null;
}

/**
 * Write `bytes` in pieces of `piece` bytes every `intervalMs` (the first
 * `immediate` bytes at once), then wait `afterMs` for the answer.
 */
export function trickle(port: number, bytes: Buffer, piece: number, intervalMs: number, afterMs: number, immediate = 0): Promise<TrickleResult> {
  return new Promise((resolve) => {
    const started = performance.now();
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.setNoDelay(true);
    let sent = 0;
    let buffer: Buffer = Buffer.alloc(0);
    let settled = false;
    let timer: NodeJS.Timeout | null = null;
    let deadline: NodeJS.Timeout | null = null;
    const finish = (kind: TrickleResult['kind'], response: WireResponse | null, error: string | null): void => {
      if (settled) return;
      settled = true;
      if (timer) clearInterval(timer);
      if (deadline) clearTimeout(deadline);
      socket.destroy();
      resolve({ kind, response, sent, total: bytes.length, ms: Math.round(performance.now() - started), error });
    };
    socket.on('connect', () => {
      if (immediate > 0) {
        socket.write(bytes.subarray(0, immediate));
        sent = immediate;
      }
      timer = setInterval(() => {
        if (sent >= bytes.length) {
          clearInterval(timer!);
          deadline = setTimeout(() => finish('timeout', null, `no answer and no close ${afterMs} ms after the last byte`), afterMs);
          return;
        }
        const next = bytes.subarray(sent, sent + piece);
        sent += next.length;
        socket.write(next, () => undefined);
      }, intervalMs);
    });
    socket.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      const framed = parseOne(buffer, false);
      if (framed) finish('response', framed.response, null);
    });
    const ended = (why: string): void => {
      const framed = parseOne(buffer, false);
      finish(framed ? 'response' : 'closed', framed?.response ?? null, why);
    };
    socket.on('end', () => ended('FIN'));
    socket.on('error', (err: NodeJS.ErrnoException) => ended(err.code ?? err.message));
    socket.on('close', () => ended('closed'));
  });
}
