import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { after, before, describe, it } from '../helpers/harness.js';
import Database from 'better-sqlite3';
import { call, startTestApp, tempDir, type TestApp } from '../helpers/app.js';
import type { Route } from '../../src/http/types.js';
import { requirePerils } from '../../src/auth/licence.js';
import { KeyStore } from '../../src/auth/keys.js';
import { SqliteStore } from '../../src/store/sqlite/index.js';
import { PERIL_NAMES, type PerilName } from '../../src/engine/perils.js';

const run = promisify(execFile);
const CLI = path.resolve('src/cli.ts');

const liteOnly: Route = { method: 'GET', path: '/test/lite', auth: { mode: 'lite' }, handler: () => ({ body: { ok: true } }) };
const historic: Route = { method: 'GET', path: '/test/historic', auth: { mode: 'historic', denied: 'historic_not_permitted' }, handler: () => ({ body: { ok: true } }) };
const perilRoute: Route = {
  method: 'POST',
  path: '/test/perils',
  auth: { mode: 'in_depth' },
  body: 'json',
  handler: (ctx) => {
    requirePerils(ctx.principal!, (ctx.body as { perils: PerilName[] }).perils);
    return { body: { ok: true } };
  },
};

describe('keys and licences over HTTP', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp({}, { extraRoutes: [liteOnly, historic, perilRoute] });
  });
  after(() => t.close());

  const expectError = async (res: Promise<{ status: number; body: any }>, status: number, code: string, field: string | null = null) => {
    const r = await res;
    assert.equal(r.status, status, JSON.stringify(r.body));
    assert.equal(r.body.error.status, status);
    assert.equal(r.body.error.code, code);
    assert.equal(r.body.error.field, field);
  };

  it('no key → 401 missing_api_key', () => expectError(call(`${t.url}/v1/perils`), 401, 'missing_api_key'));

  it('malformed, unknown and tampered keys → 401 invalid_api_key', async () => {
    const good = await t.key();
    await expectError(call(`${t.url}/v1/perils`, { key: 'not-a-key' }), 401, 'invalid_api_key');
    await expectError(call(`${t.url}/v1/perils`, { key: `hzr_000000000000_${'A'.repeat(43)}` }), 401, 'invalid_api_key');
    const tampered = good.slice(0, -1) + (good.endsWith('A') ? 'B' : 'A');
    await expectError(call(`${t.url}/v1/perils`, { key: tampered }), 401, 'invalid_api_key');
  });

  it('expired key → 401 expired_api_key; default lifetime is one year', async () => {
    const old = await t.key({ now: Date.now() - 366 * 86_400_000 });
    await expectError(call(`${t.url}/v1/perils`, { key: old }), 401, 'expired_api_key');
    const fresh = await t.key({ now: Date.now() - 364 * 86_400_000 });
    assert.equal((await call(`${t.url}/v1/perils`, { key: fresh })).status, 200);
  });

  it('revoked key → 401 revoked_api_key', async () => {
    const key = await t.key();
    const id = key.split('_')[1]!;
    assert.equal((await call(`${t.url}/v1/perils`, { key })).status, 200);
    assert.equal(await t.app.keys.revoke(id), true);
    await expectError(call(`${t.url}/v1/perils`, { key }), 401, 'revoked_api_key');
  });

  it('valid key without the mode → 403 mode_not_licensed; historic → 401', async () => {
    const key = await t.key({ modes: ['in_depth'] });
    await expectError(call(`${t.url}/test/lite`, { key }), 403, 'mode_not_licensed');
    await expectError(call(`${t.url}/test/historic`, { key }), 401, 'historic_not_permitted');
    const both = await t.key({ modes: ['lite', 'historic'] });
    assert.equal((await call(`${t.url}/test/lite`, { key: both })).status, 200);
    assert.equal((await call(`${t.url}/test/historic`, { key: both })).status, 200);
  });

  it('unlicensed but known peril → 403 naming the peril and its field', async () => {
    const key = await t.key({ perils: ['Earthquake', 'Rain'] });
    await expectError(call(`${t.url}/test/perils`, { key, method: 'POST', json: { perils: ['Rain', 'Hail'] } }), 403, 'peril_not_licensed', 'perils[1]');
    const r = await call(`${t.url}/test/perils`, { key, method: 'POST', json: { perils: ['Rain', 'Hail'] } });
    assert.match(r.body.error.message, /Hail/);
    assert.equal((await call(`${t.url}/test/perils`, { key, method: 'POST', json: { perils: ['Earthquake'] } })).status, 200);
  });

  it('auth is checked before the body is read', async () => {
    await expectError(call(`${t.url}/test/perils`, { method: 'POST', body: '{broken' }), 401, 'missing_api_key');
  });

  it('GET /v1/perils gives the Lite thresholds of Rain and MaxWindGust at damage onset, with their basis and sources', async () => {
    const key = await t.key({ perils: ['Rain', 'MaxWindGust'], modes: ['lite'] });
    const res = await call(`${t.url}/v1/perils`, { key });
    assert.equal(res.status, 200);
    const [rain, gust] = res.body.perils;
    assert.deepEqual([rain.name, rain.lite_threshold.threshold, rain.lite_threshold.description], ['Rain', 150, 'a day with 150 mm of rain or more']);
    assert.match(rain.lite_threshold.basis, /^project choice at the onset of pluvial flood damage: .*HEC-22.*Sewers for Adoption/);
    assert.deepEqual([gust.name, gust.lite_threshold.threshold, gust.lite_threshold.description], ['MaxWindGust', 40, 'a 3-second gust of 40 m/s (90 mph) or more']);
    assert.match(gust.lite_threshold.basis, /^project choice at the onset of structural damage: .*Enhanced Fujita EF1.*ASCE 7-10/);
    assert.ok(rain.thresholds.includes(150) && gust.thresholds.includes(40), 'each Lite threshold is one of the table thresholds');
  });

  it('GET /v1/perils lists only the licensed perils, with modes narrowed to the licence', async () => {
    const key = await t.key({ perils: ['TropicalCyclone', 'CumulativeRain'], modes: ['in_depth', 'lite'] });
    const res = await call(`${t.url}/v1/perils`, { key });
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.perils.map((p: any) => p.name), ['TropicalCyclone', 'CumulativeRain']);
    const tc = res.body.perils[0];
    assert.deepEqual(tc.thresholds, ['CAT0', 'CAT1', 'CAT2', 'CAT3', 'CAT4', 'CAT5']);
    assert.equal(tc.unit, 'CAT0,CAT1,CAT2,CAT3,CAT4,CAT5');
    assert.equal(tc.threshold_type, 'string');
    assert.deepEqual(tc.lite_threshold, { threshold: 'CAT3', description: tc.lite_threshold.description, basis: 'fixed by the service specification', us_only: false, flood_plus: false });
    assert.deepEqual(tc.modes, ['in_depth', 'lite']);
    const rain = res.body.perils[1];
    assert.equal(rain.unit, 'mm');
    assert.equal(rain.threshold_type, 'number');
    assert.equal(rain.cumulative, true);
    assert.equal(rain.lite_threshold, null);
    assert.deepEqual(rain.modes, ['in_depth']);
  });

  it('remembers a verified key for one second: same-process revocation is immediate, another process\'s within the second, expiry always', async () => {
    const now = Date.now();
    const key = await t.key({ now: now - 365 * 86_400_000 + 500 });
    const principal = t.app.keys.authenticate(key, now);
    assert.equal(t.app.keys.authenticate(key, now + 100), principal, 'served from the cache');
    assert.throws(() => t.app.keys.authenticate(key, now + 600), (e: any) => e.code === 'expired_api_key');
    const other = await t.key();
    t.app.keys.authenticate(other, now);
    const otherProcess = SqliteStore.open(path.join(t.dataDir, 'hazrisk.db'));
    await new KeyStore(otherProcess.keys).revoke(other.split('_')[1]!, now);
    await otherProcess.close();
    assert.ok(t.app.keys.authenticate(other, now + 999), 'still cached within the second');
    assert.throws(() => t.app.keys.authenticate(other, now + 1001), (e: any) => e.code === 'revoked_api_key');
    const third = await t.key();
    t.app.keys.authenticate(third, now);
    const revoked = t.app.keys.revoke(third.split('_')[1]!, now);
    assert.throws(() => t.app.keys.authenticate(third, now + 1), (e: any) => e.code === 'revoked_api_key');
    assert.equal(await revoked, true);
  });

  it('stores only SHA-256 hashes, never the key or its secret', async () => {
    const key = await t.key({ owner: 'hash-check' });
    const secret = key.split('_').slice(2).join('_');
    const db = new Database(path.join(t.dataDir, 'hazrisk.db'), { readonly: true });
    try {
      const rows = db.prepare('SELECT * FROM api_keys').all() as Record<string, unknown>[];
      const dump = JSON.stringify(rows);
      assert.ok(!dump.includes(secret), 'secret found in the database');
      const row = rows.find((r) => r.owner === 'hash-check')!;
      assert.equal(row.key_hash, crypto.createHash('sha256').update(key).digest('hex'));
      assert.equal(row.id, key.split('_')[1]);
    } finally {
      db.close();
    }
  });
});

