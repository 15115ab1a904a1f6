import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from '../helpers/harness.js';
import { bandOfScore, wholeYears, yearsOf } from '../helpers/oracle.js';
import { call, startTestApp, tempDir, type TestApp } from '../helpers/app.js';
import { writeFixtureTables } from '../helpers/fixture-tables.js';
import { TEST_GRID } from '../helpers/tables.js';
import { addOneYear, daysFromCivil } from '../../src/engine/calendar.js';
import { cellIndex } from '../../src/engine/grid.js';
import { referenceWindow } from '../../src/engine/reference.js';
import { encodeTable } from '../../src/engine/table-file.js';
import { liteRanks } from '../../src/engine/lite-rank.js';
import { perilDef, type PerilName } from '../../src/engine/perils.js';
import type { HazardTable, RateTable } from '../../src/engine/table-spec.js';
import { BANDS, bandColour, bandForPercentile, bandForReturnPeriod } from '../../src/lite/bands.js';

const MIAMI = { latitude: 25.76, longitude: -80.19 };
const TORONTO = { latitude: 43.65, longitude: -79.38 };
const LONDON = { latitude: 51.5, longitude: -0.12 };
const CLOCK = Date.UTC(2026, 11, 30, 23, 30); // 23:30 GMT on 30 December: tomorrow is 31 December

let t: TestApp;
let tables: Map<PerilName, HazardTable>;
const lite = (query: string, key: string) => call(`${t.url}/v1/lite?${query}`, { key });
const at = (p: { latitude: number; longitude: number }) => `latitude=${p.latitude}&longitude=${p.longitude}`;

function expectedScore(peril: PerilName, where: { latitude: number; longitude: number }): { score: number; band: string } {
  const table = tables.get(peril)!;
  const row = table.cellRow[cellIndex(table.grid, where.latitude, where.longitude)]!;
  const startDay = daysFromCivil(2026, 12, 31);
  const endDay = addOneYear(startDay) - 1;
  const p = referenceWindow(table, row, { startDay, endDay, startHour: 0, endHour: 23 });
  const def = perilDef(peril);
  const score = wholeYears(p[def.thresholds.indexOf(def.lite!.threshold)]!, yearsOf(endDay - startDay + 1));
  return { score, band: bandOfScore(score) };
}

before(async () => {
  const dir = tempDir();
  tables = writeFixtureTables(path.join(dir, 'tables'));
  t = await startTestApp({ dataDir: dir, tablesDir: path.join(dir, 'tables') }, { clock: () => CLOCK });
});
after(() => t.close());

