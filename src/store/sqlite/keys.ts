import type { Db } from './db.js';
import type { KeyRow } from '../records.js';
import type { KeyRepository } from '../store.js';

export class SqliteKeys implements KeyRepository {
  private readonly row;
  private readonly insertRow;

  constructor(private readonly db: Db) {
    this.row = db.prepare<[string], KeyRow>('SELECT * FROM api_keys WHERE id = ?');
    this.insertRow = db.prepare(
      `INSERT INTO api_keys (id, key_hash, owner, tenant, organisation, label, perils, modes, flood_plus, issued_at, expires_at, rate_limit)
       VALUES (@id, @key_hash, @owner, @tenant, @organisation, @label, @perils, @modes, @flood_plus, @issued_at, @expires_at, @rate_limit)`,
    );
  }

  async insert(row: KeyRow): Promise<void> {
    this.insertRow.run(row);
  }

  async byId(id: string): Promise<KeyRow | undefined> {
    return this.row.get(id);
  }

  lookup(id: string): KeyRow | undefined {
    return this.row.get(id);
  }

  async list(): Promise<KeyRow[]> {
    return this.db.prepare<[], KeyRow>('SELECT * FROM api_keys ORDER BY issued_at, id').all();
  }

  async count(): Promise<number> {
    return this.db.prepare<[], { n: number }>('SELECT count(*) AS n FROM api_keys').get()!.n;
  }

  async revoke(id: string, now: number): Promise<boolean> {
    return this.db.prepare('UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL').run(now, id).changes === 1;
  }
}
