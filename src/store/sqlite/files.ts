import type { Db } from './db.js';
import { FINISHED_STATES } from '../../job-states.js';
import type { FileRecord, ScheduleRecord } from '../records.js';
import { sqlStates } from '../sql-states.js';
import type { FileRepository } from '../store.js';

export class SqliteFiles implements FileRepository {
  constructor(private readonly db: Db) {}

  async insertFile(file: FileRecord): Promise<void> {
    this.db
      .prepare('INSERT INTO files (id, owner, key_id, filename, path, bytes, rows, sha256, created_at) VALUES (@id, @owner, @key_id, @filename, @path, @bytes, @rows, @sha256, @created_at)')
      .run(file);
  }

  async file(owner: string, id: string): Promise<FileRecord | undefined> {
    return this.db.prepare<[string, string], FileRecord>('SELECT * FROM files WHERE id = ? AND owner = ? AND purged_at IS NULL').get(id, owner);
  }

  async fileById(id: string): Promise<FileRecord | undefined> {
    return this.db.prepare<[string], FileRecord>('SELECT * FROM files WHERE id = ?').get(id);
  }

  async insertSchedule(schedule: ScheduleRecord): Promise<void> {
    this.db
      .prepare(
        `INSERT INTO schedules (id, owner, tenant, organisation, name, line_of_business, file_id, rows, cleaned, created_at)
         VALUES (@id, @owner, @tenant, @organisation, @name, @line_of_business, @file_id, @rows, @cleaned, @created_at)`,
      )
      .run(schedule);
  }

  async schedules(owner: string, limit: number): Promise<ScheduleRecord[]> {
    return this.db
      .prepare<[string, number], ScheduleRecord>(
        `SELECT s.* FROM schedules s JOIN files f ON f.id = s.file_id
         WHERE s.owner = ? AND f.purged_at IS NULL ORDER BY s.created_at DESC, s.id LIMIT ?`,
      )
      .all(owner, limit);
  }

  async unusedUploads(cutoff: number, markPurgedAt?: number): Promise<FileRecord[]> {
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
