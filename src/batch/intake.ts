import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import type { Principal } from '../auth/keys.js';
import { requireFloodPlus, requireMode, requirePerils } from '../auth/licence.js';
import { echo, httpError, validationError } from '../errors.js';
import { formatIsoDate, londonToday } from '../engine/calendar.js';
import type { PerilName } from '../engine/perils.js';
import { litePerils, type LiteMethod } from '../lite/score.js';
import { newId } from './ids.js';
import { RowsFile } from './rows-file.js';
import type { UploadGate } from './upload-gate.js';
import type { JobKind } from '../job-states.js';
import type { FileRecord, JobRecord, ScheduleRecord } from '../store/records.js';
import type { FileRepository, JobRepository } from '../store/store.js';
import { validateCsv, type ReceivedFile } from './upload.js';

/**
 * What happens to an upload and a submission once the HTTP layer has read
 * them: keep a validated file (original bytes and the parsed rows), make its
 * draft schedule, and create jobs with Idempotency-Key semantics.
 */
export interface IntakeDeps {
  files: FileRepository;
  jobs: JobRepository;
  uploadsDir: string;
  clock: () => number;
  log: Logger;
  /** The bound on uploads at once (the upload route enters it; checking rows waits for its place). */
  uploads: UploadGate;
  /** This host's hazard tables, recorded with every job (src/batch/tables-fingerprint.ts). */
  tablesFingerprint: string;
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
    await deps.files.insertFile(file);
    try {
      await deps.files.insertSchedule(draftSchedule(file, principal.tenant, principal.organisation));
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

/** The spec's draft schedule: named after the upload, PROPERTY, not cleaned. */
function draftSchedule(file: FileRecord, tenant: string, organisation: string): ScheduleRecord {
  return {
    id: newId('sch'),
    owner: file.owner,
    tenant,
    organisation,
    name: file.filename,
    line_of_business: 'PROPERTY',
    file_id: file.id,
    rows: file.rows,
    cleaned: 0,
    created_at: file.created_at,
  };
}

export interface Submission {
  kind: JobKind;
  fileId: string;
  idempotencyKey: string | undefined;
}

export function submitInDepth(deps: IntakeDeps, principal: Principal, submission: Submission, perils: PerilName[]): Promise<JobRecord> {
  requireMode(principal, 'in_depth');
  requirePerils(principal, perils);
  return submit(deps, principal, submission, { perils });
}

export function submitLite(deps: IntakeDeps, principal: Principal, submission: Submission, method: LiteMethod, floodPlus: boolean): Promise<JobRecord> {
  requireMode(principal, 'lite');
  if (floodPlus) requireFloodPlus(principal);
  const perils = litePerils(principal.perils, floodPlus);
  if (perils.length === 0) throw httpError('peril_not_licensed', { message: 'The API key is licensed for no peril that Lite scores.' });
  return submit(deps, principal, submission, { calculation_method: method, flood_plus: floodPlus, perils });
}

/** A job for a kept upload of the key's owner, or the job an earlier submission with the same Idempotency-Key made; 409 when that one differs. */
async function submit(deps: IntakeDeps, principal: Principal, submission: Submission, options: unknown): Promise<JobRecord> {
  const key = submission.idempotencyKey ?? crypto.randomUUID();
  if (!IDEMPOTENCY_KEY.test(key)) throw validationError('Idempotency-Key', 'must be 1–255 printable ASCII characters');
  const unknownFile = () => httpError('unknown_file_id', { field: 'file_id', message: `file_id: unknown file "${submission.fileId.slice(0, 60)}"` });
  const file = await deps.files.file(principal.owner, submission.fileId);
  if (!file) throw unknownFile();
  const now = deps.clock();
  const outcome = await deps.jobs.submit({
    id: newId('job'),
    owner: principal.owner,
    keyId: principal.keyId,
    kind: submission.kind,
    fileId: file.id,
    options,
    idempotencyKey: key,
    submissionDate: formatIsoDate(londonToday(now)),
    totalRows: file.rows,
    tablesFingerprint: deps.tablesFingerprint,
    now,
  });
  if (outcome.kind === 'unknown_file') throw unknownFile();
  if (outcome.kind === 'conflict') {
    throw httpError('idempotency_conflict', {
      field: 'Idempotency-Key',
      message: `Idempotency-Key ${echo(key)} was already used for a different submission (job ${outcome.job.id})`,
    });
  }
  return outcome.job;
}
