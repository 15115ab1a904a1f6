import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from '../helpers/harness.js';
import { BAND_COLOURS, bandOfPercentile, bandOfScore, wholeYears, yearsOf } from '../helpers/oracle.js';
import { call, startTestApp, tempDir, type TestApp } from '../helpers/app.js';
import { parseCsvText, toCsv, upload, waitForJob } from '../helpers/batch.js';
import { writeFixtureTables } from '../helpers/fixture-tables.js';
import { addOneYear, daysFromCivil } from '../../src/engine/calendar.js';
import { cellIndex } from '../../src/engine/grid.js';
import { referenceWindow } from '../../src/engine/reference.js';
import { liteRanks } from '../../src/engine/lite-rank.js';
import { perilDef, type PerilName } from '../../src/engine/perils.js';
import type { HazardTable } from '../../src/engine/table-spec.js';
import { NO_RESULT_COLOUR } from '../../src/lite/bands.js';

const CLOCK = Date.UTC(2026, 10, 23, 12, 0); // submitted 2026-11-23: scores cover 2026-11-24 … 2027-11-23
const HEADER = 'index,location,latitude,longitude,tag,start_date,end_date,start_hour,end_hour,peril,score,band,score_colour,status';
const SCHEDULE = toCsv(
  ['location', 'latitude', 'longitude', 'tag', 'start_date'],
  [
    ['Miami office', 25.76, -80.19, 'a', '2030-05-01'],
    [null, 43.65, -79.38, 'b', null],
    [null, 51.5, -0.12, 'c', null],
    ['Qwxzv Plorkville', null, null, 'd', null],
  ],
);
const PERILS: PerilName[] = ['TropicalCyclone', 'Wildfire', 'Earthquake', 'Hail', 'USTornado', 'Rain', 'MaxWindGust'];

let t: TestApp;
let key: string;
let tables: Map<PerilName, HazardTable>;

function score(peril: PerilName, lat: number, lon: number): string[] {
  const table = tables.get(peril)!;
  const row = table.cellRow[cellIndex(table.grid, lat, lon)]!;
  const startDay = daysFromCivil(2026, 11, 24);
  const endDay = addOneYear(startDay) - 1;
  const def = perilDef(peril);
  const p = referenceWindow(table, row, { startDay, endDay, startHour: 0, endHour: 23 })[def.thresholds.indexOf(def.lite!.threshold)]!;
  const s = wholeYears(p, yearsOf(endDay - startDay + 1));
  return [String(s), bandOfScore(s), BAND_COLOURS[bandOfScore(s)]!];
}

async function runLite(json: Record<string, unknown>): Promise<string[][]> {
  const file = await upload(t.url, key, SCHEDULE, { route: 'lite' });
  const job = await call(`${t.url}/v1/lite/batch`, { method: 'POST', key, json: { file_id: file.body.file_id, ...json } });
  assert.equal(job.status, 200, JSON.stringify(job.body));
  const status = await waitForJob(t.url, key, 'lite', job.body.job_id);
  assert.equal(status.status, 'complete');
  const text = await (await fetch(status.result_url)).text();
  assert.ok(text.startsWith(`${HEADER}\r\n`));
  return parseCsvText(text).slice(1);
}

before(async () => {
  const dir = tempDir();
  tables = writeFixtureTables(path.join(dir, 'tables'));
  t = await startTestApp({ dataDir: dir, tablesDir: path.join(dir, 'tables') }, { clock: () => CLOCK });
  key = await t.key({ floodPlus: true });
});
after(() => t.close());

describe('Lite batch', () => {
  it('writes one row per location and returned peril, scores equal to the reference maths', async () => {
    const rows = await runLite({});
    const miami = rows.filter((r) => r[0] === '0');
    assert.deepEqual(miami.map((r) => r[9]), PERILS);
    assert.deepEqual(miami[0]!.slice(0, 9), ['0', 'Miami office', '25.76', '-80.19', 'a', '2030-05-01', '2031-04-30', '0', '23']);
    for (const r of miami) assert.deepEqual(r.slice(10), [...score(r[9] as PerilName, 25.76, -80.19), 'success'], r[9]);

    const toronto = rows.filter((r) => r[0] === '1');
    assert.ok(!toronto.some((r) => r[9] === 'USTornado'), 'a US-only peril outside the US is not returned');
    assert.deepEqual(toronto.find((r) => r[9] === 'Hail')!.slice(10), [...score('Hail', 43.65, -79.38), 'success']);

    const london = rows.filter((r) => r[0] === '2');
    assert.deepEqual(london.find((r) => r[9] === 'TropicalCyclone')!.slice(10), ['', '', NO_RESULT_COLOUR, 'failed']);
    assert.deepEqual(london.map((r) => r[9]), ['TropicalCyclone', 'Wildfire', 'Earthquake', 'Hail', 'Rain', 'MaxWindGust']);

    // Issue 22 item 8: a location that cannot be geocoded has one failed line per peril of the job.
    const nowhere = rows.filter((r) => r[0] === '3');
    assert.deepEqual(nowhere.map((r) => r.slice(9)), PERILS.map((peril) => [peril, '', '', NO_RESULT_COLOUR, 'failed']));
  });

  it('adds FloodLivePlus with flood_plus', async () => {
    const rows = await runLite({ flood_plus: true });
    assert.deepEqual(rows.find((r) => r[0] === '0' && r[9] === 'FloodLivePlus')!.slice(10), [...score('FloodLivePlus', 25.76, -80.19), 'success']);
  });

  it('globally_relative scores the percentile rank and bands it by percentile', async () => {
    const rows = await runLite({ calculation_method: 'globally_relative' });
    const quake = rows.find((r) => r[0] === '0' && r[9] === 'Earthquake')!;
    const table = tables.get('Earthquake')!;
    const rank = liteRanks(table)![table.cellRow[cellIndex(table.grid, 25.76, -80.19)]!]!;
    const score = Math.round(rank);
    assert.deepEqual(quake.slice(10), [String(score), bandOfPercentile(score), BAND_COLOURS[bandOfPercentile(score)]!, 'success'], 'the band is that of the score returned');
  });
});
