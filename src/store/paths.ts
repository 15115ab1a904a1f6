import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The data-dir layout (docs/architecture.md). Every path the service writes is named here. What every host of a
 * cluster must see alike — uploads, chunk files and artefacts, and the key that signs download links — lives under
 * the shared dir (HAZRISK_SHARED_DIR, docs/operations.md "Cluster"), which is the data dir itself by default.
 */
export interface DataPaths {
  root: string;
  db: string;
  tables: string;
  events: string;
  shared: string;
  uploads: string;
  jobs: string;
  demoKey: string;
  signingKey: string;
}

export function dataPaths(dataDir: string, tablesDir?: string, sharedDir?: string): DataPaths {
  const shared = sharedDir || dataDir;
  return {
    root: dataDir,
    db: path.join(dataDir, 'hazrisk.db'),
    tables: tablesDir ?? path.join(dataDir, 'tables'),
    events: path.join(dataDir, 'events'),
    shared,
    uploads: path.join(shared, 'uploads'),
    jobs: path.join(shared, 'jobs'),
    demoKey: path.join(dataDir, 'demo-key.txt'),
    signingKey: path.join(shared, 'signing.key'),
  };
}

/** The data dir and the shared dir are private to the service's user (0700), including ones created by an older build. */
export function ensureDataDirs(paths: DataPaths): void {
  for (const dir of [paths.root, paths.shared, paths.uploads, paths.jobs]) {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    fs.chmodSync(dir, 0o700);
  }
}

/** What temporaryName appends to a file's name: `.<pid>.<12 hex digits>.tmp`. */
const TEMPORARY_SUFFIX = /\.\d+\.[0-9a-f]{12}\.tmp$/;

/**
 * The name to write `file` under before renaming it into place. Unique to the writer — the pid, and random digits
 * because threads share the pid — so two writers of one file at once (an artefact stage retaken from a worker whose
 * lease lapsed, and that worker) never write into the same temporary file and rename a mix of both into place.
 */
export function temporaryName(file: string): string {
  return `${file}.${process.pid}.${crypto.randomBytes(6).toString('hex')}.tmp`;
}

/** The name a temporary name (temporaryName) was made for, or null when `name` is not one. */
export function temporaryTarget(name: string): string | null {
  const suffix = TEMPORARY_SUFFIX.exec(name);
  return suffix ? name.slice(0, suffix.index) : null;
}

/** Write a file so that readers see either the old or the new content, never a torn one. */
export function writeFileAtomic(file: string, data: string | Uint8Array, mode?: number): void {
  const tmp = temporaryName(file);
  const fd = fs.openSync(tmp, 'w', mode ?? 0o644);
  try {
    try {
      // write(2) may take part of the bytes (a nearly full disk); the rest is written, or fails with ENOSPC.
      const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
      for (let at = 0; at < bytes.length; ) at += fs.writeSync(fd, bytes, at);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(tmp, file);
  } catch (err) {
    // A write that failed (a full disk) leaves no temporary file behind.
    fs.rmSync(tmp, { force: true });
    throw err;
  }
}

/**
 * Put a temporary file another writer filled (a workbook library's output) into place as writeFileWhole would:
 * owner-only, synced, then renamed over `file`.
 */
export async function commitTemporary(temporary: string, file: string, mode = 0o600): Promise<void> {
  const handle = await fs.promises.open(temporary, 'r+');
  try {
    await handle.chmod(mode);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await fs.promises.rename(temporary, file);
}

/**
 * Write `file` whole or not at all, asynchronously: `fill` writes through the function it is given (every
 * byte, however many writes it takes), then the file is synced and renamed into place. A failure (a full
 * disk) leaves no temporary file behind. Returns the bytes written.
 */
export async function writeFileWhole(file: string, fill: (write: (data: Uint8Array) => Promise<void>) => Promise<void>, mode = 0o600): Promise<number> {
  const tmp = temporaryName(file);
  let bytes = 0;
  try {
    const handle = await fs.promises.open(tmp, 'w', mode);
    try {
      await fill(async (data) => {
        bytes += data.length;
        for (let at = 0; at < data.length; ) at += (await handle.write(data, at)).bytesWritten;
      });
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.promises.rename(tmp, file);
  } catch (err) {
    await fs.promises.rm(tmp, { force: true });
    throw err;
  }
  return bytes;
}
