/**
 * Abrahamson & Gülerce (2022), the NGA-Sub "AG20" global model, interface and in-slab PGA
 * (src/models/earthquake/gmpe/abrahamson-gulerce-2020.ts), against OpenQuake's verification
 * tables (./gmpe-data/ag20-*.csv, provenance in its README; made with the authors' Fortran
 * code) and terms derived by hand from the equations and the PGA row. Not a branch of the
 * logic tree yet, so imported from its own file.
 */
import assert from 'node:assert/strict';
import { describe, it } from '../../helpers/harness.js';
import {
  AG20_INSLAB,
  AG20_INTERFACE,
  ag20DepthTerm,
  ag20LnPga,
  ag20LnPgaBeforeSite,
  ag20MagnitudeTerm,
  ag20Pga1000,
  ag20Sigma,
  ag20SiteTerm,
} from '../../../src/models/earthquake/gmpe/abrahamson-gulerce-2020.js';
import { assertClose, assertFallsWithDistance, readRows, rupture } from './gmpe-helpers.js';

// The tables print PGA to 9 significant digits (≤ 5e-9 in ln PGA) and σ to 8 decimals; the
// module, in double precision, agrees with them to 1.1e-6 in ln PGA (one row; the rest under
// 1e-6) and 7.2e-8 in σ — the Fortran that wrote them. OpenQuake's own test allows 0.1 %.
const LN_TOLERANCE = 2e-6;
const SIGMA_TOLERANCE = 1e-7;

