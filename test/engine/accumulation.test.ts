import assert from 'node:assert/strict';
import { describe, it } from '../helpers/harness.js';
import { civilFromDays, daysFromCivil } from '../../src/engine/calendar.js';
import { gammaQ } from '../../src/engine/gamma.js';
import { perilDef } from '../../src/engine/perils.js';
import { referenceWindow } from '../../src/engine/reference.js';
import type { AccumulationTable } from '../../src/engine/table-spec.js';
import { randomAccumulationTable, rng } from '../helpers/tables.js';

/** Monte Carlo of the chain-dependent generator itself: an independent check of the window-total maths. */
function simulate(table: AccumulationTable, row: number, d0: number, d1: number, samples: number, seed: number): number[] {
  const random = rng(seed);
  const normal = (): number => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  const gamma = (a: number): number => {
    if (a < 1) return gamma(a + 1) * Math.pow(1 - random(), 1 / a);
    const d = a - 1 / 3;
    const c = 1 / Math.sqrt(9 * d);
    for (;;) {
      let x: number;
      let v: number;
      do {
        x = normal();
        v = 1 + c * x;
      } while (v <= 0);
      v = v * v * v;
      const u = 1 - random();
      if (Math.log(u) < 0.5 * x * x + d * (1 - v + Math.log(v))) return d * v;
    }
  };
  const thresholds = perilDef(table.peril).thresholds as number[];
  const hits = thresholds.map(() => 0);
  for (let s = 0; s < samples; s++) {
    let total = 0;
    let wet = false;
    for (let d = d0; d <= d1; d++) {
      const base = (row * 12 + civilFromDays(d).month - 1) * 6;
      const [p01, p11, alpha, beta, q, r] = [...table.params.subarray(base, base + 6)] as [number, number, number, number, number, number];
      wet = random() < (d === d0 ? p01 / (1 - p11 + p01) : wet ? p11 : p01);
      if (wet && random() < q) total += r * beta * gamma(alpha);
    }
    thresholds.forEach((x, j) => {
      if (total >= x) hits[j]!++;
    });
  }
  return hits.map((h) => h / samples);
}

describe('window totals (accumulation perils)', () => {
  const rain = randomAccumulationTable('CumulativeRain', 21);
  const snow = randomAccumulationTable('Cumulativesnow', 22);

  it('a one-day window is exactly P(wet) · q · Q(α, x / (rβ))', () => {
    const day = daysFromCivil(2025, 7, 14);
    const base = (5 * 12 + 6) * 6;
    const [p01, p11, alpha, beta, q, r] = [...snow.params.subarray(base, base + 6)] as number[];
    const pi = p01! / (1 - p11! + p01!);
    const got = referenceWindow(snow, 5, { startDay: day, endDay: day, startHour: 0, endHour: 23 });
    (perilDef('Cumulativesnow').thresholds as number[]).forEach((x, j) => {
      const exact = pi * q! * gammaQ(alpha!, x / (r! * beta!));
      assert.ok(Math.abs(got[j]! - exact) <= 1e-12 + 1e-9 * exact, `threshold ${x}: ${got[j]} vs ${exact}`);
    });
  });

  for (const [label, table, row, month, days] of [
    ['rain, 3 days', rain, 3, 1, 3],
    ['rain, 10 days', rain, 7, 6, 10],
    ['rain, 45 days across months', rain, 11, 9, 45],
    ['snow, 5 days in winter', snow, 2, 1, 5],
    ['snow, 20 days in spring', snow, 9, 3, 20],
  ] as const) {
    it(`matches a Monte Carlo of the generator within 3.5 points: ${label}`, () => {
      const d0 = daysFromCivil(2023, month, 3);
      const d1 = d0 + days - 1;
      const model = referenceWindow(table, row, { startDay: d0, endDay: d1, startHour: 0, endHour: 23 });
      const mc = simulate(table, row, d0, d1, 20_000, 7);
      model.forEach((p, j) => assert.ok(Math.abs(p - mc[j]!) < 0.035, `threshold ${j}: model ${p.toFixed(4)} vs simulation ${mc[j]!.toFixed(4)}`));
    });
  }

  it('is monotone in window length on smoothly varying parameters', () => {
    for (const table of [rain, snow]) {
      for (let row = 0; row < table.rows; row += 3) {
        for (let start = 0; start < 365; start += 29) {
          const d0 = daysFromCivil(2022, 1, 1) + start;
          let previous = referenceWindow(table, row, { startDay: d0, endDay: d0, startHour: 0, endHour: 23 });
          for (const length of [2, 3, 5, 8, 13, 21, 34, 55]) {
            const next = referenceWindow(table, row, { startDay: d0, endDay: d0 + length - 1, startHour: 0, endHour: 23 });
            next.forEach((p, j) => assert.ok(p >= previous[j]! - 1e-12, `${table.peril} row ${row} start ${start} length ${length} threshold ${j}`));
            previous = next;
          }
        }
      }
    }
  });
});
