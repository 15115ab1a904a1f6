/**
 * The published-number formulas and special functions against oracles they
 * do not share code with: JavaScript's own toPrecision, closed forms of the
 * incomplete gamma function, published values of erfc and Γ, and the Poisson
 * sum computed here in log space.
 */
import assert from 'node:assert/strict';
import { describe, it } from '../helpers/harness.js';
import { rng } from '../helpers/tables.js';
import { floatReturnPeriod, integerReturnPeriod, probabilityFromExpectedCount, returnPeriodYears, roundSignificant, toPercent, windowYears } from '../../src/engine/formulas.js';
import { gammaP, gammaQ, lnGamma } from '../../src/engine/gamma.js';

const close = (actual: number, expected: number, relative: number, label: string): void =>
  assert.ok(Math.abs(actual - expected) <= relative * Math.abs(expected), `${label}: ${actual} vs ${expected}`);

describe('roundSignificant', () => {
  it('equals Number(x.toPrecision(6)) for 200,000 values from 1e-40 to 1e30', () => {
    const random = rng(20261124);
    for (let i = 0; i < 200_000; i++) {
      const x = (random() < 0.5 ? -1 : 1) * 10 ** (random() * 70 - 40) * (1 + random());
      assert.equal(roundSignificant(x), Number(x.toPrecision(6)), `x = ${x}`);
    }
  });

  it('matches toPrecision on six-digit ties and on the decimals a probability prints as', () => {
    for (const x of [0.1234565, 1.0000005, 99.99995, 12345.65, 0.00099999951, 14.204999, 8.41, 1e-7, 123456789, 1.38254e-19, 5.12184e-18, 2.99209e-61]) {
      assert.equal(roundSignificant(x), Number(x.toPrecision(6)), `x = ${x}`);
    }
    assert.equal(roundSignificant(0), 0);
    assert.equal(roundSignificant(Infinity), Infinity);
  });
});

describe('probability, percent and return period', () => {
  it('follow the closed forms of docs/methods.md §1 by hand', () => {
    // λ = 0.01/yr over one year: p = 1 − e^−0.01 = 0.00995016625…, 0.995017 %.
    assert.equal(toPercent(probabilityFromExpectedCount(0.01)), 0.995017);
    // p = 0.01 in one year: T = 1 / −ln(0.99) = 99.49916247… years.
    assert.equal(floatReturnPeriod(returnPeriodYears(0.01, 1)), 99.4992);
    assert.equal(integerReturnPeriod(returnPeriodYears(0.01, 1)), 99);
    // The 475-year event: 10 % in 50 years.
    assert.equal(integerReturnPeriod(returnPeriodYears(0.1, 50)), 475);
    // A 12-hour window on one day is 0.5 / 365.25 years.
    assert.equal(windowYears(1, 6, 17), 0.5 / 365.25);
    assert.equal(windowYears(366), 366 / 365.25);
  });

  it('rounds integer return periods half up, never below one year, and caps them at a million years', () => {
    assert.equal(integerReturnPeriod(10.5), 11);
    assert.equal(integerReturnPeriod(10.49), 10);
    assert.equal(integerReturnPeriod(0.2), 1);
    assert.equal(returnPeriodYears(0, 1), 1_000_000);
    assert.equal(returnPeriodYears(1e-12, 1), 1_000_000);
    assert.equal(returnPeriodYears(1, 1), 0);
  });
});

describe('incomplete gamma and ln Γ', () => {
  it('ln Γ equals published values', () => {
    close(lnGamma(0.5), Math.log(Math.sqrt(Math.PI)), 1e-14, 'lnΓ(1/2) = ln √π');
    close(lnGamma(1.5), Math.log(Math.sqrt(Math.PI) / 2), 1e-13, 'lnΓ(3/2)');
    close(lnGamma(10), Math.log(362880), 1e-14, 'lnΓ(10) = ln 9!');
    close(lnGamma(0.1), Math.log(9.513507698668732), 1e-14, 'Γ(0.1)');
    close(lnGamma(171), 706.5730622457874, 1e-14, 'lnΓ(171) = ln 170!');
  });

  it('Q(1, x) = e^−x and Q(1/2, x) = erfc(√x) (published erfc values)', () => {
    for (const x of [0.01, 0.3, 1, 4, 20, 80]) close(gammaQ(1, x), Math.exp(-x), 1e-13, `Q(1, ${x})`);
    close(gammaQ(0.5, 0.25), 0.4795001221869535, 1e-13, 'erfc(0.5)');
    close(gammaQ(0.5, 1), 0.15729920705028513, 1e-13, 'erfc(1)');
    close(gammaQ(0.5, 4), 0.004677734981047266, 1e-12, 'erfc(2)');
    // Q(3/2, x) = erfc(√x) + 2 √(x/π) e^−x
    close(gammaQ(1.5, 1), 0.15729920705028513 + 2 * Math.sqrt(1 / Math.PI) * Math.exp(-1), 1e-13, 'Q(3/2, 1)');
  });

  it('Q(n, x) for whole n equals the Poisson sum e^−x Σ_{k<n} x^k / k!, summed here in log space', () => {
    const poissonQ = (n: number, x: number): number => {
      let logTerm = -x;
      let sum = Math.exp(logTerm);
      for (let k = 1; k < n; k++) {
        logTerm += Math.log(x) - Math.log(k);
        sum += Math.exp(logTerm);
      }
      return sum;
    };
    for (const [n, x] of [[2, 0.5], [3, 2], [5, 5], [10, 3], [10, 15], [40, 35], [100, 100], [250, 230]] as const) {
      close(gammaQ(n, x), poissonQ(n, x), 1e-11, `Q(${n}, ${x})`);
      close(gammaP(n, x) + gammaQ(n, x), 1, 1e-14, `P + Q at (${n}, ${x})`);
    }
  });
});
