import type pg from 'pg';
import type { Store } from '../store.js';
import { PostgresFiles } from './files.js';
import { PostgresJobs } from './jobs.js';
import { PostgresKeys } from './keys.js';
import { PostgresWorkers } from './workers.js';
import { migrate } from './migrations.js';
import { createPool } from './pool.js';

/**
 * The store in PostgreSQL (HAZRISK_DATABASE_URL): one queue for servers and
 * workers on several hosts. Loaded only through openStore's dynamic import.
 */
export class PostgresStore implements Store {
  readonly kind = 'postgres';
  readonly keys: PostgresKeys;
  readonly files: PostgresFiles;
  readonly jobs: PostgresJobs;
  readonly workers: PostgresWorkers;

  private constructor(private readonly pool: pg.Pool) {
    this.keys = new PostgresKeys(pool);
    this.files = new PostgresFiles(pool);
    this.jobs = new PostgresJobs(pool);
    this.workers = new PostgresWorkers(pool);
  }

  /** Connect, bring the schema up to date and read the keys; a database that cannot be reached fails start-up. */
  static async open(url: string): Promise<PostgresStore> {
    const pool = createPool(url);
    // An idle connection the server drops is an error on the pool; the next query opens a new one.
    pool.on('error', () => undefined);
    try {
      await migrate(pool);
      const store = new PostgresStore(pool);
      await store.keys.start();
      return store;
    } catch (err) {
      await pool.end();
      throw err;
    }
  }

  async ping(): Promise<void> {
    await this.pool.query('SELECT 1');
  }

  async close(): Promise<void> {
    this.keys.stop();
    await this.pool.end();
  }
}
