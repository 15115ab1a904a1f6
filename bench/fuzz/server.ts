/**
 * The service as deployed: `hazrisk serve` (the built dist/cli.js) in a child
 * process on a fresh data dir, with the in-process batch worker on (the
 * default, HAZRISK_BATCH_WORKERS=1), the process guard installed, and the
 * small fixture tables of the API tests unless a tables dir is given. Used by
 * the fuzz's live stages (bench/fuzz/stages/) and by the soak (bench/soak.ts).
 *
 * The child runs on its own event loop, so latency measured against it is the
 * server's, not the fuzzer's; its stdout (pino JSON lines) is read for warn and
 * error lines, and in particular for the guard's "uncaught exception (kept
 * running)" / "unhandled rejection (kept running)", each of which is an error
 * that escaped every handler (docs/operations.md "The process guard").
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { freePort } from '../../test/helpers/ports.js';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { writeFixtureTables } from '../../test/helpers/fixture-tables.js';

export interface ChildLog {
  /** ms since the child started. */
  t: number;
  level: number;
  msg: string;
  reqId: string | null;
  err: string | null;
  line: string;
}

export interface ServerProcess {
  pid: number;
  port: number;
  url: string;
  dataDir: string;
  /** The demo key `hazrisk serve` writes on a fresh data dir (every peril and mode). */
  key: string;
  env: Record<string, string>;
  /** warn and above (level ≥ 40), at most 5,000 kept. */
  logs: ChildLog[];
  /** Lines of the process guard: errors that escaped every handler. */
  escapes(): ChildLog[];
  /** null while running, else how it ended. */
  exited(): string | null;
  rssBytes(): number | null;
  /** Peak RSS so far (VmHWM). */
  peakRssBytes(): number | null;
  stderr(): string;
  /** Create another key with `hazrisk keys create` on the same data dir. */
  createKey(owner: string, extra?: string[]): string;
  /** With stdoutFile: read the file's warn-and-above lines into logs() and escapes() (streamed, any size). */
  scanLogFile(): Promise<void>;
  close(): Promise<void>;
}

export interface ServerOptions {
  /** Environment for the child (HAZRISK_*), on top of the defaults below. */
  env?: Record<string, string>;
  /** Built tables to serve; default: the fixture tables written into the data dir. */
  tablesDir?: string;
  /** Keep the data dir after close (for inspection). */
  keep?: boolean;
  /** Forward every stdout line. */
  onLine?: (line: string) => void;
  /**
   * Send the child's stdout to this file instead of reading it here (the soak:
   * the access log at full load is megabytes a second); logs() and escapes()
   * then stay empty until scanLogFile() reads the file.
   */
  stdoutFile?: string;
}

const CLI = path.resolve(import.meta.dirname, '../../dist/cli.js');
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

function procStatus(pid: number, field: string): number | null {
  try {
    const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : null;
  } catch {
    return null;
  }
}

export async function startServerProcess(options: ServerOptions = {}): Promise<ServerProcess> {
  if (!fs.existsSync(CLI)) throw new Error(`${CLI} is missing: run npm run build first`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hazrisk-live-'));
  const tablesDir = options.tablesDir ? path.resolve(options.tablesDir) : path.join(dataDir, 'tables');
  if (!options.tablesDir) writeFixtureTables(tablesDir);
  const port = await freePort();
  const env: Record<string, string> = {
    HAZRISK_DATA_DIR: dataDir,
    HAZRISK_TABLES_DIR: tablesDir,
    HAZRISK_PORT: String(port),
    HAZRISK_HOST: '127.0.0.1',
    HAZRISK_LOG_LEVEL: 'info',
    ...options.env,
  };
  const started = performance.now();
  const out = options.stdoutFile ? fs.openSync(options.stdoutFile, 'w') : 'pipe';
  const child: ChildProcess = spawn(process.execPath, [CLI, 'serve'], { env: { ...process.env, ...env }, stdio: ['ignore', out, 'pipe'] });
  if (typeof out === 'number') fs.closeSync(out);
  const logs: ChildLog[] = [];
  const escapes: ChildLog[] = [];
  let stderr = '';
  let partial = '';
  const take = (line: string): void => {
    options.onLine?.(line);
    // Cheap filter first: the access log at info is most of the volume. "shutting down" says which signal stopped it.
    if (!/"level":(4|5|6)\d/.test(line) && !line.includes('"msg":"shutting down"')) return;
    let entry: ChildLog;
    try {
      const j = JSON.parse(line) as { level: number; msg?: string; req_id?: string; err?: { message?: string; stack?: string; type?: string } };
      entry = { t: Math.round(performance.now() - started), level: j.level, msg: j.msg ?? '', reqId: j.req_id ?? null, err: j.err ? (j.err.stack ?? j.err.message ?? null) : null, line: line.slice(0, 4000) };
    } catch {
      entry = { t: Math.round(performance.now() - started), level: 60, msg: line.slice(0, 500), reqId: null, err: null, line: line.slice(0, 4000) };
    }
    if (/kept running/.test(entry.msg)) escapes.push(entry);
    if (logs.length < 5000) logs.push(entry);
  };
  if (child.stdout) {
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (text: string) => {
      const lines = (partial + text).split('\n');
      partial = lines.pop()!;
      for (const line of lines) take(line);
    });
  }
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (text: string) => void (stderr = (stderr + text).slice(-20_000)));
  let exited: string | null = null;
  child.once('exit', (code, signal) => void (exited = `exit ${code ?? signal}`));

  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (exited) throw new Error(`hazrisk serve ended before answering (${exited}):\n${stderr}`);
    const ok = await fetch(`${url}/health`).then((r) => r.status === 200, () => false);
    if (ok && fs.existsSync(path.join(dataDir, 'demo-key.txt'))) break;
    if (i > 600) throw new Error(`hazrisk serve did not answer /health within 60 s:\n${stderr}`);
    await sleep(100);
  }
  const key = fs.readFileSync(path.join(dataDir, 'demo-key.txt'), 'utf8').trim();
  const pid = child.pid!;
  return {
    pid,
    port,
    url,
    dataDir,
    key,
    env,
    logs,
    escapes: () => escapes,
    exited: () => exited,
    rssBytes: () => (exited ? null : procStatus(pid, 'VmRSS')),
    peakRssBytes: () => (exited ? null : procStatus(pid, 'VmHWM')),
    stderr: () => stderr,
    scanLogFile: async () => {
      if (!options.stdoutFile || !fs.existsSync(options.stdoutFile)) return;
      const rl = readline.createInterface({ input: fs.createReadStream(options.stdoutFile, { encoding: 'utf8' }), crlfDelay: Infinity });
      for await (const line of rl) take(line);
    },
    createKey: (owner, extra = []) => {
      const out = execFileSync(process.execPath, [CLI, 'keys', 'create', '--owner', owner, '--json', ...extra], { env: { ...process.env, ...env }, encoding: 'utf8' });
      return (JSON.parse(out) as { key: string }).key;
    },
    close: async () => {
      if (!exited) {
        child.kill('SIGTERM');
        for (let i = 0; i < 150 && !exited; i++) await sleep(100);
        if (!exited) child.kill('SIGKILL');
        for (let i = 0; i < 50 && !exited; i++) await sleep(100);
      }
      if (!options.keep) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
