import * as nodeTest from 'node:test';

/**
 * node:test with a default per-test timeout. Node 20's --test-timeout bounds a
 * whole file, not a test, so every test file imports describe/it from here
 * (test/run.ts refuses files that take them from node:test directly): a test
 * that hangs fails on its own after TEST_TIMEOUT_MS instead of stalling its
 * file. Tests that legitimately take longer say so with their own `timeout`.
 */
export const TEST_TIMEOUT_MS = 120_000;

type Options = nodeTest.TestOptions;
type Fn = nodeTest.TestFn;

function withTimeout(options: Options | undefined): Options {
  return { timeout: TEST_TIMEOUT_MS, ...options };
}

function normalise(name: string, a?: Options | Fn, b?: Fn): [string, Options, Fn | undefined] {
  return typeof a === 'function' ? [name, withTimeout(undefined), a] : [name, withTimeout(a), b];
}

export function it(name: string, options?: Options | Fn, fn?: Fn): Promise<void> {
  return nodeTest.it(...normalise(name, options, fn));
}

export function describe(name: string, options?: Options | nodeTest.SuiteFn, fn?: nodeTest.SuiteFn): Promise<void> {
  if (typeof options === 'function') return nodeTest.describe(name, options);
  // A suite's timeout would bound all its tests together; only skip/todo carry over.
  return nodeTest.describe(name, options ?? {}, fn);
}

type HookFn = nodeTest.HookFn;
type HookOptions = nodeTest.HookOptions;
const hookTimeout = (options?: HookOptions): HookOptions => ({ timeout: TEST_TIMEOUT_MS, ...options });

export const before = (fn: HookFn, options?: HookOptions): void => nodeTest.before(fn, hookTimeout(options));
export const after = (fn: HookFn, options?: HookOptions): void => nodeTest.after(fn, hookTimeout(options));
export const beforeEach = (fn: HookFn, options?: HookOptions): void => nodeTest.beforeEach(fn, hookTimeout(options));
export const afterEach = (fn: HookFn, options?: HookOptions): void => nodeTest.afterEach(fn, hookTimeout(options));
export type { TestContext } from 'node:test';
