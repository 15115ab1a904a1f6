import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from '../helpers/harness.js';
import { decimalYears, percentOf, wholeYears, yearsOf } from '../helpers/oracle.js';
import { call, startTestApp, tempDir, type TestApp } from '../helpers/app.js';
import { writeFixtureTables } from '../helpers/fixture-tables.js';
import { parseIsoDate } from '../../src/engine/calendar.js';
import { cellIndex } from '../../src/engine/grid.js';
import { referenceDailyMean, referenceExpanding, referenceWindow } from '../../src/engine/reference.js';
import { encodeTable } from '../../src/engine/table-file.js';
import type { PerilName } from '../../src/engine/perils.js';
import type { HazardTable } from '../../src/engine/table-spec.js';

/**
 * The synchronous limits exactly at their bounds (spec "Limits" table, docs/api.md "Limits"):
 *   | Peril-event combinations per request | 25 | v2 in-depth, daily |
 *   | Peril-event combinations per request | 10 | expanding |
 *   | window_days | 0 to 7 inclusive | expanding, v2 (cumulative rain and snow) |
 * and an expanding coverage failure counted window by window (spec Metadata rule 3, expanding rule 4).
 */
const MIAMI = { latitude: 25.76, longitude: -80.19 };
const SYDNEY = { latitude: -33.87, longitude: 151.21 };
// CumulativeRain has no coverage here (its fixture table is given a hole at this cell below).
const LONDON = { latitude: 51.5, longitude: -0.12 };
const CLOCK = Date.UTC(2026, 5, 30, 12, 0);
const START = '2027-03-10';
const END = '2027-03-12'; // 3 days

let t: TestApp;
let key: string;
let tables: Map<PerilName, HazardTable>;

const post = (route: string, json: unknown) => call(`${t.url}${route}`, { method: 'POST', json, key });

function rowOf(peril: PerilName, where: { latitude: number; longitude: number }): number {
  const table = tables.get(peril)!;
  return table.cellRow[cellIndex(table.grid, where.latitude, where.longitude)]!;
}

/** n events alternating between two covered places, explicit dates. */
function events(n: number): Record<string, unknown>[] {
  return Array.from({ length: n }, (_, i) => ({ ...(i % 2 === 0 ? MIAMI : SYDNEY), start_date: START, end_date: END }));
}

/**
 * The oracle's return period, guarded where it cannot answer: for p below 2^-53, 1 - p rounds to 1 in
 * doubles, so oracle.returnPeriodOf divides by -0 (-Infinity). Such a p means a return period far above
 * the 10^6-year cap (docs/methods.md), so the capped value is the exact expectation there.
 */
const CAP_YEARS = 1e6;
const whole = (p: number, years: number): number => (p > 0 && 1 - p === 1 ? CAP_YEARS : wholeYears(p, years));
const decimal = (p: number, years: number): number => (p > 0 && 1 - p === 1 ? CAP_YEARS : decimalYears(p, years));

function expectWindow(peril: PerilName, where: { latitude: number; longitude: number }, leadIn = 0) {
  const startDay = parseIsoDate(START)!;
  const endDay = parseIsoDate(END)!;
  const p = referenceWindow(tables.get(peril)!, rowOf(peril, where), { startDay: startDay - leadIn, endDay, startHour: 0, endHour: 23 });
  const years = yearsOf(endDay - startDay + leadIn + 1);
  return { probability: p.map(percentOf), return_period: p.map((x) => whole(x, years)) };
}

function expectDaily(peril: PerilName, where: { latitude: number; longitude: number }) {
  const p = referenceDailyMean(tables.get(peril)!, rowOf(peril, where), { startDay: parseIsoDate(START)!, endDay: parseIsoDate(END)!, startHour: 0, endHour: 23 });
  return { probability: p.map(percentOf), return_period: p.map((x) => decimal(x, yearsOf(1))) };
}

