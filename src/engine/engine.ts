import { Piscina } from 'piscina';
import { cellIndex } from './grid.js';
import type { CurveRequest } from './curve-window.js';
import { KernelInstance, kernelModule, OPS, REQUEST_INTS, type KernelOp } from './kernel.js';
import { perilDef, type PerilName } from './perils.js';
import { BLOCK_CAPACITY_BYTES, BLOCK_FLAG_OFFSET, layoutBlock, ScratchBlocks, taskBytes } from './scratch.js';
import { SCRATCH_BLOCK_BYTES, SharedTables, type PlacedTable } from './shared-tables.js';
import type { TableInfo } from './table-file.js';
import type { KernelTask } from './kernel-thread.js';

/**
 * The engine's public face: evaluate(requests) → curves, for every mode.
 * Small batches run inline on the main thread's own kernel instance (a pool
 * round trip costs more than they do); larger ones are split into tasks for
 * the piscina pool. Both read the same shared tables (docs/methods.md).
 */
export type { CurveRequest } from './curve-window.js';

/**
 * Probabilities as fractions: K per curve; expanding gives (endDay − startDay + 1) × K, threshold
 * mode one (plain arrays on the small-request path).
 */
export type CurveResult = { ok: true; values: Float64Array | number[] } | { ok: false; reason: string };

export interface EngineOptions {
  /** Directory of built `<Peril>.hzt` tables, or the images themselves (tests). */
  tablesDir?: string;
  images?: Uint8Array[];
  /** Worker threads; 0 evaluates everything inline. */
  poolSize: number;
  /** Batches estimated below this many microseconds run inline. */
  inlineBudgetMicros?: number;
}

const DEFAULT_INLINE_BUDGET_MICROS = 300;
/** Requests at most this many may take the one-call-per-curve path. */
const SMALL_BATCH = 64;
/** Work per pool task, so a ~45 µs round trip is amortised. */
const TASK_TARGET_MICROS = 3000;
const WORKER_URL = new URL(`./kernel-thread.${import.meta.url.endsWith('.ts') ? 'ts' : 'js'}`, import.meta.url);

interface Group {
  table: PlacedTable;
  indices: number[];
  requests: Int32Array;
  resultOffsets: number[];
  resultValues: number;
  micros: number[];
}

export class Engine {
  private readonly inline: KernelInstance;
  private readonly inlineBlock: number;
  private readonly blocks: ScratchBlocks;
  /** Views over the whole shared memory, made once (it never grows): per-call views cost more than small kernels. */
  private readonly words: Int32Array;
  private readonly doubles: Float64Array;
  private readonly pool: Piscina | null;
  private readonly inlineBudget: number;
  /** Tasks run through the pool since start (tests count them). */
  poolTasks = 0;

  private constructor(readonly tables: SharedTables, options: EngineOptions) {
    const module = kernelModule();
    this.inline = new KernelInstance(module, tables.memory);
    this.inlineBlock = tables.scratchBase;
    this.blocks = new ScratchBlocks(tables.scratchBase + SCRATCH_BLOCK_BYTES, tables.scratchBlocks - 1);
    this.words = new Int32Array(tables.memory.buffer);
    this.doubles = new Float64Array(tables.memory.buffer);
    this.inlineBudget = options.inlineBudgetMicros ?? DEFAULT_INLINE_BUDGET_MICROS;
    this.pool =
      options.poolSize > 0
        ? new Piscina({
            filename: WORKER_URL.href,
            minThreads: options.poolSize,
            maxThreads: options.poolSize,
            idleTimeout: 2 ** 31 - 1,
            workerData: { memory: tables.memory, module },
          })
        : null;
  }

  static create(options: EngineOptions): Engine {
    const blocks = 1 + 2 * Math.max(1, options.poolSize) + 2;
    const tables = options.images ? SharedTables.load(options.images, blocks) : SharedTables.loadDirectory(options.tablesDir ?? '', blocks);
    return new Engine(tables, options);
  }

  info(peril: PerilName): TableInfo | null {
    return this.tables.tables.get(peril)?.info ?? null;
  }

  /** The data row for a location, or why there is none. */
  locate(peril: PerilName, latitude: number, longitude: number): { row: number } | { reason: string } {
    const table = this.tables.tables.get(peril);
    if (!table) return { reason: `no hazard table for ${peril} is installed (run \`npm run tables\`)` };
    const cell = cellIndex(table.info.grid, latitude, longitude);
    const row = cell < 0 ? -1 : table.cellRow[cell]!;
    if (row < 0) {
      const coverage = table.info.metadata.meta.coverage ?? perilDef(peril).coverage;
      return { reason: `no coverage: the ${peril} model has no data at ${latitude}, ${longitude} (coverage: ${coverage})` };
    }
    return { row };
  }

