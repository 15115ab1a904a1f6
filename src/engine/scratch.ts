import { SCRATCH_BLOCK_BYTES } from './shared-tables.js';
import { REQUEST_INTS } from './kernel.js';

/**
 * Scratch blocks in the shared memory, handed out by the main thread: a task's
 * requests are written straight into a block, a worker writes results after
 * them, and the main thread reads them back — no copies through messages.
 *
 * Block layout: [0, 4) done flag · [64, 4160) kernel scratch · requests · results (f64).
 */
export const BLOCK_FLAG_OFFSET = 0;
const KERNEL_SCRATCH_OFFSET = 64;
const REQUESTS_OFFSET = 4160;
export const BLOCK_CAPACITY_BYTES = SCRATCH_BLOCK_BYTES - REQUESTS_OFFSET;

export interface BlockLayout {
  block: number;
  scratch: number;
  requests: number;
  results: number;
}

export function layoutBlock(block: number, requestCount: number): BlockLayout {
  const requests = block + REQUESTS_OFFSET;
  const results = requests + Math.ceil((requestCount * REQUEST_INTS * 4) / 8) * 8;
  return { block, scratch: block + KERNEL_SCRATCH_OFFSET, requests, results };
}

/** Bytes a task of `requestCount` requests with `resultValues` f64 results needs in a block. */
export function taskBytes(requestCount: number, resultValues: number): number {
  return Math.ceil((requestCount * REQUEST_INTS * 4) / 8) * 8 + resultValues * 8;
}

export class ScratchBlocks {
  private readonly free: number[] = [];
  private readonly waiting: ((block: number) => void)[] = [];

  constructor(base: number, count: number) {
    for (let i = 0; i < count; i++) this.free.push(base + i * SCRATCH_BLOCK_BYTES);
  }

  acquire(): Promise<number> {
    const block = this.free.pop();
    if (block !== undefined) return Promise.resolve(block);
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  release(block: number): void {
    const next = this.waiting.shift();
    if (next) next(block);
    else this.free.push(block);
  }
}
