import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { after } from './harness.js';

/**
 * nginx for the deployment test (test/ops/nginx-deploy.test.ts): HAZRISK_NGINX,
 * else /usr/sbin/nginx, else `nginx` on PATH; when none is found, Debian's
 * package is installed (`apt-get install nginx`, after an `apt-get update` if
 * the first attempt fails; CI runs as root).
 *
 * Without nginx the test skips with the reason, and the summary counts it.
 * With HAZRISK_STRICT_SKIPS=1 (CI) it does not skip: it runs and fails at once,
 * naming what is missing and why the install failed.
 */
const run = promisify(execFile);

function onPath(name: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(':')) {
    const candidate = path.join(dir || '.', name);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

export function nginxPath(): string | null {
  const configured = process.env.HAZRISK_NGINX;
  if (configured) return fs.existsSync(configured) ? configured : null;
  if (fs.existsSync('/usr/sbin/nginx')) return '/usr/sbin/nginx';
  return onPath('nginx');
}

/** The last lines of a failed command's output, for the skip reason. */
function tail(err: unknown): string {
  const e = err as { stderr?: string; stdout?: string; message?: string };
  const text = (e.stderr || e.stdout || e.message || String(err)).trim();
  return text.split('\n').slice(-3).join(' | ');
}

async function aptGet(args: string[]): Promise<void> {
  // RUNLEVEL=1: where no policy-rc.d forbids it, Debian's postinst would otherwise start a system nginx on port 80.
  await run('apt-get', args, { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive', RUNLEVEL: '1' }, maxBuffer: 16 * 1024 * 1024 });
}

/** Find nginx, installing Debian's package when it is missing. Resolves with its path, or with why there is none. */
async function findOrInstall(): Promise<{ path: string } | { missing: string }> {
  const found = nginxPath();
  if (found) return { path: found };
  if (process.env.HAZRISK_NGINX) return { missing: `HAZRISK_NGINX=${process.env.HAZRISK_NGINX} does not exist` };
  const install = ['install', '-y', '--no-install-recommends', 'nginx'];
  try {
    await aptGet(install);
  } catch (first) {
    try {
      await aptGet(['update']);
      await aptGet(install);
    } catch (second) {
      return { missing: `no nginx found (HAZRISK_NGINX, /usr/sbin/nginx, nginx on PATH) and \`apt-get install nginx\` failed: ${tail(first)}; after \`apt-get update\`: ${tail(second)}` };
    }
  }
  const installed = nginxPath();
  return installed ? { path: installed } : { missing: 'apt-get installed nginx, but no nginx binary is at /usr/sbin/nginx or on PATH' };
}

const found = await findOrInstall();
const strict = process.env.HAZRISK_STRICT_SKIPS === '1';

/** `skip` option for a test that needs nginx: false when it can run (or must, with HAZRISK_STRICT_SKIPS=1), else the reason it did not. */
export function nginxSkip(what: string): string | false {
  if ('path' in found || strict) return false;
  return `${found.missing}: ${what} was NOT tested behind nginx`;
}

/** The nginx binary; throws naming what is missing (the strict case, where the test runs anyway). */
export function requireNginx(): string {
  if ('path' in found) return found.path;
  throw new Error(`${found.missing}${strict ? ', and HAZRISK_STRICT_SKIPS=1 allows no skip' : ''}`);
}

export interface RunningNginx {
  child: ChildProcess;
  /** What nginx has written to stderr (its error log at `notice`). */
  stderr(): string;
  /**
   * Resolves with the first line nginx writes to stderr from now on that matches; rejects if
   * nginx exits first, or when `unless` settles first (the thing that should have caused it is over).
   */
  waitForLine(pattern: RegExp, unless?: Promise<unknown>): Promise<string>;
  /** SIGTERM (nginx's fast shutdown), then the master's exit once its workers are gone. */
  stop(): Promise<void>;
}

const running = new Set<ChildProcess>();

/** SIGTERM is nginx's fast shutdown: the master stops its workers, then exits (SIGKILL would leave them holding the port). */
function terminate(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

// Registered when the test file imports this module, so it belongs to the file, not to a hook or test.
after(async () => {
  await Promise.all([...running].map(terminate));
});

/**
 * Run nginx in the foreground with `prefix` as its prefix (-p) and `conf` as its configuration (-c);
 * resolves once the master has started a worker (its listening sockets are bound before that).
 * The configuration must log to stderr at `notice` or below.
 */
export async function startNginx(binary: string, prefix: string, conf: string): Promise<RunningNginx> {
  const child = spawn(binary, ['-p', prefix, '-c', conf, '-e', 'stderr', '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let err = '';
  const exited = new Promise<string>((resolve) => child.once('exit', (code, signal) => resolve(`nginx exited (${code ?? signal})`)));
  const waitForLine = (pattern: RegExp, unless?: Promise<unknown>): Promise<string> => {
    const from = err.length;
    return new Promise((resolve, reject) => {
      const check = (): void => {
        const line = err.slice(from).split('\n').find((l) => pattern.test(l));
        if (line === undefined) return;
        child.stderr!.off('data', check);
        resolve(line);
      };
      child.stderr!.on('data', check);
      const fail = (why: string): void => {
        child.stderr!.off('data', check);
        reject(new Error(`${why} before nginx logged ${pattern}:\n${err.slice(from).slice(-2000)}`));
      };
      void exited.then(fail);
      unless?.then(
        (value) => fail(`settled (${String(value)})`),
        (e: unknown) => fail(`failed (${String(e)})`),
      );
    });
  };
  child.stderr!.on('data', (chunk: Buffer) => {
    err += chunk.toString();
  });
  child.once('error', () => undefined);
  await waitForLine(/start worker process \d+/, new Promise((_, reject) => child.once('error', reject)));
  return { child, stderr: () => err, waitForLine, stop: () => terminate(child) };
}
