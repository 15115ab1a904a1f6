import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { pino } from 'pino';
import { AccessLog } from '../../src/http/access-log.js';
import { createLogger, flushLog } from '../../src/log.js';
import { describe, it } from '../helpers/harness.js';
import { tempDir } from '../helpers/app.js';

/**
 * Issue 18: the access line is built without toFixed or a stringify per request, and batches go to
 * write(2) as strings. Neither may change a byte: the line is the template it replaced, and a pipe
 * that stops taking lines gets every line whole and in order.
 */
const BEFORE = (bindings: string, id: string, method: string, path: string, status: number, ms: number): string =>
  `{"level":30,"time":T${bindings},"req_id":"${id}","method":${JSON.stringify(method)},"path":${JSON.stringify(path.slice(0, 200))},"status":${status},"ms":${+ms.toFixed(2)},"msg":"request"}\n`;

type Case = [string, string, string, number, number];
function cases(): Case[] {
  const out: Case[] = [];
  const paths = ['/health', '/health', '/', '', '/v1/lite/', '/a"b', '/a\\b', '/é/ü', '/\u0001\u001f', '/x'.repeat(150), '/\ud83d\ude00', '/\ud800x', '/%20~\x7f'];
  for (const p of paths) for (const m of ['GET', 'HEAD', 'PROPFIND', 'GÉT', 'A"B']) out.push(['abc123-1z', m, p, 200, 0.123]);
  // Halves, values a product by 100 rounds onto a half, no decimals, past integer precision, and not numbers at all.
  for (const ms of [0, -0, 0.005, 0.015, 1.005, 1.255, 0.285, 4.015, 12.345, 99.995, 100, 1e6 + 0.125, 123456789.555, -1.005, 9e13, 1e21, NaN, Infinity]) out.push(['id', 'GET', '/health', 404, ms]);
  let seed = 7;
  const random = (): number => (seed = (seed * 16807) % 2147483647) / 2147483647;
  for (let i = 0; i < 20000; i++) out.push([`r-${i.toString(36)}`, 'GET', i % 3 ? '/h' : '/v1/lite', [200, 404, 499][i % 3]!, random() * 10 ** (i % 6)]);
  for (let i = 0; i < 20000; i++) out.push(['k', 'GET', '/h', 200, Math.floor(random() * 1e6) / 1000 + (i % 3) * 5e-6 - 5e-6]);
  return out;
}

const withoutTime = (line: string): string => line.replace(/"time":\d+/, '"time":T');

describe('access-log line', () => {
  it('is byte for byte the template it replaced, through our batched destination and through another', async () => {
    const all = cases();
    const file = path.join(tempDir(), 'access.log');
    const batchedLog = createLogger('info', fs.openSync(file, 'a'));
    const written: string[] = [];
    const otherLog = pino({ level: 'info', base: { service: 'hazrisk' } }, new Writable({ write: (chunk: Buffer, _e, done) => done(void written.push(chunk.toString())) }));
    const batched = new AccessLog(batchedLog, 'all');
    const other = new AccessLog(otherLog, 'all');
    for (const c of all) {
      batched.record(...c);
      other.record(...c);
    }
    await flushLog(batchedLog);
    const fromFile = fs.readFileSync(file, 'utf8').split(/(?<=\n)/);
    const fromStream = written.join('').split(/(?<=\n)/);
    assert.equal(fromFile.length, all.length);
    assert.equal(fromStream.length, all.length);
    all.forEach((c, i) => {
      const expected = BEFORE(',"service":"hazrisk"', ...c);
      assert.equal(withoutTime(fromFile[i]!), expected, `case ${i}: ${JSON.stringify(c)}`);
      assert.equal(withoutTime(fromStream[i]!), expected, `case ${i}: ${JSON.stringify(c)}`);
    });
  });
});

describe('batched log on a pipe that stops taking lines', () => {
  it('keeps every line whole and in order across partial writes and EAGAIN', async () => {
    const lines = 6000;
    const logModule = pathToFileURL(path.resolve('src/log.ts')).href;
    // The child makes its stdout non-blocking (as serving does), logs ~1 MB (non-ASCII included) into a pipe
    // nobody reads, says so, then flushes while the test reads.
    const code = `process.stdout; const { createLogger } = await import(${JSON.stringify(logModule)}); const log = createLogger('info');
      for (let i = 0; i < ${lines}; i++) log.info({ n: i, pad: 'ü'.repeat(i % 50) }, 'line');
      process.stderr.write('logged\\n');
      for (let i = 0; i < 300; i++) { log.flush(); await new Promise((resolve) => setTimeout(resolve, 5)); }`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.pause();
    await new Promise<void>((resolve) => child.stderr.on('data', (chunk: Buffer) => chunk.toString().includes('logged') && resolve()));
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stdout.resume();
    const status = await new Promise((resolve) => child.on('close', resolve));
    assert.equal(status, 0);
    const received = Buffer.concat(chunks).toString('utf8').split('\n').filter(Boolean);
    assert.equal(received.length, lines);
    received.forEach((line, i) => {
      const parsed = JSON.parse(line) as { n: number; pad: string };
      assert.equal(parsed.n, i);
      assert.equal(parsed.pad, 'ü'.repeat(i % 50));
    });
  });
});
