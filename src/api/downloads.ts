import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { Type } from '@sinclair/typebox';
import type { ApiContext } from './context.js';
import { httpError } from '../errors.js';
import { LIMITS, wholeDays } from '../limits.js';
import { acceptsGzip, byteRange, fileEtag, notModified } from '../http/conditional.js';
import { closeFile, openFile, type OpenFile } from '../http/file-sender.js';
import { defineRoute } from '../http/define-route.js';
import type { FileReply, RawReply, RequestContext, Route } from '../http/types.js';
import { ARTEFACTS, REPORT_CSP, type ArtefactName } from '../batch/status.js';
import { temporaryName } from '../store/paths.js';

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

/**
 * The artefact opened once: its ETag, length and range, and the bytes sent (or the compressed copy made), are all of
 * that one version, even when the file is renamed over meanwhile (src/http/file-sender.ts).
 */
async function serve(requestHeaders: RequestContext['headers'], file: string, name: ArtefactName, headers: Record<string, string>): Promise<RawReply | FileReply> {
  const contentType = ARTEFACTS[name].type;
  const original = openFile(file);
  if (!original) throw httpError('not_found', { message: 'This artefact is not available.' });
  // A range is of the stored bytes, so range requests are answered uncompressed.
  const gzip = COMPRESSIBLE.has(name) && !requestHeaders.range && acceptsGzip(requestHeaders['accept-encoding']);
  if (gzip) return serveCompressed(requestHeaders, file, original, contentType, headers);
  const size = Number(original.stat.size);
  const etag = fileEtag(original.stat);
  headers.etag = etag;
  const modified = !notModified(requestHeaders['if-none-match'], etag);
  const range = byteRange(requestHeaders.range, requestHeaders['if-range'], size, etag);
  // Only an answer with the file takes the descriptor (sending closes it).
  if (!modified || range.kind === 'unsatisfiable') closeFile(original);
  if (!modified) return { status: 304, raw: '', contentType, headers };
  if (range.kind === 'unsatisfiable') {
    throw httpError('range_not_satisfiable', { field: 'headers.range', message: `headers.range: the file has ${size} bytes.`, headers: { 'content-range': `bytes */${size}` } });
  }
  if (range.kind === 'partial') {
    const { start, end } = range.range;
    return { status: 206, file: original, range: range.range, contentType, headers: { ...headers, 'content-range': `bytes ${start}-${end}/${size}` } };
  }
  return { file: original, contentType, headers };
}

/** The gzip answer for the opened `original`: its compressed copy, made if need be, under an ETag of the original's version. */
async function serveCompressed(requestHeaders: RequestContext['headers'], file: string, original: OpenFile, contentType: string, headers: Record<string, string>): Promise<RawReply | FileReply> {
  const etag = fileEtag(original.stat, '-gz');
  const gzHeaders = { ...headers, etag, 'content-encoding': 'gzip' };
  let compressed: string;
  try {
    if (notModified(requestHeaders['if-none-match'], etag)) return { status: 304, raw: '', contentType, headers: gzHeaders };
    compressed = await compressedCopy(file, original);
  } finally {
    closeFile(original);
  }
  // A copy is removed only once the path names another version (compressedCopy): this version is then gone, and the
  // answer is an error, never another version's bytes.
  const copy = openFile(compressed);
  if (!copy) throw new Error(`${file} was replaced before its compressed copy was opened`);
  return { file: copy, contentType, headers: gzHeaders };
}

/**
 * The compressed copy of `file` in the version opened as `original`. The copy is named by that descriptor's identity
 * (inode, size, mtime in ns) and made from its bytes, so a copy never holds another version of the file than its name
 * (and the ETag) says, even when the original is renamed over while it is compressed, within one millisecond, by a file
 * of the same size, or by one with an older mtime (written earlier, renamed later: an artefact stage retaken from a
 * lapsed worker). Copies are written to a temporary name and renamed, so a reader never sees half of one.
 */
async function compressedCopy(file: string, original: OpenFile): Promise<string> {
  const { ino, size, mtimeNs } = original.stat;
  const dir = path.dirname(file);
  const base = path.basename(file);
  const name = `${base}.${ino.toString(36)}-${size.toString(36)}-${mtimeNs.toString(36)}.gz`;
  const target = path.join(dir, name);
  if (fs.existsSync(target)) return target;
  const tmp = temporaryName(target);
  try {
    await pipeline(fs.createReadStream('', { fd: original.fd, start: 0, autoClose: false }), zlib.createGzip({ level: 6 }), fs.createWriteStream(tmp));
    fs.renameSync(tmp, target);
  } finally {
    fs.rmSync(tmp, { force: true });
  }
  // Copies of other versions (and the unkeyed `<file>.gz` of before) go once the path names this one, so stale
  // copies do not pile up. A download already streaming one keeps its descriptor; one between here and its open
  // gets an error answer, never another version's bytes.
  const now = fs.statSync(file, { bigint: true, throwIfNoEntry: false });
  if (now?.ino === ino && now.size === size && now.mtimeNs === mtimeNs) {
    for (const other of fs.readdirSync(dir)) {
      if (other !== name && other.startsWith(`${base}.`) && other.endsWith('.gz')) fs.rmSync(path.join(dir, other), { force: true });
    }
  }
  return target;
}
