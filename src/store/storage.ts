import fs from 'node:fs';
import path from 'node:path';

/**
 * Whether the data dir can take writes (docs/operations.md "A full disk").
 * Every part that writes (uploads, the batch worker, the database behind any
 * route) reports a storage-full error here; from then on the storage counts
 * as full until a probe (a small file written, synced and removed) succeeds
 * with at least the floor free. /ready reports it, the batch worker claims no
 * new job while it holds, and uploads are refused with 507 instead of failing
 * half-way.
 */
const FULL_CODES = new Set(['ENOSPC', 'EDQUOT', 'SQLITE_FULL']);
/** A full storage is probed again at most this often (a probe is one small synced write). */
const PROBE_INTERVAL_MS = 1000;
const PROBE_BYTES = Buffer.alloc(4096);

/** An error that means "no space left": the file system's ENOSPC or EDQUOT, or SQLite's SQLITE_FULL. */
export function isStorageFull(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && FULL_CODES.has(code);
}

export interface StorageState {
  writable: boolean;
  free_bytes: number;
}

export class StorageHealth {
  /** Since when writes have been failing (ms), or null. */
  private fullSince: number | null = null;
  private lastProbe = 0;
  private readonly probeFile: string;

  constructor(
    private readonly dir: string,
    /** Below this many free bytes the storage counts as full (HAZRISK_MIN_FREE_MB). */
    private readonly floorBytes: number,
    private readonly clock: () => number = Date.now,
  ) {
    this.probeFile = path.join(dir, '.storage-probe');
  }

  /** Note an error from a write; true when it was the storage being full (the caller answers or fails accordingly). */
  noteFailure(err: unknown): boolean {
    if (!isStorageFull(err)) return false;
    this.fullSince ??= this.clock();
    this.lastProbe = this.clock();
    return true;
  }

  /** Free bytes for this process's user on the data dir's file system. */
  freeBytes(): number {
    const stats = fs.statfsSync(this.dir);
    return stats.bavail * stats.bsize;
  }

  /** Writable now: at least the floor free, and no storage-full error since the last probe that succeeded. */
  state(): StorageState {
    const free = this.freeBytes();
    if (free < this.floorBytes) return { writable: false, free_bytes: free };
    if (this.fullSince !== null && this.clock() - this.lastProbe >= PROBE_INTERVAL_MS) this.probe();
    return { writable: this.fullSince === null, free_bytes: free };
  }

  writable(): boolean {
    return this.state().writable;
  }

  private probe(): void {
    this.lastProbe = this.clock();
    try {
      const fd = fs.openSync(this.probeFile, 'w', 0o600);
      let written: number;
      try {
        written = fs.writeSync(fd, PROBE_BYTES);
        fs.fsyncSync(fd);
      } finally {
        fs.closeSync(fd);
      }
      // A short write is a disk with less than the probe's few kilobytes left.
      if (written === PROBE_BYTES.length) this.fullSince = null;
    } catch (err) {
      if (!isStorageFull(err)) throw err;
    } finally {
      fs.rmSync(this.probeFile, { force: true });
    }
  }
}
