import type pg from 'pg';
import type { KeyRow } from '../records.js';
import type { KeyRepository } from '../store.js';
import { changes, first, rows } from './pool.js';

/** How often the copy of the keys table that answers the request path is re-read (KeyRepository.lookup). */
export const KEY_REFRESH_MS = 1000;

/**
 * API keys in PostgreSQL. The request path checks a key synchronously, so it
 * reads a copy of the table held in memory: read at start, again every
 * KEY_REFRESH_MS, and changed at once by this process's own creates and
 * revocations. A key table holds one row per issued key, which is small.
 */
export class PostgresKeys implements KeyRepository {
  private copy = new Map<string, KeyRow>();
  /** Counts this process's writes: a refresh read before one of them is stale and is dropped. */
  private writes = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly pool: pg.Pool) {}

  /** Read the table, then keep re-reading it until close(). */
  async start(): Promise<void> {
    await this.refresh();
    this.timer = setInterval(() => {
      // A failed read keeps the last copy; /ready reports a database that does not answer.
      this.refresh().catch(() => undefined);
    }, KEY_REFRESH_MS).unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  async refresh(): Promise<void> {
    const writes = this.writes;
    const all = await rows<KeyRow>(this.pool, 'SELECT * FROM api_keys');
    if (writes === this.writes) this.copy = new Map(all.map((row) => [row.id, row]));
  }

  async insert(row: KeyRow): Promise<void> {
    await this.pool.query(
      `INSERT INTO api_keys (id, key_hash, owner, tenant, organisation, label, perils, modes, flood_plus, issued_at, expires_at, rate_limit)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [row.id, row.key_hash, row.owner, row.tenant, row.organisation, row.label, row.perils, row.modes, row.flood_plus, row.issued_at, row.expires_at, row.rate_limit],
    );
    this.writes++;
    this.copy.set(row.id, { ...row });
  }

  byId(id: string): Promise<KeyRow | undefined> {
    return first<KeyRow>(this.pool, 'SELECT * FROM api_keys WHERE id = $1', [id]);
  }

  lookup(id: string): KeyRow | undefined {
    return this.copy.get(id);
  }

  list(): Promise<KeyRow[]> {
    return rows<KeyRow>(this.pool, 'SELECT * FROM api_keys ORDER BY issued_at, id');
  }

  async count(): Promise<number> {
    return (await first<{ n: number }>(this.pool, 'SELECT count(*) AS n FROM api_keys'))!.n;
  }

  async revoke(id: string, now: number): Promise<boolean> {
    const revoked = (await changes(this.pool, 'UPDATE api_keys SET revoked_at = $1 WHERE id = $2 AND revoked_at IS NULL', [now, id])) === 1;
    this.writes++;
    const row = this.copy.get(id);
    if (revoked && row) this.copy.set(id, { ...row, revoked_at: now });
    return revoked;
  }
}
