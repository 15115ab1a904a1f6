import type { Db } from '../store/db.js';
import { newId } from './ids.js';

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

  file(owner: string, id: string): FileRecord | undefined {
    return this.db.prepare<[string, string], FileRecord>('SELECT * FROM files WHERE id = ? AND owner = ?').get(id, owner);
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

  schedules(owner: string, limit: number): ScheduleRecord[] {
    return this.db.prepare<[string, number], ScheduleRecord>('SELECT * FROM schedules WHERE owner = ? ORDER BY created_at DESC, id LIMIT ?').all(owner, limit);
  }
}
