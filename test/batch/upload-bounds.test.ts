import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, describe, it } from '../helpers/harness.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { upload } from '../helpers/batch.js';
import { deferred } from '../helpers/deferred.js';
import { UploadGate } from '../../src/batch/upload-gate.js';
import { LIMITS } from '../../src/limits.js';

/**
 * Concurrent uploads are bounded (issue 30, item 10): the audit sent 40 at
 * once and /health stalled for 6 s at 2.2 GB. At most LIMITS.uploadChecksAtOnce
 * have their rows checked at the same time (the memory bound: figures in
 * bench/README.md), and at most LIMITS.uploadsInFlight are in progress at all;
 * the next is refused before its body is read (503 uploads_busy, Retry-After,
 * connection closed).
 */
let t: TestApp;
let key: string;
let port: number;

before(async () => {
  t = await startTestApp();
  key = await t.key();
  port = Number(new URL(t.url).port);
});
after(() => t.close());

/** An upload whose headers and first bytes are sent, the rest held back: it keeps its place until destroyed. */
async function heldUpload(): Promise<net.Socket> {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  socket.write(
    `POST /v1/in-depth/batch/upload HTTP/1.1\r\nHost: x\r\nX-API-Key: ${key}\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: 100000\r\n\r\n` +
      '--b\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\nlocation\r\n',
  );
  return socket;
}

/** A raw connection that collects what the server sends, and waits for a whole response (Content-Length framing). */
async function rawConnection() {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  let text = '';
  socket.on('data', (d) => (text += d.toString()));
  const responses = async (count: number): Promise<string> => {
    for (;;) {
      let at = 0;
      let whole = 0;
      for (; whole < count; whole++) {
        const head = text.indexOf('\r\n\r\n', at);
        const length = head < 0 ? null : /content-length: (\d+)/i.exec(text.slice(at, head));
        if (!length || text.length < head + 4 + Number(length[1])) break;
        at = head + 4 + Number(length[1]);
      }
      if (whole === count) return text;
      await new Promise((resolve) => socket.once('data', resolve));
    }
  };
  return { socket, responses };
}

describe('uploads at once', () => {
  it(`refuses upload ${LIMITS.uploadsInFlight + 1} with 503 uploads_busy and Retry-After, before reading its body, keeping the connection`, async () => {
    const gate = t.app.intake.uploads;
    const held: net.Socket[] = [];
    for (let i = 0; i < LIMITS.uploadsInFlight; i++) held.push(await heldUpload());
    while (gate.receiving < LIMITS.uploadsInFlight) await new Promise((resolve) => setTimeout(resolve, 5));
    // The refusal comes while the body is still being sent; the rest of it is read and dropped, so the
    // client gets the answer rather than a reset, and the connection stays in step for the next request.
    const refused = await rawConnection();
    const first = '--b\r\n';
    refused.socket.write(`POST /v1/in-depth/batch/upload HTTP/1.1\r\nHost: x\r\nX-API-Key: ${key}\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: 100000\r\n\r\n${first}`);
    const text = await refused.responses(1);
    assert.match(text, /^HTTP\/1\.1 503 Service Unavailable\r\n/);
    assert.match(text, /\r\nretry-after: 5\r\n/i);
    assert.doesNotMatch(text, /\r\nConnection: close\r\n/i);
    refused.socket.write(`${'x'.repeat(100_000 - first.length)}GET /health HTTP/1.1\r\nHost: x\r\n\r\n`);
    assert.match(await refused.responses(2), /\r\n\r\n\{"message":"ok"\}$/, 'the next request on the connection is answered');
    refused.socket.destroy();
    const body = JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4));
    assert.equal(body.error.code, 'uploads_busy');
    assert.equal(body.error.retry_after_seconds, LIMITS.uploadsBusyRetrySeconds);

    // One place freed (its client gone), and the next upload goes through.
    held.pop()!.destroy();
    while (gate.receiving === LIMITS.uploadsInFlight) await new Promise((resolve) => setTimeout(resolve, 5));
    const res = await upload(t.url, key, 'location\nParis\n');
    assert.equal(res.status, 200, JSON.stringify(res.body));
    for (const socket of held) socket.destroy();
  });

  it(`checks the rows of at most ${LIMITS.uploadChecksAtOnce} uploads at a time, the others waiting their turn`, async () => {
    const gate = new UploadGate(10, 2);
    let running = 0;
    let most = 0;
    const releases = Array.from({ length: 5 }, () => deferred());
    const started: number[] = [];
    const all = releases.map((release, i) =>
      gate.check(async () => {
        started.push(i);
        most = Math.max(most, ++running);
        await release.promise;
        running--;
      }),
    );
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(started, [0, 1]);
    releases[1]!.resolve();
    while (started.length < 3) await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(started, [0, 1, 2], 'the next in arrival order');
    for (const r of releases) r.resolve();
    await Promise.all(all);
    assert.equal(most, 2);
  });
});
