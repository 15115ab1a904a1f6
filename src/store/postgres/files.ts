import type pg from 'pg';
import { FINISHED_STATES } from '../../job-states.js';
import type { FileRecord, ScheduleRecord } from '../records.js';
import { sqlStates } from '../sql-states.js';
import type { FileRepository } from '../store.js';
import { first, rows, transaction } from './pool.js';

/** A file is in use when a job from it is unfinished or was submitted since the cutoff ($1). */
const IN_USE = `EXISTS (SELECT 1 FROM jobs j WHERE j.file_id = f.id AND (j.status NOT IN ${sqlStates(FINISHED_STATES)} OR j.submitted_at >= $1))`;

export class PostgresFiles implements FileRepository {
  constructor(private readonly pool: pg.Pool) {}

  async insertFile(file: FileRecord): Promise<void> {
    await this.pool.query(
      'INSERT INTO files (id, owner, key_id, filename, path, bytes, rows, sha256, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)',
      [file.id, file.owner, file.key_id, file.filename, file.path, file.bytes, file.rows, file.sha256, file.created_at],
    );
  }

  file(owner: string, id: string): Promise<FileRecord | undefined> {
    return first<FileRecord>(this.pool, 'SELECT * FROM files WHERE id = $1 AND owner = $2 AND purged_at IS NULL', [id, owner]);
  }

  fileById(id: string): Promise<FileRecord | undefined> {
    return first<FileRecord>(this.pool, 'SELECT * FROM files WHERE id = $1', [id]);
  }

  async insertSchedule(s: ScheduleRecord): Promise<void> {
    await this.pool.query(
      `INSERT INTO schedules (id, owner, tenant, organisation, name, line_of_business, file_id, rows, cleaned, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [s.id, s.owner, s.tenant, s.organisation, s.name, s.line_of_business, s.file_id, s.rows, s.cleaned, s.created_at],
    );
  }

  schedules(owner: string, limit: number): Promise<ScheduleRecord[]> {
    return rows<ScheduleRecord>(
      this.pool,
      `SELECT s.* FROM schedules s JOIN files f ON f.id = s.file_id
       WHERE s.owner = $1 AND f.purged_at IS NULL ORDER BY s.created_at DESC, s.id LIMIT $2`,
      [owner, limit],
    );
  }

  /**
   * The candidates are locked first (FOR UPDATE): a submission holds its upload's row FOR SHARE until its job
   * is committed, so the check that follows, a statement of its own, sees every job submitted before the lock,
   * and a submission after it waits and then finds the upload removed.
   */
  async unusedUploads(cutoff: number, markPurgedAt?: number): Promise<FileRecord[]> {
    if (markPurgedAt === undefined) {
      return rows<FileRecord>(this.pool, `SELECT f.* FROM files f WHERE f.purged_at IS NULL AND f.created_at < $1 AND NOT ${IN_USE} ORDER BY f.created_at, f.id`, [cutoff]);
    }
    return transaction(this.pool, async (client) => {
      const candidates = await rows<{ id: string }>(client, 'SELECT id FROM files WHERE purged_at IS NULL AND created_at < $1 FOR UPDATE', [cutoff]);
      if (candidates.length === 0) return [];
      const unused = await rows<FileRecord>(
        client,
        `SELECT f.* FROM files f WHERE f.id = ANY($2) AND NOT ${IN_USE} ORDER BY f.created_at, f.id`,
        [cutoff, candidates.map((c) => c.id)],
      );
      await client.query('UPDATE files SET purged_at = $1 WHERE id = ANY($2)', [markPurgedAt, unused.map((f) => f.id)]);
      return unused;
    });
  }
}
