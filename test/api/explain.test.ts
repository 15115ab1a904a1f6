import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from '../helpers/harness.js';
import { call, startTestApp, tempDir, type TestApp } from '../helpers/app.js';
import { writeFixtureTables } from '../helpers/fixture-tables.js';
import { daysFromCivil } from '../../src/engine/calendar.js';
import { expectedCountFromProbability } from '../../src/engine/formulas.js';
import { cellIndex } from '../../src/engine/grid.js';
import { PERIL_NAMES, perilDef, type PerilName } from '../../src/engine/perils.js';
import { referenceWindow } from '../../src/engine/reference.js';
import type { HazardTable } from '../../src/engine/table-spec.js';
import { monthParts } from '../../src/explain/by-month.js';

const MIAMI = { latitude: 25.76, longitude: -80.19 };
const LOS_ANGELES = { latitude: 34.05, longitude: -118.25 };
// 2026-06-30 23:30 UTC is 00:30 on 1 July in London: the default window is 2026-07-02 … 2027-07-01.
const CLOCK = Date.UTC(2026, 5, 30, 23, 30);

let t: TestApp;
let key: string;
let tables: Map<PerilName, HazardTable>;
/** `k` null: no key at all. */
const post = (json: unknown, k: string | null = key) => call(`${t.url}/v1/explain`, { method: 'POST', json, ...(k !== null && { key: k }) });

before(async () => {
  const dir = tempDir();
  tables = writeFixtureTables(path.join(dir, 'tables'));
  t = await startTestApp({ dataDir: dir, tablesDir: path.join(dir, 'tables') }, { clock: () => CLOCK });
  key = await t.key();
});
after(() => t.close());

function assertError(res: { status: number; body: any }, status: number, code: string, field: string | null): void {
  assert.equal(res.status, status, JSON.stringify(res.body));
  assert.equal(res.body.error.code, code);
  assert.equal(res.body.error.field, field);
}

