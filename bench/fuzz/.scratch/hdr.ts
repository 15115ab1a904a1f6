import { exchange } from '../wire.js';
import { startTestApp } from '../../../test/helpers/app.js';
import type { Route } from '../../../src/http/types.js';
const echo: Route = { method: 'GET', path: '/echo', auth: null, handler: (ctx) => ({ body: { v: ctx.headers['x-v'] ?? null, hex: Buffer.from(ctx.headers['x-v'] ?? '', 'latin1').toString('hex'), utf8hex: Buffer.from(ctx.headers['x-v'] ?? '', 'utf8').toString('hex') } }) };
const t = await startTestApp({}, { extraRoutes: [echo], worker: false });
const port = Number(new URL(t.url).port);
for (const v of ['été', 'aéb', 'éa', 'aé', 'ключ', '\u00a0x\u00a0', 'x\u0085', '\u2028t', 'é']) {
  const r = await exchange(Buffer.from(`GET /echo HTTP/1.1\r\nHost: x\r\nX-V: ${v}\r\n\r\n`, 'utf8'), { port, head: false, timeoutMs: 3000 });
  console.log(JSON.stringify(v), Buffer.from(v).toString('hex'), r.kind === 'response' ? r.response.body.toString() : r.kind);
}
await t.close();
