import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from '../helpers/harness.js';
import { decimalYears, percentOf, wholeYears, yearsOf } from '../helpers/oracle.js';
import { decode } from '@msgpack/msgpack';
import { call, startTestApp, tempDir, type TestApp } from '../helpers/app.js';
import { writeFixtureTables } from '../helpers/fixture-tables.js';
import { daysFromCivil, parseIsoDate } from '../../src/engine/calendar.js';
import { cellIndex } from '../../src/engine/grid.js';
import { referenceDailyMean, referenceExpanding, referenceWindow } from '../../src/engine/reference.js';
import { perilDef, type PerilName } from '../../src/engine/perils.js';
import type { HazardTable } from '../../src/engine/table-spec.js';

const MIAMI = { latitude: 25.76, longitude: -80.19 };
const LONDON = { latitude: 51.5, longitude: -0.12 };
const NOWHERE = 'Qwxzv Plorkville';
// 2026-06-30 23:30 UTC is 00:30 on 1 July in London (BST).
const CLOCK = Date.UTC(2026, 5, 30, 23, 30);

let t: TestApp;
let key: string;
let tables: Map<PerilName, HazardTable>;

function row(peril: PerilName, where: { latitude: number; longitude: number }): number {
  const table = tables.get(peril)!;
  return table.cellRow[cellIndex(table.grid, where.latitude, where.longitude)]!;
}

function expectedWindow(peril: PerilName, where: { latitude: number; longitude: number }, start: string, end: string, h0 = 0, h1 = 23) {
  const table = tables.get(peril)!;
  const startDay = parseIsoDate(start)!;
  const endDay = parseIsoDate(end)!;
  const p = referenceWindow(table, row(peril, where), { startDay, endDay, startHour: h0, endHour: h1 });
  const accumulation = perilDef(peril).modelType === 'accumulation';
  const years = yearsOf(endDay - startDay + 1, accumulation ? 0 : h0, accumulation ? 23 : h1);
  return { probability: p.map(percentOf), return_period: p.map((x) => wholeYears(x, years)) };
}

const post = (p: string, json: unknown, k = key) => call(`${t.url}${p}`, { method: 'POST', json, key: k });

before(async () => {
  const dir = tempDir();
  tables = writeFixtureTables(path.join(dir, 'tables'));
  t = await startTestApp({ dataDir: dir, tablesDir: path.join(dir, 'tables') }, { clock: () => CLOCK });
  key = await t.key();
});
after(() => t.close());

