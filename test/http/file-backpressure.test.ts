/**
 * A file answer under backpressure over a real 1500-byte-MTU link (the
 * cluster test's CI failure: a results CSV downloaded gzip from the API host
 * failed its CRC, "incorrect data check"). Over loopback (MTU 64 KiB) the
 * kernel's send buffer takes a 256 KiB chunk whenever the socket turns
 * writable, so the retry path is hardly used; over a veth it is, and uWS
 * 20.30's onWritable quirk (src/http/file-sender.ts) lost part of a chunk in
 * every large download. Here the server runs in this process on the bridge of
 * a test network and a slow client runs in a network namespace; the client
 * gunzips as it reads, so a corrupt body ends the download with zlib's error
 * rather than a wait for bytes that never come.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { after, describe, it } from '../helpers/harness.js';
import { tempDir } from '../helpers/app.js';
import { createNetwork, netnsSkip, type TestNetwork } from '../helpers/netns.js';
import { openFile } from '../../src/http/file-sender.js';
import { listen, type HttpListener } from '../../src/http/uws.js';

const skip = netnsSkip('file answers under backpressure over a 1500-byte MTU');
const run = promisify(execFile);

/**
 * GET argv[1] with a reader that lets the data back up (it waits before reading, and pauses now and then), feeding the
 * body to gunzip; prints {bytes, sha256, plain_sha256} or {error}. The pauses only make backpressure likely; nothing
 * is asserted on time.
 */
const CLIENT = `
const net = require('node:net'), zlib = require('node:zlib'), crypto = require('node:crypto');
const url = new URL(process.argv[1]);
const raw = crypto.createHash('sha256'), plain = crypto.createHash('sha256');
let head = Buffer.alloc(0), inBody = false, bytes = 0, events = 0, reported = false;
const report = (r) => { if (!reported) { reported = true; process.stdout.write(JSON.stringify(r)); process.exit(0); } };
const gunzip = zlib.createGunzip();
gunzip.on('data', (d) => plain.update(d));
gunzip.on('error', (e) => report({ error: e.message, bytes }));
gunzip.on('end', () => report({ bytes, sha256: raw.digest('hex'), plain_sha256: plain.digest('hex') }));
const sock = net.connect(Number(url.port), url.hostname);
sock.pause();
setTimeout(() => sock.resume(), 300);
sock.setTimeout(30000, () => report({ error: 'stalled', bytes }));
const body = (b) => { bytes += b.length; raw.update(b); gunzip.write(b); };
sock.on('data', (chunk) => {
  if (++events % 4 === 0) { sock.pause(); setTimeout(() => sock.resume(), 10); }
  if (inBody) return body(chunk);
  head = Buffer.concat([head, chunk]);
  const at = head.indexOf('\\r\\n\\r\\n');
  if (at < 0) return;
  inBody = true;
  if (at + 4 < head.length) body(head.subarray(at + 4));
});
sock.on('end', () => gunzip.end());
sock.write('GET ' + url.pathname + ' HTTP/1.1\\r\\nHost: ' + url.host + '\\r\\nConnection: close\\r\\n\\r\\n');
`;

let network: TestNetwork | undefined;
let server: HttpListener | undefined;
after(async () => {
  server?.close();
  await network?.remove();
});

describe('file answers under backpressure over a 1500-byte MTU', () => {
  it('a large gzip file reaches a slow client whole: every byte once, in order, and it gunzips', { skip }, async () => {
    // ~24 MB of CSV rows, ~3.5 MB gzip: many 256 KiB chunks, most of them written in parts.
    const rows = Array.from({ length: 200_000 }, (_, i) => `${i},${(Math.sin(i) * 90).toFixed(5)},${(Math.cos(i * 1.3) * 180).toFixed(5)},site-${i % 977},${crypto.randomBytes(3).toString('hex')}`);
    const csv = Buffer.from(rows.join('\n'));
    const file = path.join(tempDir(), 'results.csv.gz');
    fs.writeFileSync(file, zlib.gzipSync(csv));
    const gz = fs.readFileSync(file);
    const sha = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');

    network = await createNetwork(['client']);
    server = await listen(network.bridgeAddress, 0, (ex) => {
      ex.onAbort(() => undefined);
      void ex.respondFile(200, { 'content-type': 'text/csv', 'content-encoding': 'gzip' }, openFile(file)!);
    });
    const url = `http://${network.bridgeAddress}:${server.port}/results.csv`;
    // Three at once, as the cluster test's downloads go side by side.
    const results = await Promise.all(
      [0, 1, 2].map(async () => {
        const [cmd, ...args] = [...network!.launcher('client'), process.execPath, '-e', CLIENT, url];
        return JSON.parse((await run(cmd!, args, { maxBuffer: 1 << 20 })).stdout) as { error?: string; bytes: number; sha256?: string; plain_sha256?: string };
      }),
    );
    for (const result of results) {
      assert.equal(result.error, undefined, `the body gunzips (${result.bytes} of ${gz.length} bytes received)`);
      assert.deepEqual([result.bytes, result.sha256, result.plain_sha256], [gz.length, sha(gz), sha(csv)]);
    }
  });
});
