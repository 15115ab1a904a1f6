import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import type { Principal } from '../auth/keys.js';
import { requireFloodPlus, requireMode, requirePerils } from '../auth/licence.js';
import { httpError, validationError } from '../errors.js';
import { formatIsoDate, londonToday } from '../engine/calendar.js';
import type { PerilName } from '../engine/perils.js';
import { litePerils, type LiteMethod } from '../lite/score.js';
import type { FileStore, FileRecord } from './files.js';
import { newId } from './ids.js';
import { RowsFile } from './rows-file.js';
import type { UploadGate } from './upload-gate.js';
import type { JobKind, JobRecord, JobStore } from './jobs.js';
import { validateCsv, type ReceivedFile } from './upload.js';

/**
 * What happens to an upload and a submission once the HTTP layer has read
 * them: keep a validated file (original bytes and the parsed rows), make its
 * draft schedule, and create jobs with Idempotency-Key semantics.
 */
export interface IntakeDeps {
  files: FileStore;
  jobs: JobStore;
  uploadsDir: string;
  clock: () => number;
  log: Logger;
  /** The bound on uploads at once (the upload route enters it; checking rows waits for its place). */
  uploads: UploadGate;
}

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

/** Check every row of a received upload and keep it (when a checking place is free: docs/batch.md "Upload"). */
export function acceptUpload(deps: IntakeDeps, principal: Principal, received: ReceivedFile): Promise<FileRecord> {
  return deps.uploads.check(() => keepUpload(deps, principal, received));
}

async function keepUpload(deps: IntakeDeps, principal: Principal, received: ReceivedFile): Promise<FileRecord> {
  const id = newId('file');
  const rowsFile = `${id}.rows.jsonl`;
  const kept = [path.join(deps.uploadsDir, rowsFile), path.join(deps.uploadsDir, `${id}.csv`)];
  try {
    const { rows } = await validateCsv(received.tmpPath, londonToday(deps.clock()));
    await RowsFile.write(kept[0]!, rows);
    fs.renameSync(received.tmpPath, kept[1]!);
    const file: FileRecord = {
      id,
      owner: principal.owner,
      key_id: principal.keyId,
      filename: received.filename,
      path: rowsFile,
      bytes: received.bytes,
      rows: rows.length,
      sha256: received.sha256,
      created_at: deps.clock(),
    };
    deps.files.insertFile(file);
    try {
      deps.files.createDraftSchedule(file, principal.tenant, principal.organisation);
    } catch (err) {
      // The spec: a failed draft schedule never fails the upload.
      deps.log.warn({ file_id: id, err }, 'draft schedule not created');
    }
    return file;
  } catch (err) {
    // Nothing of a refused upload stays (a full disk can refuse the record after the files are written).
    for (const file of kept) fs.rmSync(file, { force: true });
    throw err;
  } finally {
    fs.rmSync(received.tmpPath, { force: true });
  }
}

export interface Submission {
  kind: JobKind;
  fileId: string;
  idempotencyKey: string | undefined;
}

export function submitInDepth(deps: IntakeDeps, principal: Principal, submission: Submission, perils: PerilName[]): JobRecord {
  requireMode(principal, 'in_depth');
  requirePerils(principal, perils);
  return submit(deps, principal, submission, { perils });
}

export function submitLite(deps: IntakeDeps, principal: Principal, submission: Submission, method: LiteMethod, floodPlus: boolean): JobRecord {
  requireMode(principal, 'lite');
  if (floodPlus) requireFloodPlus(principal);
  const perils = litePerils(principal.perils, floodPlus);
  if (perils.length === 0) throw httpError('peril_not_licensed', { message: 'The API key is licensed for no peril that Lite scores.' });
  return submit(deps, principal, submission, { calculation_method: method, flood_plus: floodPlus, perils });
}

function submit(deps: IntakeDeps, principal: Principal, submission: Submission, options: unknown): JobRecord {
  const key = submission.idempotencyKey ?? crypto.randomUUID();
  if (!IDEMPOTENCY_KEY.test(key)) throw validationError('Idempotency-Key', 'must be 1–255 printable ASCII characters');
  const file = deps.files.file(principal.owner, submission.fileId);
  if (!file) throw httpError('unknown_file_id', { field: 'file_id', message: `file_id: unknown file "${submission.fileId.slice(0, 60)}"` });
  const now = deps.clock();
  return deps.jobs.submit({
    owner: principal.owner,
    keyId: principal.keyId,
    kind: submission.kind,
    fileId: file.id,
    options,
    idempotencyKey: key,
    submissionDate: formatIsoDate(londonToday(now)),
    totalRows: file.rows,
    now,
  });
}
