import type { Db } from '../store/db.js';
import { newId } from './ids.js';
import { FINISHED_STATES, sqlStates } from './job-states.js';

/**
 * Uploaded files and the draft schedules made from them. Every read is
 * owner-scoped: another owner's id behaves exactly like an unknown one.
 */
export interface FileRecord {
  id: string;
  owner: string;
  key_id: string;
  filename: string;
  path: string;
  bytes: number;
  rows: number | null;
  sha256: string;
  created_at: number;
  /** When retention removed the upload's bytes (docs/batch.md "Retention"); the record stays for its jobs. */
  purged_at?: number | null;
}

export interface ScheduleRecord {
  id: string;
  owner: string;
  tenant: string;
  organisation: string;
  name: string;
  line_of_business: string;
  file_id: string;
  rows: number | null;
  cleaned: number;
  created_at: number;
}

export class FileStore {
  constructor(private readonly db: Db) {}

  insertFile(file: FileRecord): void {
    this.db
      .prepare('INSERT INTO files (id, owner, key_id, filename, path, bytes, rows, sha256, created_at) VALUES (@id, @owner, @key_id, @filename, @path, @bytes, @rows, @sha256, @created_at)')
      .run(file);
  }

  /** An upload the owner may submit: a removed one is unknown. */
  file(owner: string, id: string): FileRecord | undefined {
    return this.db.prepare<[string, string], FileRecord>('SELECT * FROM files WHERE id = ? AND owner = ? AND purged_at IS NULL').get(id, owner);
  }

  fileById(id: string): FileRecord | undefined {
    return this.db.prepare<[string], FileRecord>('SELECT * FROM files WHERE id = ?').get(id);
  }

  /** The spec's draft schedule: named after the upload, PROPERTY, not cleaned. */
  createDraftSchedule(file: FileRecord, tenant: string, organisation: string): ScheduleRecord {
    const schedule: ScheduleRecord = {
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
    this.db
      .prepare(
        `INSERT INTO schedules (id, owner, tenant, organisation, name, line_of_business, file_id, rows, cleaned, created_at)
         VALUES (@id, @owner, @tenant, @organisation, @name, @line_of_business, @file_id, @rows, @cleaned, @created_at)`,
      )
      .run(schedule);
    return schedule;
  }

  /** The owner's draft schedules whose upload is still kept. */
  schedules(owner: string, limit: number): ScheduleRecord[] {
    return this.db
      .prepare<[string, number], ScheduleRecord>(
        `SELECT s.* FROM schedules s JOIN files f ON f.id = s.file_id
         WHERE s.owner = ? AND f.purged_at IS NULL ORDER BY s.created_at DESC, s.id LIMIT ?`,
      )
      .all(owner, limit);
  }

  /**
   * Uploads unused since `cutoff` (docs/batch.md "Retention"): uploaded before it, no job submitted from
   * them since, none pending or running. With `markPurgedAt` they are marked removed in the same
   * transaction, so no submission can pick one up between the choice and the mark.
   */
  unusedUploads(cutoff: number, markPurgedAt?: number): FileRecord[] {
    return this.db
      .transaction(() => {
        const unused = this.db
          .prepare<{ cutoff: number }, FileRecord>(
            `SELECT f.* FROM files f WHERE f.purged_at IS NULL AND f.created_at < @cutoff AND NOT EXISTS
               (SELECT 1 FROM jobs j WHERE j.file_id = f.id AND (j.status NOT IN ${sqlStates(FINISHED_STATES)} OR j.submitted_at >= @cutoff))`,
          )
          .all({ cutoff });
        if (markPurgedAt !== undefined) {
          const mark = this.db.prepare('UPDATE files SET purged_at = ? WHERE id = ?');
          for (const file of unused) mark.run(markPurgedAt, file.id);
        }
        return unused;
      })
      .immediate();
  }
}