describe('Lite bands', () => {
  it('puts the spec edges in the right bands', () => {
    const edges: [number, string][] = [[1, 'Extreme'], [10, 'Extreme'], [11, 'Severe'], [25, 'Severe'], [26, 'Moderate'], [50, 'Moderate'], [51, 'Low'], [100, 'Low'], [101, 'Remote'], [250, 'Remote'], [251, 'Negligible'], [1_000_000, 'Negligible']];
    for (const [score, band] of edges) assert.equal(bandForReturnPeriod(score), band, `score ${score}`);
  });

  it('has one hex colour per band and percentile bands for globally_relative', () => {
    assert.equal(new Set(BANDS.map((b) => b.colour)).size, 6);
    for (const b of BANDS) assert.match(bandColour(b.name), /^#[0-9a-f]{6}$/);
    assert.equal(bandForPercentile(99.5), 'Extreme');
    assert.equal(bandForPercentile(96), 'Severe');
    assert.equal(bandForPercentile(10), 'Negligible');
  });
});

describe('GET /v1/lite', () => {
  it('scores every licensed Lite peril at its fixed threshold, equal to the reference maths', async () => {
    const key = await t.key({ floodPlus: true });
    const res = await lite(`${at(MIAMI)}&tag=policy-7`, key);
    assert.equal(res.status, 200);
    assert.deepEqual(Object.keys(res.body), ['lat', 'lon', 'tag', 'scores', 'unavailable']);
    assert.equal(res.body.lat, MIAMI.latitude);
    assert.equal(res.body.lon, MIAMI.longitude);
    assert.equal(res.body.tag, 'policy-7');
    assert.deepEqual(Object.keys(res.body.scores), ['TropicalCyclone', 'Wildfire', 'Earthquake', 'Hail', 'USTornado', 'Rain', 'MaxWindGust']);
    for (const [peril, score] of Object.entries(res.body.scores)) {
      assert.deepEqual(score, expectedScore(peril as PerilName, MIAMI), peril);
      assert.ok(Number.isInteger((score as any).score));
    }
    // Issue 22 item 7: every licensed peril is in scores or in unavailable with its reason.
    assert.deepEqual(Object.keys(res.body.unavailable), ['Tornado', 'CumulativeRain', 'Cumulativesnow']);
    for (const entry of Object.values(res.body.unavailable)) assert.match((entry as { reason: string }).reason, /has no Lite threshold/);
  });

  it('adds FloodLivePlus only with flood_plus=true, and 403s a key without the permission', async () => {
    const permitted = await t.key({ floodPlus: true });
    const res = await lite(`${at(MIAMI)}&flood_plus=true`, permitted);
    assert.deepEqual(res.body.scores.FloodLivePlus, expectedScore('FloodLivePlus', MIAMI));
    const denied = await lite(`${at(MIAMI)}&flood_plus=true`, await t.key({ floodPlus: false }));
    assert.equal(denied.status, 403);
    assert.equal(denied.body.error.code, 'flood_plus_not_permitted');
    assert.equal(denied.body.error.field, 'flood_plus');
    assert.equal((await lite(`${at(MIAMI)}&flood_plus=false`, await t.key({ floodPlus: false }))).status, 200);
    for (const value of ['maybe', 'True', '']) {
      const bad = await lite(`${at(MIAMI)}&flood_plus=${value}`, permitted);
      assert.equal(bad.status, 422, `flood_plus=${value}`);
      assert.equal(bad.body.error.code, 'validation_error');
      assert.equal(bad.body.error.field, 'flood_plus');
    }
  });

  it('scores USTornado only in the United States and reports uncovered perils explicitly', async () => {
    const key = await t.key();
    const toronto = await lite(at(TORONTO), key);
    assert.equal(toronto.status, 200);
    assert.equal(toronto.body.scores.USTornado, undefined);
    assert.match(toronto.body.unavailable.USTornado.reason, /United States only/);
    assert.deepEqual(toronto.body.scores.Hail, expectedScore('Hail', TORONTO));
    const london = await lite(at(LONDON), key);
    assert.equal(london.body.scores.TropicalCyclone, undefined);
    assert.match(london.body.unavailable.TropicalCyclone.reason, /no coverage/);
    assert.match(london.body.unavailable.Hail.reason, /no coverage/);
    assert.ok(london.body.scores.Earthquake);
  });

  it('geocodes a place name (Miami, FL counts as the US)', async () => {
    const res = await lite('location=Miami%2C%20FL', await t.key());
    assert.equal(res.status, 200);
    assert.ok(Math.abs(res.body.lat - 25.77) < 0.2);
    assert.ok(res.body.scores.USTornado);
  });

  it('answers 400 naming the parameter for missing, malformed or unresolvable locations', async () => {
    const key = await t.key();
    const cases: [string, string, string][] = [
      ['', 'invalid_location', 'location'],
      ['latitude=25.7', 'invalid_location', 'longitude'],
      ['latitude=abc&longitude=3', 'invalid_location', 'latitude'],
      ['latitude=12&longitude=181', 'invalid_location', 'longitude'],
      ['latitude=1e2&longitude=0', 'invalid_location', 'latitude'],
      ['location=Qwxzv%20Plorkville', 'geocoding_failed', 'location'],
      [`location=${'x'.repeat(600)}`, 'bad_request', 'location'],
    ];
    for (const [query, code, field] of cases) {
      const res = await lite(query, key);
      assert.equal(res.status, 400, query);
      assert.equal(res.body.error.code, code, query);
      assert.equal(res.body.error.field, field, query);
    }
  });

  it('403s a key not licensed for Lite and 401s without a key', async () => {
    const res = await lite(at(MIAMI), await t.key({ modes: ['in_depth'] }));
    assert.equal(res.status, 403);
    assert.equal(res.body.error.code, 'mode_not_licensed');
    assert.equal((await call(`${t.url}/v1/lite?${at(MIAMI)}`)).status, 401);
  });

  it('only scores the perils on the licence', async () => {
    const res = await lite(at(MIAMI), await t.key({ perils: ['Earthquake', 'CumulativeRain'] }));
    assert.deepEqual(Object.keys(res.body.scores), ['Earthquake']);
  });
});

describe('Lite score rounding', () => {
  let app: TestApp;
  before(async () => {
    const dir = tempDir();
    fs.mkdirSync(path.join(dir, 'tables'));
    // Uniform Earthquake hazard: MMI6 rate 1/10.4 at row 0 and 1/10.6 at row 1, so the
    // one-year return periods are 10.4 (→ 10, Extreme) and 10.6 (→ 11, Severe).
    const k = perilDef('Earthquake').thresholds.length;
    const mmi6 = perilDef('Earthquake').thresholds.indexOf('MMI6');
    const rates = new Float64Array(2 * k);
    for (const [row, rp] of [[0, 10.4], [1, 10.6]] as const) for (let j = 0; j < k; j++) rates[row * k + j] = j <= mmi6 ? 1 / rp : 0;
    const cellRow = Int32Array.from({ length: TEST_GRID.nlat * TEST_GRID.nlon }, (_, c) => (Math.floor(c / TEST_GRID.nlon) < 9 ? 0 : 1));
    const table: RateTable = {
      type: 'rate', peril: 'Earthquake', grid: TEST_GRID, rows: 2, cellRow, meta: { method: 'test', sources: [], parameters: {} }, rates,
      seasonOfRow: new Uint16Array(2), seasonWeights: new Float64Array(366).fill(1), diurnalOfRow: new Uint16Array(2), diurnalShares: new Float64Array(24).fill(1),
    };
    fs.writeFileSync(path.join(dir, 'tables', 'Earthquake.hzt'), encodeTable(table));
    app = await startTestApp({ dataDir: dir, tablesDir: path.join(dir, 'tables') }, { clock: () => CLOCK });
  });
  after(() => app.close());

  it('rounds the return period half up before banding (10.4 → 10 Extreme, 10.6 → 11 Severe)', async () => {
    const key = await app.key({ perils: ['Earthquake'] });
    const south = await call(`${app.url}/v1/lite?latitude=-20&longitude=10`, { key });
    const north = await call(`${app.url}/v1/lite?latitude=20&longitude=10`, { key });
    assert.deepEqual(south.body.scores.Earthquake, { score: 10, band: 'Extreme' });
    assert.deepEqual(north.body.scores.Earthquake, { score: 11, band: 'Severe' });
  });

  it('ranks rows by covered area for globally_relative (mid-rank ties)', () => {
    const k = perilDef('Earthquake').thresholds.length;
    const rates = new Float64Array(3 * k);
    [0.001, 0.01, 0.01].forEach((r, row) => rates.fill(r, row * k, row * k + 4));
    const cellRow = new Int32Array(TEST_GRID.nlat * TEST_GRID.nlon).fill(-1);
    const equator = 9 * TEST_GRID.nlon;
    cellRow.set([0, 0, 1, 2], equator);
    const table: RateTable = {
      type: 'rate', peril: 'Earthquake', grid: TEST_GRID, rows: 3, cellRow, meta: { method: 'test', sources: [], parameters: {} }, rates,
      seasonOfRow: new Uint16Array(3), seasonWeights: new Float64Array(366).fill(1), diurnalOfRow: new Uint16Array(3), diurnalShares: new Float64Array(24).fill(1),
    };
    // Four equal-area cells: row 0 covers two (lowest), rows 1 and 2 tie above them.
    assert.deepEqual([...liteRanks(table)!], [25, 75, 75]);
  });
});