describe('POST /v2/in-depth', () => {
  it('returns the full curve per peril, numbers equal to the reference maths', async () => {
    const res = await post('/v2/in-depth', {
      perils: ['TropicalCyclone', 'Earthquake'],
      events: [{ ...MIAMI, start_date: '2027-01-01', end_date: '2027-12-31', tag: 'HQ' }],
    });
    assert.equal(res.status, 200);
    assert.deepEqual(Object.keys(res.body), ['results', 'failed_items', 'metadata']);
    assert.equal(res.body.results.length, 2);
    const [tc, eq] = res.body.results;
    assert.deepEqual(Object.keys(tc), ['index', 'peril', 'latitude', 'longitude', 'threshold', 'probability', 'return_period', 'unit']);
    assert.equal(tc.index, 0);
    assert.equal(tc.peril, 'TropicalCyclone');
    assert.equal(tc.latitude, MIAMI.latitude);
    assert.equal(tc.longitude, MIAMI.longitude);
    assert.deepEqual(tc.threshold, ['CAT0', 'CAT1', 'CAT2', 'CAT3', 'CAT4', 'CAT5']);
    assert.equal(tc.unit, 'CAT0,CAT1,CAT2,CAT3,CAT4,CAT5');
    assert.deepEqual({ probability: tc.probability, return_period: tc.return_period }, expectedWindow('TropicalCyclone', MIAMI, '2027-01-01', '2027-12-31'));
    assert.deepEqual({ probability: eq.probability, return_period: eq.return_period }, expectedWindow('Earthquake', MIAMI, '2027-01-01', '2027-12-31'));
    for (const rp of [...tc.return_period, ...eq.return_period]) assert.ok(Number.isInteger(rp) && rp >= 1);
    assert.deepEqual(res.body.failed_items, []);
    assert.equal(res.body.metadata.partial_failure, false);
    assert.match(res.body.metadata.model_versions.TropicalCyclone, /^[0-9a-f]{16}$/);
  });

  it('counts mixed outcomes exactly (rules 1–4) and answers 207', async () => {
    const res = await post('/v2/in-depth', {
      perils: ['TropicalCyclone', 'Earthquake', 'Hail'],
      events: [{ ...MIAMI }, { ...LONDON }, { location: NOWHERE }],
    });
    assert.equal(res.status, 207);
    assert.deepEqual(
      res.body.results.map((r: any) => [r.index, r.peril]),
      [[0, 'TropicalCyclone'], [0, 'Earthquake'], [0, 'Hail'], [1, 'Earthquake']],
    );
    assert.deepEqual(
      res.body.failed_items.map((f: any) => [f.index, f.stage, f.peril, f.window_index]),
      [[1, 'model_execution', 'TropicalCyclone', null], [1, 'model_execution', 'Hail', null], [2, 'geocoding', null, null]],
    );
    assert.match(res.body.failed_items[0].error, /^TropicalCyclone: no coverage/);
    assert.match(res.body.failed_items[2].error, /Qwxzv Plorkville/);
    const { model_versions, ...metadata } = res.body.metadata;
    assert.deepEqual(metadata, {
      total_requested: 3,
      successful: 2,
      failed: 3,
      partial_failure: true,
      event_outcomes: { requested: 3, successful: 1, partially_successful: 1, failed: 1 },
      peril_outcomes: { requested: 9, successful: 4, failed: 5 },
    });
    assert.deepEqual(Object.keys(model_versions), ['TropicalCyclone', 'Earthquake', 'Hail']);
  });

  it('answers 207 with empty results when every item failed', async () => {
    const res = await post('/v2/in-depth', { perils: ['Hail'], events: [{ ...LONDON }, { location: NOWHERE }] });
    assert.equal(res.status, 207);
    assert.deepEqual(res.body.results, []);
    assert.equal(res.body.failed_items.length, 2);
    assert.deepEqual(res.body.metadata.event_outcomes, { requested: 2, successful: 0, partially_successful: 0, failed: 2 });
    assert.equal(res.body.metadata.successful, 0);
  });

  it('defaults to a policy year from tomorrow in UK civil time (BST just after midnight)', async () => {
    const res = await post('/v2/in-depth', { perils: ['Wildfire'], events: [{ ...MIAMI }] });
    assert.equal(res.status, 200);
    // London date is 2026-07-01, so tomorrow is 2 July and the policy year ends on 1 July 2027.
    assert.deepEqual(res.body.results[0].probability, expectedWindow('Wildfire', MIAMI, '2026-07-02', '2027-07-01').probability);
  });

  it('keeps explicit dates, handles 29 February and hour windows', async () => {
    const res = await post('/v2/in-depth', {
      perils: ['USTornado'],
      events: [
        { ...MIAMI, start_date: '2028-02-28', end_date: '2028-03-01' },
        { ...MIAMI, start_date: '2027-05-01', end_date: '2027-05-31', start_hour: 13, end_hour: 18 },
        { ...MIAMI, start_date: '2027-05-01' },
      ],
    });
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.results[0].probability, expectedWindow('USTornado', MIAMI, '2028-02-28', '2028-03-01').probability);
    const hours = expectedWindow('USTornado', MIAMI, '2027-05-01', '2027-05-31', 13, 18);
    assert.deepEqual({ probability: res.body.results[1].probability, return_period: res.body.results[1].return_period }, hours);
    assert.deepEqual(res.body.results[2].probability, expectedWindow('USTornado', MIAMI, '2027-05-01', '2028-04-30').probability);
  });

  it('applies window_days as a lead-in for cumulative perils only', async () => {
    const res = await post('/v2/in-depth', {
      perils: ['CumulativeRain', 'Rain'],
      events: [{ ...MIAMI, start_date: '2027-03-10', end_date: '2027-03-12' }],
      window_days: 3,
    });
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.results[0].probability, expectedWindow('CumulativeRain', MIAMI, '2027-03-07', '2027-03-12').probability);
    assert.deepEqual(res.body.results[1].probability, expectedWindow('Rain', MIAMI, '2027-03-10', '2027-03-12').probability);
  });

  it('assigns indices from 0 around explicit ones', async () => {
    const res = await post('/v2/in-depth', { perils: ['Earthquake'], events: [{ ...MIAMI }, { ...MIAMI, index: 0 }, { ...LONDON }] });
    assert.deepEqual(res.body.results.map((r: any) => r.index), [1, 0, 2]);
  });

  it('geocodes place names and reports the resolved coordinates', async () => {
    const res = await post('/v2/in-depth', { perils: ['Earthquake'], events: [{ location: 'Miami, FL' }, { location: 'Miami, FL', latitude: 10 }] });
    assert.equal(res.status, 200);
    for (const r of res.body.results) {
      assert.ok(Math.abs(r.latitude - 25.77) < 0.2 && Math.abs(r.longitude + 80.19) < 0.2, `${r.latitude}, ${r.longitude}`);
    }
  });

  it('/v1/in-depth is the same contract as v2', async () => {
    const body = { perils: ['Earthquake'], events: [{ ...MIAMI, start_date: '2027-01-01' }] };
    const [a, b] = await Promise.all([post('/v2/in-depth', body), post('/v1/in-depth', body)]);
    assert.equal(b.status, 200);
    assert.deepEqual(b.body, a.body);
  });

  it('speaks msgpack when asked', async () => {
    const res = await fetch(`${t.url}/v2/in-depth`, {
      method: 'POST',
      headers: { 'x-api-key': key, accept: 'application/msgpack', 'content-type': 'application/json' },
      body: JSON.stringify({ perils: ['Earthquake'], events: [{ ...MIAMI }] }),
    });
    const body = decode(new Uint8Array(await res.arrayBuffer())) as any;
    assert.equal(res.status, 200);
    assert.equal(body.results[0].peril, 'Earthquake');
  });
});

