import { spawn, type ChildProcess } from 'node:child_process';
import { after } from './harness.js';

/**
 * Real `hazrisk serve` (on an ephemeral port) and `hazrisk worker` processes,
 * for tests that need a process boundary (kill -9, SIGTERM, crashes, another
 * network namespace). Every process started here is killed in the file's
 * `after` hook, so a failing test cannot leave one behind that keeps the
 * runner waiting.
 */
export interface ServedProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** Everything the process has written to stdout so far (JSON log lines). */
  stdout(): string;
  stderr(): string;
  /** Resolves with the first stdout line that matches. */
  waitForLine(pattern: RegExp): Promise<string>;
  /** Resolves with the exit code (or the signal's name). */
  exited: Promise<number | string>;
}

const running = new Set<ChildProcess>();

// Registered when the test file imports this module, so it belongs to the file, not to a hook or test.
after(async () => {
  await Promise.all(
    [...running].map(
      (c) =>
        new Promise<void>((resolve) => {
          c.once('exit', () => resolve());
          c.kill('SIGKILL');
        }),
    ),
  );
});

function killOnExit(child: ChildProcess): void {
  running.add(child);
  child.once('exit', () => running.delete(child));
}

/**
 * A `hazrisk` process with its output collected; resolves once `ready` has been printed. `launcher` is a command
 * line that runs node's (e.g. `ip netns exec NS …` to put the process on another network).
 */
async function hazriskProcess(args: string[], env: Record<string, string>, launcher: string[], ready: RegExp): Promise<Omit<ServedProcess, 'url' | 'port'> & { readyLine: string }> {
  const [command, ...prefixArgs] = [...launcher, process.execPath];
  const child = spawn(command!, [...prefixArgs, '--import', 'tsx', 'src/cli.ts', ...args], {
    env: { ...process.env, HAZRISK_PORT: '0', HAZRISK_HOST: '127.0.0.1', HAZRISK_LOG_LEVEL: 'info', HAZRISK_POOL_SIZE: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  killOnExit(child);
  let out = '';
  let err = '';
  const waiters: { pattern: RegExp; resolve: (line: string) => void }[] = [];
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)));
  const check = (): void => {
    for (const w of [...waiters]) {
      const line = out.split('\n').find((l) => w.pattern.test(l));
      if (line !== undefined) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(line);
      }
    }
  };
  child.stdout!.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    check();
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    err += chunk.toString();
  });
  const waitForLine = (pattern: RegExp): Promise<string> =>
    new Promise((resolve, reject) => {
      waiters.push({ pattern, resolve });
      check();
      void exited.then((code) => reject(new Error(`${args[0]} exited (${code}) before printing ${pattern}\nstdout:\n${out.slice(-2000)}\nstderr:\n${err.slice(-2000)}`)));
    });
  const readyLine = await waitForLine(ready);
  return { child, stdout: () => out, stderr: () => err, waitForLine, exited, readyLine };
}

/** `hazrisk serve` (or `args`); its URL is on HAZRISK_HOST (127.0.0.1 unless `env` says otherwise). */
export async function serveProcess(dataDir: string, env: Record<string, string> = {}, args: string[] = ['serve'], launcher: string[] = []): Promise<ServedProcess> {
  const { readyLine, ...served } = await hazriskProcess(args, { HAZRISK_DATA_DIR: dataDir, ...env }, launcher, /"msg":"hazrisk listening"/);
  const port = Number(/"port":(\d+)/.exec(readyLine)![1]);
  return { url: `http://${env.HAZRISK_HOST ?? '127.0.0.1'}:${port}`, port, ...served };
}

export interface WorkerProcess extends Omit<ServedProcess, 'url' | 'port'> {
  /** The worker's id, as its chunk leases name it (`<hostname>:<pid>:<random>`). */
  workerId: string;
}

/** `hazrisk worker`; resolves once it has started taking work. */
export async function workerProcess(dataDir: string, env: Record<string, string> = {}, launcher: string[] = []): Promise<WorkerProcess> {
  const { readyLine, ...worker } = await hazriskProcess(['worker'], { HAZRISK_DATA_DIR: dataDir, ...env }, launcher, /"msg":"hazrisk worker started"/);
  return { workerId: JSON.parse(readyLine).worker_id as string, ...worker };
}

/** SIGTERM, then the exit code. */
export async function stopProcess(served: ServedProcess): Promise<number | string> {
  served.child.kill('SIGTERM');
  return served.exited;
}
