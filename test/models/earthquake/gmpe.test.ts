/**
 * Ground-motion models (src/models/earthquake/gmpe/): the registry, the stable-crust
 * models and the intensity conversion (active crust and subduction have their own
 * files, gmpe-active.test.ts and gmpe-subduction.test.ts) against values
 * they did not compute: OpenQuake's GMPE verification tables (generated with
 * the authors' or the original implementers' code; rows and provenance in
 * ./gmpe-data/), the papers' printed coefficients, and, for σ beyond the
 * tables' distances and for the intensity conversion, values derived by hand
 * from the published equations.
 */
import assert from 'node:assert/strict';
import { describe, it } from '../../helpers/harness.js';
import {
  AB03_INSLAB,
  AB03_INTERFACE,
  AB06,
  AGA16_INSLAB,
  AGA16_INTERFACE,
  ASK14,
  BSSA14,
  CB14,
  CY14,
  GMPE_BRANCHES,
  mmiFromLnPgaG,
  mmiFromPgaG,
  NGA_EAST_USGS,
  probabilitiesMmiAtLeast,
  probabilityMmiAtLeast,
  REFERENCE_VS30,
  REGIMES,
  ZHAO06_INSLAB,
  ZHAO06_INTERFACE,
  type GroundMotionModel,
} from '../../../src/models/earthquake/gmpe/index.js';
import { PSHAB20_INTERFACE } from '../../../src/models/earthquake/gmpe/parker-2020.js';
import { AB06_BC_PGA, AB06_TABLE9_PRINTED_PGA, type Ab06Coefficients } from '../../../src/models/earthquake/gmpe/atkinson-boore-2006.js';
import { PZT11_BC, pzt11Log10PgaHardRock } from '../../../src/models/earthquake/gmpe/pezeshk-2011.js';
import { F760_PGA_LN } from '../../../src/models/earthquake/gmpe/stewart-2020-f760.js';
import { epriSigma, panelSigma } from '../../../src/models/earthquake/gmpe/nga-east-sigma.js';
import { ngaEastLnPga760 } from '../../../src/models/earthquake/gmpe/nga-east-usgs-2017.js';
import { mmiFromLog10PgaCmS2 } from '../../../src/models/earthquake/gmpe/worden-2012.js';
import { assertClose, readRows, rupture } from './gmpe-helpers.js';

const MODELS: readonly GroundMotionModel[] = [AB06, PZT11_BC, NGA_EAST_USGS, ASK14, BSSA14, CB14, CY14, ZHAO06_INTERFACE, ZHAO06_INSLAB, AGA16_INTERFACE, AGA16_INSLAB];

describe('GMPE registry', () => {
  it('has a logic tree per regime, weights summing to 1, each model for that regime at Vs30 760 m/s, frozen', () => {
    assert.deepEqual(Object.keys(GMPE_BRANCHES).sort(), [...REGIMES].sort());
    for (const regime of REGIMES) {
      const branches = GMPE_BRANCHES[regime];
      assertClose(branches.reduce((sum, b) => sum + b.weight, 0), 1, 1e-12, `${regime} weights`);
      for (const { model } of branches) {
        assert.equal(model.regime, regime);
        assert.equal(model.vs30, REFERENCE_VS30);
        assert.ok(model.citation.length > 40 && model.name.length > 0);
        assert.ok(Object.isFrozen(model), `${model.id} is frozen`);
      }
    }
    assert.equal(REFERENCE_VS30, 760);
    assert.deepEqual(GMPE_BRANCHES.active, [ASK14, BSSA14, CB14, CY14].map((model) => ({ model, weight: 1 / 4 })));
    // USGS 2014 subduction weights, Atkinson & Macias (2009)'s interface 0.3 carried by NGA-Sub (Parker et al. 2022); in-slab equal.
    assert.deepEqual(GMPE_BRANCHES.interface, [{ model: ZHAO06_INTERFACE, weight: 0.3 }, { model: AGA16_INTERFACE, weight: 0.3 }, { model: PSHAB20_INTERFACE, weight: 0.3 }, { model: AB03_INTERFACE, weight: 0.1 }]);
    assert.deepEqual(GMPE_BRANCHES.inslab, [{ model: ZHAO06_INSLAB, weight: 1 / 3 }, { model: AGA16_INSLAB, weight: 1 / 3 }, { model: AB03_INSLAB, weight: 1 / 3 }]);
    for (const regime of REGIMES) assertClose(GMPE_BRANCHES[regime].reduce((sum, b) => sum + b.weight, 0), 1, 1e-12, `${regime} weights`);
  });

  it('every model decreases with distance, has σ > 0, and rejects impossible ruptures', () => {
    for (const model of MODELS) {
      for (const m of [4.5, 6, 7.5, 9]) {
        let previous = Infinity;
        for (const r of [1, 3, 10, 30, 60, 100, 150, 250, 400]) {
          const p = model.lnPga(rupture(m, { rRupKm: r, rJbKm: r, rHypoKm: r, hypocentreDepthKm: 30 }));
          assert.ok(Number.isFinite(p.mean) && p.sigma > 0, `${model.id} M${m} R${r}`);
          assert.ok(p.mean < previous, `${model.id} M${m}: ln PGA at ${r} km not below the nearer value`);
          previous = p.mean;
        }
      }
      assert.throws(() => model.lnPga(rupture(6, { rRupKm: Number.NaN, rJbKm: 10 })), RangeError);
      assert.throws(() => model.lnPga(rupture(6, { rRupKm: 10, rJbKm: -1 })), RangeError);
    }
  });
});