function expectExpanding(peril: PerilName, where: { latitude: number; longitude: number }, windowDays: number): number[][] {
  return referenceExpanding(tables.get(peril)!, rowOf(peril, where), parseIsoDate(START)!, parseIsoDate(END)!, windowDays).map((c) => c.map(percentOf));
}

function assertRefused(res: { status: number; body: any }, field: string): void {
  assert.equal(res.status, 422, JSON.stringify(res.body));
  assert.equal(res.body.error.code, 'validation_error');
  assert.equal(res.body.error.field, field);
  assert.ok(res.body.error.message.startsWith(`${field}:`), res.body.error.message);
}

before(async () => {
  const dir = tempDir();
  const tablesDir = path.join(dir, 'tables');
  tables = writeFixtureTables(tablesDir);
  const rain = tables.get('CumulativeRain')!;
  const holed: HazardTable = { ...rain, cellRow: Int32Array.from(rain.cellRow) };
  holed.cellRow[cellIndex(holed.grid, LONDON.latitude, LONDON.longitude)] = -1;
  fs.writeFileSync(path.join(tablesDir, 'CumulativeRain.hzt'), encodeTable(holed));
  tables.set('CumulativeRain', holed);
  t = await startTestApp({ dataDir: dir, tablesDir }, { clock: () => CLOCK });
  key = await t.key();
  assert.notEqual(rowOf('Cumulativesnow', LONDON), -1, 'fixture: Cumulativesnow covers London');
  assert.notEqual(rowOf('CumulativeRain', MIAMI), -1, 'fixture: CumulativeRain covers Miami');
});
after(() => t.close());

describe('peril-event combinations: v2 and daily accept 25 and refuse 26 (spec Limits; v2 rule 1, daily rule 1)', () => {
  const FIVE: PerilName[] = ['Earthquake', 'Rain', 'Wildfire', 'MaxWindGust', 'CumulativeRain'];

  it('v2: 5 perils × 5 events = 25 → 200, one result per combination, equal to the reference maths', async () => {
    const res = await post('/v2/in-depth', { perils: FIVE, events: events(5) });
    assert.equal(res.status, 200, JSON.stringify(res.body).slice(0, 300));
    assert.equal(res.body.results.length, 25);
    assert.deepEqual(res.body.results.map((r: any) => [r.index, r.peril]), [0, 1, 2, 3, 4].flatMap((i) => FIVE.map((p) => [i, p])));
    for (const r of res.body.results) {
      const where = r.index % 2 === 0 ? MIAMI : SYDNEY;
      assert.deepEqual({ probability: r.probability, return_period: r.return_period }, expectWindow(r.peril, where), `${r.index} ${r.peril}`);
    }
    assert.deepEqual(res.body.failed_items, []);
    assert.deepEqual(res.body.metadata.peril_outcomes, { requested: 25, successful: 25, failed: 0 });
  });

  it('v2: 1 peril × 25 events → 200; 1 × 26, 2 × 13, 9 × 3 and 5 × 6 → 422 naming events', async () => {
    const ok = await post('/v2/in-depth', { perils: ['Earthquake'], events: events(25) });
    assert.equal(ok.status, 200);
    assert.equal(ok.body.results.length, 25);
    assertRefused(await post('/v2/in-depth', { perils: ['Earthquake'], events: events(26) }), 'events');
    assertRefused(await post('/v2/in-depth', { perils: ['Earthquake', 'Rain'], events: events(13) }), 'events');
    // 9 perils × 3 events = 27 and 5 × 6 = 30: over the limit whichever factor grows.
    assertRefused(await post('/v2/in-depth', { perils: ['Earthquake', 'Rain', 'Wildfire', 'MaxWindGust', 'CumulativeRain', 'Cumulativesnow', 'TropicalCyclone', 'FloodLivePlus', 'Tornado'], events: events(3) }), 'events');
    assertRefused(await post('/v2/in-depth', { perils: FIVE, events: events(6) }), 'events');
  });

  it('daily: 5 perils × 5 events = 25 → 200 with daily numbers; 26 → 422 naming events', async () => {
    const res = await post('/v1/in-depth/daily', { perils: FIVE, events: events(5) });
    assert.equal(res.status, 200, JSON.stringify(res.body).slice(0, 300));
    assert.equal(res.body.results.length, 25);
    for (const r of res.body.results) {
      const where = r.index % 2 === 0 ? MIAMI : SYDNEY;
      assert.deepEqual({ probability: r.probability, return_period: r.return_period }, expectDaily(r.peril, where), `${r.index} ${r.peril}`);
    }
    const single = await post('/v1/in-depth/daily', { perils: ['Rain'], events: events(25) });
    assert.equal(single.status, 200);
    assert.equal(single.body.results.length, 25);
    assertRefused(await post('/v1/in-depth/daily', { perils: ['Rain'], events: events(26) }), 'events');
    assertRefused(await post('/v1/in-depth/daily', { perils: ['Rain', 'Earthquake'], events: events(13) }), 'events');
    assertRefused(await post('/v1/in-depth/daily', { perils: FIVE, events: events(6) }), 'events');
  });
});