describe('hazrisk keys CLI', () => {
  it('creates (printing the key once), lists and revokes keys that the server then honours', async () => {
    const dataDir = tempDir();
    const cli = (...args: string[]) => run(process.execPath, ['--import', 'tsx', CLI, ...args, '--data-dir', dataDir]);
    const created = JSON.parse((await cli('keys', 'create', '--owner', 'broker-1', '--perils', 'Earthquake,Hail', '--modes', 'lite', '--expires-days', '30', '--json')).stdout);
    assert.match(created.key, /^hzr_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/);
    assert.deepEqual(created.perils, ['Earthquake', 'Hail']);
    assert.deepEqual(created.modes, ['lite']);
    assert.equal(created.flood_plus, false);
    const days = (Date.parse(created.expires_at) - Date.parse(created.issued_at)) / 86_400_000;
    assert.equal(days, 30);

    const listed = JSON.parse((await cli('keys', 'list', '--json')).stdout);
    assert.equal(listed.length, 1);
    assert.equal(listed[0].id, created.id);
    assert.ok(!JSON.stringify(listed).includes(created.key));

    const t = await startTestApp({ dataDir });
    try {
      const res = await call(`${t.url}/v1/perils`, { key: created.key });
      assert.equal(res.status, 200);
      assert.deepEqual(res.body.perils.map((p: any) => p.name), ['Earthquake', 'Hail']);
      assert.equal((await cli('keys', 'revoke', created.id)).stdout.trim(), `Revoked key ${created.id}`);
      assert.equal((await call(`${t.url}/v1/perils`, { key: created.key })).status, 401);
    } finally {
      await t.close();
    }
  });

  it('rejects unknown peril names and a missing owner with exit code 2', async () => {
    const dataDir = tempDir();
    const cli = (...args: string[]) => run(process.execPath, ['--import', 'tsx', CLI, ...args, '--data-dir', dataDir]);
    await assert.rejects(cli('keys', 'create', '--owner', 'x', '--perils', 'Volcano'), (err: any) => err.code === 2 && /Volcano/.test(err.stderr));
    await assert.rejects(cli('keys', 'create'), (err: any) => err.code === 2 && /--owner/.test(err.stderr));
  });

  it('the registry names all eleven perils', () => {
    assert.deepEqual([...PERIL_NAMES], ['TropicalCyclone', 'Wildfire', 'Earthquake', 'FloodLivePlus', 'Hail', 'USTornado', 'Tornado', 'Rain', 'MaxWindGust', 'CumulativeRain', 'Cumulativesnow']);
  });
});