describe('Atkinson & Boore (2006), stable continental, B/C', () => {
  // The reference table converts cm/s² to g with 981 cm/s² per g; the module
  // uses standard gravity (980.665). That shifts every ln value by the
  // constant ln(981/980.665) = 3.42e-4, inside the 1e-3 tolerance; with that
  // constant removed the agreement is 1e-5 (the tables' 8 decimals).
  const unitShift = Math.log(981 / 980.665);

  it('matches the AB06 verification table at 10 (M, Rrup) points', () => {
    const rows = readRows('ab06-pga.csv');
    assert.equal(rows.length, 10);
    for (const row of rows) {
      const p = AB06.lnPga(rupture(row.magnitude!, { rRupKm: row.r_rup_km! }));
      const what = `AB06 M${row.magnitude} Rrup ${row.r_rup_km}`;
      assertClose(p.mean, Math.log(row.pga_g!), 1e-3, what);
      assertClose(p.mean - Math.log(row.pga_g!), unitShift, 1e-5, `${what} (unit-corrected)`);
      // 0.30 log10 units; the table prints single-precision values (0.69077557 for 0.6907755279).
      assertClose(p.sigma, 0.69077557, 1e-7, `${what} σ`);
    }
  });

  it('uses coefficients that round to Table 9 as printed, and the 1 km distance floor', () => {
    // Decimal rounding, half away from zero (0.1465 → 0.147), as the printed table does.
    const threeFigures = (x: number): number => {
      const exponent = Math.floor(Math.log10(Math.abs(x))) - 2;
      const digits = Math.round(Math.abs(x) / 10 ** exponent + 1e-9);
      return Math.sign(x) * Number(`${digits}e${exponent}`);
    };
    for (const key of Object.keys(AB06_TABLE9_PRINTED_PGA) as (keyof Ab06Coefficients)[]) {
      assert.equal(threeFigures(AB06_BC_PGA[key]), AB06_TABLE9_PRINTED_PGA[key], key);
    }
    assert.equal(AB06.lnPga(rupture(6, { rRupKm: 0.2 })).mean, AB06.lnPga(rupture(6, { rRupKm: 1 })).mean);
  });
});

describe('Pezeshk, Zandieh & Tavakoli (2011), stable continental, hard rock moved to B/C', () => {
  it('matches the PZT11 hard-rock verification table at 10 (M, Rrup) points, in mean and σ', () => {
    const rows = readRows('pzt11-pga.csv');
    assert.equal(rows.length, 10);
    for (const row of rows) {
      const what = `PZT11 M${row.magnitude} Rrup ${row.r_rup_km}`;
      assertClose(pzt11Log10PgaHardRock(row.magnitude!, row.r_rup_km!) * Math.LN10, Math.log(row.pga_g!), 1e-6, what);
      assertClose(PZT11_BC.lnPga(rupture(row.magnitude!, { rRupKm: row.r_rup_km! })).sigma, row.sigma_ln!, 1e-6, `${what} σ`);
    }
  });

  it('moves hard rock to 760 m/s by the NGA-East F760 at PGA: 0.767 × 0.185 + 0.233 × 0.121 (Stewart et al. 2020)', () => {
    // Their F760 table, PGA row: impedance 0.185, gradient 0.121 (ln); weight 0.767 on impedance at Vs30 ≥ 600 m/s.
    assertClose(F760_PGA_LN, 0.170088, 1e-9, 'F760 at PGA');
    for (const [m, r] of [[5, 10], [6.5, 40], [7.5, 150]] as const) {
      const hardRock = pzt11Log10PgaHardRock(m, r) * Math.LN10;
      assertClose(PZT11_BC.lnPga(rupture(m, { rRupKm: r })).mean - hardRock, 0.170088, 1e-9, `M${m} ${r} km`);
    }
  });
});

