/**
 * Keep-alive clients, as pooled HTTP clients use the server:
 *
 *  - sequential: many requests one after another on one connection (a mix of
 *    routes, HEAD, refused and unknown requests); each is answered, and the
 *    server closes the connection only after a response that says
 *    `Connection: close` (the client then reconnects);
 *  - pipelined: several requests in one write, answered in order;
 *  - idle-short: a pause of a few seconds, then reuse;
 *  - idle-long: a pause of --idle seconds (14 by default), then reuse. A server
 *    may close idle connections, but a client can only avoid reusing a closed
 *    one if the server said when (`Keep-Alive: timeout=N`): closing an idle
 *    connection that did not announce a timeout, or closing it before the
 *    announced N seconds, is a finding (a pooled client reusing it gets
 *    ECONNRESET or EPIPE). With N announced, the pause is N − 1 s (at most
 *    --idle), so a reuse within the announced time must work;
 *  - many-headers: heads with 30–100 header lines. Up to 48 are answered; from
 *    49 on, the uWS binary (a compile-time limit) neither answers nor refuses
 *    the head and the connection is closed at its idle timeout, 8–12 s later —
 *    documented in docs/operations.md "uWS connection limits", as a limit we
 *    cannot change. A finding is a 5xx, or a connection held past HEADERS_MS
 *    (the documented close, with room for a busy machine).
 */
import { documentedCodes, errorShapeProblems } from '../shape.js';
import { preview, type WireResponse } from '../wire.js';
import { type LiveContext, requestHead } from './context.js';
import { Conn, type ConnResult } from './conn.js';

const STAGE = 'keepalive';
const HEADERS_MS = 15_000;

interface Req {
  label: string;
  bytes: Buffer;
  head: boolean;
}

function show(r: WireResponse): string {
  return preview(Buffer.concat([Buffer.from(`${r.head}\r\n\r\n`, 'latin1'), r.body]), 400);
}

/** `Keep-Alive: timeout=N` of a response, in seconds (null when absent). */
export function keepAliveTimeout(r: WireResponse): number | null {
  const v = (r.headers['keep-alive'] ?? []).join(',');
  const m = /timeout\s*=\s*(\d+)/i.exec(v);
  return m ? Number(m[1]) : null;
}

const announcesClose = (r: WireResponse): boolean => (r.headers.connection ?? []).some((v) => /close/i.test(v));

