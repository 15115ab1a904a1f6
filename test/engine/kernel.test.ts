import assert from 'node:assert/strict';
import { after, before, describe, it } from '../helpers/harness.js';
import { Engine, type CurveRequest } from '../../src/engine/engine.js';
import { encodeTable } from '../../src/engine/table-file.js';
import { referenceDailyMean, referenceExpanding, referenceWindow } from '../../src/engine/reference.js';
import { daysFromCivil } from '../../src/engine/calendar.js';
import type { HazardTable } from '../../src/engine/table-spec.js';
import { perilDef } from '../../src/engine/perils.js';
import { randomAccumulationTable, randomDailyTable, randomRateTable, rng, testCellCentre, TEST_GRID } from '../helpers/tables.js';

const TABLES: HazardTable[] = [
  randomRateTable('Earthquake', 11),
  randomRateTable('USTornado', 12),
  randomDailyTable('MaxWindGust', 13),
  randomAccumulationTable('CumulativeRain', 14),
  randomAccumulationTable('Cumulativesnow', 15),
];
const byPeril = new Map(TABLES.map((t) => [t.peril, t]));

function assertClose(actual: ArrayLike<number>, expected: ArrayLike<number>, context: string): void {
  assert.equal(actual.length, expected.length, `${context}: length`);
  for (let i = 0; i < actual.length; i++) {
    const a = actual[i]!;
    const e = expected[i]!;
    const tolerance = 1e-9 * Math.max(Math.abs(e), 1e-300) + 1e-15;
    assert.ok(Math.abs(a - e) <= tolerance, `${context}[${i}]: kernel ${a} vs reference ${e}`);
  }
}

/** Random covered cell, window (possibly multi-year, crossing leap days and century years) and hours. */
function randomCases(count: number, seed: number, maxDays: number) {
  const random = rng(seed);
  const cases: { table: HazardTable; cell: number; request: CurveRequest }[] = [];
  while (cases.length < count) {
    const table = TABLES[Math.floor(random() * TABLES.length)]!;
    const cell = Math.floor(random() * TEST_GRID.nlat * TEST_GRID.nlon);
    if (table.cellRow[cell] === -1) continue;
    const startDay = daysFromCivil(1896, 1, 1) + Math.floor(random() * 300 * 365);
    const endDay = startDay + Math.floor(random() * maxDays);
    const startHour = Math.floor(random() * 24);
    const endHour = startHour + Math.floor(random() * (24 - startHour));
    cases.push({ table, cell, request: { peril: table.peril, ...testCellCentre(cell), startDay, endDay, startHour, endHour, mode: 'window' } });
  }
  return cases;
}

