import assert from 'node:assert/strict';
import { describe, it } from '../helpers/harness.js';
import { Engine } from '../../src/engine/engine.js';
import { encodeTable } from '../../src/engine/table-file.js';
import { daysFromCivil, civilFromDays, addOneYear, parseIsoDate, formatIsoDate, londonToday } from '../../src/engine/calendar.js';
import { probabilityInYears, returnPeriodYears, windowYears, toPercent, integerReturnPeriod, RETURN_PERIOD_CAP_YEARS } from '../../src/engine/formulas.js';
import { DAYS_PER_YEAR } from '../../src/units.js';
import { referenceWindow } from '../../src/engine/reference.js';
import { uniformRateTable, randomRateTable, testCellCentre } from '../helpers/tables.js';

describe('rate ↔ probability ↔ return period (closed forms)', () => {
  it('λ = 0.01/yr gives 0.995 % in one year and 25.9 % in thirty', () => {
    assert.equal(toPercent(probabilityInYears(0.01, 1)).toFixed(3), '0.995');
    assert.equal((probabilityInYears(0.01, 30) * 100).toFixed(1), '25.9');
  });

  it('10 % in 50 years ↔ 474.6-year return period', () => {
    assert.equal(returnPeriodYears(0.1, 50).toFixed(1), '474.6');
    assert.ok(Math.abs(probabilityInYears(1 / returnPeriodYears(0.1, 50), 50) - 0.1) < 1e-12);
  });

  it('a one-year window of a constant rate has return period 1/λ; Λ = 0 reports the cap', () => {
    assert.ok(Math.abs(returnPeriodYears(probabilityInYears(0.004, 1), 1) - 250) < 1e-9);
    assert.equal(returnPeriodYears(0, 1), RETURN_PERIOD_CAP_YEARS);
    assert.equal(returnPeriodYears(1e-12, 1), RETURN_PERIOD_CAP_YEARS);
    assert.equal(integerReturnPeriod(0.2), 1);
    assert.equal(integerReturnPeriod(10.5), 11);
  });

  it('window length counts covered hours', () => {
    assert.equal(windowYears(365.25 * 4, 0, 23), 4);
    assert.equal(windowYears(2, 9, 16), (2 * 8) / 24 / DAYS_PER_YEAR);
  });
});

describe('calendar', () => {
  it('days ↔ civil dates round-trip across centuries, with Gregorian leap rules', () => {
    for (let d = daysFromCivil(1899, 12, 1); d < daysFromCivil(2101, 3, 1); d += 1) {
      const c = civilFromDays(d);
      assert.equal(daysFromCivil(c.year, c.month, c.day), d);
    }
    assert.equal(parseIsoDate('2024-02-29'), daysFromCivil(2024, 2, 29));
    assert.equal(parseIsoDate('2023-02-29'), null);
    assert.equal(parseIsoDate('1900-02-29'), null);
    assert.equal(parseIsoDate('2000-02-29'), daysFromCivil(2000, 2, 29));
    for (const bad of ['2024-2-01', '2024-13-01', '24-01-01', '2024-01-01T00:00', '2024/01/01', '']) assert.equal(parseIsoDate(bad), null, bad);
    assert.equal(formatIsoDate(addOneYear(parseIsoDate('2024-02-29')!)), '2025-02-28');
    assert.equal(formatIsoDate(addOneYear(parseIsoDate('2026-11-24')!)), '2027-11-24');
  });

  it('London "today" follows GMT/BST around midnight', () => {
    // 23:30 UTC on 30 June is 00:30 BST on 1 July; 23:30 UTC on 30 December is still 30 December in GMT.
    assert.equal(formatIsoDate(londonToday(Date.UTC(2026, 5, 30, 23, 30))), '2026-07-01');
    assert.equal(formatIsoDate(londonToday(Date.UTC(2026, 11, 30, 23, 30))), '2026-12-30');
  });
});

describe('window mathematics through the kernel', () => {
  const engine = Engine.create({ images: [encodeTable(uniformRateTable('Earthquake', 0.01)), encodeTable(randomRateTable('TropicalCyclone', 5))], poolSize: 0 });
  const where = testCellCentre(100);
  const evaluate = async (peril: 'Earthquake' | 'TropicalCyclone', startDay: number, endDay: number, startHour = 0, endHour = 23) => {
    const [r] = await engine.evaluate([{ peril, ...where, startDay, endDay, startHour, endHour, mode: 'window' }]);
    assert.ok(r && r.ok);
    return r.values;
  };

  it('a uniform λ = 0.01/yr over four calendar years (one leap day) gives 1 − e^(−0.04)', async () => {
    const p = await evaluate('Earthquake', daysFromCivil(2024, 1, 1), daysFromCivil(2027, 12, 31));
    assert.ok(Math.abs(p[0]! - (1 - Math.exp(-0.04))) < 1e-14);
  });

  it('hour windows scale a uniform diurnal profile by hours/24', async () => {
    const day = daysFromCivil(2025, 6, 1);
    const full = await evaluate('Earthquake', day, day + 99);
    const part = await evaluate('Earthquake', day, day + 99, 9, 14);
    assert.ok(Math.abs(-Math.log1p(-part[0]!) / -Math.log1p(-full[0]!) - 6 / 24) < 1e-12);
  });

  it('a leap year\'s 29 February adds exactly its seasonal weight', async () => {
    const table = randomRateTable('TropicalCyclone', 5);
    const row = table.cellRow[100]!;
    const leap = await evaluate('TropicalCyclone', daysFromCivil(2024, 2, 1), daysFromCivil(2024, 3, 31));
    const common = await evaluate('TropicalCyclone', daysFromCivil(2023, 2, 1), daysFromCivil(2023, 3, 31));
    const leapDay = await evaluate('TropicalCyclone', daysFromCivil(2024, 2, 29), daysFromCivil(2024, 2, 29));
    const lam = (p: number) => -Math.log1p(-p);
    assert.ok(Math.abs(lam(leap[0]!) - lam(common[0]!) - lam(leapDay[0]!)) < 1e-12 * lam(leap[0]!));
    const ref = referenceWindow(table, row, { startDay: daysFromCivil(2024, 2, 29), endDay: daysFromCivil(2024, 2, 29), startHour: 0, endHour: 23 });
    assert.ok(Math.abs(ref[0]! - leapDay[0]!) < 1e-12);
  });
});
