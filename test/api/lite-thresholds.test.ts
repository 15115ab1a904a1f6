import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from '../helpers/harness.js';
import { bandOfScore, wholeYears, yearsOf } from '../helpers/oracle.js';
import { call, startTestApp, tempDir, type TestApp } from '../helpers/app.js';
import { writeFixtureTables } from '../helpers/fixture-tables.js';
import { daysFromCivil } from '../../src/engine/calendar.js';
import { cellIndex } from '../../src/engine/grid.js';
import { referenceWindow } from '../../src/engine/reference.js';
import { perilDef, type PerilName, type Threshold } from '../../src/engine/perils.js';
import type { HazardTable } from '../../src/engine/table-spec.js';

/**
 * GET /v1/lite against the spec's literal "Fixed thresholds" table (SPEC.md, GET /v1/lite):
 *
 *   | Earthquake      | MMI6                                |
 *   | USTornado       | EF2 (US only)                       |
 *   | TropicalCyclone | CAT3                                |
 *   | Wildfire        | Severe (more than 5 hectares)       |
 *   | FloodLivePlus   | 1 m depth                           |
 *   | Hail            | hailstone diameter more than 1 inch |
 *
 * "Score = return period in years at the peril's fixed threshold." The thresholds below are the spec's
 * literals, looked up in the peril's threshold list (not read from the registry's `lite` entry); the
 * expected score is the oracle's whole-year return period of the reference probability there.
 *
 * Thresholds are exceedance thresholds: "the probability of reaching each threshold" (spec, "What the
 * service does" 1; docs/models/hail.md: hail "of diameter ≥ s"). So "more than 1 inch" is not the
 * threshold 1 (≥ 1 inch, which includes stones of exactly 1 inch); the tightest threshold in the list
 * whose event lies within "more than 1 inch" is the smallest one strictly above 1 inch.
 */
const CLOCK = Date.UTC(2027, 2, 15, 12, 0); // London date 2027-03-15 (GMT); tomorrow is 16 March
const START_DAY = daysFromCivil(2027, 3, 16);
const END_DAY = daysFromCivil(2028, 3, 15); // one year from tomorrow: 16 Mar 2027 … 15 Mar 2028 (366 days)

interface SpecThreshold {
  peril: PerilName;
  literal: string;
  /** Index in perilDef(peril).thresholds of the threshold the literal names. */
  index: (thresholds: readonly Threshold[]) => number;
  usOnly: boolean;
  floodPlus?: boolean;
}

const named = (name: string) => (thresholds: readonly Threshold[]) => thresholds.indexOf(name);
const SPEC: SpecThreshold[] = [
  { peril: 'Earthquake', literal: 'MMI6', index: named('MMI6'), usOnly: false },
  { peril: 'USTornado', literal: 'EF2 (US only)', index: named('EF2'), usOnly: true },
  { peril: 'TropicalCyclone', literal: 'CAT3', index: named('CAT3'), usOnly: false },
  { peril: 'Wildfire', literal: 'Severe (more than 5 hectares)', index: named('Severe'), usOnly: false },
  { peril: 'FloodLivePlus', literal: '1 m depth', index: (t) => t.indexOf(1), usOnly: false, floodPlus: true },
  // Thresholds are in inches (unit 'inch'); "more than 1 inch": the smallest threshold strictly above 1.
  { peril: 'Hail', literal: 'hailstone diameter more than 1 inch', index: (t) => t.findIndex((x) => typeof x === 'number' && x > 1), usOnly: false },
];

