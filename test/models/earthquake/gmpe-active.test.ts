/**
 * Active-crust ground-motion models (NGA-West2) against OpenQuake's verification
 * tables (./gmpe-data/, provenance in its README) and hand-derived terms.
 */
import assert from 'node:assert/strict';
import { describe, it } from '../../helpers/harness.js';
import { ASK14, BSSA14, CB14, CY14 } from '../../../src/models/earthquake/gmpe/index.js';
import { ASK14_PGA, ask14LnPga, ask14Z1Ref, type Ask14Input } from '../../../src/models/earthquake/gmpe/abrahamson-2014.js';
import { bssa14Phi, bssa14SiteTerm } from '../../../src/models/earthquake/gmpe/boore-2014.js';
import { CB14_PGA, cb14DefaultZ25, cb14LnPga, type Cb14Input } from '../../../src/models/earthquake/gmpe/campbell-bozorgnia-2014.js';
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
  const fromRow = (row: Record<string, number>, over: Partial<Cy14Input>): Cy14Input =>
    input({ magnitude: row.magnitude!, rRupKm: row.r_rup_km!, rJbKm: row.r_jb_km!, rxKm: row.r_x_km!, ztorKm: row.ztor_km!, vs30: row.vs30!, ...over });

  // The tables' rows (dip 90°) at 180, 760 and 1500 m/s test the linear and nonlinear site terms; rake 90 the reverse terms.
  it('matches the verification table (dip 90°, strike-slip and reverse) at 23 points in ln PGA to 1e-9', () => {
    const rows = readRows('cy14-pga.csv');
    assert.equal(rows.length, 23);
    for (const row of rows) {
      const p = cy14LnPga(fromRow(row, { mechanism: row.rake === 90 ? 'reverse' : 'strike-slip' }));
      assertClose(p.mean, Math.log(row.pga_g!), 1e-9, `CY14 M${row.magnitude} rake ${row.rake} Ztor ${row.ztor_km} Rrup ${row.r_rup_km} Vs30 ${row.vs30}`);
    }
  });

  it('matches the total σ table (normal faulting, Vs30 measured) to its 5 printed decimals', () => {
    const rows = readRows('cy14-sigma.csv');
    assert.equal(rows.length, 7);
    for (const row of rows) {
      const p = cy14LnPga(fromRow(row, { mechanism: 'normal', vs30Measured: true }));
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

describe('Campbell & Bozorgnia (2014), NGA-West2', () => {
  const input = (over: Partial<Cb14Input>): Cb14Input => ({
    magnitude: 6, rRupKm: 10, rJbKm: 10, rxKm: -1, dipDeg: 90, mechanism: 'strike-slip', ztorKm: 0, widthKm: 10, hypocentreDepthKm: 0, vs30: 760, ...over,
  });

  // Normal faults dipping 30° (M 6) and 60° (M 8) over the hanging wall (both R_X branches) and the foot wall,
  // at 150–1200 m/s with their Z2.5: the nonlinear site term, the sediment term on both sides, the anelastic term.
  it('matches the verification table at 20 points in ln PGA to the table\'s 7 printed digits', () => {
    const rows = readRows('cb14-pga.csv');
    assert.equal(rows.length, 20);
    for (const row of rows) {
      const p = cb14LnPga(input({
        magnitude: row.magnitude!, mechanism: 'normal', dipDeg: row.dip!, widthKm: row.width_km!, hypocentreDepthKm: row.hypo_depth_km!,
        rRupKm: row.r_rup_km!, rJbKm: row.r_jb_km!, rxKm: row.r_x_km!, vs30: row.vs30!, z25Km: row.z25_km!,
      }));
      assertClose(p.mean, Math.log(row.pga_g!), 1e-6, `CB14 M${row.magnitude} Rrup ${row.r_rup_km} Rx ${row.r_x_km} Vs30 ${row.vs30}`);
    }
  });

  it('matches the total σ table at M 4 (τ and φ at their small-magnitude ends, the site term\'s α) to 1e-10', () => {
    const rows = readRows('cb14-sigma.csv');
    assert.equal(rows.length, 6);
    for (const row of rows) {
      const p = cb14LnPga(input({
        magnitude: 4, mechanism: 'normal', dipDeg: 30, widthKm: 1.13, rRupKm: row.r_rup_km!, rJbKm: row.r_jb_km!, rxKm: row.r_x_km!, vs30: row.vs30!, z25Km: row.z25_km!,
      }));
      assertClose(p.sigma, row.sigma_ln!, 1e-10, `CB14 σ Rrup ${row.r_rup_km} Vs30 ${row.vs30}`);
    }
  });

  it('adds the hypocentral-depth and dip terms of eqs. (21)–(24) (by hand, at 1100 m/s where the site term is linear)', () => {
    const c = CB14_PGA;
    const at = (over: Partial<Cb14Input>): number => cb14LnPga(input({ vs30: 1100, z25Km: 2, ...over })).mean;
    assertClose(at({ magnitude: 8, hypocentreDepthKm: 10 }) - at({ magnitude: 8, hypocentreDepthKm: 0 }), 3 * c.c18, 1e-12, 'f_hyp above M 6.5');
    assertClose(at({ magnitude: 6, hypocentreDepthKm: 30 }) - at({ magnitude: 6, hypocentreDepthKm: 7 }), 13 * (c.c17 + (c.c18 - c.c17) * 0.5), 1e-12, 'f_hyp capped at 20 km, M 6');
    const vertical = at({ magnitude: 5, dipDeg: 90 });
    const dipping = at({ magnitude: 5, dipDeg: 50, rxKm: -5 });
    assertClose(vertical - dipping, c.c19 * 0.5 * 40, 1e-12, 'f_dip = c19 (5.5 − M) δ at M 5');
  });

  it('takes Z2.5 from eq. (33) where none is given, and passes a fault\'s geometry through the model interface', () => {
    assertClose(cb14DefaultZ25(760), Math.exp(7.089 - 1.144 * Math.log(760)), 1e-15, 'eq. (33)');
    assert.equal(cb14LnPga(input({})).mean, cb14LnPga(input({ z25Km: cb14DefaultZ25(760) })).mean);
    const rupture = { magnitude: 7, rRupKm: 12, rJbKm: 4, rxKm: 9, dipDeg: 40, mechanism: 'reverse' as const, ztorKm: 2, widthKm: 20, hypocentreDepthKm: 9 };
    assert.equal(CB14.lnPga(rupture).mean, cb14LnPga(input(rupture)).mean);
    assert.ok(CB14.lnPga(rupture).mean > CB14.lnPga({ ...rupture, rxKm: -9 }).mean, 'the hanging wall raises PGA');
  });
});

describe('Abrahamson, Silva & Kamai (2014), NGA-West2', () => {
  const mechanismOf = (rake: number): Ask14Input['mechanism'] => (rake === 90 ? 'reverse' : rake === -90 ? 'normal' : 'strike-slip');
  const input = (over: Partial<Ask14Input>): Ask14Input => ({
    magnitude: 6, rRupKm: 10, rxKm: -1, ry0Km: 0, dipDeg: 90, mechanism: 'strike-slip', ztorKm: 0, widthKm: 10, vs30: 760, vs30Measured: false, ...over,
  });
  // The table's Z1 values (1 and 10) reproduce it only read as km, against a Z1ref of 0.03–0.5 km: the soil-depth term at work.
  const fromRow = (row: Record<string, number>, over: Partial<Ask14Input> = {}): Ask14Input =>
    input({
      magnitude: row.magnitude ?? 5, mechanism: mechanismOf(row.rake ?? 90), dipDeg: row.dip ?? 45, ztorKm: row.ztor_km ?? 1, widthKm: row.width_km ?? 10,
      rRupKm: row.r_rup_km!, rxKm: row.r_x_km!, ry0Km: row.r_y0_km!, vs30: row.vs30!, vs30Measured: true, ...over,
    });

  it('matches the verification table at 18 points (M 5 and 7; reverse, strike-slip and normal; hanging wall; 151–810 m/s; Z1) to 7 digits', () => {
    const rows = readRows('ask14-pga.csv');
    assert.equal(rows.length, 18);
    for (const row of rows) {
      const p = ask14LnPga(fromRow(row, { z1Km: row.z1_km! }));
      assertClose(p.mean, Math.log(row.pga_g!), 1e-6, `ASK14 M${row.magnitude} rake ${row.rake} Rrup ${row.r_rup_km} Rx ${row.r_x_km} Vs30 ${row.vs30} Z1 ${row.z1_km}`);
    }
  });

  it('matches the total σ table (M 5, reverse, Vs30 measured) to its 7 printed digits', () => {
    const rows = readRows('ask14-sigma.csv');
    assert.equal(rows.length, 7);
    for (const row of rows) assertClose(ask14LnPga(fromRow(row)).sigma, row.sigma_ln!, 1e-6, `ASK14 σ Rrup ${row.r_rup_km} Vs30 ${row.vs30}`);
  });

  it('gives the hanging-wall and Z_TOR terms of eqs. (11)–(16) by hand, at 1180 m/s where the site term is linear', () => {
    const c = ASK14_PGA;
    const at = (over: Partial<Ask14Input>): number => ask14LnPga(input({ magnitude: 7, vs30: 1180, dipDeg: 45, widthKm: 10, rRupKm: 5, ztorKm: 2, ...over })).mean;
    // M 7, δ 45°: T1 = 1, T2 = 1 + 0.2 × 0.5, R1 = 10 cos 45°, T3 at R_X = 3, T4 = 1 − 4/100, T5 = 1 (R_y0 = 0).
    const r1 = 10 * Math.SQRT1_2;
    const t3 = 0.25 + 1.5 * (3 / r1) - 0.75 * (3 / r1) ** 2;
    assertClose(at({ rxKm: 3 }) - at({ rxKm: -3 }), c.a13 * 1.1 * t3 * 0.96, 1e-12, 'f4 over the hanging wall');
    // T5 tapers to 0 over 5 km beyond R_X tan 20°.
    const edge = 3 * Math.tan((20 * Math.PI) / 180);
    assertClose(at({ rxKm: 3, ry0Km: edge + 2.5 }) - at({ rxKm: -3 }), (c.a13 * 1.1 * t3 * 0.96) / 2, 1e-12, 'T5 halfway');
    assertClose(at({ ztorKm: 30, rxKm: -1 }) - at({ ztorKm: 10, rxKm: -1 }), c.a15 / 2, 1e-12, 'f6 saturates at 20 km');
    assert.equal(ask14LnPga(input({ z1Km: ask14Z1Ref(760) })).mean, ask14LnPga(input({})).mean, 'Z1 at its reference adds nothing');
  });

  it('passes a fault\'s geometry through the model interface', () => {
    const rupture = { magnitude: 7, rRupKm: 6, rJbKm: 0, rxKm: 4, ry0Km: 0, dipDeg: 40, mechanism: 'reverse' as const, ztorKm: 1, widthKm: 20, hypocentreDepthKm: 9 };
    assert.equal(ASK14.lnPga(rupture).mean, ask14LnPga(input({ ...rupture })).mean);
    assert.ok(ASK14.lnPga(rupture).mean > ASK14.lnPga({ ...rupture, rxKm: -4 }).mean, 'the hanging wall raises PGA');
  });
});