describe('hazard kernel vs reference implementation', () => {
  let inline: Engine;
  let pooled: Engine;
  before(() => {
    const images = TABLES.map(encodeTable);
    inline = Engine.create({ images, poolSize: 0 });
    pooled = Engine.create({ images, poolSize: 2, inlineBudgetMicros: 0 });
  });
  after(async () => {
    await inline.close();
    await pooled.close();
  });

  it('whole windows: 3,000 random cells and windows agree to 1e-9 relative (inline)', async () => {
    const cases = randomCases(3000, 1, 800);
    const results = await inline.evaluate(cases.map((c) => c.request));
    cases.forEach((c, i) => {
      const r = results[i]!;
      assert.ok(r.ok);
      const w = c.request;
      assertClose(r.values, referenceWindow(c.table, c.table.cellRow[c.cell]!, w), `${c.table.peril} ${w.startDay}-${w.endDay} h${w.startHour}-${w.endHour}`);
    });
  });

  it('the pool gives exactly the inline results, split over many tasks', async () => {
    const cases = randomCases(2000, 2, 3000);
    const requests = cases.map((c) => c.request);
    const a = await inline.evaluate(requests);
    const before = pooled.poolTasks;
    const b = await pooled.evaluate(requests);
    assert.ok(pooled.poolTasks - before > 1, 'work should be split into several pool tasks');
    a.forEach((r, i) => {
      assert.ok(r.ok && b[i]!.ok);
      assert.deepEqual([...(b[i] as { values: Float64Array }).values], [...r.values]);
    });
  });

  it('the small-request path (one call per curve) gives exactly the batched results, in every mode', async () => {
    const modes = ['window', 'daily', 'expanding'] as const;
    const cases = randomCases(600, 5, 90).map((c, i) => ({ ...c.request, mode: modes[i % 3]! }));
    const batched = await inline.evaluate(cases);
    for (let from = 0; from < cases.length; from += 40) {
      const small = await inline.evaluate(cases.slice(from, from + 40));
      small.forEach((r, j) => {
        const b = batched[from + j]!;
        assert.ok(r.ok && b.ok);
        assert.deepEqual([...r.values], [...b.values]);
      });
    }
  });

  it('evaluateNow answers a few small curves at once, exactly as evaluate, and leaves pooled work to evaluate', async () => {
    const requests = randomCases(11, 6, 365).map((c) => c.request);
    const now = inline.evaluateNow(requests);
    assert.ok(now, 'eleven one-year windows run inline');
    const later = await inline.evaluate(requests);
    now.forEach((r, i) => {
      assert.ok(r.ok && later[i]!.ok);
      assert.deepEqual([...r.values], [...(later[i] as { values: Float64Array }).values]);
    });
    // An engine whose inline budget is zero sends everything with a cost to its pool.
    assert.equal(pooled.evaluateNow(requests), null);
    // More curves than the small path takes go through evaluate's grouping, even without a pool.
    assert.equal(inline.evaluateNow(randomCases(65, 7, 10).map((c) => c.request)), null);
  });

  it('threshold mode: one threshold of a window is exactly that entry of the whole curve, in every table type, inline and pooled', async () => {
    const cases = randomCases(1500, 8, 800);
    const whole = await inline.evaluate(cases.map((c) => c.request));
    const random = rng(9);
    const picks = cases.map((c) => Math.floor(random() * perilDef(c.table.peril).thresholds.length));
    const single = cases.map((c, i) => ({ ...c.request, mode: 'threshold' as const, threshold: picks[i]! }));
    const before = pooled.poolTasks;
    const answers = [await inline.evaluate(single), await pooled.evaluate(single), inline.evaluateNow(single.slice(0, 40))!];
    assert.ok(pooled.poolTasks > before, 'the pooled engine ran threshold requests in its pool');
    for (const answer of answers) {
      answer.forEach((r, i) => {
        const w = whole[i]!;
        assert.ok(r.ok && w.ok);
        assert.deepEqual([...r.values], [w.values[picks[i]!]!], `${single[i]!.peril} threshold ${picks[i]}`);
      });
    }
    assert.deepEqual(new Set(cases.map((c) => c.table.peril)), new Set(TABLES.map((t) => t.peril)), 'every table type was asked');
    const request = single[0]!;
    const k = perilDef(request.peril).thresholds.length;
    for (const threshold of [-1, k, 0.5, undefined]) {
      assert.throws(() => inline.evaluateNow([{ ...request, threshold }]), { name: 'RangeError', message: new RegExp(`threshold index ${threshold} is outside its ${k} thresholds`) });
    }
  });

  it('daily mode: mean of single-day probabilities agrees with the reference', async () => {
    const cases = randomCases(400, 3, 120).map((c) => ({ ...c, request: { ...c.request, mode: 'daily' as const } }));
    const results = await inline.evaluate(cases.map((c) => c.request));
    cases.forEach((c, i) => {
      const r = results[i]!;
      assert.ok(r.ok);
      assertClose(r.values, referenceDailyMean(c.table, c.table.cellRow[c.cell]!, c.request), `daily ${c.table.peril}`);
    });
  });

  it('expanding mode: one curve per window, window i = [start − window_days, … + i]', async () => {
    const table = byPeril.get('CumulativeRain')!;
    const cell = 0;
    const startDate = daysFromCivil(2024, 2, 25);
    const endDate = daysFromCivil(2024, 3, 4);
    const windowDays = 3;
    const request: CurveRequest = { peril: 'CumulativeRain', ...testCellCentre(cell), startDay: startDate - windowDays, endDay: endDate, startHour: 0, endHour: 23, mode: 'expanding' };
    const [result] = await inline.evaluate([request]);
    assert.ok(result && result.ok);
    const k = 8;
    const expected = referenceExpanding(table, table.cellRow[cell]!, startDate, endDate, windowDays);
    assert.equal(expected.length, endDate - startDate + 1 + windowDays);
    assert.equal(result.values.length, expected.length * k);
    expected.forEach((curve, i) => assertClose(Array.prototype.slice.call(result.values, i * k, (i + 1) * k), curve, `window ${i}`));
  });

  it('a longer window never lowers a probability; a higher threshold never raises one', async () => {
    const cases = randomCases(500, 4, 400);
    const longer = cases.map((c) => ({ ...c.request, endDay: c.request.endDay + 17 }));
    const a = await inline.evaluate(cases.map((c) => c.request));
    const b = await inline.evaluate(longer);
    a.forEach((r, i) => {
      assert.ok(r.ok && b[i]!.ok);
      const long = (b[i] as { values: Float64Array }).values;
      for (let j = 0; j < r.values.length; j++) {
        assert.ok(long[j]! >= r.values[j]! - 1e-15, `longer window lowered threshold ${j}`);
        if (j > 0) assert.ok(r.values[j]! <= r.values[j - 1]! + 1e-15, `threshold ${j} above threshold ${j - 1}`);
      }
    });
  });

  it('an uncovered cell and a missing table fail with a reason, never a zero', async () => {
    const uncovered = TEST_GRID.nlon * 1 + 2; // index % 3 === 2 → −1 in the fixtures
    const [noCell, noTable] = await inline.evaluate([
      { peril: 'Earthquake', ...testCellCentre(uncovered), startDay: 20000, endDay: 20100, startHour: 0, endHour: 23, mode: 'window' },
      { peril: 'Hail', latitude: 30, longitude: -90, startDay: 20000, endDay: 20100, startHour: 0, endHour: 23, mode: 'window' },
    ]);
    assert.equal(noCell!.ok, false);
    assert.match((noCell as { reason: string }).reason, /no coverage: the Earthquake model has no data/);
    assert.equal(noTable!.ok, false);
    assert.match((noTable as { reason: string }).reason, /no hazard table for Hail/);
  });
});
