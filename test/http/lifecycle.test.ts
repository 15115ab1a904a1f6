import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { call, tempDir } from '../helpers/app.js';

describe('hazrisk serve lifecycle', () => {
  it('creates a 0600 demo key on a fresh data dir, serves, and exits 0 on SIGTERM after finishing in-flight work', { timeout: 60_000 }, async () => {
    const dataDir = tempDir();
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'serve'], {
      env: { ...process.env, HAZRISK_DATA_DIR: dataDir, HAZRISK_PORT: '0', HAZRISK_HOST: '127.0.0.1', HAZRISK_LOG_LEVEL: 'info', HAZRISK_POOL_SIZE: '1' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let stdout = '';
    const port = await new Promise<number>((resolve, reject) => {
      child.stdout!.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        const match = /"port":(\d+)[^\n]*"msg":"hazrisk listening"/.exec(stdout);
        if (match) resolve(Number(match[1]));
      });
      child.on('exit', (code) => reject(new Error(`exited early (${code})`)));
    });
    const keyFile = path.join(dataDir, 'demo-key.txt');
    assert.equal(fs.statSync(keyFile).mode & 0o777, 0o600);
    const key = fs.readFileSync(keyFile, 'utf8').trim();
    assert.ok(stdout.includes(key), 'the demo key is printed once at start');
    const perils = await call(`http://127.0.0.1:${port}/v1/perils`, { key });
    assert.equal(perils.status, 200);
    assert.equal(perils.body.perils.length, 11);

    // An upload whose body is still arriving when SIGTERM lands must still be answered.
    const boundary = 'hazrisk-lifecycle';
    const head = `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="s.csv"\r\ncontent-type: text/csv\r\n\r\nlatitude,longitude\r\n`;
    const tail = `10,20\r\n\r\n--${boundary}--\r\n`;
    let finish!: () => void;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(head));
        finish = () => {
          controller.enqueue(new TextEncoder().encode(tail));
          controller.close();
        };
      },
    });
    const inFlight = fetch(`http://127.0.0.1:${port}/v1/in-depth/batch/upload`, {
      method: 'POST', body, duplex: 'half', headers: { 'x-api-key': key, 'content-type': `multipart/form-data; boundary=${boundary}` },
    } as RequestInit);
    await new Promise((r) => setTimeout(r, 300));
    child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    finish();
    const response = await inFlight;
    assert.equal(response.status, 200);
    assert.match(((await response.json()) as { file_id: string }).file_id, /^file_/);
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    assert.equal(code, 0);
    assert.match(stdout, /"signal":"SIGTERM","msg":"shutting down"/);
    await assert.rejects(fetch(`http://127.0.0.1:${port}/health`), 'no longer listening');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
