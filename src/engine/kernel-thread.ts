import { workerData } from 'piscina';
import { KernelInstance } from './kernel.js';
import { BLOCK_FLAG_OFFSET } from './scratch.js';

/**
 * Piscina worker: one kernel instance over the shared table memory. A task
 * names a table and a scratch block whose requests the main thread has already
 * written; results go into the same block and a done flag is set with a
 * sequentially consistent store so the main thread sees every result byte.
 */
export interface KernelTask {
  table: number;
  block: number;
  requests: number;
  count: number;
  results: number;
  scratch: number;
}

const { memory, module } = workerData as { memory: WebAssembly.Memory; module: WebAssembly.Module };
const kernel = new KernelInstance(module, memory);
const words = new Int32Array(memory.buffer);

export default function run(task: KernelTask): number {
  kernel.evaluate(task.table, task.requests, task.count, task.results, task.scratch);
  Atomics.store(words, (task.block + BLOCK_FLAG_OFFSET) >> 2, 1);
  return task.count;
}
