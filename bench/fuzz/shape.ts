/**
 * The documented error shape (docs/api.md "Errors"), checked on every 4xx the
 * fuzzer receives: `{"error": {status, code, message, field, request_id, …}}`
 * in JSON (or MessagePack when asked for), `status` equal to the HTTP status,
 * `code` one the docs list for that status, `request_id` equal to the
 * X-Request-Id header, and an `Allow` header on 405. The status → codes table
 * is read from docs/api.md itself, so the check follows the documentation.
 */
import fs from 'node:fs';
import { decode } from '@msgpack/msgpack';
import type { WireResponse } from './wire.js';

export type CodeTable = Map<number, Set<string>>;

/** Parse the "| Status | Codes |" table of docs/api.md's Errors section. */
export function documentedCodes(apiDoc: string): CodeTable {
  const text = fs.readFileSync(apiDoc, 'utf8');
  const section = text.slice(text.indexOf('## Errors'), text.indexOf('\n## ', text.indexOf('## Errors') + 1));
  const table: CodeTable = new Map();
  for (const line of section.split('\n')) {
    const cells = /^\|\s*([\d\s/]+?)\s*\|(.*)\|\s*$/.exec(line);
    if (!cells) continue;
    const statuses = cells[1]!.split('/').map((s) => Number(s.trim())).filter((n) => n >= 100);
    const codes = [...cells[2]!.matchAll(/`([a-z_]+)`/g)].map((m) => m[1]!);
    for (const status of statuses) {
      const set = table.get(status) ?? new Set<string>();
      for (const code of codes) set.add(code);
      table.set(status, set);
    }
  }
  if (table.size === 0) throw new Error(`no error-code table found in ${apiDoc}`);
  return table;
}

/** Decode a response body by its Content-Type: JSON, or MessagePack. */
export function decodeBody(response: WireResponse): { ok: true; value: unknown } | { ok: false; problem: string } {
  const type = (response.headers['content-type']?.[0] ?? '').toLowerCase();
  try {
    if (type.startsWith('application/msgpack') || type.startsWith('application/x-msgpack')) return { ok: true, value: decode(response.body) };
    if (type.includes('json')) return { ok: true, value: JSON.parse(response.body.toString('utf8')) };
    return { ok: false, problem: `content-type "${type}" is neither JSON nor MessagePack` };
  } catch (err) {
    return { ok: false, problem: `body does not decode as ${type}: ${(err as Error).message}` };
  }
}

/** Problems with an error response (empty when it is in the documented shape). */
export function errorShapeProblems(response: WireResponse, method: string, codes: CodeTable): string[] {
  const problems: string[] = [];
  const requestId = response.headers['x-request-id'];
  if (!requestId || requestId.length !== 1) problems.push(`expected one X-Request-Id header, got ${requestId?.length ?? 0}`);
  if (response.status === 405 && !response.headers.allow?.[0]) problems.push('405 without an Allow header');
  if (method === 'HEAD') return problems; // same status and headers as the GET, no body to check
  const decoded = decodeBody(response);
  if (!decoded.ok) return [...problems, decoded.problem];
  const body = decoded.value as Record<string, unknown> | null;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return [...problems, 'body is not an object'];
  const keys = Object.keys(body);
  if (keys.length !== 1 || keys[0] !== 'error') problems.push(`top-level members ${JSON.stringify(keys)}, expected ["error"]`);
  const error = body.error as Record<string, unknown> | undefined;
  if (typeof error !== 'object' || error === null || Array.isArray(error)) return [...problems, 'error is not an object'];
  if (error.status !== response.status) problems.push(`error.status ${JSON.stringify(error.status)} differs from HTTP ${response.status}`);
  const allowed = codes.get(response.status);
  if (typeof error.code !== 'string') problems.push('error.code is not a string');
  else if (!allowed) problems.push(`HTTP ${response.status} is not a status docs/api.md lists`);
  else if (!allowed.has(error.code)) problems.push(`code "${error.code}" is not documented for ${response.status}`);
  if (typeof error.message !== 'string' || error.message.length === 0) problems.push('error.message is not a non-empty string');
  if (!('field' in error) || (error.field !== null && typeof error.field !== 'string')) problems.push('error.field is not a string or null');
  if (typeof error.request_id !== 'string') problems.push('error.request_id is not a string');
  else if (requestId?.[0] !== undefined && error.request_id !== requestId[0]) problems.push(`error.request_id "${error.request_id}" differs from X-Request-Id "${requestId[0]}"`);
  if ('details' in error) {
    const details = error.details;
    if (!Array.isArray(details) || details.some((d) => typeof d !== 'object' || d === null || typeof (d as { message?: unknown }).message !== 'string')) {
      problems.push('error.details is not a list of {message, …} objects');
    }
  }
  return problems;
}