describe('Abrahamson & Gülerce (2022, NGA-Sub), global interface and in-slab PGA', () => {
  it('matches the interface verification table at 48 (M, Rrup, Vs30) points (150, 300, 600, 1000 m/s: no 760 column)', () => {
    const rows = readRows('ag20-interface-pga.csv');
    assert.equal(rows.length, 48);
    for (const row of rows) {
      assertClose(ag20LnPga('interface', row.magnitude!, row.r_rup_km!, 0, row.vs30!), Math.log(row.pga_g!), LN_TOLERANCE, `interface M${row.magnitude} Rrup ${row.r_rup_km} Vs30 ${row.vs30}`);
    }
  });

  it('matches the in-slab verification table at 40 (M, Z_TOR, Rrup, Vs30) points', () => {
    const rows = readRows('ag20-inslab-pga.csv');
    assert.equal(rows.length, 40);
    for (const row of rows) {
      const what = `in-slab M${row.magnitude} Ztor ${row.ztor_km} Rrup ${row.r_rup_km} Vs30 ${row.vs30}`;
      assertClose(ag20LnPga('inslab', row.magnitude!, row.r_rup_km!, row.ztor_km!, row.vs30!), Math.log(row.pga_g!), LN_TOLERANCE, what);
    }
  });

  it('matches the interface total-σ table (ergodic, nonlinear below V_lin) at 14 (M, Rrup, Vs30) points', () => {
    const rows = readRows('ag20-sigma.csv');
    assert.equal(rows.length, 14);
    for (const row of rows) {
      const pga1000 = ag20Pga1000('interface', row.magnitude!, row.r_rup_km!, 0);
      assertClose(ag20Sigma(row.r_rup_km!, row.vs30!, pga1000).sigma, row.sigma_ln!, SIGMA_TOLERANCE, `σ M${row.magnitude} Rrup ${row.r_rup_km} Vs30 ${row.vs30}`);
    }
    // On rock (≥ V_lin) σ = √(0.47² + φ²_1): φ²_1 = 0.325 within 150 km, 0.462 beyond 450 km.
    assertClose(ag20Sigma(50, 1000, 0.3).sigma, Math.sqrt(0.47 ** 2 + 0.325), 1e-15, 'σ rock 50 km');
    assertClose(ag20Sigma(600, 2000, 0.3).sigma, Math.sqrt(0.47 ** 2 + 0.462), 1e-15, 'σ rock 600 km');
  });

  it('computes an interface median at 760 m/s by hand: M 8.5 (above C1 = 8.2) at 100 km, with the nonlinear site term', () => {
    const m = 8.5;
    const lnR = Math.log(100 + 10 * Math.exp(0.4 * (m - 6)));
    const before = 4.596 + 0 * (m - 8.2) + (-1.45 + 0.1 * (m - 7)) * lnR - 0.0043 * 100;
    const pga1000 = Math.exp(before + (0.9 - 1.186 * 1.18) * Math.log(1000 / 865.1));
    const ratio = 760 / 865.1;
    const site = 0.9 * Math.log(ratio) + 1.186 * Math.log(pga1000 + 1.88) - 1.186 * Math.log(pga1000 + 1.88 * ratio ** 1.18);
    const p = AG20_INTERFACE.lnPga(rupture(m, { rRupKm: 100, hypocentreDepthKm: 25 }));
    assertClose(p.mean, before + site, 1e-12, 'interface M 8.5, 100 km, 760 m/s');
    assertClose(site, 0.0647, 0.012, 'site term at 760 m/s near its small-PGA limit');
  });

  it('computes an in-slab median by hand: M 6.5 at 120 km, Z_TOR 80 km (the a11 branch of f_dep)', () => {
    const m = 6.5;
    const lnR = Math.log(120 + 10 * Math.exp(0.4 * 0.5));
    const before = 4.596 + 1.07 * (m - 7.5) + (-1.45 + 0.1 * (m - 7)) * lnR - 0.0043 * 120 + 3.21 - 0.46 * lnR + 0.007 * 30;
    assertClose(ag20LnPgaBeforeSite('inslab', m, 120, 80), before, 1e-12, 'in-slab before site');
    const expected = ag20LnPga('inslab', m, 120, 80, 760);
    assertClose(AG20_INSLAB.lnPga(rupture(m, { rRupKm: 120, ztorKm: 80, hypocentreDepthKm: 95 })).mean, expected, 0, 'reads Z_TOR, not the hypocentre');
    assert.equal(AG20_INSLAB.lnPga(rupture(m, { rRupKm: 120, hypocentreDepthKm: 80 })).mean, expected, 'hypocentre depth in Z_TOR’s place when absent');
  });

  it('scales with magnitude below the break (a4 = 0.73 interface, 1.07 in-slab) and not at all above it at PGA', () => {
    assertClose(ag20MagnitudeTerm('interface', 7.2), 0.73 * -1, 1e-15, 'interface f_mag 7.2');
    assert.equal(ag20MagnitudeTerm('interface', 8.9), 0);
    assertClose(ag20MagnitudeTerm('inslab', 6.5), 1.07 * -1, 1e-15, 'in-slab f_mag 6.5');
    assert.equal(ag20MagnitudeTerm('inslab', 7.9), 0);
    // Above C1 only the a3 (M − 7) spreading and the near-source term move the median.
    const d = ag20LnPga('interface', 8.8, 150, 0, 1000) - ag20LnPga('interface', 8.4, 150, 0, 1000);
    const expected = (-1.45 + 0.18) * Math.log(150 + 10 * Math.exp(1.12)) - (-1.45 + 0.14) * Math.log(150 + 10 * Math.exp(0.96));
    assertClose(d, expected, 1e-12, 'interface 8.4 → 8.8 at 150 km on rock');
  });

  it('applies the in-slab depth term of Z_TOR: a8 = 0.044 to 50 km, a11 = 0.007 to 200 km, flat beyond; none for interface', () => {
    assertClose(ag20DepthTerm(20), 0.044 * -30, 1e-15, 'f_dep 20 km');
    assert.equal(ag20DepthTerm(50), 0);
    assertClose(ag20DepthTerm(120), 0.007 * 70, 1e-15, 'f_dep 120 km');
    assertClose(ag20DepthTerm(300), 0.007 * 150, 1e-15, 'f_dep 300 km');
    const inter = (z: number): number => AG20_INTERFACE.lnPga(rupture(8, { rRupKm: 100, ztorKm: z, hypocentreDepthKm: z })).mean;
    assert.equal(inter(5), inter(60));
  });

  it('has the site term linear from V_lin = 865.1 m/s (capped at 1000 m/s) and nonlinear at 760 m/s', () => {
    assertClose(ag20SiteTerm(1000, 0.5), (0.9 - 1.186 * 1.18) * Math.log(1000 / 865.1), 1e-15, 'f_site 1000');
    assert.equal(ag20SiteTerm(2000, 0.5), ag20SiteTerm(1000, 0.5));
    assertClose(ag20SiteTerm(760, 1e-9), (0.9 - 1.186 * 1.18) * Math.log(760 / 865.1), 1e-9, 'f_site 760, PGA1000 → 0');
    assert.ok(ag20SiteTerm(760, 0.5) < ag20SiteTerm(760, 0.1));
  });

  it('reads R_rup (and Z_TOR in-slab), decreases with distance, and rejects impossible ruptures', () => {
    assert.deepEqual(AG20_INTERFACE.uses, ['magnitude', 'rRupKm']);
    assert.deepEqual(AG20_INSLAB.uses, ['magnitude', 'rRupKm', 'ztorKm', 'hypocentreDepthKm']);
    for (const model of [AG20_INTERFACE, AG20_INSLAB]) {
      assert.equal(model.vs30, 760);
      assert.ok(Object.isFrozen(model));
      const base = rupture(7.5, { rRupKm: 60, rJbKm: 40, hypocentreDepthKm: 50, ztorKm: 45 });
      assert.equal(model.lnPga({ ...base, rJbKm: 5, rHypoKm: 300 }).mean, model.lnPga(base).mean);
      assertFallsWithDistance(model, base, [0, 5, 20, 60, 150, 300, 600]);
      for (const r of [0, 5, 20, 60, 150, 300, 600]) {
        const { sigma } = model.lnPga({ ...base, rRupKm: r });
        assert.ok(sigma > 0.6 && sigma < 0.85, `${model.id} σ at ${r} km: ${sigma}`);
      }
      assert.throws(() => model.lnPga({ ...base, magnitude: Number.NaN }), RangeError);
    }
  });
});
