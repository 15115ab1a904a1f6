import path from 'node:path';
import { startTestApp, tempDir } from '../../../test/helpers/app.js';
const t = await startTestApp({}, { worker: false });
const key = t.key();
for (const [route, depth] of [['/v2/in-depth', 6000], ['/v1/in-depth/batch', 6000], ['/v1/historic-events/Tornado/shapes', 6000], ['/v2/in-depth', 3000]] as const) {
  const body = '['.repeat(depth) + ']'.repeat(depth);
  const r = await fetch(t.url + route, { method: 'POST', body, headers: { 'x-api-key': key } });
  console.log(route, depth, r.status, (await r.text()).slice(0, 100));
  const body2 = '{"perils":' + '['.repeat(depth) + ']'.repeat(depth) + '}';
  const r2 = await fetch(t.url + route, { method: 'POST', body: body2, headers: { 'x-api-key': key } });
  console.log(route, 'inner', depth, r2.status, (await r2.text()).slice(0, 100));
}
await t.close();
