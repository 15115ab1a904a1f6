import type { BigIntStats } from 'node:fs';
import { closeFile, type OpenFile } from './file-sender.js';
import type { FileReply, RawReply } from './types.js';
import type { ByteRange } from './uws.js';

/**
 * HTTP semantics for static representations (RFC 9110 §13–14): byte ranges,
 * validators and content codings, so download routes only decide what to serve.
 */

/** What names one version of a file: a stat taken with `{ bigint: true }`. */
export type FileVersion = Pick<BigIntStats, 'ino' | 'size' | 'mtimeNs'>;

/**
 * `"inode-size-mtime"` in base 36, the mtime in nanoseconds: a strong validator for files that never change once
 * written. A file renamed over another has another inode, and one rewritten in place a later mtime, even when the
 * size is the same and the time within the same millisecond (which size and whole milliseconds alone missed: a
 * stale 304).
 */
export function fileEtag(version: FileVersion, variant = ''): string {
  return `"${version.ino.toString(36)}-${version.size.toString(36)}-${version.mtimeNs.toString(36)}${variant}"`;
}

/**
 * A static file revalidated by its ETag (added to `headers`): 304 when If-None-Match holds it — closing the file,
 * which only an answer with it would close — else the file.
 */
export function revalidatedFile(ifNoneMatch: string | undefined, file: OpenFile, contentType: string, headers: Record<string, string>): RawReply | FileReply {
  const tagged = { ...headers, etag: fileEtag(file.stat) };
  if (!notModified(ifNoneMatch, tagged.etag)) return { file, contentType, headers: tagged };
  closeFile(file);
  return { status: 304, raw: '', contentType, headers: tagged };
}

/** If-None-Match: `*` or a list containing the tag (weak comparison, as the RFC asks for GET). */
export function notModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

export type RangeOutcome = { kind: 'full' } | { kind: 'partial'; range: ByteRange } | { kind: 'unsatisfiable' };

/**
 * One `bytes=` range of a `size`-byte file. Multiple ranges, other units or a
 * malformed header get the whole file (a server may ignore Range); If-Range
 * that does not match the current validator does too.
 */
export function byteRange(header: string | undefined, ifRange: string | undefined, size: number, etag: string): RangeOutcome {
  if (!header || (ifRange !== undefined && ifRange.trim() !== etag)) return { kind: 'full' };
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return { kind: 'full' };
  let start: number;
  let end: number;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return { kind: 'unsatisfiable' };
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
    if (match[2] !== '' && Number(match[2]) < start) return { kind: 'full' };
  }
  if (!Number.isSafeInteger(start) || start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'partial', range: { start, end } };
}

/** Whether Accept-Encoding allows gzip (`gzip` or `*` with a non-zero q). */
export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  if (!acceptEncoding) return false;
  let star = false;
  for (const part of acceptEncoding.split(',')) {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)).find(Boolean);
    const allowed = !q || Number(q[1]) > 0;
    if (coding === 'gzip' || coding === 'x-gzip') return allowed;
    if (coding === '*') star = allowed;
  }
  return star;
}
