/**
 * Parker et al. (2022), the NGA-Sub "PSHAB20" global model, interface and in-slab PGA
 * (src/models/earthquake/gmpe/parker-2020.ts), against OpenQuake's verification tables
 * (./gmpe-data/pshab20-*.csv, provenance in its README) and terms derived by hand from the
 * published equations and the PGA rows of the report's Tables E1–E3. The module is not yet
 * a branch of the logic tree, so it is imported from its own file.
 */
import assert from 'node:assert/strict';
import { describe, it } from '../../helpers/harness.js';
import {
  PSHAB20_INSLAB,
  PSHAB20_INTERFACE,
  pshab20DepthTerm,
  pshab20H,
  pshab20LnPga,
  pshab20LnPgaRock,
  pshab20MagnitudeTerm,
  pshab20Sigma,
  pshab20SiteTerm,
} from '../../../src/models/earthquake/gmpe/parker-2020.js';
import { assertClose, assertFallsWithDistance, readRows, rupture } from './gmpe-helpers.js';

// The tables print PGA in g to 10 decimals (5e-11 g, so 5e-11/PGA in ln PGA: up to 8e-7 at the
// 709-km rows) and σ to 8 decimals; beyond that rounding the module agrees to 1e-8.
const lnTolerance = (pgaG: number): number => 5e-11 / pgaG + 1e-8;