  /** Percentile rank (0–100) of a location at the peril's Lite threshold (docs/lite.md). */
  liteRank(peril: PerilName, latitude: number, longitude: number): { rank: number } | { reason: string } {
    const located = this.locate(peril, latitude, longitude);
    if ('reason' in located) return located;
    const ranks = this.tables.tables.get(peril)!.liteRank;
    if (!ranks) return { reason: `${peril} has no Lite threshold, so no global rank` };
    return { rank: ranks[located.row]! };
  }

  /**
   * The curves at once when the requests are few and small enough to run
   * inline (the path evaluate() takes for them), else null: a caller that can
   * then answer synchronously (Lite) spares a promise and the server's
   * asynchronous path per request.
   */
  evaluateNow(requests: readonly CurveRequest[]): CurveResult[] | null {
    return requests.length <= SMALL_BATCH && (!this.pool || this.estimate(requests) <= this.inlineBudget) ? this.evaluateEach(requests) : null;
  }

  async evaluate(requests: readonly CurveRequest[]): Promise<CurveResult[]> {
    const now = this.evaluateNow(requests);
    if (now) return now;
    const results: CurveResult[] = new Array(requests.length);
    const groups = this.group(requests, results);
    const total = groups.reduce((sum, g) => sum + g.micros.reduce((a, b) => a + b, 0), 0);
    const outputs = total <= this.inlineBudget || !this.pool ? groups.map((g) => this.runInline(g)) : await Promise.all(groups.map((g) => this.runPooled(g)));
    groups.forEach((g, gi) => {
      const out = outputs[gi]!;
      g.indices.forEach((index, j) => {
        results[index] = { ok: true, values: out.subarray(g.resultOffsets[j]!, g.resultOffsets[j + 1]!) };
      });
    });
    return results;
  }

  /**
   * The small-request path (Lite, synchronous in-depth): one kernel call per
   * curve straight through the inline block, without the grouping and task
   * bookkeeping large batches need (it cost 5× the kernel for 7 curves). Each
   * curve is copied into a plain array: a typed array of more than 64 bytes
   * gets its own off-heap store, and one per curve was half of Lite's engine
   * time under load.
   */
  private evaluateEach(requests: readonly CurveRequest[]): CurveResult[] {
    const layout = layoutBlock(this.inlineBlock, 1);
    const at = layout.requests >> 2;
    const from = layout.results >> 3;
    return requests.map((r) => {
      const located = this.locate(r.peril, r.latitude, r.longitude);
      if ('reason' in located) return { ok: false, reason: located.reason };
      const table = this.tables.tables.get(r.peril)!;
      packRequest(this.words, at, located.row, r, table.info.thresholdCount);
      this.inline.evaluate(table.base, layout.requests, 1, layout.results, layout.scratch);
      const count = valueCount(r, table.info.thresholdCount);
      const values: number[] = [];
      for (let k = 0; k < count; k++) values.push(this.doubles[from + k]!);
      return { ok: true, values };
    });
  }

  private estimate(requests: readonly CurveRequest[]): number {
    let micros = 0;
    for (const r of requests) {
      const table = this.tables.tables.get(r.peril);
      if (table) micros += estimateMicros(table.info.type, r.mode, r.endDay - r.startDay + 1, table.info.thresholdCount);
    }
    return micros;
  }

  /** Tasks waiting for a pool thread (the engine's backlog, for /metrics). */
  queueDepth(): number {
    return this.pool?.queueSize ?? 0;
  }

  async close(): Promise<void> {
    await this.pool?.destroy();
  }

  private group(requests: readonly CurveRequest[], results: CurveResult[]): Group[] {
    const byTable = new Map<PlacedTable, number[]>();
    const rows = new Int32Array(requests.length);
    requests.forEach((r, i) => {
      const located = this.locate(r.peril, r.latitude, r.longitude);
      if ('reason' in located) {
        results[i] = { ok: false, reason: located.reason };
        return;
      }
      rows[i] = located.row;
      const table = this.tables.tables.get(r.peril)!;
      let list = byTable.get(table);
      if (!list) byTable.set(table, (list = []));
      list.push(i);
    });
    return [...byTable].map(([table, indices]) => {
      const k = table.info.thresholdCount;
      const packed = new Int32Array(indices.length * REQUEST_INTS);
      const resultOffsets = [0];
      const micros: number[] = [];
      let values = 0;
      indices.forEach((index, j) => {
        const r = requests[index]!;
        packRequest(packed, j * REQUEST_INTS, rows[index]!, r, k);
        values += valueCount(r, k);
        resultOffsets.push(values);
        micros.push(estimateMicros(table.info.type, r.mode, r.endDay - r.startDay + 1, k));
      });
      return { table, indices, requests: packed, resultOffsets, resultValues: values, micros };
    });
  }