export async function runKeepAlive(ctx: LiveContext, apiDoc: string): Promise<void> {
  const codes = documentedCodes(apiDoc);
  const key = ctx.server.key;
  const json = (target: string, body: string): Buffer => Buffer.concat([requestHead('POST', target, [['X-API-Key', key], ['Content-Type', 'application/json']], 'length', Buffer.byteLength(body)), Buffer.from(body)]);
  const get = (target: string, method = 'GET'): Buffer => requestHead(method, target, [['X-API-Key', key]], 'none');
  const mix: Req[] = [
    { label: 'GET /health', bytes: get('/health'), head: false },
    { label: 'GET /v1/perils', bytes: get('/v1/perils'), head: false },
    { label: 'GET /v1/lite', bytes: get('/v1/lite?latitude=25.76&longitude=-80.19'), head: false },
    { label: 'POST /v2/in-depth', bytes: json('/v2/in-depth', JSON.stringify({ perils: ['Earthquake'], events: [{ latitude: 35.68, longitude: 139.69 }] })), head: false },
    { label: 'HEAD /health', bytes: get('/health', 'HEAD'), head: true },
    { label: 'POST /v2/in-depth (malformed JSON)', bytes: json('/v2/in-depth', '{"perils":['), head: false },
    { label: 'GET /nowhere', bytes: get('/nowhere'), head: false },
    { label: 'GET /v1/in-depth/batch/job_unknown', bytes: get('/v1/in-depth/batch/job_00000000000000000000'), head: false },
    { label: 'GET /v1/perils (no key)', bytes: requestHead('GET', '/v1/perils', [], 'none'), head: false },
  ];
  const judge = (caseName: string, req: Req, r: ConnResult, index: number): WireResponse | null => {
    if (r.kind !== 'response') {
      ctx.find(STAGE, caseName, 'closed-unannounced', `request ${index + 1} (${req.label}) on a kept-alive connection: ${r.kind} (${r.error}) after ${r.ms} ms, without an earlier Connection: close`, { request: req.label });
      return null;
    }
    const st = r.response.status;
    if (st >= 500) ctx.find(STAGE, caseName, '5xx', `request ${index + 1} (${req.label}) → ${st}`, { request: req.label, response: show(r.response) });
    else if (st >= 400) {
      const problems = errorShapeProblems(r.response, req.head ? 'HEAD' : 'GET', codes);
      if (problems.length) ctx.find(STAGE, caseName, 'shape', `${req.label}: ${problems.join('; ')}`, { request: req.label, response: show(r.response) });
    }
    return r.response;
  };
  const timeouts = new Set<string>();

  // sequential
  if (ctx.wants('sequential')) {
    const total = ctx.options.mini ? 20 : 120;
    let conn = new Conn(ctx.port);
    let reconnects = 0;
    for (let i = 0; i < total; i++) {
      const req = mix[i % mix.length]!;
      if (!conn.open) {
        conn.close();
        conn = new Conn(ctx.port);
        reconnects++;
      }
      const [r] = await conn.send(req.bytes, { head: [req.head] });
      const response = judge('sequential', req, r!, i);
      if (!response) break;
      const ka = keepAliveTimeout(response);
      if (ka !== null) timeouts.add(`timeout=${ka}`);
      if (announcesClose(response)) {
        // The server said it closes: the next request goes on a new connection.
        conn.close();
        conn = new Conn(ctx.port);
        reconnects++;
      }
    }
    conn.close();
    ctx.log(`  keepalive sequential: ${total} requests, ${reconnects} reconnects after Connection: close`);
    ctx.fact(STAGE, 'sequential', { requests: total, reconnects });
  }

  // pipelined
  if (ctx.wants('pipelined')) {
    const list = Array.from({ length: 20 }, (_, i) => mix[i % 5]!);
    const conn = new Conn(ctx.port);
    const results = await conn.send(Buffer.concat(list.map((r) => r.bytes)), { head: list.map((r) => r.head), count: list.length });
    results.forEach((r, i) => judge('pipelined', list[i]!, r, i));
    conn.close();
  }

  // idle pauses (side by side)
  const idle = async (caseName: string, pauseS: number | 'announced'): Promise<void> => {
    const conn = new Conn(ctx.port);
    const first = mix[0]!;
    const [r1] = await conn.send(first.bytes);
    const response = judge(caseName, first, r1!, 0);
    if (!response) return conn.close();
    const announced = keepAliveTimeout(response);
    // Announced N: stay just inside it (N − 1 s, at most --idle); none announced: --idle seconds, which a client may expect to survive.
    const pause = pauseS === 'announced' ? (announced !== null ? Math.max(0, Math.min(announced - 1, ctx.options.idleSeconds)) : ctx.options.idleSeconds) : pauseS;
    const headerText = (response.headers['keep-alive'] ?? []).join(', ') || '(none)';
    await new Promise((r) => setTimeout(r, pause * 1000));
    const closedAfter = conn.closedAt !== null && conn.lastResponseAt !== null ? (conn.closedAt - conn.lastResponseAt) / 1000 : null;
    const [r2] = await conn.send(mix[1]!.bytes);
    conn.close();
    const reuse = r2!.kind === 'response' ? `answered ${r2!.response.status}` : `${r2!.kind} (${r2!.error})`;
    const detail = `first response's Keep-Alive header: ${headerText}; idle ${pause} s; the server ${closedAfter === null ? 'kept the connection open' : `closed it (${conn.closeKind}) ${closedAfter.toFixed(1)} s after the response`}; reuse → ${reuse}`;
    ctx.fact(STAGE, caseName, detail);
    ctx.log(`  keepalive ${caseName}: ${detail}`);
    const closedEarly = closedAfter !== null && (announced === null || closedAfter < announced - 0.5);
    if (r2!.kind !== 'response' || closedEarly) {
      const why = announced === null ? 'and no response announced `Keep-Alive: timeout=N`' : `before the announced timeout=${announced}`;
      const closed = closedAfter === null ? 'closed an idle keep-alive connection' : `closed an idle keep-alive connection (${conn.closeKind}) ${closedAfter.toFixed(1)} s after its last response`;
      ctx.find(STAGE, caseName, 'idle-close', `the server ${closed}, ${why}: a pooled client cannot know, and one that reuses the connection as it closes gets ECONNRESET/EPIPE (here, reuse after ${pause} s idle → ${reuse}). Keep-Alive header of the response: ${headerText}`, { request: `GET /health, ${pause} s idle, GET /v1/perils on the same connection` });
    }
  };
  const pauses: Promise<void>[] = [];
  if (ctx.wants('idle-short')) pauses.push(idle('idle-short', ctx.options.mini ? 1 : 3));
  if (ctx.wants('idle-long') && !ctx.options.mini) pauses.push(idle('idle-long', 'announced'));

  // many header lines
  const manyHeaders = async (): Promise<void> => {
    const counts = ctx.options.mini ? [49, 50, 51] : [30, 45, 49, 50, 51, 64, 100];
    const outcomes: string[] = [];
    await Promise.all(
      counts.map(async (n) => {
        const headers: [string, string][] = [['X-API-Key', key], ...Array.from({ length: n - 2 }, (_, i): [string, string] => [`X-Fuzz-${i}`, `v${i}`])];
        // n header lines in all: Host, the key and the X-Fuzz ones.
        const bytes = requestHead('GET', '/v1/perils', headers, 'none');
        const conn = new Conn(ctx.port);
        const [r] = await conn.send(bytes, { timeoutMs: HEADERS_MS });
        conn.close();
        const request = `GET /v1/perils with ${n} header lines`;
        if (r!.kind === 'timeout') outcomes.push(`${n}: no answer`);
        else if (r!.kind !== 'response') outcomes.push(`${n}: closed`);
        else {
          // A refusal of the head may come from uWS itself (431 or 400 without our error shape): only a 5xx is judged here.
          outcomes.push(`${n}: ${r!.response.status}`);
          if (r!.response.status >= 500) ctx.find(STAGE, 'many-headers', '5xx', `${request} → ${r!.response.status}`, { request, response: show(r!.response) });
        }
      }),
    );
    outcomes.sort((a, b) => parseInt(a) - parseInt(b));
    const silent = outcomes.filter((o) => o.endsWith('no answer')).map((o) => parseInt(o));
    if (silent.length) {
      ctx.find(STAGE, 'many-headers', 'no-answer', `GET /v1/perils with ${silent.join(', ')} header lines (Host, X-API-Key and X-Fuzz-0…): neither answered nor closed within ${HEADERS_MS / 1000} s — held past uWS's idle timeout (8–12 s, docs/operations.md "uWS connection limits"); all outcomes: ${outcomes.join(', ')}`, { request: `GET /v1/perils HTTP/1.1, Host, X-API-Key, then X-Fuzz-i: vi for i = 0…n−3` });
    }
    ctx.log(`  keepalive many-headers: ${outcomes.sort((a, b) => parseInt(a) - parseInt(b)).join(', ')}`);
    ctx.fact(STAGE, 'many-headers', outcomes);
  };
  if (ctx.wants('many-headers')) await manyHeaders();
  await Promise.all(pauses);
  if (timeouts.size) ctx.note(STAGE, `Keep-Alive announced: ${[...timeouts].join(', ')}`);
}
