import type pg from 'pg';
import { transaction } from './pool.js';

/**
 * The PostgreSQL schema, applied in order; hazrisk_schema records how many ran.
 * Append new entries; never edit one that has shipped. The tables are the
 * SQLite ones (src/store/sqlite/migrations.ts: 1 = SQLite's first five, 2 = its sixth, 3 = its seventh) with BIGINT
 * for milliseconds and bytes, and `jobs.seq` for the insertion order SQLite's
 * rowid gives.
 */
export const MIGRATIONS: readonly string[] = [
  `CREATE TABLE api_keys (
     id TEXT PRIMARY KEY,
     key_hash TEXT NOT NULL,
     owner TEXT NOT NULL,
     tenant TEXT NOT NULL,
     organisation TEXT NOT NULL,
     label TEXT,
     perils TEXT NOT NULL,
     modes TEXT NOT NULL,
     flood_plus INTEGER NOT NULL DEFAULT 0,
     issued_at BIGINT NOT NULL,
     expires_at BIGINT NOT NULL,
     revoked_at BIGINT,
     rate_limit INTEGER
   );
   CREATE TABLE files (
     id TEXT PRIMARY KEY,
     owner TEXT NOT NULL,
     key_id TEXT NOT NULL,
     filename TEXT NOT NULL,
     path TEXT NOT NULL,
     bytes BIGINT NOT NULL,
     rows INTEGER,
     sha256 TEXT NOT NULL,
     created_at BIGINT NOT NULL,
     purged_at BIGINT
   );
   CREATE INDEX files_owner ON files(owner, created_at);
   CREATE TABLE schedules (
     id TEXT PRIMARY KEY,
     owner TEXT NOT NULL,
     tenant TEXT NOT NULL,
     organisation TEXT NOT NULL,
     name TEXT NOT NULL,
     line_of_business TEXT NOT NULL,
     file_id TEXT NOT NULL REFERENCES files(id),
     rows INTEGER,
     cleaned INTEGER NOT NULL DEFAULT 0,
     created_at BIGINT NOT NULL
   );
   CREATE INDEX schedules_owner ON schedules(owner, created_at);
   CREATE TABLE jobs (
     seq BIGSERIAL NOT NULL UNIQUE,
     id TEXT PRIMARY KEY,
     owner TEXT NOT NULL,
     key_id TEXT NOT NULL,
     kind TEXT NOT NULL,
     file_id TEXT NOT NULL REFERENCES files(id),
     options TEXT NOT NULL,
     idempotency_key TEXT NOT NULL,
     submission TEXT NOT NULL,
     submission_date TEXT NOT NULL,
     status TEXT NOT NULL,
     attempt INTEGER NOT NULL DEFAULT 0,
     processed_rows INTEGER NOT NULL DEFAULT 0,
     total_rows INTEGER,
     building_artefacts INTEGER NOT NULL DEFAULT 0,
     error TEXT,
     lease_owner TEXT,
     lease_expires_at BIGINT,
     submitted_at BIGINT NOT NULL,
     started_at BIGINT,
     finished_at BIGINT,
     result_file TEXT,
     report_file TEXT,
     workbook_file TEXT,
     links_expire_at BIGINT,
     results_bytes BIGINT,
     failures_bytes BIGINT,
     purged_at BIGINT
   );
   CREATE UNIQUE INDEX jobs_idempotency ON jobs(key_id, idempotency_key);
   CREATE INDEX jobs_queue ON jobs(status, submitted_at);
   CREATE INDEX jobs_owner ON jobs(owner, submitted_at);
   CREATE INDEX jobs_file ON jobs(file_id, submitted_at);
   CREATE TABLE job_chunks (
     job_id TEXT NOT NULL REFERENCES jobs(id),
     chunk INTEGER NOT NULL,
     rows INTEGER NOT NULL,
     file TEXT NOT NULL,
     bytes BIGINT NOT NULL,
     sha256 TEXT NOT NULL,
     PRIMARY KEY (job_id, chunk)
   );`,
  // 2: chunk leases, owners' accounts and the chunk size a job was cut into, as SQLite's migration 6.
  `ALTER TABLE jobs ADD COLUMN chunk_rows INTEGER;
   UPDATE jobs SET chunk_rows = (SELECT rows FROM job_chunks c WHERE c.job_id = jobs.id AND c.chunk = 0) WHERE status = 'running' AND results_bytes IS NOT NULL;
   DELETE FROM job_chunks WHERE job_id IN (SELECT id FROM jobs WHERE status = 'running' AND results_bytes IS NULL);
   UPDATE jobs SET status = 'pending', processed_rows = 0, building_artefacts = 0, lease_owner = NULL, lease_expires_at = NULL
     WHERE status = 'running' AND results_bytes IS NULL;
   ALTER TABLE job_chunks ADD COLUMN state TEXT NOT NULL DEFAULT 'done';
   ALTER TABLE job_chunks ALTER COLUMN state DROP DEFAULT;
   ALTER TABLE job_chunks ADD COLUMN lease_owner TEXT;
   ALTER TABLE job_chunks ADD COLUMN lease_expires_at BIGINT;
   ALTER TABLE job_chunks ADD COLUMN attempts INTEGER NOT NULL DEFAULT 1;
   ALTER TABLE job_chunks ALTER COLUMN attempts SET DEFAULT 0;
   ALTER TABLE job_chunks ALTER COLUMN file DROP NOT NULL;
   ALTER TABLE job_chunks ALTER COLUMN bytes DROP NOT NULL;
   ALTER TABLE job_chunks ALTER COLUMN sha256 DROP NOT NULL;
   CREATE INDEX job_chunks_open ON job_chunks(job_id) WHERE state != 'done';
   CREATE TABLE owner_accounts (
     owner TEXT PRIMARY KEY,
     work BIGINT NOT NULL,
     last_served BIGINT NOT NULL
   );`,
  // 3: the hazard tables a job was submitted with and the batch workers' counts, as SQLite's migration 7.
  `ALTER TABLE jobs ADD COLUMN tables_fingerprint TEXT;
   CREATE TABLE batch_workers (
     worker_id TEXT PRIMARY KEY,
     host TEXT NOT NULL,
     chunks_done BIGINT NOT NULL,
     lease_renewals BIGINT NOT NULL,
     leases_lost BIGINT NOT NULL,
     reported_at BIGINT NOT NULL
   );`,
];

/** Any fixed number: the advisory lock that keeps two processes starting at once from migrating together. */
const MIGRATION_LOCK = 0x68617a01;

/** Bring the schema up to date, in one transaction (PostgreSQL's DDL is transactional). */
export async function migrate(pool: pg.Pool): Promise<void> {
  await transaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await client.query('CREATE TABLE IF NOT EXISTS hazrisk_schema (version INTEGER NOT NULL)');
    const current = ((await client.query<{ version: number }>('SELECT version FROM hazrisk_schema')).rows[0]?.version) ?? null;
    if (current === null) await client.query('INSERT INTO hazrisk_schema (version) VALUES (0)');
    const version = current ?? 0;
    if (version > MIGRATIONS.length) throw new Error(`database schema version ${version} is newer than this build (${MIGRATIONS.length})`);
    for (let v = version; v < MIGRATIONS.length; v++) await client.query(MIGRATIONS[v]!);
    await client.query('UPDATE hazrisk_schema SET version = $1', [MIGRATIONS.length]);
  });
}
