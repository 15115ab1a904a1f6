/**
 * The connection limits of the uWS binary, measured against a real
 * `hazrisk serve` (issue 30; docs/operations.md "uWS connection limits"):
 *
 *   (a) uploads at fixed byte rates: which complete (an HTTP answer) and
 *       which are cut off, with no answer, and after how long;
 *   (b) the number of request header lines (Host included) still answered,
 *       and what a request with one more gets;
 *   (c) how long an idle kept-alive connection stays open, and an idle
 *       connection that never sent a byte, and an HTTP/1.0 request.
 *
 *   node --import tsx bench/uws-limits.ts [--seconds 30] [--rates 4,8,12,16,20,24,32]
 *                                          [--repeat 3] [--headers 40-60] [--json out.json]
 *                                          [--port N] [--via PORT]
 *
 * Rates are KiB/s (1024 bytes). Each upload sends its body in 1/10 s slices
 * for --seconds, so a rate that survives has outlived the idle timeout
 * several times over. Every probe runs on its own connection, all at once,
 * so the run takes about --seconds plus the slowest close (~40 s by default).
 * The server is `src/cli.ts serve` (through tsx) on a fresh temporary data
 * dir (access log off) on 127.0.0.1:--port (default any free port), and is
 * stopped at the end. --via PORT sends every probe to 127.0.0.1:PORT instead,
 * e.g. nginx running deploy/nginx.conf with its upstream at --port.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const args = process.argv.slice(2);
const option = (name: string, fallback: string): string => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1]! : fallback;
};
const SECONDS = Number(option('seconds', '30'));
const RATES = option('rates', '4,8,12,16,20,24,32').split(',').map(Number);
const REPEAT = Number(option('repeat', '3'));
const [HEADERS_FROM, HEADERS_TO] = option('headers', '40-60').split('-').map(Number) as [number, number];
const JSON_OUT = option('json', '');
const PORT = option('port', '0');
const VIA = Number(option('via', '0'));
const IDLE_SAMPLES = 5;

interface Outcome {
  /** 'answered <status>' or how the connection ended without an answer. */
  outcome: string;
  /** Milliseconds from the first byte sent to the answer or the close. */
  ms: number;
  /** Request bytes written before the end. */
  sent: number;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hazrisk-uws-limits-'));
const root = path.resolve(import.meta.dirname, '..');
const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'serve'], {
  cwd: root,
  env: { ...process.env, HAZRISK_DATA_DIR: dataDir, HAZRISK_PORT: PORT, HAZRISK_HOST: '127.0.0.1', HAZRISK_POOL_SIZE: '1', HAZRISK_BATCH_WORKERS: '0', HAZRISK_LOG_LEVEL: 'info', HAZRISK_ACCESS_LOG: 'off' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
let out = '';
const port = await new Promise<number>((resolve, reject) => {
  child.stdout!.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    const m = /"port":(\d+).*"msg":"hazrisk listening"/.exec(out);
    if (m) resolve(Number(m[1]));
  });
  child.once('exit', (code) => reject(new Error(`hazrisk serve exited (${code}) before listening:\n${out}`)));
});
const key = fs.readFileSync(path.join(dataDir, 'demo-key.txt'), 'utf8').trim();
const target = VIA || port;

/**
 * One request on its own connection: `head` at once, then `body` slices from `next()` every
 * 100 ms until it returns null. Resolves at the first response byte, or when the server ends
 * or resets the connection.
 */
function probe(head: string, next: () => Buffer | null = () => null): Promise<Outcome> {
  return new Promise((resolve) => {
    const socket = net.connect(target, '127.0.0.1');
    let start = 0;
    let sent = 0;
    let response = '';
    let done = false;
    let timer: NodeJS.Timeout | undefined;
    const finish = (outcome: string): void => {
      if (done) return;
      done = true;
      clearInterval(timer);
      resolve({ outcome, ms: Math.round(performance.now() - start), sent });
      socket.destroy();
    };
    socket.on('connect', () => {
      start = performance.now();
      socket.write(head);
      sent += Buffer.byteLength(head);
      timer = setInterval(() => {
        const slice = next();
        if (slice === null) return void clearInterval(timer);
        socket.write(slice);
        sent += slice.length;
      }, 100);
    });
    socket.on('data', (chunk: Buffer) => {
      response += chunk.toString('latin1');
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(response);
      if (status) finish(`answered ${status[1]}`);
    });
    socket.on('end', () => finish('closed (FIN), no answer'));
    socket.on('error', (err: NodeJS.ErrnoException) => finish(`${err.code ?? err.message}, no answer`));
    socket.on('close', () => finish('closed, no answer'));
  });
}