describe('Parker et al. (2022, NGA-Sub), global interface and in-slab PGA', () => {
  it('matches the interface verification table (no 760 m/s column: 250, 1025, 1200 m/s) at 27 (M, Rrup, Vs30) points', () => {
    // 1025 and 1200 m/s: the site term is linear only (f2 = 0 from 760 m/s up), s2·ln(Vs30/760);
    // 250 m/s: below V1 = 270, with the nonlinear term driven by the 760 m/s PGA.
    const rows = readRows('pshab20-interface-pga.csv');
    assert.equal(rows.length, 27);
    for (const row of rows) {
      const mean = pshab20LnPga('interface', row.magnitude!, row.r_rup_km!, 20, row.vs30!);
      assertClose(mean, Math.log(row.pga_g!), lnTolerance(row.pga_g!), `interface M${row.magnitude} Rrup ${row.r_rup_km} Vs30 ${row.vs30}`);
      if (row.vs30! > 760) {
        // The reference-site model is the row less its linear site term, exactly.
        const at760 = PSHAB20_INTERFACE.lnPga(rupture(row.magnitude!, { rRupKm: row.r_rup_km! })).mean;
        assertClose(at760 + -0.498 * Math.log(row.vs30! / 760), Math.log(row.pga_g!), lnTolerance(row.pga_g!), `interface at 760, M${row.magnitude} Rrup ${row.r_rup_km}`);
      }
    }
  });

  it('matches the in-slab verification table at 27 (M, depth, Rrup, Vs30) points, the 760 m/s rows through the model', () => {
    const rows = readRows('pshab20-inslab-pga.csv');
    assert.equal(rows.length, 27);
    assert.equal(rows.filter((row) => row.vs30 === 760).length, 9);
    for (const row of rows) {
      const what = `in-slab M${row.magnitude} h ${row.depth_km} Rrup ${row.r_rup_km} Vs30 ${row.vs30}`;
      const mean =
        row.vs30 === 760
          ? PSHAB20_INSLAB.lnPga(rupture(row.magnitude!, { rRupKm: row.r_rup_km!, hypocentreDepthKm: row.depth_km! })).mean
          : pshab20LnPga('inslab', row.magnitude!, row.r_rup_km!, row.depth_km!, row.vs30!);
      assertClose(mean, Math.log(row.pga_g!), lnTolerance(row.pga_g!), what);
    }
  });

  it('matches the total-σ verification table (τ with the total within-event φ) at 9 (Rrup, Vs30) points', () => {
    const rows = readRows('pshab20-sigma.csv');
    assert.equal(rows.length, 9);
    for (const row of rows) {
      assertClose(pshab20Sigma(row.r_rup_km!, row.vs30!).sigma, row.sigma_ln!, 1e-8, `σ Rrup ${row.r_rup_km} Vs30 ${row.vs30}`);
      // From 500 m/s up φ does not depend on Vs30: the 1200 m/s rows are the 760 m/s σ, for both event types.
      if (row.vs30 === 1200) {
        for (const model of [PSHAB20_INTERFACE, PSHAB20_INSLAB]) {
          assertClose(model.lnPga(rupture(7, { rRupKm: row.r_rup_km!, hypocentreDepthKm: 60 })).sigma, row.sigma_ln!, 1e-8, `${model.id} σ Rrup ${row.r_rup_km}`);
        }
      }
    }
  });

  it('has a zero site term at 760 m/s (F_lin = s2·ln(760/760), f2 = 0) and σ = √(0.48² + φ²) there', () => {
    for (const pga of [1e-4, 0.05, 0.5, 2]) assert.ok(pshab20SiteTerm(760, pga) === 0, `site term at 760 m/s, PGA_r ${pga} g`);
    for (const [source, model] of [['interface', PSHAB20_INTERFACE], ['inslab', PSHAB20_INSLAB]] as const) {
      for (const [m, r, h] of [[6, 30, 25], [7.5, 120, 60], [8.8, 300, 80]] as const) {
        const mean = model.lnPga(rupture(m, { rRupKm: r, hypocentreDepthKm: h })).mean;
        assert.equal(mean, pshab20LnPga(source, m, r, h, 760));
        assert.equal(mean, pshab20LnPgaRock(source, m, r, h));
      }
    }
    const near = pshab20Sigma(50);
    assert.equal(near.tau, 0.48);
    assertClose(near.phi ** 2, 0.396, 1e-15, 'φ² within 200 km');
    assertClose(near.sigma, Math.sqrt(0.48 ** 2 + 0.396), 1e-15, 'σ within 200 km');
    assertClose(pshab20Sigma(800).sigma, Math.sqrt(0.48 ** 2 + 0.565), 1e-15, 'σ beyond 500 km');
    assertClose(pshab20Sigma(316.2277660168379).phi ** 2, (0.396 + 0.565) / 2, 1e-12, 'φ² halfway in ln R (√(200·500) km)');
    assert.equal(pshab20Sigma(350, 760).sigma, pshab20Sigma(350, 500).sigma);
  });

  it('computes an interface median by hand: M 8.4 (above M_b = 7.9) at 100 km', () => {
    const m = 8.4;
    const h = 10 ** (-0.82 + 0.252 * m);
    const r = Math.sqrt(100 ** 2 + h ** 2);
    const expected = 4.082 + 1.128 * (m - 7.9) + -1.662 * Math.log(r) + 0.1 * m * Math.log(r / Math.sqrt(1 + h ** 2)) + -0.00657 * r;
    assertClose(PSHAB20_INTERFACE.lnPga(rupture(m, { rRupKm: 100, hypocentreDepthKm: 5 })).mean, expected, 1e-12, 'interface M 8.4, 100 km');
    assertClose(h, 19.81, 0.01, 'interface h(8.4)');
  });

  it('scales with magnitude by c4, c5 below the break and c6 above it, continuously at M_b', () => {
    assertClose(pshab20MagnitudeTerm('interface', 7.4), 1.246 * -0.5 + -0.021 * 0.25, 1e-15, 'interface F_M at 7.4');
    assertClose(pshab20MagnitudeTerm('interface', 8.4), 1.128 * 0.5, 1e-15, 'interface F_M at 8.4');
    assertClose(pshab20MagnitudeTerm('inslab', 7.1), 1.84 * -0.5 + -0.05 * 0.25, 1e-15, 'in-slab F_M at 7.1');
    assertClose(pshab20MagnitudeTerm('inslab', 8.1), 0.4 * 0.5, 1e-15, 'in-slab F_M at 8.1');
    for (const [source, mb] of [['interface', 7.9], ['inslab', 7.6]] as const) {
      assert.equal(pshab20MagnitudeTerm(source, mb), 0);
      const below = pshab20LnPga(source, mb - 1e-9, 80, 60);
      const above = pshab20LnPga(source, mb + 1e-9, 80, 60);
      assertClose(above - below, 0, 1e-8, `${source} continuous at M_b ${mb}`);
    }
    // Above the in-slab break h is fixed at 35 km, so between two magnitudes there the median moves
    // by exactly (c6 + b4·ln(R/R_ref))·ΔM.
    const r = Math.hypot(100, 35);
    const slope = 0.4 + 0.1 * Math.log(r / Math.hypot(1, 35));
    assertClose(pshab20LnPga('inslab', 8.0, 100, 60) - pshab20LnPga('inslab', 7.7, 100, 60), slope * 0.3, 1e-12, 'in-slab M 7.7 → 8.0');
  });

  it('saturates near the source with h(M): interface 10^(−0.82 + 0.252 M), in-slab 3.12 km at M 4 to 35 km at M_b = 7.6', () => {
    assertClose(pshab20H('interface', 8), 10 ** (-0.82 + 2.016), 1e-12, 'interface h(8)');
    assertClose(pshab20H('inslab', 4), 3.12, 1e-12, 'in-slab h(4)');
    assertClose(pshab20H('inslab', 7.6), 35, 1e-12, 'in-slab h(7.6)');
    assert.equal(pshab20H('inslab', 8.3), 35);
    assertClose(pshab20H('inslab', 5.8), Math.sqrt(3.12 * 35), 1e-9, 'in-slab h halfway (log-linear in M)');
  });

  it('applies the in-slab depth term: flat to 20 km, 0.0314 per km to d_b = 67 km, d = 0.3004 beyond; none for interface events', () => {
    assertClose(pshab20DepthTerm(10), 0.0314 * (20 - 67) + 0.3004, 1e-15, 'F_D at 10 km');
    assert.equal(pshab20DepthTerm(67), 0.3004);
    assert.equal(pshab20DepthTerm(150), 0.3004);
    const slab = (h: number): number => PSHAB20_INSLAB.lnPga(rupture(7, { rRupKm: 150, hypocentreDepthKm: h })).mean;
    assert.equal(slab(5), slab(20));
    assertClose(slab(67) - slab(20), 0.0314 * 47, 1e-12, 'm × 47 km');
    assertClose(slab(50) - slab(40), 0.314, 1e-12, 'm × 10 km');
    assert.equal(slab(67), slab(200));
    const inter = (h: number): number => PSHAB20_INTERFACE.lnPga(rupture(8, { rRupKm: 100, hypocentreDepthKm: h })).mean;
    assert.equal(inter(10), inter(60));
  });

  it('reads R_rup (and the hypocentre depth in-slab), decreases with distance, and rejects impossible ruptures', () => {
    assert.deepEqual(PSHAB20_INTERFACE.uses, ['magnitude', 'rRupKm']);
    assert.deepEqual(PSHAB20_INSLAB.uses, ['magnitude', 'rRupKm', 'hypocentreDepthKm']);
    for (const model of [PSHAB20_INTERFACE, PSHAB20_INSLAB]) {
      assert.equal(model.vs30, 760);
      assert.ok(Object.isFrozen(model));
      const base = rupture(7.5, { rRupKm: 60, rJbKm: 40, hypocentreDepthKm: 50 });
      assert.equal(model.lnPga({ ...base, rJbKm: 5, rHypoKm: 300 }).mean, model.lnPga(base).mean);
      assertFallsWithDistance(model, base, [0, 5, 20, 60, 150, 300, 600]);
      assert.throws(() => model.lnPga({ ...base, magnitude: Number.NaN }), RangeError);
    }
  });
});
