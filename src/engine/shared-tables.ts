import fs from 'node:fs';
import path from 'node:path';
import { decodeTableInfo, type TableInfo } from './table-file.js';
import type { PerilName } from './perils.js';

/**
 * One shared WebAssembly.Memory holding every hazard table once, followed by
 * the scratch blocks tasks use for requests and results. The main thread and
 * every worker instantiate the kernel over this same memory: no per-request
 * copies of tables, and the resident size is paid once (docs/table-format.md).
 *
 * Layout: [0, 1 MiB) kernel statics · tables (64-byte aligned) · scratch blocks.
 */
export const KERNEL_RESERVED_BYTES = 1024 * 1024;
export const SCRATCH_BLOCK_BYTES = 2 * 1024 * 1024;
const PAGE = 65536;
const TABLE_ALIGN = 64;

export interface PlacedTable {
  info: TableInfo;
  base: number;
  /** View over the table's cellRow section in shared memory. */
  cellRow: Int32Array;
  /** Percentile rank per row at the Lite threshold (globally_relative), or null. */
  liteRank: Float64Array | null;
}

export interface MemoryDescriptor {
  memory: WebAssembly.Memory;
  scratchBase: number;
  scratchBlocks: number;
}

/** A table image's header; a damaged file's error names the file (rebuild it with `hazrisk tables build --only <peril>`). */
function decodeNamed(view: Uint8Array, file: string | null): TableInfo {
  try {
    return decodeTableInfo(view);
  } catch (err) {
    if (file === null) throw err;
    throw new Error(`${file}: ${(err as Error).message}; rebuild it with \`hazrisk tables build --only ${path.basename(file, '.hzt')}\``, { cause: err });
  }
}

export class SharedTables {
  private constructor(
    readonly memory: WebAssembly.Memory,
    readonly tables: ReadonlyMap<PerilName, PlacedTable>,
    readonly scratchBase: number,
    readonly scratchBlocks: number,
  ) {}

  /** Load table images (files or in-memory bytes) into a fresh shared memory. */
  static load(sources: readonly (string | Uint8Array)[], scratchBlocks: number): SharedTables {
    const sizes = sources.map((s) => (typeof s === 'string' ? fs.statSync(s).size : s.byteLength));
    let offset = KERNEL_RESERVED_BYTES;
    const bases = sizes.map((size) => {
      const base = offset;
      offset = align(offset + size, TABLE_ALIGN);
      return base;
    });
    const scratchBase = align(offset, PAGE);
    const pages = (scratchBase + scratchBlocks * SCRATCH_BLOCK_BYTES) / PAGE;
    const memory = new WebAssembly.Memory({ initial: pages, maximum: pages, shared: true });
    const tables = new Map<PerilName, PlacedTable>();
    sources.forEach((source, i) => {
      const base = bases[i]!;
      const view = new Uint8Array(memory.buffer, base, sizes[i]!);
      if (typeof source === 'string') readInto(source, view);
      else view.set(source);
      const info = decodeNamed(view, typeof source === 'string' ? source : null);
      if (tables.has(info.peril)) throw new Error(`two tables for ${info.peril}`);
      const cells = info.sections.cellRow;
      const ranks = info.sections.liteRank;
      tables.set(info.peril, {
        info,
        base,
        cellRow: new Int32Array(memory.buffer, base + cells.offset, cells.bytes / 4),
        liteRank: ranks.bytes > 0 ? new Float64Array(memory.buffer, base + ranks.offset, ranks.bytes / 8) : null,
      });
    });
    return new SharedTables(memory, tables, scratchBase, scratchBlocks);
  }

  /** Every `<Peril>.hzt` in a directory. */
  static loadDirectory(dir: string, scratchBlocks: number): SharedTables {
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.hzt')).sort() : [];
    return SharedTables.load(files.map((f) => path.join(dir, f)), scratchBlocks);
  }

  describe(): MemoryDescriptor {
    return { memory: this.memory, scratchBase: this.scratchBase, scratchBlocks: this.scratchBlocks };
  }

  /** Bytes of table data resident in the shared memory. */
  tableBytes(): number {
    let total = 0;
    for (const t of this.tables.values()) total += t.info.byteLength;
    return total;
  }
}

function readInto(file: string, view: Uint8Array): void {
  const fd = fs.openSync(file, 'r');
  try {
    let done = 0;
    while (done < view.byteLength) {
      const n = fs.readSync(fd, view, done, view.byteLength - done, done);
      if (n === 0) throw new Error(`${file}: short read`);
      done += n;
    }
  } finally {
    fs.closeSync(fd);
  }
}

function align(n: number, to: number): number {
  return Math.ceil(n / to) * to;
}
