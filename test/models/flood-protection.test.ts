import { describe, it } from '../helpers/harness.js';
import assert from 'node:assert/strict';
import { cellIndex } from '../../src/engine/grid.js';
import { cityDensity, defendedShare, defendedShareGrid } from '../../src/models/flood/defended-share.js';
import { FLOPROS_COUNTRIES, floprosCountryStandard, floprosUnitStandard } from '../../src/models/flood/flopros.js';
import type { Floodplain } from '../../src/models/flood/hand.js';
import { COUNTRY_PROTECTION, protectionGrid } from '../../src/models/flood/protection.js';
import { riverRate } from '../../src/models/flood/stage.js';
import { countryGrid } from '../../src/models/toolkit/country-grid.js';
import { CELLS, GRID } from '../../src/models/toolkit/half-degree.js';

const close = (a: number, b: number, tolerance: number, what: string): void => assert.ok(Math.abs(a - b) <= tolerance, `${what}: ${a} vs ${b}`);

describe('flood protection: the defended share of a cell', () => {
  it('p = E · people / (D · land), capped at 0.9; no land, no share', () => {
    // 280,000 people at 2,800 inh/km² are 100 km² of city on 1,000 km² of land: 10 % built up, 20 % of the flood-prone land with E = 2.
    close(defendedShare(280_000, 2800, 1000), 0.2, 1e-12, 'p');
    // 5,300 inh/km² (the other countries): 530,000 people → 100 km² again.
    close(defendedShare(530_000, 5300, 1000), 0.2, 1e-12, 'p at 5,300');
    // Shanghai's 23.35 M gazetteer people on 2,555 km² at 5,300 would be 172 % built up before E: the cap.
    assert.equal(defendedShare(23_350_000, 5300, 2555), 0.9);
    assert.equal(defendedShare(1000, 2800, 0), 0);
    assert.equal(defendedShare(0, 2800, 1000), 0);
  });

  it('the city density is 2,800 inh/km² in the high-income countries, 5,300 elsewhere', () => {
    assert.equal(cityDensity('276'), 2800);
    assert.equal(cityDensity('528'), 2800);
    assert.equal(cityDensity('616'), 5300);
    assert.equal(cityDensity('050'), 5300);
    assert.equal(cityDensity(undefined), 5300);
  });

  it('a cell a dike ring encloses is defended whole, whatever its people', () => {
    const countries = { ids: ['276'], countryOf: new Int16Array(CELLS).fill(0) };
    const people = new Float64Array(CELLS).fill(280_000);
    const land = new Float64Array(CELLS).fill(1000);
    const whole = new Uint8Array(CELLS);
    whole[5] = 1;
    const p = defendedShareGrid(people, land, countries, whole);
    assert.equal(p[5], 1);
    close(p[6]!, 0.2, 1e-12, 'open cell');
  });
});

describe('flood protection: the hazard curve mixes the defended and the natural share', () => {
  // One fine cell at HAND 2 m, gradient 0.5 m/km: mapped drainage uniform on [0, 2 + 0.5 × 5.56]; unmapped streams uniform on [0, 0.5 × 20 / 2].
  const fp: Floodplain = { hand: new Float32Array(CELLS * 25), count: new Uint8Array(CELLS), gradient: new Float64Array(CELLS) };
  fp.hand[25 * 7] = 2;
  fp.count[7] = 1;
  fp.gradient[7] = 0.5;
  const F = (h: number): number => (h <= 0 ? 0 : 1 - (1 - Math.min(1, h / 4.78)) * (1 - Math.min(1, h / 5)));
  const y = (T: number): number => -Math.log(-Math.log(1 - 1 / T));
  const stage = (T: number): number => (1.5 * y(T)) / y(14.1);
  const rates = [0.1, 0.03, 0.005];
  const a = 0.1;
  const d = 0.5;
  const natural = rates[0]! * a * F(stage(14.1) - d) + rates[1]! * a * F(stage(44.7) - d) + rates[2]! * a * F(stage(200) - d);
  // Behind 1/50: class 1 (10–20 y) held; of class 1.5 (20–100 y) the share (1/50 − 1/100)/(1/20 − 1/100) = 1/4 overtops, at √(50 × 100) y; class 2 whole.
  const defended = rates[1]! * 0.25 * a * F(stage(Math.sqrt(5000)) - d) + rates[2]! * a * F(stage(200) - d);

  it('p = 0 reads the natural rate', () => {
    close(riverRate(fp, 7, rates, 0, 50, a, d), natural, 1e-12, 'natural');
  });

  it('p = 1 reads the defended rate', () => {
    close(riverRate(fp, 7, rates, 1, 50, a, d), defended, 1e-12, 'defended');
  });

  it('in between, p of the defended and 1 − p of the natural rate', () => {
    close(riverRate(fp, 7, rates, 0.3, 50, a, d), 0.3 * defended + 0.7 * natural, 1e-12, 'p = 0.3');
    assert.ok(defended < natural);
  });
});

