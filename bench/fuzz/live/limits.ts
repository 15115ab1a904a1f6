/**
 * Uploads at the real limit (HAZRISK_UPLOAD_LIMIT of the child; the fuzz sets
 * a small one, 2 MiB by default, so bodies at the limit are cheap): bodies just
 * under it (the whole body ≤ limit − δ) and just over it (the part alone
 * > limit + δ), with Content-Length and chunked, with the CSV in the part named
 * `file` and elsewhere — another name, a field named file without a filename,
 * extra fields, two files, a body cut before its closing boundary. δ, the
 * boundary, the chunk sizes and the CSV are drawn from the seed.
 *
 * Judged: a body under the limit with a valid `file` part is accepted (200,
 * file_id); one without a usable `file` part is refused with a 4xx; every body
 * over the limit is refused with a 4xx; every 4xx is in the documented error
 * shape; no 5xx; every request is answered; nothing escapes to the process
 * guard (hazrisk_process_escaped_errors_total stays put); no temporary upload
 * file is left behind and a refused upload stores nothing. A connection closed
 * with no answer at all (the server answering early and closing with the body
 * unread makes the kernel reset it, losing the answer: a race, so such a case
 * is tried RESET_TRIES times) is a finding too.
 */
import { documentedCodes, errorShapeProblems } from '../shape.js';
import { exchange, preview, type WireOutcome } from '../wire.js';
import { chunked, coordinateCsv, hashSeed, type LiveContext, multipartBody, type Part, requestHead, rng } from './context.js';

const STAGE = 'limits';
type Shape = 'file' | 'extra-parts' | 'two-files' | 'other-name' | 'file-as-field' | 'truncated';
const SHAPES: Shape[] = ['file', 'extra-parts', 'two-files', 'other-name', 'file-as-field', 'truncated'];
const OTHER_NAMES = ['upload', 'File', 'files', 'file[]', 'csv', 'data'];
/** Attempts of a case whose answer was lost to a reset. */
const RESET_TRIES = 3;

export interface LimitCase {
  name: string;
  framing: 'length' | 'chunked';
  shape: Shape;
  size: 'under' | 'over';
}

export function limitCases(mini: boolean): LimitCase[] {
  const out: LimitCase[] = [];
  for (const framing of ['length', 'chunked'] as const) {
    for (const shape of SHAPES) {
      for (const size of ['under', 'over'] as const) {
        if (mini && !(shape === 'file' || shape === 'other-name')) continue;
        out.push({ name: `${framing}-${shape}-${size}`, framing, shape, size });
      }
    }
  }
  return out;
}

/** The request bytes of a case (deterministic from the seed and the case name). */
export function limitRequest(c: LimitCase, seed: number, limit: number, key: string): { bytes: Buffer; bodyBytes: number; largest: number; summary: string } {
  const random = rng(hashSeed(seed, `${STAGE}:${c.name}`));
  const boundary = random() < 0.5 ? `fuzzLIMIT${Math.floor(random() * 1e9)}` : `----WebKitFormBoundary${Math.floor(random() * 1e12).toString(36)}`;
  const delta = c.size === 'under' ? Math.floor(random() * 257) : 1 + Math.floor(random() * 4096);
  const second = Buffer.from(`latitude,longitude\r\n${(random() * 80).toFixed(2)},${(random() * 80).toFixed(2)}\r\n`);
  const meta = Buffer.from('x'.repeat(1 + Math.floor(random() * 64)));
  const other = OTHER_NAMES[Math.floor(random() * OTHER_NAMES.length)]!;
  const shapeParts = (content: Buffer): Part[] => {
    switch (c.shape) {
      case 'file':
      case 'truncated':
        return [{ name: 'file', filename: 'limit.csv', type: 'text/csv', content }];
      case 'extra-parts':
        return [{ name: 'meta', content: meta }, { name: 'note', content: Buffer.from('fuzz') }, { name: 'file', filename: 'limit.csv', type: 'text/csv', content }];
      case 'two-files':
        return [{ name: 'file', filename: 'limit.csv', type: 'text/csv', content }, { name: 'file', filename: 'second.csv', type: 'text/csv', content: second }];
      case 'other-name':
        return [{ name: other, filename: 'limit.csv', type: 'text/csv', content }];
      case 'file-as-field':
        return [{ name: 'file', content }];
    }
  };
  const close = c.shape !== 'truncated';
  // Under: the whole body (every part and the multipart framing) within the limit. Over: the big part alone past it.
  const around = multipartBody(boundary, shapeParts(Buffer.alloc(0)), close).length;
  const contentBytes = c.size === 'under' ? limit - delta - around : limit + delta;
  const content = coordinateCsv(contentBytes, random, `${c.name}-`);
  const body = multipartBody(boundary, shapeParts(content), close);
  const sizes = Array.from({ length: 8 }, () => 1 + Math.floor(random() * 65_536));
  const headers: [string, string][] = [['X-API-Key', key], ['Content-Type', `multipart/form-data; boundary=${boundary}`]];
  const route = random() < 0.5 ? '/v1/in-depth/batch/upload' : '/v1/lite/batch/upload';
  const bytes = c.framing === 'length' ? Buffer.concat([requestHead('POST', route, headers, 'length', body.length), body]) : Buffer.concat([requestHead('POST', route, headers, 'chunked'), chunked(body, sizes)]);
  const summary = `POST ${route}, ${c.framing === 'length' ? `Content-Length: ${body.length}` : `Transfer-Encoding: chunked (pieces of ${sizes.slice(0, 4).join(', ')}, … bytes)`}, multipart boundary ${boundary}: ${shapeParts(Buffer.alloc(0)).map((p) => `part name=${p.name === null ? '(none)' : JSON.stringify(p.name)}${p.filename ? ` filename=${p.filename}` : ''}`).join(' + ')}${close ? '' : ' (no closing boundary)'}; the big part ${content.length} bytes (limit ${limit}, ${c.size === 'under' ? `body ${body.length} = limit − ${limit - body.length}` : `part = limit + ${content.length - limit}`})`;
  return { bytes, bodyBytes: body.length, largest: content.length, summary };
}

