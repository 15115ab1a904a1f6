import net from 'node:net';
import path from 'node:path';
import { startTestApp, tempDir } from '../../../test/helpers/app.js';
import { writeFixtureTables } from '../../../test/helpers/fixture-tables.js';

const dir = tempDir();
writeFixtureTables(path.join(dir, 'tables'));
const t = await startTestApp({ dataDir: dir, tablesDir: path.join(dir, 'tables') }, { worker: false });
const key = t.key();
const port = Number(new URL(t.url).port);
process.on('uncaughtException', (e) => console.log('UNCAUGHT', e));
process.on('unhandledRejection', (e) => console.log('UNHANDLED', e));

function raw(bytes: Buffer | string, ms = 1500): Promise<string> {
  return new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => { s.destroy(); resolve('TIMEOUT ' + Buffer.concat(chunks).toString('latin1').slice(0, 300)); }, ms);
    s.on('data', (c) => chunks.push(c));
    s.on('close', () => { clearTimeout(timer); resolve('CLOSED ' + Buffer.concat(chunks).toString('latin1').slice(0, 400)); });
    s.on('error', (e) => { clearTimeout(timer); resolve('ERR ' + e.message + ' ' + Buffer.concat(chunks).toString('latin1').slice(0, 300)); });
    s.write(bytes);
  });
}
const k = `X-API-Key: ${key}\r\n`;
const tests: [string, string | Buffer][] = [
  ['deep array', (() => { const b = '['.repeat(400000) + ']'.repeat(400000); return `POST /v2/in-depth HTTP/1.1\r\nHost: x\r\n${k}Content-Type: application/json\r\nContent-Length: ${b.length}\r\nConnection: close\r\n\r\n${b}`; })()],
  ['deep obj', (() => { const b = '{"a":'.repeat(150000) + '1' + '}'.repeat(150000); return `POST /v2/in-depth HTTP/1.1\r\nHost: x\r\n${k}Content-Type: application/json\r\nContent-Length: ${b.length}\r\nConnection: close\r\n\r\n${b}`; })()],
  ['garbage', 'HELLO\r\n\r\n'],
  ['http10', 'GET /health HTTP/1.0\r\n\r\n'],
  ['dup cl', `POST /v2/in-depth HTTP/1.1\r\nHost: x\r\n${k}Content-Length: 2\r\nContent-Length: 5\r\n\r\n{}abc`],
  ['huge header', `GET /health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(100000)}\r\n\r\n`],
  ['long url', `GET /health?${'a'.repeat(100000)} HTTP/1.1\r\nHost: x\r\n\r\n`],
  ['nul in path', `GET /he\0alth HTTP/1.1\r\nHost: x\r\n\r\n`],
  ['utf8 path', `GET /v1/lite?location=${'é'} HTTP/1.1\r\nHost: x\r\n${k}\r\n`],
  ['bare lf', `GET /health HTTP/1.1\nHost: x\n\n`],
  ['te+cl', `POST /v2/in-depth HTTP/1.1\r\nHost: x\r\n${k}Transfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n0\r\n\r\n`],
  ['bad chunk', `POST /v2/in-depth HTTP/1.1\r\nHost: x\r\n${k}Transfer-Encoding: chunked\r\n\r\nzz\r\nabc\r\n0\r\n\r\n`],
  ['no host', `GET /health HTTP/1.1\r\n\r\n`],
  ['lower method', `get /health HTTP/1.1\r\nHost: x\r\n\r\n`],
  ['odd method', `BREW /health HTTP/1.1\r\nHost: x\r\n\r\n`],
  ['msgpack 404', `GET /nope HTTP/1.1\r\nHost: x\r\nAccept: application/msgpack\r\n\r\n`],
  ['nul header', `GET /v1/perils HTTP/1.1\r\nHost: x\r\nX-API-Key: a\0b\r\n\r\n`],
  ['traversal', `GET /ui/..%2f..%2fpackage.json HTTP/1.1\r\nHost: x\r\n\r\n`],
  ['traversal2', `GET /ui/../../package.json HTTP/1.1\r\nHost: x\r\n\r\n`],
  ['abs uri', `GET http://x/health HTTP/1.1\r\nHost: x\r\n\r\n`],
  ['pct bad', `GET /v1/in-depth/batch/%E0%A4%A HTTP/1.1\r\nHost: x\r\n${k}\r\n`],
];
for (const [name, req] of tests) console.log(name, '=>', JSON.stringify((await raw(req)).slice(0, 400)));
const r = await fetch(`${t.url}/health`); console.log('health', r.status);
await t.close();
