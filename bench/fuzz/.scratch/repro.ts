import { exchange, preview } from '../wire.js';
import { startTestApp } from '../../../test/helpers/app.js';
const escapes: string[] = [];
process.on('uncaughtException', (e) => escapes.push(String((e as Error).stack).split('\n').slice(0, 3).join(' | ')));
process.on('unhandledRejection', (e) => escapes.push('REJ ' + String((e as Error).stack).split('\n').slice(0, 3).join(' | ')));
const t = await startTestApp({}, { worker: false });
const key = t.key();
const port = Number(new URL(t.url).port);
async function send(name: string, bytes: Buffer) {
  const before = escapes.length;
  const r = await exchange(bytes, { port, head: false, timeoutMs: 5000 });
  await new Promise((res) => setTimeout(res, 300));
  console.log(`\n== ${name}: ${r.kind === 'response' ? preview(Buffer.from(r.response.head.split('\r\n')[0]! + ' ' + r.response.body.toString())) : r.kind}`);
  for (const e of escapes.slice(before)) console.log('   ESCAPED:', e);
}
const deep = '['.repeat(6000) + ']'.repeat(6000);
await send('A deep JSON', Buffer.from(`POST /v2/in-depth HTTP/1.1\r\nHost: x\r\nX-API-Key: ${key}\r\nContent-Type: application/json\r\nContent-Length: ${deep.length}\r\n\r\n${deep}`));
await send('B declared CL over limit, text/csv, no body', Buffer.from(`POST /v1/in-depth/batch/upload HTTP/1.1\r\nHost: x\r\nX-API-Key: ${key}\r\nContent-Type: text/csv\r\nContent-Length: 70000000\r\n\r\n`));
await send('B2 declared CL over limit, multipart, no body', Buffer.from(`POST /v1/in-depth/batch/upload HTTP/1.1\r\nHost: x\r\nX-API-Key: ${key}\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: 70000000\r\n\r\n`));
const big = 'latitude,longitude\n' + '1,2\n'.repeat(100_000);
await send('C multipart without boundary, 400 kB body', Buffer.from(`POST /v1/in-depth/batch/upload HTTP/1.1\r\nHost: x\r\nX-API-Key: ${key}\r\nContent-Type: multipart/form-data\r\nContent-Length: ${big.length}\r\n\r\n${big}`));
await send('C2 text/csv, 400 kB body', Buffer.from(`POST /v1/lite/batch/upload HTTP/1.1\r\nHost: x\r\nX-API-Key: ${key}\r\nContent-Type: text/csv\r\nContent-Length: ${big.length}\r\n\r\n${big}`));
const r = await exchange(Buffer.from('GET /health HTTP/1.1\r\nHost: x\r\n\r\n'), { port, head: false, timeoutMs: 3000 });
console.log('\nhealth', r.kind === 'response' ? r.response.status : r.kind);
await t.close();
