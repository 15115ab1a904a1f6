/**
 * A fuzz case: a small, printable description of one request, turned into
 * bytes only when it is sent (so 10,000 cases with megabyte bodies stay small
 * in memory, and a case can be replayed from its id and the seed). Values may
 * carry `{{TOKEN}}`s — the API keys, file ids, job ids and signed links the
 * target creates at start-up — substituted just before sending.
 */

/** Body or raw-request piece: UTF-8 text (with tokens), raw bytes as hex, or a run of repeated text. */
export type Seg = string | { hex: string } | { repeat: string; times: number };

export interface HttpSpec {
  method: string;
  /** Request target as written on the request line (already encoded by the generator). */
  target: string;
  /** Extra headers, in order; `Host: 127.0.0.1` is added first unless one is given. */
  headers: [string, string][];
  body: Seg[] | null;
  /** length: Content-Length added; chunked: Transfer-Encoding: chunked framing; none: no framing header. */
  framing: 'length' | 'chunked' | 'none';
}

export interface FuzzCase {
  id: number;
  /** `METHOD /pattern` of the route aimed at, `unrouted`, or `raw http`. */
  route: string;
  /** Generator family, e.g. `malformed-json`, `bad-key`, `csv:bad-utf8`. */
  kind: string;
  /** reject: must not succeed (a 2xx is reported as "accidentally valid"); any: a 2xx is fine (read-only input). */
  expect: 'reject' | 'any';
  /** seq: well-formed HTTP/1.1, must be answered; batch: malformed framing, a silent close or no answer is an outcome. */
  lane: 'seq' | 'batch';
  http?: HttpSpec;
  /** A whole raw request (raw HTTP families); `method` tells whether the answer has a body. */
  raw?: { method: string; bytes: Seg[] };
}

export type Tokens = Record<string, string>;

const TOKEN = /\{\{([A-Z_]+)\}\}/g;

export function substitute(text: string, tokens: Tokens): string {
  return text.includes('{{') ? text.replace(TOKEN, (all, name: string) => tokens[name] ?? all) : text;
}

function segBytes(seg: Seg, tokens: Tokens): Buffer {
  if (typeof seg === 'string') return Buffer.from(substitute(seg, tokens), 'utf8');
  if ('hex' in seg) return Buffer.from(seg.hex, 'hex');
  return Buffer.from(seg.repeat.repeat(seg.times), 'utf8');
}

export function segsToBuffer(segs: readonly Seg[], tokens: Tokens): Buffer {
  return Buffer.concat(segs.map((s) => segBytes(s, tokens)));
}

export function caseMethod(c: FuzzCase): string {
  return (c.http?.method ?? c.raw?.method ?? '').toUpperCase();
}

/** The exact bytes a case sends. */
export function caseBytes(c: FuzzCase, tokens: Tokens): Buffer {
  if (c.raw) return segsToBuffer(c.raw.bytes, tokens);
  const h = c.http!;
  const body = h.body ? segsToBuffer(h.body, tokens) : null;
  const lines = [`${h.method} ${substitute(h.target, tokens)} HTTP/1.1`];
  if (!h.headers.some(([name]) => name.toLowerCase() === 'host')) lines.push('Host: 127.0.0.1');
  for (const [name, value] of h.headers) lines.push(`${name}: ${substitute(value, tokens)}`);
  if (body && h.framing === 'length') lines.push(`Content-Length: ${body.length}`);
  if (h.framing === 'chunked') lines.push('Transfer-Encoding: chunked');
  const head = Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'utf8');
  if (!body) return h.framing === 'chunked' ? Buffer.concat([head, Buffer.from('0\r\n\r\n')]) : head;
  if (h.framing !== 'chunked') return Buffer.concat([head, body]);
  const chunks: Buffer[] = [head];
  const size = 16 * 1024 + 7;
  for (let at = 0; at < body.length; at += size) {
    const piece = body.subarray(at, at + size);
    chunks.push(Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from('0\r\n\r\n'));
  return Buffer.concat(chunks);
}

/** A one-line description for tables and failure reports. */
export function describeCase(c: FuzzCase): string {
  if (c.raw) return `#${c.id} ${c.route} [${c.kind}] raw ${c.raw.method}`;
  const h = c.http!;
  const target = h.target.length > 120 ? `${h.target.slice(0, 120)}…(${h.target.length})` : h.target;
  return `#${c.id} ${c.route} [${c.kind}] ${h.method} ${target}`;
}
