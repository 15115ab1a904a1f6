import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import { ClientAbortedError, httpError, HttpError } from '../errors.js';
import { LIMITS } from '../limits.js';
import { isStorageFull } from '../store/storage.js';
import { findInvalidUtf8 } from './utf8.js';
import { checkHeaders, normaliseHeader, parseRecord, type BatchRow, type RowError } from './csv-input.js';
import { CsvRecordReader } from './upload-records.js';

/**
 * Upload handling (docs/batch.md): stream the multipart `file` part to a
 * temporary file (bounded), then validate every row before anything is kept.
 * A rejected upload leaves nothing behind.
 */
export interface ReceivedFile {
  tmpPath: string;
  filename: string;
  bytes: number;
  sha256: string;
}

export interface ValidatedRows {
  rows: BatchRow[];
}

/** Stream the `file` part of a multipart body to `dir`. Any CSV content type is accepted. */
export async function receiveCsvPart(body: Readable, headers: Record<string, string>, dir: string, limitBytes: number): Promise<ReceivedFile> {
  let parser: busboy.Busboy;
  try {
    parser = busboy({ headers: headers as IncomingHttpHeaders, limits: { files: 1, fileSize: limitBytes, fields: 20, parts: 30 } });
  } catch {
    body.resume();
    throw httpError('bad_request', { field: 'file', message: 'file: send multipart/form-data with the CSV in a field named "file"' });
  }
  const tmpPath = path.join(dir, `.upload-${crypto.randomBytes(8).toString('hex')}.tmp`);
  let received: Promise<ReceivedFile> | null = null;
  let fileStream: Readable | null = null;
  let writer: fs.WriteStream | null = null;
  let oversized = false;
  parser.on('file', (field, stream, info) => {
    if (field !== 'file' || received) {
      // Drained and dropped; busboy errors it when the body ends early or runs over the limit, which the body's own pipeline reports.
      stream.on('error', () => undefined);
      return void stream.resume();
    }
    fileStream = stream;
    writer = fs.createWriteStream(tmpPath, { mode: 0o600 });
    const hash = crypto.createHash('sha256');
    let bytes = 0;
    stream.on('data', (chunk: Buffer) => {
      hash.update(chunk);
      bytes += chunk.length;
    });
    stream.on('limit', () => {
      oversized = true;
    });
    received = pipeline(stream, writer).then(() => ({
      tmpPath,
      filename: cleanFilename(info.filename),
      bytes,
      sha256: hash.digest('hex'),
    }));
    // When the body fails first (a client that hangs up) this rejection is awaited in the catch below, not here.
    received.catch(() => undefined);
  });
  try {
    await pipeline(body, parser);
    if (!received) throw httpError('bad_request', { field: 'file', message: 'file: the multipart body has no part named "file"' });
    const file = await (received as Promise<ReceivedFile>);
    if (oversized) throw oversizedError(limitBytes);
    return file;
  } catch (err) {
    // Stop the file part (busboy can leave it open when its input fails) and close the writer before removing the file;
    // the part's own pipeline does not always settle after that, so it is not awaited.
    (fileStream as Readable | null)?.destroy();
    const open = writer as fs.WriteStream | null;
    if (open && !open.closed) await new Promise<void>((resolve) => open.destroy().once('close', () => resolve()));
    fs.rmSync(tmpPath, { force: true });
    if (err instanceof HttpError && err.code === 'payload_too_large') throw oversizedError(limitBytes);
    if (err instanceof HttpError || err instanceof ClientAbortedError || isStorageFull(err)) throw err;
    throw httpError('bad_request', { field: 'file', message: `file: the multipart body could not be read (${(err as Error).message})` });
  }
}

function oversizedError(limit: number): HttpError {
  return httpError('csv_oversized', { field: 'file', message: `file: the upload is larger than the ${limit}-byte limit`, extra: { limit_bytes: limit } });
}

function cleanFilename(name: string | undefined): string {
  const base = path.basename((name ?? '').replace(/\\/g, '/')).replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return base.slice(0, 255) || 'upload.csv';
}

/**
 * Read and check every row. Fails fast on the header, stops counting errors
 * after the report cap, and never holds more than the row limit in memory.
 */
