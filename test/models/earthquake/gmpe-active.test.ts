/**
 * Active-crust ground-motion models (NGA-West2) against OpenQuake's verification
 * tables (./gmpe-data/, provenance in its README) and hand-derived terms.
 */
import assert from 'node:assert/strict';
import { describe, it } from '../../helpers/harness.js';
import { BSSA14, CY14 } from '../../../src/models/earthquake/gmpe/index.js';
import { bssa14Phi, bssa14SiteTerm } from '../../../src/models/earthquake/gmpe/boore-2014.js';
import { CY14_PGA, cy14ExpectedZtor, cy14LnPga, type Cy14Input } from '../../../src/models/earthquake/gmpe/chiou-youngs-2014.js';
import { assertClose, readRows, rupture } from './gmpe-helpers.js';

describe('Boore, Stewart, Seyhan & Atkinson (2014), active crust', () => {
  it('matches the BSSA14 (unspecified mechanism) verification table at 10 (M, Rjb) points', () => {
    const rows = readRows('bssa14-pga.csv');
    assert.equal(rows.length, 10);
    for (const row of rows) {
      // The model reads R_JB only: give it a different, wrong R_rup to prove it.
      const p = BSSA14.lnPga(rupture(row.magnitude!, { rJbKm: row.r_jb_km!, rRupKm: row.r_jb_km! + 50 }));
      // Table values carry 6 significant figures: 1e-5 is their rounding.
      assertClose(p.mean, Math.log(row.pga_g!), 1e-5, `BSSA14 M${row.magnitude} Rjb ${row.r_jb_km}`);
    }
  });

  it('matches the tabulated total σ, with its magnitude dependence', () => {
    for (const row of readRows('bssa14-sigma.csv')) {
      const p = BSSA14.lnPga(rupture(row.magnitude!, { rJbKm: row.r_jb_km! }));
      // Tables print σ to 4 decimals: half a unit plus margin.
      assertClose(p.sigma, row.sigma_ln!, 1e-4, `BSSA14 σ M${row.magnitude} Rjb ${row.r_jb_km}`);
      assertClose(p.sigma, Math.hypot(p.tau!, p.phi!), 1e-12, 'σ² = τ² + φ²');
    }
  });

  it('widens φ beyond R1 = 110 km as eqs 15–17 say (hand-derived values)', () => {
    // φ(M, Rjb) = φ(M) + ΔφR ln(Rjb/R1)/ln(R2/R1), R1 = 110, R2 = 270, ΔφR = 0.10; + ΔφR beyond R2.
    const expected: [number, number, number][] = [
      [5, 150, 0.731745], // φ 0.629541, τ 0.373
      [7, 200, 0.660662], // φ 0.561579, τ 0.348
      [7, 300, 0.689296], // φ 0.595, τ 0.348
      [4.8, 120, 0.749876], // φ 0.644690, τ 0.383
    ];
    for (const [m, r, sigma] of expected) {
      assertClose(BSSA14.lnPga(rupture(m, { rJbKm: r })).sigma, sigma, 1e-6, `BSSA14 σ M${m} Rjb ${r}`);
    }
  });

  it('has a zero site term and no Vs30 term in φ at Vs30 760 m/s (and not elsewhere)', () => {
    for (const pgaRock of [0.001, 0.1, 1, 3]) assert.equal(bssa14SiteTerm(760, pgaRock), 0);
    assert.ok(bssa14SiteTerm(400, 0.3) > 0.2, 'a softer site amplifies');
    assert.equal(bssa14Phi(6, 50, 760), bssa14Phi(6, 50, 300));
    assert.ok(bssa14Phi(6, 50, 250) < bssa14Phi(6, 50, 300));
  });
});