describe('flood protection: the FLOPROS standards', () => {
  const unit = (designMax: number, policyMin: number, policyMax: number, model: number) => ({ designMax, policyMin, policyMax, model });

  it('design upper bound where it exists, else the model layer clamped to the policy range, else the model layer', () => {
    assert.equal(floprosUnitStandard(unit(20, 0, 0, 30)), 20); // a Chinese province: design 2–20
    assert.equal(floprosUnitStandard(unit(0, 100, 200, 47.2)), 100); // a Polish voivodeship: policy 100–200, model 47
    assert.equal(floprosUnitStandard(unit(0, 100, 500, 1000)), 500); // a US state whose model layer exceeds the policy maximum
    assert.equal(floprosUnitStandard(unit(0, 30, 200, 74.6)), 74.6); // a Japanese prefecture: the model inside the policy range
    assert.equal(floprosUnitStandard(unit(0, 0, 100, 60)), 100); // policy without a minimum: the maximum is the range
    assert.equal(floprosUnitStandard(unit(0, 0, 0, 16.3)), 16.3); // model layer only
    assert.equal(floprosUnitStandard(unit(0, 0, 0, 0)), 0); // FLOPROS's 0 marks a missing value
  });

  it('a country takes the median of its units, missing units left out, to three figures', () => {
    assert.equal(floprosCountryStandard([unit(0, 0, 0, 16.33), unit(0, 0, 0, 0), unit(0, 0, 0, 17.14), unit(0, 0, 0, 30)]), 17.1);
    assert.equal(floprosCountryStandard([unit(250, 0, 0, 0), unit(2000, 0, 0, 0), unit(4000, 0, 0, 0), unit(10_000, 0, 0, 0)]), 3000);
    assert.throws(() => floprosCountryStandard([unit(0, 0, 0, 0)]));
  });

  it('the country table: one row per country, each standard positive and cited; Poland 100, the Netherlands whole-area', () => {
    assert.equal(new Set(FLOPROS_COUNTRIES.map((c) => c.id)).size, FLOPROS_COUNTRIES.length);
    for (const c of FLOPROS_COUNTRIES) assert.ok(c.years > 0 && COUNTRY_PROTECTION.get(c.id)!.source.startsWith('FLOPROS V1'), c.name);
    assert.equal(COUNTRY_PROTECTION.get('616')!.years, 100);
    assert.equal(COUNTRY_PROTECTION.get('528')!.wholeArea, true);
    assert.equal(COUNTRY_PROTECTION.get('276')!.wholeArea, undefined);
  });

  it('the grid: country standards, city circles over them, whole-area systems marked', () => {
    const grid = protectionGrid(countryGrid());
    const at = (latitude: number, longitude: number): [number, number] => {
      const c = cellIndex(GRID, latitude, longitude);
      return [grid.years[c]!, grid.wholeArea[c]!];
    };
    assert.deepEqual(at(52.25, 14.75), [100, 0]); // Frankfurt (Oder)/Słubice, Poland
    assert.deepEqual(at(50.08, 14.43), [200, 0]); // Prague's circle over Czechia's 60.2
    assert.deepEqual(at(30.04, 31.24), [102, 0]); // Cairo
    assert.deepEqual(at(29.95, -90.07), [100, 1]); // New Orleans's perimeter wins the tie with the US
    assert.deepEqual(at(47.9, 106.9), [5, 0]); // Ulaanbaatar: Mongolia is not in the table
  });
});