describe('expanding accepts 10 combinations and refuses 11 (spec Limits; expanding rule 3)', () => {
  it('2 perils × 5 events = 10 and 1 × 10 → 200 with days + window_days results each; 1 × 11 → 422 naming events', async () => {
    const two = await post('/v1/in-depth/expanding', { perils: ['CumulativeRain', 'Cumulativesnow'], events: events(5), window_days: 1 });
    assert.equal(two.status, 200, JSON.stringify(two.body).slice(0, 300));
    assert.equal(two.body.results.length, 10 * (3 + 1));
    assert.deepEqual(two.body.metadata.peril_outcomes, { requested: 40, successful: 40, failed: 0 });
    const one = await post('/v1/in-depth/expanding', { perils: ['Cumulativesnow'], events: events(10), window_days: 0 });
    assert.equal(one.status, 200);
    assert.equal(one.body.results.length, 10 * 3);
    assertRefused(await post('/v1/in-depth/expanding', { perils: ['Cumulativesnow'], events: events(11), window_days: 0 }), 'events');
    assertRefused(await post('/v1/in-depth/expanding', { perils: ['CumulativeRain', 'Cumulativesnow'], events: events(6), window_days: 0 }), 'events');
  });
});

describe('window_days: 0 to 7 inclusive (spec Limits; v2 body, expanding body)', () => {
  for (const windowDays of [0, 7]) {
    it(`expanding accepts window_days ${windowDays}: days + window_days windows, equal to the reference maths`, async () => {
      const res = await post('/v1/in-depth/expanding', { perils: ['CumulativeRain'], events: [{ ...MIAMI, start_date: START, end_date: END }], window_days: windowDays });
      assert.equal(res.status, 200, JSON.stringify(res.body).slice(0, 300));
      assert.deepEqual(res.body.results.map((r: any) => r.window_index), Array.from({ length: 3 + windowDays }, (_, i) => i));
      assert.deepEqual(res.body.results.map((r: any) => r.probability), expectExpanding('CumulativeRain', MIAMI, windowDays));
    });

    it(`v2 accepts window_days ${windowDays}: a lead-in of ${windowDays} days for CumulativeRain, none for Rain`, async () => {
      const res = await post('/v2/in-depth', { perils: ['CumulativeRain', 'Rain'], events: [{ ...MIAMI, start_date: START, end_date: END }], window_days: windowDays });
      assert.equal(res.status, 200, JSON.stringify(res.body).slice(0, 300));
      assert.deepEqual(res.body.results[0].probability, expectWindow('CumulativeRain', MIAMI, windowDays).probability);
      assert.deepEqual({ probability: res.body.results[1].probability, return_period: res.body.results[1].return_period }, expectWindow('Rain', MIAMI));
    });
  }

  for (const windowDays of [8, -1, 1.5, '3']) {
    it(`refuses window_days ${JSON.stringify(windowDays)} with 422 naming window_days (expanding and v2)`, async () => {
      const event = { ...MIAMI, start_date: START, end_date: END };
      assertRefused(await post('/v1/in-depth/expanding', { perils: ['CumulativeRain'], events: [event], window_days: windowDays }), 'window_days');
      assertRefused(await post('/v2/in-depth', { perils: ['CumulativeRain'], events: [event], window_days: windowDays }), 'window_days');
      // docs/api.md: "window_days: always range-checked (0–7)", also when no cumulative peril is asked for.
      assertRefused(await post('/v2/in-depth', { perils: ['Earthquake'], events: [event], window_days: windowDays }), 'window_days');
    });
  }
});