describe('POST /v1/explain: keys, licences and validation', () => {
  it('401 without a key', async () => {
    assertError(await post({ peril: 'Earthquake', ...MIAMI, threshold: 'MMI6' }, null), 401, 'missing_api_key', null);
  });

  it('403 for a key without the in_depth mode', async () => {
    const lite = await t.key({ modes: ['lite'] });
    assertError(await post({ peril: 'Earthquake', ...MIAMI, threshold: 'MMI6' }, lite), 403, 'mode_not_licensed', null);
  });

  it('403 naming peril for a peril the key is not licensed for', async () => {
    const rainOnly = await t.key({ perils: ['Rain'] });
    const res = await post({ peril: 'Earthquake', ...MIAMI, threshold: 'MMI6' }, rainOnly);
    assertError(res, 403, 'peril_not_licensed', 'peril');
    assert.match(res.body.error.message, /Earthquake/);
  });

  it('422 naming peril for an unknown peril, before the licence', async () => {
    const rainOnly = await t.key({ perils: ['Rain'] });
    const res = await post({ peril: 'Meteor', ...MIAMI, threshold: 'MMI6' }, rainOnly);
    assertError(res, 422, 'validation_error', 'peril');
    assert.match(res.body.error.message, /"Meteor"/);
  });

  it('422 naming threshold for a threshold the peril does not have, listing its thresholds', async () => {
    const res = await post({ peril: 'Earthquake', ...MIAMI, threshold: 'MMI11' });
    assertError(res, 422, 'validation_error', 'threshold');
    assert.match(res.body.error.message, /MMI6/);
    assertError(await post({ peril: 'Rain', ...MIAMI, threshold: '50' }), 422, 'validation_error', 'threshold');
  });

  it('422 naming the field for a missing coordinate, a bad date and an unknown member', async () => {
    assertError(await post({ peril: 'Earthquake', latitude: 25.76, threshold: 'MMI6' }), 422, 'validation_error', 'longitude');
    assertError(await post({ peril: 'Earthquake', ...MIAMI, threshold: 'MMI6', end_date: '2026-02-30' }), 422, 'validation_error', 'end_date');
    assertError(await post({ peril: 'Earthquake', ...MIAMI, threshold: 'MMI6', thresholds: ['MMI6'] }), 422, 'validation_error', 'thresholds');
  });

  it('every peril answers 200 with breakdowns whose shares sum to 1, and rates that add up to annual_rate', async () => {
    const window = { startDay: daysFromCivil(2026, 7, 2), endDay: daysFromCivil(2027, 7, 1), startHour: 0, endHour: 23 };
    for (const peril of PERIL_NAMES.filter((p) => p !== 'Earthquake')) {
      // The lowest threshold the year neither misses nor is certain to reach at this fixture site (the reference window maths).
      const table = tables.get(peril)!;
      const curve = referenceWindow(table, table.cellRow[cellIndex(table.grid, MIAMI.latitude, MIAMI.longitude)]!, window);
      const threshold = perilDef(peril).thresholds[curve.findIndex((p) => p > 0 && p < 1)]!;
      const res = await post({ peril, ...MIAMI, threshold });
      assert.equal(res.status, 200, `${peril}: ${JSON.stringify(res.body)}`);
      assert.ok(res.body.breakdowns.length > 0, peril);
      for (const b of res.body.breakdowns) {
        assert.ok(b.items.length > 0, `${peril} ${b.by}`);
        assert.ok(Math.abs(b.items.reduce((s: number, i: any) => s + i.share, 0) - 1) <= 0.005, `${peril} ${b.by}`);
        assert.ok(Math.abs(b.items.reduce((s: number, i: any) => s + i.annual_rate, 0) / res.body.annual_rate - 1) < 0.002, `${peril} ${b.by}`);
      }
    }
  });

  it('422 naming threshold where the curve is at 100 %: no rate to break down', async () => {
    const table = tables.get('Rain')!;
    const row = table.cellRow[cellIndex(table.grid, MIAMI.latitude, MIAMI.longitude)]!;
    const window = { startDay: daysFromCivil(2026, 7, 2), endDay: daysFromCivil(2027, 7, 1), startHour: 0, endHour: 23 };
    assert.equal(referenceWindow(table, row, window)[0], 1, 'the fixture makes ≥ 10 mm certain within the year at this site');
    const res = await post({ peril: 'Rain', ...MIAMI, threshold: 10 });
    assertError(res, 422, 'validation_error', 'threshold');
    assert.match(res.body.error.message, /100 %/);
  });

  it('is in the OpenAPI document', async () => {
    const res = await call(`${t.url}/openapi.json`);
    assert.equal(res.body.paths['/v1/explain'].post.operationId, 'explainRate');
  });
});

