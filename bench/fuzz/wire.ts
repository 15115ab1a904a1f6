/**
 * A byte-exact HTTP/1.1 client for the fuzzer: every request is written to a
 * fresh TCP connection exactly as the case spells it (no header validation,
 * no normalisation, duplicate or malformed framing allowed), and the answer is
 * parsed just far enough to know its status, headers and body. Outcomes the
 * fuzzer tells apart: a response, the server closing without one, no answer
 * within the timeout, and a refused connection (the server is gone).
 */
import net from 'node:net';

export interface WireResponse {
  status: number;
  /** Lower-case names; repeated headers keep every value. */
  headers: Record<string, string[]>;
  body: Buffer;
  /** The status line and headers as received (for reports). */
  head: string;
}

export type WireOutcome =
  | { kind: 'response'; response: WireResponse; ms: number }
  | { kind: 'closed'; ms: number; received: number }
  | { kind: 'timeout'; ms: number; received: number }
  | { kind: 'refused'; ms: number; message: string };

export interface ExchangeOptions {
  port: number;
  host?: string;
  /** A HEAD request's response has no body, whatever its Content-Length says. */
  head: boolean;
  timeoutMs: number;
}

/** Send `request` on a new connection and read one response. */
export function exchange(request: Buffer, options: ExchangeOptions): Promise<WireOutcome> {
  const started = performance.now();
  const ms = (): number => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    let settled = false;
    let buffer: Buffer = Buffer.alloc(0);
    let connected = false;
    const socket = net.connect({ port: options.port, host: options.host ?? '127.0.0.1' });
    const finish = (outcome: WireOutcome): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(outcome);
    };
    const timer = setTimeout(() => finish({ kind: 'timeout', ms: ms(), received: buffer.length }), options.timeoutMs);
    socket.setNoDelay(true);
    socket.on('connect', () => {
      connected = true;
      // The server may answer (413, 401) and close before the whole body is written: that is not our failure.
      socket.write(request, () => undefined);
    });
    socket.on('data', (chunk: Buffer) => {
      buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
      const parsed = parseResponse(buffer, options.head, false);
      if (parsed) finish({ kind: 'response', response: parsed, ms: ms() });
    });
    socket.on('error', (err: NodeJS.ErrnoException) => {
      if (!connected) return finish({ kind: 'refused', ms: ms(), message: err.code ?? err.message });
      // EPIPE / ECONNRESET after the server answered and closed: read what arrived.
      const parsed = parseResponse(buffer, options.head, true);
      finish(parsed ? { kind: 'response', response: parsed, ms: ms() } : { kind: 'closed', ms: ms(), received: buffer.length });
    });
    socket.on('close', () => {
      const parsed = parseResponse(buffer, options.head, true);
      finish(parsed ? { kind: 'response', response: parsed, ms: ms() } : { kind: 'closed', ms: ms(), received: buffer.length });
    });
  });
}

const HEADER_END = Buffer.from('\r\n\r\n');

/**
 * One complete response from the start of `data`, or null while incomplete.
 * 1xx interim responses are skipped. `ended`: the connection has closed, so a
 * body without a length runs to the end of the data.
 */
export function parseResponse(data: Buffer, head: boolean, ended: boolean): WireResponse | null {
  return parseFramed(data, head, ended)?.response ?? null;
}

/** A response and the bytes it took in the stream (a kept-alive connection reads the next one after them). */
export interface Framed {
  response: WireResponse;
  length: number;
}

/** parseResponse, with the response's length in the stream. */
export function parseFramed(data: Buffer, head: boolean, ended: boolean): Framed | null {
  let offset = 0;
  for (;;) {
    const end = data.indexOf(HEADER_END, offset);
    if (end < 0) return null;
    const headText = data.subarray(offset, end).toString('latin1');
    const lines = headText.split('\r\n');
    const match = /^HTTP\/\d\.\d (\d{3})/.exec(lines[0] ?? '');
    if (!match) return null;
    const status = Number(match[1]);
    const headers: Record<string, string[]> = {};
    for (const line of lines.slice(1)) {
      const colon = line.indexOf(':');
      if (colon <= 0) continue;
      const name = line.slice(0, colon).trim().toLowerCase();
      (headers[name] ??= []).push(line.slice(colon + 1).trim());
    }
    const bodyStart = end + 4;
    if (status >= 100 && status < 200) {
      offset = bodyStart;
      continue;
    }
    if (head || status === 204 || status === 304) return { response: { status, headers, body: Buffer.alloc(0), head: headText }, length: bodyStart };
    const te = (headers['transfer-encoding'] ?? []).join(',').toLowerCase();
    if (te.includes('chunked')) {
      const chunked = dechunk(data.subarray(bodyStart));
      return chunked ? { response: { status, headers, body: chunked.body, head: headText }, length: bodyStart + chunked.length } : null;
    }
    const length = headers['content-length']?.[0];
    if (length !== undefined) {
      const n = Number(length);
      if (data.length - bodyStart >= n) return { response: { status, headers, body: data.subarray(bodyStart, bodyStart + n), head: headText }, length: bodyStart + n };
      return null;
    }
    return ended ? { response: { status, headers, body: data.subarray(bodyStart), head: headText }, length: data.length } : null;
  }
}

/** A chunked body and the bytes it took (through the empty line after the last chunk). */
function dechunk(data: Buffer): { body: Buffer; length: number } | null {
  const parts: Buffer[] = [];
  let offset = 0;
  for (;;) {
    const lineEnd = data.indexOf('\r\n', offset);
    if (lineEnd < 0) return null;
    const size = parseInt(data.subarray(offset, lineEnd).toString('latin1'), 16);
    if (!Number.isFinite(size)) return null;
    const start = lineEnd + 2;
    if (size === 0) {
      const trailerEnd = data.indexOf('\r\n', start);
      return trailerEnd < 0 ? null : { body: Buffer.concat(parts), length: trailerEnd + 2 };
    }
    if (data.length < start + size + 2) return null;
    parts.push(data.subarray(start, start + size));
    offset = start + size + 2;
  }
}

/** Printable preview of bytes: ASCII as is, everything else escaped, cut at `max`. */
export function preview(bytes: Buffer, max = 600): string {
  let out = '';
  for (let i = 0; i < bytes.length && out.length < max; i++) {
    const b = bytes[i]!;
    if (b === 0x0d) out += '\\r';
    else if (b === 0x0a) out += '\\n';
    else if (b >= 0x20 && b < 0x7f && b !== 0x5c) out += String.fromCharCode(b);
    else out += `\\x${b.toString(16).padStart(2, '0')}`;
  }
  return bytes.length > max || out.length > max ? `${out.slice(0, max)}… (${bytes.length} bytes)` : out;
}
