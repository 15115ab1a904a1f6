import pg from 'pg';

/**
 * The connection pool and the two helpers every PostgreSQL repository uses:
 * a query returning rows, and a transaction on one connection. BIGINT (our
 * millisecond timestamps, byte counts, count(*)) is read as a number, as
 * SQLite gives it: every such value is far below 2^53.
 */
const INT8_OID = 20;

export type Queryable = Pick<pg.PoolClient, 'query'>;

/** The database's clock in milliseconds since the epoch, as SQL: leases are timed by it (src/store/store.ts). */
export const DB_NOW_MS = '(extract(epoch from clock_timestamp()) * 1000)::bigint';

/**
 * A session silent this long inside a transaction is ended by the server. A host cut off or frozen in the middle of
 * a claim would otherwise hold the claim lock — and with it every host's claims — or a job's row until its
 * connection died, which without keepalives takes hours. Our transactions send their statements back to back, so a
 * live host never comes near it; its aborted claim or checkpoint is tried again like any failed one.
 */
export const STALLED_TRANSACTION_MS = 5000;

export function createPool(url: string): pg.Pool {
  return new pg.Pool({
    connectionString: url,
    max: 10,
    idle_in_transaction_session_timeout: STALLED_TRANSACTION_MS,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
    },
  });
}

export async function rows<T>(db: Queryable, sql: string, params: unknown[] = []): Promise<T[]> {
  return (await db.query(sql, params)).rows as T[];
}

export async function first<T>(db: Queryable, sql: string, params: unknown[] = []): Promise<T | undefined> {
  return (await rows<T>(db, sql, params))[0];
}

/** Rows changed by a statement. */
export async function changes(db: Queryable, sql: string, params: unknown[]): Promise<number> {
  return (await db.query(sql, params)).rowCount ?? 0;
}

/** Run `work` in one transaction (READ COMMITTED), committed when it resolves and rolled back when it throws. */
export async function transaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}