describe('POST /v1/explain: Earthquake', () => {
  it('annual_rate is the v2 curve\'s rate at the threshold; both breakdowns have shares in [0, 1] summing to 1', { timeout: 180_000 }, async () => {
    // The first earthquake request builds the source model on its thread (20–33 s).
    const res = await post({ peril: 'Earthquake', ...LOS_ANGELES, threshold: 'PGA0.2' });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(Object.keys(res.body), ['peril', 'latitude', 'longitude', 'threshold', 'annual_rate', 'return_period', 'breakdowns']);
    assert.equal(res.body.threshold, 'PGA0.2');
    const v2 = await call(`${t.url}/v2/in-depth`, { method: 'POST', key, json: { perils: ['Earthquake'], events: [LOS_ANGELES] } });
    const curve = v2.body.results[0];
    const percent = curve.probability[curve.threshold.indexOf('PGA0.2')];
    const days = 365; // 2026-07-02 … 2027-07-01
    const v2Rate = (expectedCountFromProbability(percent / 100) * 365.25) / days;
    assert.ok(Math.abs(res.body.annual_rate / v2Rate - 1) < 0.002, `${res.body.annual_rate} vs ${v2Rate}`);
    assert.ok(Math.abs(res.body.return_period * res.body.annual_rate - 1) < 1e-5);
    assert.deepEqual(res.body.breakdowns.map((b: any) => b.by), ['magnitude_distance', 'source']);
    for (const b of res.body.breakdowns) {
      assert.ok(b.items.length > 0);
      assert.ok(b.items.every((i: any) => i.share >= 0 && i.share <= 1));
      const sum = b.items.reduce((s: number, i: any) => s + i.share, 0);
      assert.ok(Math.abs(sum - 1) <= 0.005, `${b.by}: ${sum}`);
    }
    const kinds = new Set(res.body.breakdowns[1].items.map((i: any) => i.source_type));
    assert.ok(kinds.has('fault') && kinds.has('smoothed'), [...kinds].join());
  });

  it('a place name is geocoded as v2 does; an unknown one is 400 geocoding_failed naming location', async () => {
    const v2 = await call(`${t.url}/v2/in-depth`, { method: 'POST', key, json: { perils: ['Earthquake'], events: [{ location: 'Miami, FL' }] } });
    const res = await post({ peril: 'Earthquake', location: 'Miami, FL', threshold: 'MMI6' });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual([res.body.latitude, res.body.longitude], [v2.body.results[0].latitude, v2.body.results[0].longitude]);
    assertError(await post({ peril: 'Earthquake', location: 'Qwxzv Plorkville', threshold: 'MMI6' }), 400, 'geocoding_failed', 'location');
  });

  it("a half-year window: the mean rate per year of v2's curve over that window", async () => {
    const window = { start_date: '2027-01-01', end_date: '2027-06-30' };
    const res = await post({ peril: 'Earthquake', ...LOS_ANGELES, threshold: 'MMI7', ...window });
    assert.equal(res.status, 200);
    const v2 = await call(`${t.url}/v2/in-depth`, { method: 'POST', key, json: { perils: ['Earthquake'], events: [{ ...LOS_ANGELES, ...window }] } });
    const curve = v2.body.results[0];
    const v2Rate = (expectedCountFromProbability(curve.probability[curve.threshold.indexOf('MMI7')] / 100) * 365.25) / 181;
    assert.ok(Math.abs(res.body.annual_rate / v2Rate - 1) < 0.002, `${res.body.annual_rate} vs ${v2Rate}`);
  });
});

