import { SqliteStore } from './sqlite/index.js';
import type { Store } from './store.js';

/**
 * The store a command uses: PostgreSQL when a database URL is given
 * (HAZRISK_DATABASE_URL or --database-url), else SQLite in the data dir. The
 * PostgreSQL module, and with it the `pg` driver, is imported only then: the
 * one-box service never loads it (test/store/loading.test.ts).
 */
export async function openStore(where: { databaseUrl: string; dbFile: string }): Promise<Store> {
  if (where.databaseUrl === '') return SqliteStore.open(where.dbFile);
  const { PostgresStore } = await import('./postgres/index.js');
  return PostgresStore.open(where.databaseUrl);
}
