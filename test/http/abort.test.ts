/**
 * Clients that go away mid-request (issue 20, finding 1): a socket closed
 * during a CSV upload used to kill the server with an unhandled rejection.
 * Here a real `hazrisk serve` process takes aborted uploads at several byte
 * offsets on both upload routes and a download abandoned half-read; it must
 * keep answering, store nothing partial, and log no unhandled error.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { after, before, describe, it } from '../helpers/harness.js';
import { call, tempDir } from '../helpers/app.js';
import { toCsv, upload, waitForJob } from '../helpers/batch.js';
import { writeFixtureTables } from '../helpers/fixture-tables.js';
import { serveProcess, stopProcess, type ServedProcess } from '../helpers/serve.js';

const BOUNDARY = 'hazrisk-abort-test';
const CSV = toCsv(
  ['latitude', 'longitude', 'tag'],
  Array.from({ length: 40_000 }, (_, i) => [-60 + (i % 120), -170 + ((i * 7) % 340), `site ${i}`]),
);
const HEAD = `--${BOUNDARY}\r\ncontent-disposition: form-data; name="file"; filename="big.csv"\r\ncontent-type: text/csv\r\n\r\n`;
const BODY = Buffer.from(`${HEAD}${CSV}\r\n--${BOUNDARY}--\r\n`);

let server: ServedProcess;
let dataDir: string;
let key: string;

before(async () => {
  dataDir = tempDir();
  writeFixtureTables(path.join(dataDir, 'tables'));
  server = await serveProcess(dataDir, { HAZRISK_BATCH_CHUNK_ROWS: '1000' });
  key = fs.readFileSync(path.join(dataDir, 'demo-key.txt'), 'utf8').trim();
});
after(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** Send the request head and the first `bytes` of the body, then close the socket. */
function abortedUpload(route: string, bytes: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(server.port, '127.0.0.1', () => {
      socket.write(
        `POST ${route} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-API-Key: ${key}\r\n` +
          `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${BODY.length}\r\n\r\n`,
      );
      socket.write(BODY.subarray(0, bytes), () => {
        socket.destroy();
        resolve();
      });
    });
    socket.on('error', reject);
  });
}

const leftovers = (): string[] => fs.readdirSync(path.join(dataDir, 'uploads'));
const accessLines = (status: number, route: string): number =>
  server.stdout().split('\n').filter((l) => l.includes(`"path":"${route}"`) && l.includes(`"status":${status}`)).length;

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((r) => setTimeout(r, 10));
}

describe('clients that disconnect mid-request', () => {
  for (const route of ['/v1/in-depth/batch/upload', '/v1/lite/batch/upload']) {
    it(`${route}: uploads aborted at several offsets leave the server up and store nothing`, async () => {
      for (const bytes of [0, 10, HEAD.length - 5, HEAD.length + 3, 64 * 1024, Math.floor(BODY.length / 2), BODY.length - 1]) {
        const before = accessLines(499, route);
        await abortedUpload(route, bytes);
        await until(() => accessLines(499, route) > before);
        await until(() => leftovers().length === 0);
        const health = await call(`${server.url}/health`);
        assert.equal(health.status, 200, `after aborting at byte ${bytes}`);
      }
      const schedules = await call(`${server.url}/v1/schedules`, { key });
      assert.deepEqual(schedules.body.schedules, [], 'no draft schedule from an aborted upload');
    });
  }

  it('a download abandoned half-read leaves the server up', async () => {
    const file = await upload(server.url, key, CSV);
    assert.equal(file.status, 200);
    const job = await call(`${server.url}/v1/in-depth/batch`, { method: 'POST', key, json: { file_id: file.body.file_id, perils: ['Earthquake'] } });
    const done = await waitForJob(server.url, key, 'in-depth', job.body.job_id);
    assert.equal(done.status, 'complete');
    const link = new URL(done.result_url);
    const size = Number((await fetch(link, { method: 'GET' })).headers.get('content-length') ?? 0);
    assert.ok(size > 1_000_000, `a results file large enough to need several writes (${size} bytes)`);
    const before = accessLines(499, link.pathname);
    await new Promise<void>((resolve, reject) => {
      const socket = net.connect(server.port, '127.0.0.1', () => socket.write(`GET ${link.pathname}${link.search} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`));
      let received = 0;
      socket.on('data', (chunk) => {
        received += chunk.length;
        if (received > 64 * 1024) {
          socket.pause();
          setImmediate(() => {
            socket.destroy();
            resolve();
          });
        }
      });
      socket.on('error', reject);
    });
    await until(() => accessLines(499, link.pathname) > before);
    assert.equal((await call(`${server.url}/health`)).status, 200);
  });

  it('logged no unhandled error and shuts down cleanly', async () => {
    assert.equal((await upload(server.url, key, 'latitude,longitude\n1,2\n')).status, 200, 'uploads still work');
    assert.equal(await stopProcess(server), 0);
    const lines = server.stdout().split('\n');
    assert.deepEqual(lines.filter((l) => /unhandled|uncaught/i.test(l)), []);
  });
});