describe('POST /v1/explain: by month (rate and daily perils)', () => {
  /** Each month's expected count at the threshold from the plain TypeScript window maths (engine/reference.ts), over the window's parts. */
  function referenceMonths(peril: PerilName, where: { latitude: number; longitude: number }, threshold: number, startDay: number, endDay: number): Map<number, number> {
    const table = tables.get(peril)!;
    const row = table.cellRow[cellIndex(table.grid, where.latitude, where.longitude)]!;
    const counts = new Map<number, number>();
    for (const [d0, d1, month] of monthParts(startDay, endDay)) {
      const p = referenceWindow(table, row, { startDay: d0, endDay: d1, startHour: 0, endHour: 23 })[threshold]!;
      counts.set(month, (counts.get(month) ?? 0) + expectedCountFromProbability(p));
    }
    return counts;
  }

  for (const [peril, threshold, index] of [['TropicalCyclone', 'CAT1', 1], ['Rain', 50, 2]] as const) {
    it(`${peril}: twelve months whose shares are the reference window maths' and whose rates add up to annual_rate`, async () => {
      const res = await post({ peril, ...MIAMI, threshold });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.deepEqual(res.body.breakdowns.map((b: any) => b.by), peril === 'TropicalCyclone' ? ['class', 'month', 'observed_storm'] : ['class', 'month']);
      const items = res.body.breakdowns[1].items;
      assert.deepEqual(items.map((i: any) => i.label), ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']);
      // The default window: 2026-07-02 … 2027-07-01.
      const expected = referenceMonths(peril, MIAMI, index, daysFromCivil(2026, 7, 2), daysFromCivil(2027, 7, 1));
      const total = [...expected.values()].reduce((a, b) => a + b, 0);
      items.forEach((item: any, month: number) => assert.ok(Math.abs(item.share - expected.get(month)! / total) < 1e-6, `${item.label}: ${item.share} vs ${expected.get(month)! / total}`));
      assert.ok(Math.abs(items.reduce((s: number, i: any) => s + i.share, 0) - 1) <= 0.005);
      const rates = items.reduce((s: number, i: any) => s + i.annual_rate, 0);
      assert.ok(Math.abs(rates / res.body.annual_rate - 1) < 0.002, `${rates} vs ${res.body.annual_rate}`);
    });
  }

  it('a window of three months has those months only', async () => {
    const res = await post({ peril: 'TropicalCyclone', ...MIAMI, threshold: 'CAT0', start_date: '2027-08-01', end_date: '2027-10-31' });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(res.body.breakdowns[1].items.map((i: any) => i.label), ['August', 'September', 'October']);
  });

  it('by class: of the events reaching the threshold, the share topping out in each class, from the curve (c_j − c_(j+1)) ÷ c_k', async () => {
    const table = tables.get('Rain')!;
    const row = table.cellRow[cellIndex(table.grid, MIAMI.latitude, MIAMI.longitude)]!;
    const window = { startDay: daysFromCivil(2026, 7, 2), endDay: daysFromCivil(2027, 7, 1), startHour: 0, endHour: 23 };
    const counts = referenceWindow(table, row, window).map(expectedCountFromProbability);
    const res = await post({ peril: 'Rain', ...MIAMI, threshold: 200 });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const items = res.body.breakdowns[0].items;
    // Rain's thresholds from 200 mm: 200, 300, 400, 500 (indices 6–9).
    assert.deepEqual(items.map((i: any) => i.label), ['200–300 mm', '300–400 mm', '400–500 mm', '≥ 500 mm']);
    items.forEach((item: any, n: number) => {
      const j = 6 + n;
      const expected = (counts[j]! - (counts[j + 1] ?? 0)) / counts[6]!;
      assert.ok(Math.abs(item.share - expected) < 1e-6, `${item.label}: ${item.share} vs ${expected}`);
    });
    const tc = await post({ peril: 'TropicalCyclone', ...MIAMI, threshold: 'CAT4' });
    assert.deepEqual(tc.body.breakdowns[0].items.map((i: any) => i.label), ['CAT4', 'CAT5']);
  });

  it('by class for a window total (CumulativeRain): shares of the probability, (p_j − p_(j+1)) ÷ p_k, and no month breakdown', async () => {
    const table = tables.get('CumulativeRain')!;
    const row = table.cellRow[cellIndex(table.grid, MIAMI.latitude, MIAMI.longitude)]!;
    const window = { startDay: daysFromCivil(2026, 7, 2), endDay: daysFromCivil(2027, 7, 1), startHour: 0, endHour: 23 };
    const p = referenceWindow(table, row, window);
    const thresholds = perilDef('CumulativeRain').thresholds;
    const k = thresholds.length - 3;
    const res = await post({ peril: 'CumulativeRain', ...MIAMI, threshold: thresholds[k] });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(res.body.breakdowns.map((b: any) => b.by), ['class']);
    res.body.breakdowns[0].items.forEach((item: any, n: number) => {
      const j = k + n;
      const expected = (p[j]! - (p[j + 1] ?? 0)) / p[k]!;
      assert.ok(Math.abs(item.share - expected) < 1e-4, `${item.label}: ${item.share} vs ${expected}`);
    });
  });
});

describe('POST /v1/explain: TropicalCyclone observed storms', () => {
  it('names the recorded storms that reached the threshold, each with id, name, year, date and site wind, in the schema', { timeout: 180_000 }, async () => {
    // The first request reads and indexes the best tracks on the explainer's thread (~10 s).
    const res = await post({ peril: 'TropicalCyclone', ...MIAMI, threshold: 'CAT3' });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const storms = res.body.breakdowns.find((b: any) => b.by === 'observed_storm');
    assert.match(storms.note, /recorded storms \(from \d{4}\) reached CAT3 \(≥ 96 kt\)/);
    const andrew = storms.items.find((i: any) => i.storm_id === 'AL041992');
    assert.deepEqual([andrew.label, andrew.storm_name, andrew.date, andrew.fitted_period], ['Andrew 1992', 'Andrew', '1992-08-24', true]);
    assert.ok(andrew.wind_kt >= 96);
    assert.ok(storms.items.every((i: any) => i.share === storms.items[0].share));
    assert.ok(Math.abs(storms.items.reduce((s: number, i: any) => s + i.share, 0) - 1) <= 1e-9);
  });
});
