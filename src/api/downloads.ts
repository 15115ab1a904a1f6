import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { Type } from '@sinclair/typebox';
import type { ApiContext } from './context.js';
import { httpError } from '../errors.js';
import { LIMITS, wholeDays } from '../limits.js';
import { acceptsGzip, byteRange, fileEtag, notModified } from '../http/conditional.js';
import { defineRoute } from '../http/define-route.js';
import type { FileReply, RawReply, RequestContext, Route } from '../http/types.js';
import { ARTEFACTS, REPORT_CSP, type ArtefactName } from '../batch/status.js';

/**
 * GET /v1/downloads/:job_id/:artefact — the signed, expiring artefact links
 * (docs/batch.md "Downloads"). No key: the signature is the credential.
 * Artefacts never change once a job is complete, so they carry a strong
 * ETag, answer If-None-Match with 304 and Range with 206, and the text ones
 * (CSV, HTML) are sent gzip-compressed to clients that accept it, from a
 * compressed copy made once beside the original.
 */
const COMPRESSIBLE: ReadonlySet<ArtefactName> = new Set(['results.csv', 'report.html']);

/** The link's parts; the signature, not the schema, decides whether they are good (403 link_invalid otherwise). */
const LinkParams = Type.Object({ job_id: Type.String(), artefact: Type.String({ description: Object.keys(ARTEFACTS).join(', ') }) });
const LinkQuery = Type.Object({ expires: Type.Optional(Type.String()), signature: Type.Optional(Type.String()) });

export function downloadRoute(app: ApiContext): Route {
  return defineRoute({
    method: 'GET',
    path: '/v1/downloads/:job_id/:artefact',
    auth: null,
    schema: { params: LinkParams, query: LinkQuery },
    handler: async (ctx) => {
      const { job_id: jobId, artefact } = ctx.input.params;
      const check = app.signer.check(ctx.path, ctx.input.query.expires ?? null, ctx.input.query.signature ?? null, app.clock());
      if (check === 'invalid' || !Object.hasOwn(ARTEFACTS, artefact)) throw httpError('link_invalid');
      if (check === 'expired') throw httpError('link_expired');
      const name = artefact as ArtefactName;
      const record = await app.jobs.byId(jobId);
      const file = record?.status === 'complete' ? record[ARTEFACTS[name].column] : null;
      if (!record || !file) throw httpError('not_found', { message: 'This artefact is not available.' });
      const headers: Record<string, string> = {
        'content-disposition': `${ARTEFACTS[name].disposition}; filename="hazrisk-${record.id}-${name}"`,
        'cache-control': 'private, no-store',
        'accept-ranges': 'bytes',
      };
      if (name === 'report.html') headers['content-security-policy'] = REPORT_CSP;
      if (COMPRESSIBLE.has(name)) headers.vary = 'Accept-Encoding';
      return serve(ctx.headers, `${app.paths.jobs}/${record.id}/${file}`, name, headers);
    },
    doc: {
      operationId: 'downloadArtefact',
      summary: `Pre-signed artefact download (no API key; link expires after ${wholeDays(LIMITS.signedUrlLifetimeMs)} days; Range, ETag and gzip)`,
      tags: ['batch'],
      produces: Object.values(ARTEFACTS).map((a) => a.type),
    },
  });
}

async function serve(requestHeaders: RequestContext['headers'], file: string, name: ArtefactName, headers: Record<string, string>): Promise<RawReply | FileReply> {
  const contentType = ARTEFACTS[name].type;
  const stat = fs.statSync(file);
  // A range is of the stored bytes, so range requests are answered uncompressed.
  const gzip = COMPRESSIBLE.has(name) && !requestHeaders.range && acceptsGzip(requestHeaders['accept-encoding']);
  if (gzip) {
    const compressed = await compressedCopy(file, stat.mtimeMs);
    const etag = fileEtag(stat.size, stat.mtimeMs, '-gz');
    const gzHeaders = { ...headers, etag, 'content-encoding': 'gzip' };
    if (notModified(requestHeaders['if-none-match'], etag)) return { status: 304, raw: '', contentType, headers: gzHeaders };
    return { file: compressed, contentType, headers: gzHeaders };
  }
  const etag = fileEtag(stat.size, stat.mtimeMs);
  headers.etag = etag;
  if (notModified(requestHeaders['if-none-match'], etag)) return { status: 304, raw: '', contentType, headers };
  const range = byteRange(requestHeaders.range, requestHeaders['if-range'], stat.size, etag);
  if (range.kind === 'unsatisfiable') {
    throw httpError('range_not_satisfiable', { field: 'headers.range', message: `headers.range: the file has ${stat.size} bytes.`, headers: { 'content-range': `bytes */${stat.size}` } });
  }
  if (range.kind === 'partial') {
    const { start, end } = range.range;
    return { status: 206, file, range: range.range, contentType, headers: { ...headers, 'content-range': `bytes ${start}-${end}/${stat.size}` } };
  }
  return { file, contentType, headers };
}

/** `<file>.gz`, written once (to a temporary name, then renamed) and reused while the original is unchanged. */
async function compressedCopy(file: string, mtimeMs: number): Promise<string> {
  const target = `${file}.gz`;
  const existing = fs.statSync(target, { throwIfNoEntry: false });
  if (existing && existing.mtimeMs >= mtimeMs) return target;
  const tmp = `${target}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  try {
    await pipeline(fs.createReadStream(file), zlib.createGzip({ level: 6 }), fs.createWriteStream(tmp));
    fs.renameSync(tmp, target);
  } finally {
    fs.rmSync(tmp, { force: true });
  }
  return target;
}