/** (a) A multipart CSV upload at `kib` KiB/s for SECONDS seconds. */
function slowUpload(kib: number): Promise<Outcome> {
  const boundary = 'uws-limits';
  const first = `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="slow.csv"\r\ncontent-type: text/csv\r\n\r\nlatitude,longitude\r\n`;
  const last = `\r\n--${boundary}--\r\n`;
  const perSlice = Math.round((kib * 1024) / 10);
  const slices = SECONDS * 10;
  const rowsBytes = perSlice * slices - first.length - last.length;
  const row = '10.5,20.5\r\n';
  const rows = row.repeat(Math.ceil(rowsBytes / row.length)).slice(0, rowsBytes - (rowsBytes % row.length));
  const body = Buffer.from(first + rows + last);
  const head = `POST /v1/in-depth/batch/upload HTTP/1.1\r\nHost: 127.0.0.1:${target}\r\nx-api-key: ${key}\r\ncontent-type: multipart/form-data; boundary=${boundary}\r\ncontent-length: ${body.length}\r\n\r\n`;
  let offset = 0;
  return probe(head, () => {
    if (offset >= body.length) return null;
    const slice = body.subarray(offset, offset + perSlice);
    offset += perSlice;
    return slice;
  });
}

/** (b) GET /health with `lines` header lines in all (Host and lines - 1 others). */
function manyHeaders(lines: number): Promise<Outcome> {
  const extra = Array.from({ length: lines - 1 }, (_, i) => `x-h${i}: ${i}\r\n`).join('');
  return probe(`GET /health HTTP/1.1\r\nHost: 127.0.0.1:${target}\r\n${extra}\r\n`);
}

/** (c) The time from an answered request to the server closing the kept-alive connection. */
function idleAfterAnswer(): Promise<Outcome> {
  return new Promise((resolve) => {
    const socket = net.connect(target, '127.0.0.1', () => socket.write(`GET /health HTTP/1.1\r\nHost: 127.0.0.1:${target}\r\n\r\n`));
    let answeredAt = 0;
    socket.on('data', () => {
      if (!answeredAt) answeredAt = performance.now();
    });
    const finish = (how: string): void => {
      resolve({ outcome: answeredAt ? `answered, then ${how}` : `${how}, no answer`, ms: Math.round(performance.now() - answeredAt), sent: 0 });
      socket.destroy();
    };
    socket.on('end', () => finish('closed (FIN)'));
    socket.on('error', (err: NodeJS.ErrnoException) => finish(err.code ?? err.message));
  });
}

const delay = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
const staggered = <T>(n: number, gapMs: number, run: () => Promise<T>): Promise<T>[] => Array.from({ length: n }, (_, i) => delay(i * gapMs).then(run));

console.log(`hazrisk serve on 127.0.0.1:${port} (pid ${child.pid}); probes${VIA ? ` via 127.0.0.1:${VIA}` : ''} running for about ${SECONDS + 12} s…`);
// Repeats of one rate start 1.3 s apart so they meet the server's timer at different phases.
const uploads = RATES.map((kib) => Promise.all(staggered(REPEAT, 1300, () => slowUpload(kib))));
const headerCounts = Array.from({ length: HEADERS_TO - HEADERS_FROM + 1 }, (_, i) => HEADERS_FROM + i);
const headers = headerCounts.map((n) => manyHeaders(n));
const idle = Promise.all(staggered(IDLE_SAMPLES, 900, idleAfterAnswer));
const silent = Promise.all(staggered(IDLE_SAMPLES, 900, () => probe('')));
const http10 = Promise.all(staggered(IDLE_SAMPLES, 900, () => probe(`GET /health HTTP/1.0\r\nHost: 127.0.0.1:${target}\r\n\r\n`)));

const results = {
  uploads: Object.fromEntries((await Promise.all(uploads)).map((r, i) => [`${RATES[i]} KiB/s`, r])),
  headers: Object.fromEntries((await Promise.all(headers)).map((r, i): [string, Outcome] => [String(headerCounts[i]), r])),
  idle_after_answer: await idle,
  idle_never_sent: await silent,
  http_1_0: await http10,
};

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
console.log(`\n(a) uploads for ${SECONDS} s at a fixed rate (${REPEAT} each, started 1.3 s apart)`);
for (const [rate, runs] of Object.entries(results.uploads)) {
  console.log(`  ${rate.padStart(10)}: ${runs.map((r) => `${r.outcome} after ${seconds(r.ms)} (${(r.sent / 1024).toFixed(0)} KiB sent)`).join('; ')}`);
}
console.log('\n(b) GET /health with N header lines (Host included)');
for (const [n, r] of Object.entries(results.headers)) console.log(`  ${String(n).padStart(3)}: ${r.outcome} after ${seconds(r.ms)}`);
const line = (name: string, runs: Outcome[]): void => console.log(`  ${name}: ${runs.map((r) => `${r.outcome} after ${seconds(r.ms)}`).join('; ')}`);
console.log('\n(c) idle connections (5 each, started 0.9 s apart)');
line('kept alive after an answer', results.idle_after_answer);
line('connected, nothing sent', results.idle_never_sent);
line('GET /health HTTP/1.0', results.http_1_0);
if (JSON_OUT) fs.writeFileSync(JSON_OUT, JSON.stringify({ port, via: VIA || null, seconds: SECONDS, results }, null, 2));

child.kill('SIGTERM');
await new Promise((r) => child.once('exit', r));
fs.rmSync(dataDir, { recursive: true, force: true });
