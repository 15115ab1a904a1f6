import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * What hazard tables a host computes with, as one SHA-256 (docs/batch.md
 * "Processing"): a job records its submitting host's at submit, and a worker
 * whose own differs claims none of its chunks, so a job's rows are computed
 * with the same tables wherever they run and its results are byte-identical.
 * Read from the tables' manifest.json (each table's SHA-256, written when the
 * tables are built: no table is read again); a tables dir without one (hand
 * copied, or a test's fixture tables) is hashed file by file.
 */
export function tablesFingerprint(tablesDir: string): string {
  const hash = crypto.createHash('sha256');
  for (const [name, sha256] of tableHashes(tablesDir)) hash.update(`${name} ${sha256}\n`);
  return hash.digest('hex');
}

/** [table file, its SHA-256] for every table file present, by name. */
function tableHashes(tablesDir: string): [string, string][] {
  const present = fs.existsSync(tablesDir) ? fs.readdirSync(tablesDir).filter((f) => f.endsWith('.hzt')).sort() : [];
  const manifest = path.join(tablesDir, 'manifest.json');
  if (fs.existsSync(manifest)) {
    const listed = new Map((JSON.parse(fs.readFileSync(manifest, 'utf8')) as { tables: { file: string; sha256: string }[] }).tables.map((t) => [t.file, t.sha256]));
    if (present.every((file) => listed.has(file))) return present.map((file) => [file, listed.get(file)!]);
  }
  return present.map((file) => [file, crypto.createHash('sha256').update(fs.readFileSync(path.join(tablesDir, file))).digest('hex')]);
}