describe('422s name the failing field', () => {
  const cases: [string, string, unknown, string][] = [
    ['unknown peril', '/v2/in-depth', { perils: ['Earthquake', 'Volcano'], events: [MIAMI] }, 'perils[1]'],
    ['duplicate peril', '/v2/in-depth', { perils: ['Earthquake', 'Earthquake'], events: [MIAMI] }, 'perils[1]'],
    ['missing perils', '/v2/in-depth', { events: [MIAMI] }, 'perils'],
    ['empty events', '/v2/in-depth', { perils: ['Earthquake'], events: [] }, 'events'],
    ['duplicate index', '/v2/in-depth', { perils: ['Earthquake'], events: [{ ...MIAMI, index: 4 }, { ...MIAMI, index: 4 }] }, 'events[1].index'],
    ['impossible date', '/v2/in-depth', { perils: ['Earthquake'], events: [{ ...MIAMI, start_date: '2027-02-29' }] }, 'events[0].start_date'],
    ['non-ISO date', '/v2/in-depth', { perils: ['Earthquake'], events: [{ ...MIAMI, end_date: '01/02/2027' }] }, 'events[0].end_date'],
    ['end before start', '/v1/in-depth/daily', { perils: ['Rain'], events: [{ ...MIAMI, start_date: '2027-02-02', end_date: '2027-02-01' }] }, 'events[0].end_date'],
    ['end_hour before start_hour', '/v2/in-depth', { perils: ['Earthquake'], events: [{ ...MIAMI, start_hour: 10, end_hour: 9 }] }, 'events[0].end_hour'],
    ['hour 24', '/v2/in-depth', { perils: ['Earthquake'], events: [{ ...MIAMI, start_hour: 24 }] }, 'events[0].start_hour'],
    ['window_days 8', '/v2/in-depth', { perils: ['CumulativeRain'], events: [MIAMI], window_days: 8 }, 'window_days'],
    ['window_days −1 (expanding)', '/v1/in-depth/expanding', { perils: ['CumulativeRain'], events: [MIAMI], window_days: -1 }, 'window_days'],
    ['expanding without window_days', '/v1/in-depth/expanding', { perils: ['CumulativeRain'], events: [MIAMI] }, 'window_days'],
    ['expanding with a non-cumulative peril', '/v1/in-depth/expanding', { perils: ['CumulativeRain', 'Rain'], events: [MIAMI], window_days: 1 }, 'perils[1]'],
    ['26 combinations', '/v2/in-depth', { perils: ['Earthquake', 'Rain'], events: Array.from({ length: 13 }, () => MIAMI) }, 'events'],
    ['11 expanding combinations', '/v1/in-depth/expanding', { perils: ['CumulativeRain', 'Cumulativesnow'], events: Array.from({ length: 6 }, () => MIAMI), window_days: 0 }, 'events'],
    ['no location and no coordinates', '/v2/in-depth', { perils: ['Earthquake'], events: [{ tag: 'x' }] }, 'events[0].location'],
    ['one coordinate and no location', '/v2/in-depth', { perils: ['Earthquake'], events: [{ latitude: 10 }] }, 'events[0].longitude'],
    ['latitude out of range', '/v2/in-depth', { perils: ['Earthquake'], events: [{ latitude: 91, longitude: 0 }] }, 'events[0].latitude'],
    ['unknown event field', '/v2/in-depth', { perils: ['Earthquake'], events: [{ ...MIAMI, starthour: 3 }] }, 'events[0].starthour'],
    ['string latitude', '/v2/in-depth', { perils: ['Earthquake'], events: [{ latitude: '25', longitude: 3 }] }, 'events[0].latitude'],
  ];
  for (const [label, route, body, field] of cases) {
    it(`${label} → 422 ${field}`, async () => {
      const res = await post(route, body);
      assert.equal(res.status, 422, JSON.stringify(res.body));
      assert.equal(res.body.error.code, 'validation_error');
      assert.equal(res.body.error.field, field);
      assert.ok(res.body.error.message.startsWith(field), res.body.error.message);
    });
  }

  it('malformed JSON → 422 field body; unlicensed peril → 403; no in_depth mode → 403', async () => {
    const bad = await call(`${t.url}/v2/in-depth`, { method: 'POST', key, body: '{"perils": [' });
    assert.equal(bad.status, 422);
    assert.equal(bad.body.error.field, 'body');
    const limited = await t.key({ perils: ['Earthquake'] });
    const unlicensed = await post('/v2/in-depth', { perils: ['Earthquake', 'Hail'], events: [MIAMI] }, limited);
    assert.equal(unlicensed.status, 403);
    assert.equal(unlicensed.body.error.field, 'perils[1]');
    const liteOnly = await t.key({ modes: ['lite'] });
    assert.equal((await post('/v2/in-depth', { perils: ['Earthquake'], events: [MIAMI] }, liteOnly)).status, 403);
  });
});

