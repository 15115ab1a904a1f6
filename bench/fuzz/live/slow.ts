/**
 * Slow clients: a valid upload trickled at a few rates (with Content-Length
 * and chunked) for 12 seconds each (past uWS's 10-second receive timeout), and
 * a request head trickled a few bytes at a time; they run side by side.
 *
 * The service must either answer or close — a cut-off below uWS's minimum
 * receive rate is the binary's behaviour (noted with the rate, the time and
 * the bytes sent, not a failure) — and never: answer 5xx or outside the error
 * shape, hold the connection with neither an answer nor a close for
 * AFTER_MS after the last byte, let an error escape to the process guard,
 * leave a temporary upload file, or store a file for an upload it did not
 * accept. /health must answer afterwards.
 */
import { documentedCodes, errorShapeProblems } from '../shape.js';
import { preview } from '../wire.js';
import { chunked, coordinateCsv, hashSeed, type LiveContext, multipartBody, requestHead, rng } from './context.js';
import { trickle, type TrickleResult } from './conn.js';

const STAGE = 'slow';
const AFTER_MS = 15_000;

interface SlowCase {
  name: string;
  /** Bytes per second. */
  rate: number;
  seconds: number;
  framing: 'length' | 'chunked' | 'head';
}

export function slowCases(mini: boolean): SlowCase[] {
  if (mini) return [{ name: 'trickle-8k', rate: 8192, seconds: 2, framing: 'length' }];
  // 12 s each: longer than uWS's 10-second receive timeout, so its minimum rate shows (they run beside the keep-alive idle pause).
  return [
    { name: 'trickle-1k', rate: 1024, seconds: 12, framing: 'length' },
    { name: 'trickle-8k', rate: 8192, seconds: 12, framing: 'length' },
    { name: 'trickle-24k', rate: 24_576, seconds: 12, framing: 'length' },
    { name: 'trickle-chunked-4k', rate: 4096, seconds: 12, framing: 'chunked' },
    { name: 'slow-head', rate: 64, seconds: 12, framing: 'head' },
  ];
}

export async function runSlow(ctx: LiveContext, apiDoc: string): Promise<void> {
  const codes = documentedCodes(apiDoc);
  const key = ctx.server.key;
  const escapedBefore = (await ctx.escapedErrors()) ?? 0;
  const guardBefore = ctx.server.escapes().length;
  const filesBefore = ctx.uploads();
  const cases = slowCases(ctx.options.mini).filter((c) => ctx.wants(c.name));
  const results = await Promise.all(
    cases.map(async (c) => {
      const random = rng(hashSeed(ctx.options.seed, `${STAGE}:${c.name}`));
      const pieces = 10; // per second
      const piece = Math.max(1, Math.round(c.rate / pieces));
      let bytes: Buffer;
      let immediate = 0;
      let request: string;
      if (c.framing === 'head') {
        bytes = requestHead('GET', `/v1/lite?latitude=${(random() * 60).toFixed(2)}&longitude=${(random() * 60).toFixed(2)}`, [['X-API-Key', key], ['X-Padding', 'p'.repeat(Math.max(0, c.rate * c.seconds - 200))]], 'none');
        request = `GET /v1/lite with a ${bytes.length}-byte head written ${piece} bytes every 100 ms`;
      } else {
        const boundary = `fuzzSLOW${Math.floor(random() * 1e9)}`;
        const body = multipartBody(boundary, [{ name: 'file', filename: `${c.name}.csv`, type: 'text/csv', content: coordinateCsv(Math.max(200, c.rate * c.seconds - 250), random, `${c.name}-`) }]);
        const headers: [string, string][] = [['X-API-Key', key], ['Content-Type', `multipart/form-data; boundary=${boundary}`]];
        const head = requestHead('POST', '/v1/in-depth/batch/upload', headers, c.framing, body.length);
        bytes = Buffer.concat([head, c.framing === 'chunked' ? chunked(body, [piece]) : body]);
        immediate = head.length;
        request = `POST /v1/in-depth/batch/upload (${c.framing === 'chunked' ? 'chunked' : `Content-Length: ${body.length}`}), head at once, then the body ${piece} bytes every 100 ms (${(c.rate / 1024).toFixed(1)} KiB/s, ${(body.length / c.rate).toFixed(1)} s)`;
      }
      const r = await trickle(ctx.port, bytes, piece, 1000 / pieces, AFTER_MS, immediate);
      return { c, r, request };
    }),
  );
  const outcomes: Record<string, string> = {};
  for (const { c, r, request } of results) {
    outcomes[c.name] = describe(r);
    const response = r.response ? preview(Buffer.concat([Buffer.from(`${r.response.head}\r\n\r\n`, 'latin1'), r.response.body]), 500) : (r.error ?? '');
    if (r.kind === 'timeout') ctx.find(STAGE, c.name, 'no-answer', `neither answered nor closed ${AFTER_MS / 1000} s after the last of ${r.total} bytes`, { request, response });
    else if (r.kind === 'closed') ctx.note(STAGE, `${c.name}: closed without an answer after ${(r.ms / 1000).toFixed(1)} s, ${r.sent} of ${r.total} bytes sent (${((r.sent / Math.max(1, r.ms)) * 1000 / 1024).toFixed(1)} KiB/s; uWS's minimum receive rate)`);
    else if (r.response) {
      const st = r.response.status;
      if (st >= 500) ctx.find(STAGE, c.name, '5xx', `HTTP ${st}`, { request, response });
      else if (st >= 400) {
        const problems = errorShapeProblems(r.response, c.framing === 'head' ? 'GET' : 'POST', codes);
        if (problems.length) ctx.find(STAGE, c.name, 'shape', problems.join('; '), { request, response });
        else ctx.note(STAGE, `${c.name}: refused with ${st} after ${(r.ms / 1000).toFixed(1)} s`);
      }
    }
  }
  ctx.fact(STAGE, 'outcomes', outcomes);
  ctx.log(`  slow: ${Object.entries(outcomes).map(([k, v]) => `${k} → ${v}`).join('; ')}`);
  const escapedAfter = (await ctx.escapedErrors()) ?? 0;
  if (escapedAfter > escapedBefore) ctx.find(STAGE, cases.map((c) => c.name).join(','), 'escape', `${escapedAfter - escapedBefore} error(s) escaped to the process guard:\n${ctx.escapeLines(guardBefore)}`);
  const leftovers = await ctx.leftoverTemporaries(2000);
  if (leftovers.length) ctx.find(STAGE, '(all)', 'temporary-file', `temporary upload files left after the slow uploads: ${leftovers.join(', ')}`);
  const accepted = results.filter(({ r }) => r.response?.status === 200 && r.response.body.includes('file_id')).length;
  const added = [...ctx.uploads().keys()].filter((f) => !filesBefore.has(f) && !/\.tmp$/.test(f));
  if (accepted === 0 && added.length) ctx.find(STAGE, '(all)', 'stored', `no slow upload was accepted, yet files appeared: ${added.join(', ')}`);
  const health = await fetch(`${ctx.url}/health`).then((r) => r.status, (e: Error) => e.message);
  if (health !== 200) ctx.find(STAGE, '(all)', 'health', `/health after the slow clients: ${health}`);
}

function describe(r: TrickleResult): string {
  if (r.kind === 'response') return `${r.response!.status} after ${(r.ms / 1000).toFixed(1)} s`;
  return `${r.kind} after ${(r.ms / 1000).toFixed(1)} s (${r.sent}/${r.total} bytes sent)`;
}
