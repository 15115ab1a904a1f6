import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from '../helpers/harness.js';
import { call, tempDir } from '../helpers/app.js';
import { serveProcess } from '../helpers/serve.js';

describe('hazrisk serve lifecycle', () => {
  it('creates a 0600 demo key on a fresh data dir without logging it, serves, and exits 0 on SIGTERM after finishing in-flight work', async () => {
    const dataDir = tempDir();
    const server = await serveProcess(dataDir);
    const keyFile = path.join(dataDir, 'demo-key.txt');
    assert.equal(fs.statSync(keyFile).mode & 0o777, 0o600);
    const key = fs.readFileSync(keyFile, 'utf8').trim();
    assert.ok(!server.stdout().includes(key) && !server.stderr().includes(key), 'the demo key stays in its file, out of the logs');
    assert.match(server.stderr(), new RegExp(`Demo API key .* written to ${keyFile.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    const perils = await call(`${server.url}/v1/perils`, { key });
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
    const inFlight = fetch(`${server.url}/v1/in-depth/batch/upload`, {
      method: 'POST', body, duplex: 'half', headers: { 'x-api-key': key, 'content-type': `multipart/form-data; boundary=${boundary}` },
    } as RequestInit);
    // The server is streaming the file part once its temporary file exists.
    const uploads = path.join(dataDir, 'uploads');
    while (!fs.readdirSync(uploads).some((f) => f.startsWith('.upload-'))) await new Promise((r) => setTimeout(r, 10));
    server.child.kill('SIGTERM');
    await server.waitForLine(/"signal":"SIGTERM","msg":"shutting down"/);
    finish();
    const response = await inFlight;
    assert.equal(response.status, 200);
    assert.match(((await response.json()) as { file_id: string }).file_id, /^file_/);
    assert.equal(await server.exited, 0);
    await assert.rejects(fetch(`${server.url}/health`), 'no longer listening');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