describe('NGA-East aleatory σ of the USGS 2018 model, on the stable-crust medians', () => {
  it('matches the updated EPRI (2013) and panel σ verification tables at 8 magnitudes', () => {
    const rows = readRows('nga-east-sigma-pga.csv');
    assert.equal(rows.length, 8);
    for (const row of rows) {
      // Tables print 6 decimals: 1e-6 covers their rounding.
      assertClose(epriSigma(row.magnitude!), row.epri_sigma_ln!, 1e-6, `EPRI σ M${row.magnitude}`);
      assertClose(panelSigma(row.magnitude!), row.panel_sigma_ln!, 1e-6, `panel σ M${row.magnitude}`);
    }
  });

  it('gives each stable median model (NGA-East 2/3, AB06 and PZT11 1/6 each) both σ branches, 0.8 and 0.2 of its weight, medians unchanged', () => {
    const branches = GMPE_BRANCHES.stable;
    const ids = ['NGAEast-USGS+EPRI13σ', 'NGAEast-USGS+panelσ', 'AB06+EPRI13σ', 'AB06+panelσ', 'PZT11-BC+EPRI13σ', 'PZT11-BC+panelσ'];
    assert.deepEqual(branches.map((b) => b.model.id), ids);
    const expected = [(2 / 3) * 0.8, (2 / 3) * 0.2, (1 / 6) * 0.8, (1 / 6) * 0.2, (1 / 6) * 0.8, (1 / 6) * 0.2];
    branches.forEach((b, i) => assertClose(b.weight, expected[i]!, 1e-15, ids[i]!));
    const medianOf = [NGA_EAST_USGS, NGA_EAST_USGS, AB06, AB06, PZT11_BC, PZT11_BC];
    const sigmaOf = [epriSigma, panelSigma, epriSigma, panelSigma, epriSigma, panelSigma];
    for (const [m, r] of [[4.6, 3], [5.5, 25], [6.9, 120]] as const) {
      branches.forEach((branch, i) => {
        const p = branch.model.lnPga(rupture(m, { rRupKm: r }));
        assert.equal(p.mean, medianOf[i]!.lnPga(rupture(m, { rRupKm: r })).mean, `${branch.model.id} M${m} median`);
        assert.equal(p.sigma, sigmaOf[i]!(m), `${branch.model.id} M${m} σ`);
      });
    }
  });
});

