import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { MIGRATIONS } from './migrations.js';
import { dataPaths } from '../paths.js';

export type Db = Database.Database;

/**
 * Open (creating if needed) the service database in WAL mode and bring its schema up to date.
 * A database file that exists but is empty while its data dir holds the service's state (a signing
 * key, uploads, jobs) was lost — truncated by a full disk, a bad restore or a mistake — and is
 * refused: a fresh schema over it would orphan every key, upload and job without a word.
 */
export function openDatabase(file: string): Db {
  if (fs.statSync(file, { throwIfNoEntry: false })?.size === 0) {
    const state = serviceState(path.dirname(file));
    if (state.length > 0) {
      throw new Error(
        `${file} is empty (0 bytes), but its data dir holds the service's state (${state.join(', ')}): ` +
          'restore the database from a backup, or move the data dir aside to start afresh. Refusing to create an empty database over it.',
      );
    }
  }
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);
  return db;
}

/** What of the service's own state a data dir holds beside its database. */
function serviceState(dataDir: string): string[] {
  const paths = dataPaths(dataDir);
  const entries = (dir: string): number => (fs.existsSync(dir) ? fs.readdirSync(dir).length : 0);
  return [
    fs.existsSync(paths.signingKey) ? path.basename(paths.signingKey) : '',
    fs.existsSync(paths.demoKey) ? path.basename(paths.demoKey) : '',
    entries(paths.uploads) > 0 ? `${entries(paths.uploads)} files in uploads/` : '',
    entries(paths.jobs) > 0 ? `${entries(paths.jobs)} entries in jobs/` : '',
  ].filter(Boolean);
}

function migrate(db: Db): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > MIGRATIONS.length) {
    throw new Error(`database schema version ${current} is newer than this build (${MIGRATIONS.length})`);
  }
  for (let v = current; v < MIGRATIONS.length; v++) {
    db.transaction(() => {
      db.exec(MIGRATIONS[v]!);
      db.pragma(`user_version = ${v + 1}`);
    })();
  }
}
