import { exchange } from '../wire.js';
import { startFuzzTarget } from '../target.js';
const t = await startFuzzTarget();
for (const idem of ['\u00e9t\u00e9', 'a b', 'ключ', '']) {
  const body = JSON.stringify({ file_id: t.tokens.FILE_A, calculation_method: 'return_period', flood_plus: false });
  const req = Buffer.from(`POST /v1/lite/batch HTTP/1.1\r\nHost: x\r\nX-API-Key: ${t.tokens.KEY}\r\nIdempotency-Key: ${idem}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`, 'utf8');
  const r = await exchange(req, { port: t.port, head: false, timeoutMs: 5000 });
  console.log(JSON.stringify(idem), r.kind === 'response' ? r.response.status + ' ' + r.response.body.toString() : r.kind);
}
console.log(t.db.prepare('select idempotency_key, hex(idempotency_key) h from jobs').all());
await t.close();
