/**
 * Atkinson & Boore (2003), "Empirical ground-motion relations for
 * subduction-zone earthquakes and their application to Cascadia and other
 * regions", BSSA 93(4):1703–1729, with the interface correction of the
 * erratum (BSSA 98(5):2567–2569, 2008) — the global interface and in-slab PGA
 * relations, as the USGS national models use them (Petersen et al. 2008, USGS
 * OFR 2008-1128; 2014, OFR 2014-1091).
 *
 * Equation (1), p. 1706, y in cm/s²:
 *   log10 y = c1 + c2 M + c3 h + c4 R − g log10 R + c5 sl S_C + c6 sl S_D + c7 sl S_E
 *   R = √(D_fault² + Δ²),  Δ = 0.00724 · 10^(0.507 M)
 *   g = 10^(1.2 − 0.18 M) for interface events, 10^(0.301 − 0.01 M) in-slab
 * M capped at 8.5 (interface) and 8.0 (in-slab), h the focal depth capped at
 * 100 km (p. 1709). sl, the soil response's fall with strong rock motion:
 * 1 where the rock PGA (the equation with no site term) is ≤ 100 cm/s²,
 * 1 − (PGA_rock − 100)/400 up to 500 cm/s², 0 beyond.
 *
 * Site: the paper's rock (NEHRP B) has no site term; the reference here,
 * Vs30 = 760 m/s, is the B/C boundary, for which the USGS takes half the
 * class-C term (0.5 · c5 · sl), and the USGS fixes the focal depth of
 * interface events at 20 km (NSHMP 2008 code, subroutine getABsub). Both are
 * followed, so the module reproduces OpenQuake's AB03 "GlobalNSHMP"
 * verification tables.
 *
 * σ: the total σ of Table 1 (log10 units): 0.23 interface, 0.27 in-slab.
 */
import { defineModel, lnGFromLnCmS2, type GroundMotionModel } from './types.js';

/** PGA rows of Table 1 (global interface as corrected by the 2008 erratum; global in-slab), log10 cm/s². */
export const AB03_PGA = Object.freeze({
  interface: Object.freeze({ c1: 2.991, c2: 0.03525, c3: 0.00759, c4: -0.00206, c5: 0.19, sigmaLog10: 0.23, magnitudeCap: 8.5, gIntercept: 1.2, gSlope: -0.18 }),
  inslab: Object.freeze({ c1: -0.04713, c2: 0.6909, c3: 0.0113, c4: -0.00202, c5: 0.19, sigmaLog10: 0.27, magnitudeCap: 8.0, gIntercept: 0.301, gSlope: -0.01 }),
  /** p. 1709: the depth term stops at 100 km. */
  depthCapKm: 100,
  /** USGS: interface events at a fixed 20-km focal depth. */
  interfaceDepthKm: 20,
  /** The soil-nonlinearity factor sl falls linearly between these rock PGAs (cm/s²). */
  slFromCmS2: 100,
  slToCmS2: 500,
  /** USGS B/C site: this share of the class-C term. */
  bcShareOfC: 0.5,
});

type SourceType = 'interface' | 'inslab';

/** ln PGA (g) at the B/C boundary (Vs30 760 m/s), USGS form. */
export function ab03LnPga(source: SourceType, magnitude: number, rRupKm: number, depthKm: number): number {
  const c = AB03_PGA[source];
  const m = Math.min(magnitude, c.magnitudeCap);
  const h = Math.min(source === 'interface' ? AB03_PGA.interfaceDepthKm : depthKm, AB03_PGA.depthCapKm);
  const delta = 0.00724 * 10 ** (0.507 * m);
  const r = Math.hypot(rRupKm, delta);
  const g = 10 ** (c.gIntercept + c.gSlope * m);
  const rock = c.c1 + c.c2 * m + c.c3 * h + c.c4 * r - g * Math.log10(r);
  const rockCmS2 = 10 ** rock;
  const sl = rockCmS2 <= AB03_PGA.slFromCmS2 ? 1 : rockCmS2 >= AB03_PGA.slToCmS2 ? 0 : 1 - (rockCmS2 - AB03_PGA.slFromCmS2) / (AB03_PGA.slToCmS2 - AB03_PGA.slFromCmS2);
  return lnGFromLnCmS2((rock + AB03_PGA.bcShareOfC * c.c5 * sl) * Math.LN10);
}

const CITATION =
  'Atkinson, G. M., and D. M. Boore (2003). Empirical ground-motion relations for subduction-zone earthquakes and their ' +
  'application to Cascadia and other regions. Bulletin of the Seismological Society of America 93(4), 1703–1729, ' +
  'doi:10.1785/0120020156; erratum, BSSA 98(5), 2567–2569 (2008)';

function model(source: SourceType, id: string, name: string): GroundMotionModel {
  return defineModel({ id, name, citation: CITATION, regime: source, uses: ['magnitude', 'rRupKm', 'hypocentreDepthKm'] }, (rupture) => ({
    mean: ab03LnPga(source, rupture.magnitude, rupture.rRupKm, rupture.hypocentreDepthKm),
    sigma: AB03_PGA[source].sigmaLog10 * Math.LN10,
  }));
}

export const AB03_INTERFACE = model('interface', 'AB03-interface', 'Atkinson & Boore (2003), global interface, B/C (USGS)');
export const AB03_INSLAB = model('inslab', 'AB03-inslab', 'Atkinson & Boore (2003), global in-slab, B/C (USGS)');