describe('NGA-East for the USGS (2017), 17 models weighted, stable continental at 760 m/s', () => {
  it('is the USGS-weighted mean of the 17 models\' ln PGA at each of their 60 (M, Rrup) nodes', () => {
    const weights = new Map(readRows('nga-east-usgs-weights.csv').map((r) => [r.model!, r.pga_weight!]));
    assert.equal(weights.size, 17);
    assertClose([...weights.values()].reduce((a, b) => a + b, 0), 1, 1e-9, 'weights sum');
    const sums = new Map<string, number>();
    for (const row of readRows('nga-east-usgs-pga760.csv')) {
      const key = `${row.magnitude}:${row.r_rup_km}`;
      sums.set(key, (sums.get(key) ?? 0) + weights.get(row.model!)! * Math.log(row.pga_g!));
    }
    assert.equal(sums.size, 60);
    for (const [key, expected] of sums) {
      const [m, r] = key.split(':').map(Number) as [number, number];
      // The table keeps 5 decimals of ln PGA.
      assertClose(ngaEastLnPga760(m, r), expected, 6e-6, `NGA-East M${m} Rrup ${r}`);
      assertClose(NGA_EAST_USGS.lnPga(rupture(m, { rRupKm: r })).mean, expected, 6e-6, `NGA-East model M${m} Rrup ${r}`);
    }
  });

  it('interpolates linearly in ln R between nodes and along the parabola through M 5, 6, 7 between magnitudes', () => {
    // Halfway in ln R between 12.80402 and 19.18485 km is their geometric mean; at M 6 the value is the mean of the two nodes.
    const r = Math.sqrt(12.80402 * 19.18485);
    assertClose(ngaEastLnPga760(6, r), (-0.88652 + -1.34735) / 2, 1e-12, 'M6 halfway');
    // At 28.74555 km the rows are −3.03474, −1.88806, −1.00299: the parabola at M 5.5 is 3/8·y5 + 3/4·y6 − 1/8·y7.
    assertClose(ngaEastLnPga760(5.5, 28.74555), 0.375 * -3.03474 + 0.75 * -1.88806 - 0.125 * -1.00299, 1e-12, 'M5.5');
    // Beyond the last node the last slope continues; below the first the value is held.
    const slope = (-4.50614 - -3.89203) / Math.log(217.08585 / 144.88363);
    assertClose(ngaEastLnPga760(6, 300), -4.50614 + slope * Math.log(300 / 217.08585), 1e-12, 'M6 300 km');
    assert.equal(ngaEastLnPga760(6, 0.01), ngaEastLnPga760(6, 0.1));
  });

  it('rises with magnitude from M 4.5 to 7.5 at every distance out to 300 km', () => {
    for (const r of [0.5, 2, 5, 10, 20, 40, 80, 150, 300]) {
      let previous = -Infinity;
      for (let m = 4.5; m <= 7.5 + 1e-9; m += 0.1) {
        const y = ngaEastLnPga760(m, r);
        assert.ok(y > previous, `M${m.toFixed(1)} at ${r} km`);
        previous = y;
      }
    }
  });
});

