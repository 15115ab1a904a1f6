import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from '../helpers/harness.js';
import { startTestApp, tempDir, type TestApp } from '../helpers/app.js';
import { writeFixtureTables } from '../helpers/fixture-tables.js';
import { normalizeEvents } from '../../src/api/in-depth/events.js';
import { runInDepth, type InDepthMode } from '../../src/api/in-depth/run.js';
import { decode } from '@msgpack/msgpack';
import { encodeBody } from '../../src/http/encode.js';
import { packMsgpack } from '../../src/http/msgpack.js';
import { perilDef, type PerilName } from '../../src/engine/perils.js';
import { Ajv } from 'ajv';
import { InDepthResponse, ResultSchema } from '../../src/api/in-depth/schema.js';

/**
 * Issue 18: the in-depth answer writes its own JSON and MessagePack (src/api/in-depth/answer.ts),
 * which must be JSON.stringify's text (UTF-8) and msgpackr's bytes of the very object the run
 * built, in every mode and with failures beside results.
 */
let t: TestApp;
let perils: PerilName[];
const CLOCK = Date.UTC(2026, 5, 30, 12);
const EVENTS = [
  { latitude: 25.76, longitude: -80.19, tag: 'Miami – HQ' },
  { latitude: 51.5, longitude: -0.12, start_date: '2026-07-01', end_date: '2026-07-09', start_hour: 6, end_hour: 17 },
  { latitude: -33.8688, longitude: 151.20929999999998 },
  { location: 'Qwxzv Plorkville' },
  { latitude: 0.000001, longitude: -179.99999 },
];

before(async () => {
  const dir = tempDir();
  perils = [...writeFixtureTables(path.join(dir, 'tables')).keys()];
  t = await startTestApp({ dataDir: dir, tablesDir: path.join(dir, 'tables') }, { clock: () => CLOCK });
});
after(() => t.close());

async function answer(mode: InDepthMode, modePerils: PerilName[]) {
  const events = normalizeEvents(EVENTS.map((e) => ({ ...e, ...(mode === 'v2' ? {} : { start_date: '2026-07-01', end_date: '2026-07-03' }) })), mode === 'v2' ? 'policy_year' : 'today', CLOCK);
  return (await runInDepth(t.app.engine, t.app.geocoder, { mode, perils: modePerils, events, windowDays: mode === 'v2' ? 0 : 2 })).body;
}

describe('In-depth answer encodings', () => {
  for (const mode of ['v2', 'daily', 'expanding'] as const) {
    it(`is JSON.stringify's text and msgpackr's bytes of the ${mode} answer, results and failed items together`, async () => {
      const modePerils = mode === 'expanding' ? perils.filter((p) => perilDef(p).cumulative) : perils;
      const body = await answer(mode, modePerils);
      assert.ok(body.results.length > 0 && body.failed_items.length > 0, 'the answer has both curves and failures');
      const payload = encodeBody(body, undefined).payload;
      assert.ok(payload instanceof Uint8Array);
      assert.equal(Buffer.from(payload).toString('utf8'), JSON.stringify(body));
      assert.deepEqual(Buffer.from(payload), Buffer.from(JSON.stringify(body), 'utf8'));
      const plain = { results: body.results, failed_items: body.failed_items, metadata: body.metadata };
      const packed = encodeBody(body, 'application/msgpack').payload;
      assert.ok(packed instanceof Uint8Array);
      assert.deepEqual(Buffer.from(packed), Buffer.from(packMsgpack(plain)));
      assert.deepEqual(decode(packed), JSON.parse(JSON.stringify(plain)));
    });
  }
});

describe('In-depth answer against its response schema', () => {
  const check = new Ajv({ strict: false }).compile(InDepthResponse);
  const schemaOrder = Object.keys(ResultSchema.properties);
  const optional = { v2: ['return_period'], daily: ['return_period'], expanding: ['window_index'] } as const;
  for (const mode of ['v2', 'daily', 'expanding'] as const) {
    it(`${mode}: both encodings hold exactly the schema's members, in its order`, async () => {
      const modePerils = mode === 'expanding' ? perils.filter((p) => perilDef(p).cumulative) : perils;
      const body = await answer(mode, modePerils);
      const required: readonly string[] = ResultSchema.required ?? [];
      const expectedKeys = schemaOrder.filter((k) => required.includes(k) || (optional[mode] as readonly string[]).includes(k));
      const fromJson = JSON.parse(Buffer.from(encodeBody(body, undefined).payload as Uint8Array).toString('utf8'));
      const fromMsgpack = decode(encodeBody(body, 'application/msgpack').payload as Uint8Array) as typeof fromJson;
      for (const [encoding, decoded] of [['JSON', fromJson], ['MessagePack', fromMsgpack]] as const) {
        assert.ok(check(decoded), `${encoding}: ${JSON.stringify(check.errors)}`);
        for (const result of decoded.results) assert.deepEqual(Object.keys(result), expectedKeys, `${encoding} result members`);
      }
    });
  }
});