  private runInline(g: Group): Float64Array {
    const out = new Float64Array(g.resultValues);
    for (const [from, to] of this.split(g, Infinity)) {
      const layout = layoutBlock(this.inlineBlock, to - from);
      this.words.set(g.requests.subarray(from * REQUEST_INTS, to * REQUEST_INTS), layout.requests >> 2);
      this.inline.evaluate(g.table.base, layout.requests, to - from, layout.results, layout.scratch);
      const first = g.resultOffsets[from]!;
      out.set(this.doubles.subarray(layout.results >> 3, (layout.results >> 3) + g.resultOffsets[to]! - first), first);
    }
    return out;
  }

  private async runPooled(g: Group): Promise<Float64Array> {
    const out = new Float64Array(g.resultValues);
    await Promise.all(
      this.split(g, TASK_TARGET_MICROS).map(async ([from, to]) => {
        const block = await this.blocks.acquire();
        try {
          const layout = layoutBlock(block, to - from);
          this.words.set(g.requests.subarray(from * REQUEST_INTS, to * REQUEST_INTS), layout.requests >> 2);
          const flag = (block + BLOCK_FLAG_OFFSET) >> 2;
          Atomics.store(this.words, flag, 0);
          const task: KernelTask = { table: g.table.base, block, requests: layout.requests, count: to - from, results: layout.results, scratch: layout.scratch };
          this.poolTasks++;
          await this.pool!.run(task);
          if (Atomics.load(this.words, flag) !== 1) throw new Error('kernel task finished without its done flag');
          const first = g.resultOffsets[from]!;
          out.set(this.doubles.subarray(layout.results >> 3, (layout.results >> 3) + g.resultOffsets[to]! - first), first);
        } finally {
          this.blocks.release(block);
        }
      }),
    );
    return out;
  }

  /** Request ranges that fit a scratch block and stay near the target work per task. */
  private split(g: Group, targetMicros: number): [number, number][] {
    const ranges: [number, number][] = [];
    let from = 0;
    let micros = 0;
    for (let i = 0; i < g.indices.length; i++) {
      const bytes = taskBytes(i + 1 - from, g.resultOffsets[i + 1]! - g.resultOffsets[from]!);
      if (i > from && (bytes > BLOCK_CAPACITY_BYTES || micros >= targetMicros)) {
        ranges.push([from, i]);
        from = i;
        micros = 0;
      }
      micros += g.micros[i]!;
    }
    ranges.push([from, g.indices.length]);
    return ranges;
  }
}

/** Values a request's answer holds (see CurveResult). */
function valueCount(r: CurveRequest, k: number): number {
  if (r.mode === 'threshold') return 1;
  return r.mode === 'expanding' ? (r.endDay - r.startDay + 1) * k : k;
}

/** The kernel's seventh request int: the threshold's index in threshold mode (checked: the kernel trusts it), else 0. */
function thresholdIndex(r: CurveRequest, k: number): number {
  if (r.mode !== 'threshold') return 0;
  const index = r.threshold ?? -1;
  if (!Number.isInteger(index) || index < 0 || index >= k) throw new RangeError(`${r.peril}: threshold index ${r.threshold} is outside its ${k} thresholds`);
  return index;
}

/** Rough kernel cost, for the inline/pool decision and task sizing (bench/README.md has the measurements). */
/** A request as the kernel reads it: REQUEST_INTS i32 at `at` (row, days, hours, op, threshold index; assembly/index.ts). */
function packRequest(words: Int32Array, at: number, row: number, r: CurveRequest, thresholdCount: number): void {
  words[at] = row;
  words[at + 1] = r.startDay;
  words[at + 2] = r.endDay;
  words[at + 3] = r.startHour;
  words[at + 4] = r.endHour;
  words[at + 5] = OPS[r.mode];
  words[at + 6] = thresholdIndex(r, thresholdCount);
}

function estimateMicros(type: TableInfo['type'], mode: KernelOp, days: number, k: number): number {
  const months = Math.ceil(days / 30) + 1;
  const gammaTail = 0.3 * k;
  if (type === 'accumulation') {
    if (mode === 'expanding') return days * (0.02 + gammaTail);
    if (mode === 'daily') return months * gammaTail;
    return days * 0.02 + gammaTail;
  }
  if (mode === 'threshold') return estimateMicros(type, 'window', days, 1);
  if (mode === 'daily') return type === 'rate' ? days * k * 0.02 : months * k * 0.03;
  if (mode === 'expanding') return days * (type === 'rate' ? 0.1 + 0.02 * k : months * 0.02 * k);
  return type === 'rate' ? 0.1 + 0.02 * k : 0.1 + months * 0.01 * k;
}
