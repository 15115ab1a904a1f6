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
];