describe('Chiou & Youngs (2014), NGA-West2', () => {
  const input = (over: Partial<Cy14Input>): Cy14Input => ({
    magnitude: 6, rRupKm: 10, rJbKm: 10, rxKm: -1, dipDeg: 90, mechanism: 'strike-slip', ztorKm: 0, vs30: 760, vs30Measured: false, ...over,
  });

  // The tables' rows (dip 90°) at 180, 760 and 1500 m/s test the linear and nonlinear site terms; rake 90 the reverse terms.
  it('matches the verification table (dip 90°, strike-slip and reverse) at 23 points in ln PGA to 1e-9', () => {
    const rows = readRows('cy14-pga.csv');
    assert.equal(rows.length, 23);
    for (const row of rows) {
      const p = cy14LnPga(input({
        magnitude: row.magnitude!, rRupKm: row.r_rup_km!, rJbKm: row.r_jb_km!, rxKm: row.r_x_km!, ztorKm: row.ztor_km!, vs30: row.vs30!,
        mechanism: row.rake === 90 ? 'reverse' : 'strike-slip',
      }));
      assertClose(p.mean, Math.log(row.pga_g!), 1e-9, `CY14 M${row.magnitude} rake ${row.rake} Ztor ${row.ztor_km} Rrup ${row.r_rup_km} Vs30 ${row.vs30}`);
    }
  });

  it('matches the total σ table (normal faulting, Vs30 measured) to its 5 printed decimals', () => {
    const rows = readRows('cy14-sigma.csv');
    assert.equal(rows.length, 7);
    for (const row of rows) {
      const p = cy14LnPga(input({
        magnitude: row.magnitude!, rRupKm: row.r_rup_km!, rJbKm: row.r_jb_km!, rxKm: row.r_x_km!, ztorKm: row.ztor_km!, vs30: row.vs30!,
        mechanism: 'normal', vs30Measured: true,
      }));
      assertClose(p.sigma, row.sigma_ln!, 6e-6, `CY14 σ M${row.magnitude} Rrup ${row.r_rup_km} Vs30 ${row.vs30}`);
    }
  });

  it('adds the hanging-wall term of eq. (11) over the hanging wall of a dipping fault only', () => {
    // Vs30 1130: no site term, so the difference is the term itself: c9 cos δ (c9a + (1 − c9a) tanh(Rx/c9b)) (1 − √(Rjb² + Ztor²)/(Rrup + 1)).
    const c = CY14_PGA;
    const at = (rxKm: number): number => cy14LnPga(input({ dipDeg: 45, rxKm, rJbKm: 0, rRupKm: 7, ztorKm: 2, vs30: 1130 })).mean;
    const expected = c.c9 * Math.SQRT1_2 * (c.c9a + (1 - c.c9a) * Math.tanh(5 / c.c9b)) * (1 - 2 / 8);
    assertClose(at(5) - at(-5), expected, 1e-12, 'F_HW term');
    assert.equal(cy14LnPga(input({ rxKm: 5 })).mean, cy14LnPga(input({ rxKm: -5 })).mean, 'no term on a vertical fault');
  });

  it('centres Z_TOR on its magnitude-dependent mean (eqs. 4–5) and takes it from the rupture when given', () => {
    assertClose(cy14ExpectedZtor(4, 'strike-slip'), 2.673 ** 2, 1e-12, 'E[Ztor] below M 4.97');
    assertClose(cy14ExpectedZtor(7, 'reverse'), (2.704 - 1.226 * (7 - 5.849)) ** 2, 1e-12, 'E[Ztor] reverse, M 7');
    assert.equal(cy14ExpectedZtor(8, 'strike-slip'), 0);
    const base = { magnitude: 6.5, rRupKm: 20, rJbKm: 18, hypocentreDepthKm: 10 };
    const expected = cy14LnPga(input({ magnitude: 6.5, rRupKm: 20, rJbKm: 18, ztorKm: cy14ExpectedZtor(6.5, 'strike-slip') })).mean;
    assertClose(CY14.lnPga(base).mean, expected, 1e-12, 'absent Z_TOR → its mean');
    assert.ok(CY14.lnPga({ ...base, ztorKm: 8 }).mean > CY14.lnPga(base).mean, 'a deeper top raises PGA (c7 > 0)');
  });
});