function describe(outcome: WireOutcome): string {
  if (outcome.kind !== 'response') return `${outcome.kind} after ${outcome.ms} ms${'received' in outcome ? ` (${outcome.received} bytes received)` : ''}`;
  return preview(Buffer.concat([Buffer.from(`${outcome.response.head}\r\n\r\n`, 'latin1'), outcome.response.body]), 700);
}

export async function runLimits(ctx: LiveContext, apiDoc: string): Promise<void> {
  const codes = documentedCodes(apiDoc);
  const limit = ctx.options.uploadLimit;
  const statuses: Record<string, string> = {};
  for (const c of limitCases(ctx.options.mini)) {
    if (!ctx.wants(c.name)) continue;
    const req = limitRequest(c, ctx.options.seed, limit, ctx.server.key);
    const escapedBefore = await ctx.escapedErrors();
    const linesBefore = ctx.server.escapes().length;
    const filesBefore = ctx.uploads();
    let outcome = await exchange(req.bytes, { port: ctx.port, head: false, timeoutMs: 30_000 });
    // An answer lost to a reset is a race (the server closing with the body unread: RFC 9112 §9.6): try again, and count.
    let lost = 0;
    let tries = 1;
    while (outcome.kind === 'closed' && tries < RESET_TRIES) {
      lost++;
      tries++;
      outcome = await exchange(req.bytes, { port: ctx.port, head: false, timeoutMs: 30_000 });
    }
    if (outcome.kind === 'closed') lost++;
    const request = req.summary;
    const response = describe(outcome);
    const find = (check: string, detail: string): void => ctx.find(STAGE, c.name, check, detail, { request, response });
    // The guard's counter moves synchronously; its log line may take a log flush (≤ 250 ms) to arrive.
    await new Promise((r) => setTimeout(r, 50));
    const escapedAfter = await ctx.escapedErrors();
    if (escapedBefore !== null && escapedAfter !== null && escapedAfter > escapedBefore) {
      for (let i = 0; i < 10 && ctx.server.escapes().length === linesBefore; i++) await new Promise((r) => setTimeout(r, 100));
      find('escape', `${escapedAfter - escapedBefore} error(s) escaped to the process guard:\n${ctx.escapeLines(linesBefore) || '(no guard line in the log yet)'}`);
    }
    if (lost > 0) {
      find('reset', `the connection was closed with no answer in ${lost} of ${tries} attempts (0 bytes received): the server closed it while the body was still arriving, so the kernel reset it and the answer${outcome.kind === 'response' ? ` (${outcome.response.status}, received on another attempt)` : ''} was lost — RFC 9112 §9.6: close the write side first and keep reading, or read the body before answering`);
    }
    if (outcome.kind !== 'response') {
      statuses[c.name] = outcome.kind;
      if (lost === 0) find('no-answer', `the upload got no answer: ${response}`);
    } else {
      const { status } = outcome.response;
      const code = /"code":"([a-z_]+)"/.exec(outcome.response.body.toString('utf8'))?.[1] ?? '';
      statuses[c.name] = `${status}${code ? ` ${code}` : ''}`;
      if (status >= 500) find('5xx', `HTTP ${status}`);
      else if (status >= 400) {
        const problems = errorShapeProblems(outcome.response, 'POST', codes);
        if (problems.length) find('shape', `4xx outside the documented error shape: ${problems.join('; ')}`);
      }
      const valid = c.size === 'under' && (c.shape === 'file' || c.shape === 'extra-parts');
      const either = c.size === 'under' && c.shape === 'two-files';
      if (valid && status !== 200) find('refused', `a valid upload under the limit (body ${req.bodyBytes} of ${limit} bytes) was refused: ${status} ${code}`);
      if (!valid && !either && status < 400) find('accepted', `${c.size === 'over' ? `a part of ${req.largest} bytes, over the ${limit}-byte limit,` : 'an upload without a usable "file" part'} was accepted: HTTP ${status}`);
    }
    const leftovers = await ctx.leftoverTemporaries(1500);
    if (leftovers.length) find('temporary-file', `temporary upload files left 1.5 s after the answer: ${leftovers.join(', ')}`);
    const ok = outcome.kind === 'response' && outcome.response.status === 200;
    const added = [...ctx.uploads().keys()].filter((f) => !filesBefore.has(f) && !/\.tmp$/.test(f));
    if (!ok && added.length) find('stored', `a refused upload stored files: ${added.join(', ')}`);
  }
  ctx.fact(STAGE, 'answers', statuses);
  ctx.log(`  answers: ${Object.entries(statuses).map(([k, v]) => `${k} → ${v}`).join('; ')}`);
}
