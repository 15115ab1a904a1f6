/**
 * Schema migrations, applied in order; PRAGMA user_version records how many ran.
 * Append new entries; never edit one that has shipped.
 */
export const MIGRATIONS: readonly string[] = [
  // 1: API keys. Only the SHA-256 of each key is stored; `id` is the public prefix.
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
     issued_at INTEGER NOT NULL,
     expires_at INTEGER NOT NULL,
     revoked_at INTEGER
   ) STRICT;`,
  // 2: batch — uploaded files, draft schedules, jobs and their chunk checkpoints.
  `CREATE TABLE files (
     id TEXT PRIMARY KEY,
     owner TEXT NOT NULL,
     key_id TEXT NOT NULL,
     filename TEXT NOT NULL,
     path TEXT NOT NULL,
     bytes INTEGER NOT NULL,
     rows INTEGER,
     sha256 TEXT NOT NULL,
     created_at INTEGER NOT NULL
   ) STRICT;
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
     created_at INTEGER NOT NULL
   ) STRICT;
   CREATE INDEX schedules_owner ON schedules(owner, created_at);
   CREATE TABLE jobs (
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
     lease_expires_at INTEGER,
     submitted_at INTEGER NOT NULL,
     started_at INTEGER,
     finished_at INTEGER,
     result_file TEXT,
     report_file TEXT,
     workbook_file TEXT
   ) STRICT;
   CREATE UNIQUE INDEX jobs_idempotency ON jobs(key_id, idempotency_key);
   CREATE INDEX jobs_queue ON jobs(status, submitted_at);
   CREATE INDEX jobs_owner ON jobs(owner, submitted_at);
   CREATE TABLE job_chunks (
     job_id TEXT NOT NULL REFERENCES jobs(id),
     chunk INTEGER NOT NULL,
     rows INTEGER NOT NULL,
     file TEXT NOT NULL,
     bytes INTEGER NOT NULL,
     sha256 TEXT NOT NULL,
     PRIMARY KEY (job_id, chunk)
   ) STRICT;`,
  // 3: one link expiry per job, fixed when its artefacts start building, shared by status URLs and report links.
  `ALTER TABLE jobs ADD COLUMN links_expire_at INTEGER;`,
  // 4: per-key request rate (requests per second); NULL follows HAZRISK_RATE_LIMIT.
  `ALTER TABLE api_keys ADD COLUMN rate_limit INTEGER;`,
  // 5: batch scheduling and retention — sizes of the assembled results (their chunk files are then removed; the
  // checkpoints' hashes still verify them), when retention removed a job's files or an upload's bytes, and an
  // index for "is this upload still used".
  `ALTER TABLE jobs ADD COLUMN results_bytes INTEGER;
   ALTER TABLE jobs ADD COLUMN failures_bytes INTEGER;
   ALTER TABLE jobs ADD COLUMN purged_at INTEGER;
   ALTER TABLE files ADD COLUMN purged_at INTEGER;
   CREATE INDEX jobs_file ON jobs(file_id, submitted_at);`,
  // 6: chunk leases (docs/batch.md "Processing"): every chunk of a running job has its row from the start — waiting,
  // leased (holder, expiry, leases so far) or done (its checkpoint) — so workers on several hosts compute chunks of one
  // job at once; owners' accounts of work served, so fair queueing holds across workers; the chunk size a job was cut
  // into. A job computing rows under an older build starts again (its output is the same); one building its artefacts
  // keeps its checkpoints, which verify its assembled results.
  `ALTER TABLE jobs ADD COLUMN chunk_rows INTEGER;
   UPDATE jobs SET chunk_rows = (SELECT rows FROM job_chunks c WHERE c.job_id = jobs.id AND c.chunk = 0) WHERE status = 'running' AND results_bytes IS NOT NULL;
   DELETE FROM job_chunks WHERE job_id IN (SELECT id FROM jobs WHERE status = 'running' AND results_bytes IS NULL);
   UPDATE jobs SET status = 'pending', processed_rows = 0, building_artefacts = 0, lease_owner = NULL, lease_expires_at = NULL
     WHERE status = 'running' AND results_bytes IS NULL;
   CREATE TABLE job_chunks_leased (
     job_id TEXT NOT NULL REFERENCES jobs(id),
     chunk INTEGER NOT NULL,
     rows INTEGER NOT NULL,
     state TEXT NOT NULL,
     lease_owner TEXT,
     lease_expires_at INTEGER,
     attempts INTEGER NOT NULL DEFAULT 0,
     file TEXT,
     bytes INTEGER,
     sha256 TEXT,
     PRIMARY KEY (job_id, chunk)
   ) STRICT;
   INSERT INTO job_chunks_leased (job_id, chunk, rows, state, attempts, file, bytes, sha256)
     SELECT job_id, chunk, rows, 'done', 1, file, bytes, sha256 FROM job_chunks;
   DROP TABLE job_chunks;
   ALTER TABLE job_chunks_leased RENAME TO job_chunks;
   CREATE INDEX job_chunks_open ON job_chunks(job_id) WHERE state != 'done';
   CREATE TABLE owner_accounts (
     owner TEXT PRIMARY KEY,
     work INTEGER NOT NULL,
     last_served INTEGER NOT NULL
   ) STRICT;`,
  // 7: the hazard tables a job was submitted with (src/batch/tables-fingerprint.ts): only workers with the same ones
  // compute it; each batch worker's counts, for /metrics on every host.
  `ALTER TABLE jobs ADD COLUMN tables_fingerprint TEXT;
   CREATE TABLE batch_workers (
     worker_id TEXT PRIMARY KEY,
     host TEXT NOT NULL,
     chunks_done INTEGER NOT NULL,
     lease_renewals INTEGER NOT NULL,
     leases_lost INTEGER NOT NULL,
     reported_at INTEGER NOT NULL
   ) STRICT;`,
];