describe('Worden et al. (2012) PGA → MMI', () => {
  // Eq. (3), Table 1: MMI = 1.78 + 1.55 log10 Y (log10 Y ≤ 1.57), −1.60 + 3.70 log10 Y above; Y in cm/s².
  it('follows eq. (3) at its break and on both segments', () => {
    assertClose(mmiFromLog10PgaCmS2(1.57), 4.2135, 1e-12, 'at t1 (lower segment)');
    assertClose(mmiFromLog10PgaCmS2(1.57 + 1e-9), 4.209, 1e-7, 'just above t1 (upper segment)');
    // 0.01 g = 9.80665 cm/s², log10 = 0.991521: 1.78 + 1.55 × 0.991521
    assertClose(mmiFromPgaG(0.01), 3.316857, 1e-6, '0.01 g');
    // 0.5 g = 490.3325 cm/s², log10 = 2.690491: −1.60 + 3.70 × 2.690491
    assertClose(mmiFromPgaG(0.5), 8.354816, 1e-6, '0.5 g');
    assertClose(mmiFromLnPgaG(Math.log(0.5)), mmiFromPgaG(0.5), 1e-12, 'ln form');
  });

  const tailOfNormal = (x: number): number => {
    // P(X ≥ x), X standard normal, by a fine independent quadrature of the density.
    const hi = 12;
    if (x >= hi) return 0;
    const lo = Math.max(x, -hi);
    const n = 20000;
    const h = (hi - lo) / n;
    let s = 0;
    for (let i = 0; i <= n; i++) s += (i === 0 || i === n ? 0.5 : 1) * Math.exp(-0.5 * (lo + i * h) ** 2);
    return (s * h) / Math.sqrt(2 * Math.PI);
  };

  it('gives the exact normal answer where the ln-PGA distribution lies on one segment', () => {
    // Far from the break (> 9σ away), MMI = a + b·log10 Y + ε is exactly normal:
    // mean a + b·μ10, sd √((b·σ/ln 10)² + 0.73²).
    const cases = [
      { log10Y: 2.6, a: -1.6, b: 3.7 },
      { log10Y: 0.5, a: 1.78, b: 1.55 },
    ];
    const sigma = 0.25;
    for (const { log10Y, a, b } of cases) {
      const mean = log10Y * Math.LN10 - Math.log(980.665);
      const mmiMean = a + b * log10Y;
      const sd = Math.hypot((b * sigma) / Math.LN10, 0.73);
      for (const intensity of [mmiMean - 2, mmiMean - 0.5, mmiMean, mmiMean + 0.7, mmiMean + 2.5]) {
        const expected = tailOfNormal((intensity - mmiMean) / sd);
        assertClose(probabilityMmiAtLeast(intensity, { mean, sigma }), expected, 2e-7, `log10 Y ${log10Y}, I ${intensity}`);
      }
    }
  });

  it('matches a brute-force integral across the break', () => {
    const mmi = (log10Y: number): number => (log10Y <= 1.57 ? 1.78 + 1.55 * log10Y : -1.6 + 3.7 * log10Y);
    const brute = (intensity: number, mean: number, sigma: number): number => {
      const n = 40000;
      const h = 24 / n;
      let s = 0;
      for (let i = 0; i < n; i++) {
        const z = -12 + (i + 0.5) * h;
        const log10Y = (mean + sigma * z + Math.log(980.665)) / Math.LN10;
        s += Math.exp(-0.5 * z * z) * tailOfNormalFast((intensity - mmi(log10Y)) / 0.73);
      }
      return (s * h) / Math.sqrt(2 * Math.PI);
    };
    const mean = 1.57 * Math.LN10 - Math.log(980.665); // median exactly at the break (~0.038 g)
    for (const [intensity, sigma] of [[3, 0.7], [5, 0.7], [7, 0.9], [4.2, 0.4]] as [number, number][]) {
      assertClose(probabilityMmiAtLeast(intensity, { mean, sigma }), brute(intensity, mean, sigma), 2e-6, `I ${intensity}, σ ${sigma}`);
    }
  });

  it('is a proper exceedance curve: non-increasing in I, rising with the median, 1 and 0 at the extremes', () => {
    for (const mean of [Math.log(0.005), Math.log(0.05), Math.log(0.4), Math.log(1.5)]) {
      let previous = 1;
      for (let intensity = 0; intensity <= 12; intensity += 0.25) {
        const p = probabilityMmiAtLeast(intensity, { mean, sigma: 0.65 });
        assert.ok(p >= 0 && p <= 1);
        assert.ok(p <= previous + 1e-12, `P(MMI ≥ ${intensity}) rose at ln PGA ${mean}`);
        previous = p;
      }
      assert.ok(probabilityMmiAtLeast(-20, { mean, sigma: 0.65 }) > 1 - 1e-9);
      assert.ok(probabilityMmiAtLeast(30, { mean, sigma: 0.65 }) < 1e-9);
    }
    const atMedian = (g: number): number => probabilityMmiAtLeast(7, { mean: Math.log(g), sigma: 0.6 });
    assert.ok(atMedian(0.05) < atMedian(0.1) && atMedian(0.1) < atMedian(0.3) && atMedian(0.3) < atMedian(1));
    const intensities = [2, 4.2, 5, 6.5, 8, 9.5];
    const together = probabilitiesMmiAtLeast(intensities, { mean: Math.log(0.2), sigma: 0.7 });
    intensities.forEach((intensity, i) => assert.equal(together[i], probabilityMmiAtLeast(intensity, { mean: Math.log(0.2), sigma: 0.7 })));
    assert.throws(() => probabilityMmiAtLeast(6, { mean: 0, sigma: -0.1 }), RangeError);
    // With no ground-motion scatter only the GMICE's own σ = 0.73 remains.
    assertClose(probabilityMmiAtLeast(8, { mean: Math.log(0.5), sigma: 0 }), tailOfNormal((8 - 8.354816) / 0.73), 1e-6, 'σ = 0');
  });
});

/** P(X ≥ x), standard normal, by Abramowitz & Stegun 26.2.17 (|error| < 7.5e-8), for the brute-force oracle. */
function tailOfNormalFast(x: number): number {
  const t = 1 / (1 + 0.2316419 * Math.abs(x));
  const poly = t * (0.31938153 + t * (-0.356563782 + t * (1.781477937 + t * (-1.821255978 + t * 1.330274429))));
  const q = (Math.exp(-0.5 * x * x) / Math.sqrt(2 * Math.PI)) * poly;
  return x >= 0 ? q : 1 - q;
}