describe('POST /v1/in-depth/daily', () => {
  it('averages single-day probabilities and gives float return periods', async () => {
    const res = await post('/v1/in-depth/daily', { perils: ['Rain', 'Earthquake'], events: [{ ...MIAMI, start_date: '2027-08-30', end_date: '2027-09-02', start_hour: 6, end_hour: 17 }] });
    assert.equal(res.status, 200);
    for (const result of res.body.results) {
      const peril = result.peril as PerilName;
      const p = referenceDailyMean(tables.get(peril)!, row(peril, MIAMI), { startDay: parseIsoDate('2027-08-30')!, endDay: parseIsoDate('2027-09-02')!, startHour: 6, endHour: 17 });
      assert.deepEqual(result.probability, p.map(percentOf));
      assert.deepEqual(result.return_period, p.map((x) => decimalYears(x, yearsOf(1, 6, 17))));
    }
  });

  it('defaults to today in UK civil time', async () => {
    const res = await post('/v1/in-depth/daily', { perils: ['Rain'], events: [{ ...MIAMI }] });
    const today = daysFromCivil(2026, 7, 1);
    const p = referenceDailyMean(tables.get('Rain')!, row('Rain', MIAMI), { startDay: today, endDay: today, startHour: 0, endHour: 23 });
    assert.deepEqual(res.body.results[0].probability, p.map(percentOf));
  });

  it('puts window_index null on failed items', async () => {
    const res = await post('/v1/in-depth/daily', { perils: ['Hail'], events: [{ ...LONDON }] });
    assert.equal(res.status, 207);
    assert.equal(res.body.failed_items[0].window_index, null);
  });
});

describe('POST /v1/in-depth/expanding', () => {
  it('returns days + window_days windows per event and peril, in index order, without return periods', async () => {
    const res = await post('/v1/in-depth/expanding', {
      perils: ['CumulativeRain', 'Cumulativesnow'],
      events: [{ ...MIAMI, start_date: '2028-02-27', end_date: '2028-03-02' }],
      window_days: 2,
    });
    assert.equal(res.status, 200);
    assert.equal(res.body.results.length, 2 * (5 + 2));
    const rain = res.body.results.filter((r: any) => r.peril === 'CumulativeRain');
    assert.deepEqual(rain.map((r: any) => r.window_index), [0, 1, 2, 3, 4, 5, 6]);
    assert.deepEqual(Object.keys(rain[0]), ['index', 'window_index', 'peril', 'latitude', 'longitude', 'threshold', 'probability', 'unit']);
    const expected = referenceExpanding(tables.get('CumulativeRain')!, row('CumulativeRain', MIAMI), parseIsoDate('2028-02-27')!, parseIsoDate('2028-03-02')!, 2);
    assert.deepEqual(rain.map((r: any) => r.probability), expected.map((c) => c.map(percentOf)));
    assert.deepEqual(res.body.metadata.peril_outcomes, { requested: 14, successful: 14, failed: 0 });
  });

  it('counts event-window-peril outcomes when an event fails', async () => {
    const res = await post('/v1/in-depth/expanding', {
      perils: ['CumulativeRain'],
      events: [{ ...MIAMI, start_date: '2027-01-01', end_date: '2027-01-03' }, { location: NOWHERE, start_date: '2027-01-01', end_date: '2027-01-03' }],
      window_days: 1,
    });
    assert.equal(res.status, 207);
    assert.deepEqual(res.body.metadata.peril_outcomes, { requested: 8, successful: 4, failed: 4 });
    assert.deepEqual(res.body.metadata.event_outcomes, { requested: 2, successful: 1, partially_successful: 0, failed: 1 });
    assert.equal(res.body.metadata.failed, 1);
  });
});
