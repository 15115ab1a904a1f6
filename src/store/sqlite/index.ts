import { openDatabase, type Db } from './db.js';
import { SqliteFiles } from './files.js';
import { SqliteJobs } from './jobs.js';
import { SqliteKeys } from './keys.js';
import { SqliteWorkers } from './workers.js';
import type { Store } from '../store.js';

/** The one-box store: SQLite (WAL) in the data dir's hazrisk.db, shared by the server and `hazrisk worker` processes on this host. */
export class SqliteStore implements Store {
  readonly kind = 'sqlite';
  readonly keys: SqliteKeys;
  readonly files: SqliteFiles;
  readonly jobs: SqliteJobs;
  readonly workers: SqliteWorkers;

  /** The connection itself, for tests that set up states no route can reach. */
  constructor(readonly db: Db) {
    this.keys = new SqliteKeys(db);
    this.files = new SqliteFiles(db);
    this.jobs = new SqliteJobs(db);
    this.workers = new SqliteWorkers(db);
  }

  static open(file: string): SqliteStore {
    return new SqliteStore(openDatabase(file));
  }

  async ping(): Promise<void> {
    this.db.prepare('SELECT 1').get();
  }

  async close(): Promise<void> {
    this.db.close();
  }
}
