import fs from 'node:fs';

/**
 * The compiled WASM kernel (assembly/, built by `npm run build` into
 * build/kernel.wasm) and a thin typed wrapper around one instance of it.
 */
export const KERNEL_PATH = new URL('../../build/kernel.wasm', import.meta.url);

/** A request's i32s and the kernel's ops (assembly/index.ts): threshold = the whole window at one threshold, one value. */
export const REQUEST_INTS = 7;
export const OPS = { window: 0, daily: 1, expanding: 2, threshold: 3 } as const;
export type KernelOp = keyof typeof OPS;

interface KernelExports {
  evaluate(table: number, requests: number, count: number, out: number, scratch: number): void;
}

let compiled: WebAssembly.Module | null = null;

export function kernelModule(): WebAssembly.Module {
  if (!compiled) {
    if (!fs.existsSync(KERNEL_PATH)) throw new Error(`kernel not built: ${KERNEL_PATH.pathname} is missing (run npm run build)`);
    compiled = new WebAssembly.Module(fs.readFileSync(KERNEL_PATH));
  }
  return compiled;
}

export class KernelInstance {
  private readonly exports: KernelExports;

  constructor(module: WebAssembly.Module, memory: WebAssembly.Memory) {
    const instance = new WebAssembly.Instance(module, {
      env: {
        memory,
        abort: (_msg: number, _file: number, line: number, column: number) => {
          throw new Error(`kernel abort at ${line}:${column}`);
        },
      },
    });
    this.exports = instance.exports as unknown as KernelExports;
  }

  evaluate(table: number, requests: number, count: number, out: number, scratch: number): void {
    this.exports.evaluate(table, requests, count, out, scratch);
  }
}