export async function validateCsv(file: string, todayDay: number): Promise<ValidatedRows> {
  const fault = await findInvalidUtf8(file);
  if (fault) {
    const message = `line ${fault.line}: not UTF-8 (byte 0x${fault.value.toString(16).padStart(2, '0')} at offset ${fault.byte}); save the file as UTF-8 (in Excel: "CSV UTF-8")`;
    throw httpError('csv_invalid', {
      field: 'file',
      message: `file: ${message}`,
      details: [{ row: fault.line - 1, column: 'file', message, byte: fault.byte }],
      extra: { total_errors: 1 },
    });
  }
  const rows: BatchRow[] = [];
  const errors: RowError[] = [];
  let totalErrors = 0;
  let record = 0;
  let headers: string[] | null = null;
  let headerErrors: RowError[] = [];
  /** Check each record; false once the header is unusable (nothing after it is read). */
  const take = (records: string[][]): boolean => {
    for (const cells of records) {
      if (headers === null) {
        headers = cells.map(normaliseHeader);
        headerErrors = checkHeaders(headers);
        if (headerErrors.length > 0) return false;
        continue;
      }
      record++;
      // An empty line is no row; a row of empty cells (",,") is a row without a location, and rejected.
      if (cells.length === 0) continue;
      if (rows.length + totalErrors >= LIMITS.maxBatchRows) {
        throw httpError('csv_invalid', { field: 'file', message: `file: more than ${LIMITS.maxBatchRows} data rows` });
      }
      const parsed = parseRecord(byHeader(headers, cells), record, todayDay);
      if (parsed.value) rows.push(parsed.value);
      else {
        totalErrors++;
        for (const e of parsed.errors) if (errors.length < LIMITS.maxReportedRowErrors) errors.push(e);
      }
    }
    return true;
  };
  const reader = new CsvRecordReader();
  // 64 KiB of text per turn of the event loop (a few thousand rows, a few milliseconds): reading buffered
  // chunks resolves in microtasks, so the turn is given back explicitly.
  const input = fs.createReadStream(file, { encoding: 'utf8', highWaterMark: 64 << 10 });
  try {
    let usable = true;
    for await (const text of input as AsyncIterable<string>) {
      if (!(usable = take(reader.push(text)))) break;
      await new Promise((resolve) => setImmediate(resolve));
    }
    if (usable) take(reader.end());
  } catch (err) {
    if (err instanceof HttpError) throw err;
    throw httpError('csv_invalid', { field: 'file', message: `file: not a readable CSV (${(err as Error).message})` });
  } finally {
    input.destroy();
  }
  if (headerErrors.length > 0) throw httpError('csv_invalid', { field: 'file', message: 'file: the header row is not usable', details: headerErrors, extra: { total_errors: headerErrors.length } });
  if (rows.length === 0 && totalErrors === 0) throw httpError('csv_empty', { field: 'file', message: 'file: a header row and at least one data row are required' });
  if (totalErrors > 0) {
    throw httpError('csv_invalid', {
      field: 'file',
      message: `file: ${totalErrors} invalid row${totalErrors === 1 ? '' : 's'}${totalErrors > errors.length ? ` (first ${errors.length} listed)` : ''}`,
      details: errors,
      extra: { total_errors: totalErrors },
    });
  }
  assignIndices(rows);
  return { rows };
}

/** A record's cells by header name (cells past the header are ignored); no prototype, so a header named __proto__ is just a name. */
function byHeader(headers: readonly string[], cells: readonly string[]): Record<string, string> {
  const record: Record<string, string> = Object.create(null);
  for (let i = 0; i < headers.length && i < cells.length; i++) record[headers[i]!] = cells[i]!;
  return record;
}

/** Explicit indices must be unique (422); rows without one are numbered from 0, skipping explicit ones. */
function assignIndices(rows: BatchRow[]): void {
  const firstRow = new Map<number, number>();
  const duplicates: { row: number; column: string; message: string }[] = [];
  for (const r of rows) {
    if (r.index === null) continue;
    const earlier = firstRow.get(r.index);
    if (earlier !== undefined) duplicates.push({ row: r.row, column: 'index', message: `duplicate index ${r.index} (first used on row ${earlier})` });
    else firstRow.set(r.index, r.row);
  }
  if (duplicates.length > 0) {
    const values = [...new Set(duplicates.map((d) => d.message.split(' ')[2]))].slice(0, 20).join(', ');
    throw httpError('validation_error', {
      field: 'index',
      message: `index: duplicate values ${values}`,
      details: duplicates.slice(0, LIMITS.maxReportedRowErrors),
      extra: { total_errors: duplicates.length },
    });
  }
  let next = 0;
  for (const r of rows) {
    if (r.index !== null) continue;
    while (firstRow.has(next)) next++;
    r.index = next++;
  }
}