/** Places in the United States (all inside the fixtures' US coverage box), then elsewhere. */
const US_PLACES = [
  { name: 'Miami', latitude: 25.76, longitude: -80.19 },
  { name: 'Oklahoma City', latitude: 35.47, longitude: -97.52 },
  { name: 'Dallas', latitude: 32.78, longitude: -96.8 },
  { name: 'Kansas City', latitude: 39.1, longitude: -94.58 },
  { name: 'Denver', latitude: 39.74, longitude: -104.99 },
  { name: 'Atlanta', latitude: 33.75, longitude: -84.39 },
];
const OTHER_PLACES = [
  { name: 'Manila', latitude: 14.6, longitude: 120.98 },
  { name: 'Mexico City', latitude: 19.43, longitude: -99.13 },
  { name: 'Tokyo', latitude: 35.68, longitude: 139.69 },
  { name: 'Nairobi', latitude: -1.29, longitude: 36.82 },
  { name: 'Lima', latitude: -12.05, longitude: -77.04 },
];

let t: TestApp;
let tables: Map<PerilName, HazardTable>;

before(async () => {
  const dir = tempDir();
  tables = writeFixtureTables(path.join(dir, 'tables'));
  t = await startTestApp({ dataDir: dir, tablesDir: path.join(dir, 'tables') }, { clock: () => CLOCK });
});
after(() => t.close());

/** The oracle's score at every threshold of the peril at a place, or null where the fixture has no coverage. */
function scoresAt(peril: PerilName, where: { latitude: number; longitude: number }): number[] | null {
  const table = tables.get(peril)!;
  const row = table.cellRow[cellIndex(table.grid, where.latitude, where.longitude)]!;
  if (row < 0) return null;
  const p = referenceWindow(table, row, { startDay: START_DAY, endDay: END_DAY, startHour: 0, endHour: 23 });
  return p.map((x) => wholeYears(x, yearsOf(END_DAY - START_DAY + 1)));
}

describe('GET /v1/lite scores at the spec\'s fixed thresholds', () => {
  for (const spec of SPEC) {
    it(`${spec.peril}: score = return period at "${spec.literal}", band from the spec's table`, async () => {
      const thresholds = perilDef(spec.peril).thresholds;
      const index = spec.index(thresholds);
      assert.ok(index >= 0, `${spec.peril} has a threshold for the spec's "${spec.literal}" (thresholds: ${thresholds.join(', ')})`);
      // A covered place where the spec's threshold gives a score no other threshold gives, so a
      // score at any other threshold cannot pass for it.
      const place = [...(spec.usOnly ? US_PLACES : [...US_PLACES, ...OTHER_PLACES])].find((where) => {
        const scores = scoresAt(spec.peril, where);
        return scores !== null && scores.every((s, j) => j === index || s !== scores[index]);
      });
      assert.ok(place, `fixture: a place where ${spec.peril}'s "${spec.literal}" score is distinct`);
      const expected = scoresAt(spec.peril, place)![index]!;

      const key = await t.key({ perils: [spec.peril], floodPlus: spec.floodPlus ?? false });
      const query = `latitude=${place.latitude}&longitude=${place.longitude}${spec.floodPlus ? '&flood_plus=true' : ''}`;
      const res = await call(`${t.url}/v1/lite?${query}`, { key });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.deepEqual(Object.keys(res.body.scores), [spec.peril], JSON.stringify(res.body.unavailable));
      const actual = res.body.scores[spec.peril];
      const served = scoresAt(spec.peril, place)!.flatMap((s, j) => (s === actual.score ? [thresholds[j]] : []));
      assert.deepEqual(
        actual,
        { score: expected, band: bandOfScore(expected) },
        `${spec.peril} at ${place.name}: the spec's "${spec.literal}" is threshold ${thresholds[index]}; the score served matches threshold(s) ${served.join(', ') || 'none'}`,
      );
    });
  }

  it('USTornado (EF2, "US only") is not scored outside the United States', async () => {
    const key = await t.key({ perils: ['USTornado'] });
    // Toronto lies inside the fixture's US coverage box, so only the US-only rule can keep it out.
    const res = await call(`${t.url}/v1/lite?latitude=43.65&longitude=-79.38`, { key });
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.scores, {});
    assert.deepEqual(Object.keys(res.body.unavailable), ['USTornado']);
  });
});