describe('expanding: a peril without coverage at an event', () => {
  // Spec FailedItem: "window_index | integer or null | … set in expanding when a specific window failed";
  // docs/api.md: "window_index is null on failed items (a coverage failure applies to every window)".
  // Spec Metadata rule 3: "in expanding: each unique event-window-peril combination" is one outcome;
  // expanding rule 2: windows per event and peril = days from start_date to end_date inclusive + window_days.
  it('207 with one model_execution failed item (window_index null) and every window of that event-peril counted as failed', async () => {
    const windowDays = 2;
    const windows = 3 + windowDays;
    const res = await post('/v1/in-depth/expanding', {
      perils: ['CumulativeRain', 'Cumulativesnow'],
      events: [
        { ...MIAMI, start_date: START, end_date: END },
        { ...LONDON, start_date: START, end_date: END },
      ],
      window_days: windowDays,
    });
    assert.equal(res.status, 207, JSON.stringify(res.body).slice(0, 300));
    assert.equal(res.body.failed_items.length, 1);
    const [failed] = res.body.failed_items;
    assert.deepEqual(Object.keys(failed), ['index', 'stage', 'error', 'peril', 'window_index']);
    assert.deepEqual([failed.index, failed.stage, failed.peril, failed.window_index], [1, 'model_execution', 'CumulativeRain', null]);
    assert.match(failed.error, /^CumulativeRain: no coverage/);
    assert.deepEqual(
      res.body.results.map((r: any) => [r.index, r.peril, r.window_index]),
      [
        ...Array.from({ length: windows }, (_, w) => [0, 'CumulativeRain', w]),
        ...Array.from({ length: windows }, (_, w) => [0, 'Cumulativesnow', w]),
        ...Array.from({ length: windows }, (_, w) => [1, 'Cumulativesnow', w]),
      ],
    );
    assert.deepEqual(res.body.results.filter((r: any) => r.index === 1).map((r: any) => r.probability), expectExpanding('Cumulativesnow', LONDON, windowDays));
    const { model_versions, ...metadata } = res.body.metadata;
    assert.deepEqual(metadata, {
      total_requested: 2,
      successful: 2,
      failed: 1,
      partial_failure: true,
      event_outcomes: { requested: 2, successful: 1, partially_successful: 1, failed: 0 },
      peril_outcomes: { requested: 4 * windows, successful: 3 * windows, failed: windows },
    });
    assert.deepEqual(Object.keys(model_versions), ['CumulativeRain', 'Cumulativesnow']);
  });

  it('an event whose only peril has no coverage is a failed event: all its windows failed, still 207', async () => {
    const res = await post('/v1/in-depth/expanding', { perils: ['CumulativeRain'], events: [{ ...LONDON, start_date: START, end_date: END }], window_days: 7 });
    assert.equal(res.status, 207);
    assert.deepEqual(res.body.results, []);
    assert.deepEqual(res.body.failed_items.map((f: any) => [f.index, f.stage, f.peril, f.window_index]), [[0, 'model_execution', 'CumulativeRain', null]]);
    assert.deepEqual(res.body.metadata.peril_outcomes, { requested: 10, successful: 0, failed: 10 });
    assert.deepEqual(res.body.metadata.event_outcomes, { requested: 1, successful: 0, partially_successful: 0, failed: 1 });
  });
});
