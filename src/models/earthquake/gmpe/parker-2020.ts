/**
 * Parker, Stewart, Boore, Atkinson & Hassani (2022), "NGA-subduction global
 * ground motion models with regional adjustment factors", Earthquake Spectra
 * 38(1):456–493 (PEER Report 2020/03, 2020) — "PSHAB20", one of the NGA-Sub
 * models: PGA (RotD50), subduction interface and
 * in-slab events, the **global** model (no regional constant, anelastic,
 * magnitude-break, site or basin adjustment), at the reference site
 * Vs30 = 760 m/s.
 *
 * Median, ln PGA in g, the sum of source, path, depth, site and basin terms:
 *   ln PGA = c0 + F_M(M) + F_P(R_rup, M) + F_D(Z_hyp) + F_S(Vs30, PGA_r) + F_B
 * with
 *   F_M = c4 (M − M_b) + c5 (M − M_b)²   for M ≤ M_b
 *       = c6 (M − M_b)                   for M > M_b
 *   F_P = c1 ln R + b4 M ln(R / R_ref) + a0 R,
 *         R = √(R_rup² + h²),  R_ref = √(1 + h²)
 *   h (near-source saturation, km):
 *     interface  h = 10^(−0.82 + 0.252 M)
 *     in-slab    h = 10^(m_h (M − M_b) + log10 35) for M ≤ M_b, 35 above,
 *                m_h = (log10 35 − log10 3.12)/(M_b − 4)   (3.12 km at M 4, 35 km at M_b)
 *   F_D (in-slab only; interface F_D = 0), hypocentre depth Z_hyp:
 *     m (20 − d_b) + d       for Z_hyp ≤ 20 km
 *     m (Z_hyp − d_b) + d    for 20 < Z_hyp < d_b
 *     d                      for Z_hyp ≥ d_b
 *   F_S = F_lin + F_nl:
 *     F_lin = s1 ln(Vs30/V1) + s2 ln(V1/V_ref)   for Vs30 ≤ V1
 *           = s2 ln(Vs30/V_ref)                  for V1 < Vs30 ≤ V2
 *           = s2 ln(V2/V_ref)                    for Vs30 > V2
 *     (global model: s1 = s2), V_ref = 760 m/s;
 *     F_nl  = f2 ln((PGA_r + f3)/f3),
 *     f2    = f4 [exp(f5 (min(Vs30, 760) − V_b)) − exp(f5 (760 − V_b))],
 *     PGA_r the median PGA (g) at 760 m/s: c0 + F_M + F_P (+ F_D) with the PGA coefficients.
 *   F_B, the basin (Z2.5) term, exists only in the Japan and Cascadia regional models: 0 here.
 *
 * Magnitude breakpoints (global): M_b = 7.9 for interface, 7.6 for in-slab
 * events (the regional M_b of Archuleta & Ji are not used).
 *
 * Distance: R_rup for both event types (the in-slab model does not use R_hypo).
 * Depth: the in-slab term reads the hypocentre depth; the report's §4.3.3
 * estimate of Z_hyp from Z_TOR is not needed (our ruptures carry Z_hyp).
 *
 * At the reference site, Vs30 = V_ref = 760 m/s, the site term is zero:
 * F_lin = s2 ln(760/760) = 0 (760 lies between V1 = 270 and V2 = 1350), and
 * f2 = f4 [e^(f5·560) − e^(f5·560)] = 0, so F_nl = 0 for any PGA_r. The PGA
 * of the reference-site model is therefore c0 + F_M + F_P (+ F_D). The site
 * term is kept general (`pshab20LnPga`'s vs30) so the verification tables,
 * which are at 250, 1025, 1150, 1200, 1350 m/s as well as 760, test it.
 *
 * Aleatory σ: the ergodic model with the total (not partitioned) within-event
 * variance, σ = √(τ² + φ²), τ constant (0.48 at PGA) and φ² depending on
 * R_rup and Vs30 (R1 = 200, R2 = 500 km; V1 = 200, V2 = 500 m/s):
 *   φ²_R = φ²_1 (R_rup ≤ R1), φ²_2 (R_rup ≥ R2), linear in ln R_rup between;
 *   φ²_V = φ²_V0 · ln(R2 / max(R1, min(R2, R_rup)))/ln(R2/R1) · w(Vs30),
 *          w = 1 for Vs30 ≤ V1, ln(V2/Vs30)/ln(V2/V1) between, 0 for Vs30 ≥ V2;
 *   φ² = φ²_R + φ²_V.
 * At 760 m/s φ²_V = 0: σ = √(0.48² + 0.396) = 0.7915 within 200 km,
 * √(0.48² + 0.565) = 0.8918 beyond 500 km. One σ model serves interface and
 * in-slab events (the paper: "site effect and aleatory variability models are
 * shared between event types").
 *
 * Coefficients: the PGA rows (period 0) of the PEER report's electronic
 * supplement, Tables E1 (interface), E2 (slab) and E3 (aleatory), global
 * columns. The same values are in OpenQuake's ParkerEtAl2020SInter/SSlab
 * (hazardlib/gsim/parker_2020.py) and in the authors' tables as published
 * with the later CAM regionalisation (Table_S1_Interface_Coefficients.csv,
 * Table_S2_Slab_Coefficients.csv); provenance in
 * test/models/earthquake/gmpe-data/README.md. Not carried: the regional
 * adjustments, the basin term, and the epistemic σ_μ of the scaled-backbone
 * model (the report's Table E4).
 *
 * Equation numbers: the report's and the paper's text were not at hand when
 * this module was written, so the terms are named, not numbered. The forms
 * above are those of the authors' own R functions (GMM_at_760_*_v4,
 * GMM_at_VS30_*_v4, Aleatory_Function) and of OpenQuake, which agree term
 * for term for the global PGA model, and the module reproduces OpenQuake's
 * verification tables to their printed precision.
 */
import { defineModel, REFERENCE_VS30, type GroundMotionModel } from './types.js';

type SourceType = 'interface' | 'inslab';

/** Source and path terms, PGA row, global columns: Table E1 (interface) and Table E2 (slab); M_b of the global model. */
export const PSHAB20_PGA = Object.freeze({
  interface: Object.freeze({ c0: 4.082, c1: -1.662, a0: -0.00657, c4: 1.246, c5: -0.021, c6: 1.128, mb: 7.9 }),
  inslab: Object.freeze({ c0: 9.907, c1: -2.543, a0: -0.00255, c4: 1.84, c5: -0.05, c6: 0.4, mb: 7.6 }),
  /** Magnitude dependence of geometric spreading (both tables). */
  b4: 0.1,
});

/** In-slab depth term, PGA row of Table E2: slope m (per km), plateau d, break d_b (km); shallow cap at 20 km. */
export const PSHAB20_INSLAB_DEPTH = Object.freeze({ d: 0.3004, m: 0.0314, dbKm: 67, shallowKm: 20 });

/** In-slab near-source saturation: h = 3.12 km at M 4, 35 km at M_b and above. */
export const PSHAB20_INSLAB_H = Object.freeze({ hAtM4Km: 3.12, hMaxKm: 35 });

/** Interface near-source saturation: h = 10^(a + b M) km. */
export const PSHAB20_INTERFACE_H = Object.freeze({ a: -0.82, b: 0.252 });

/**
 * Site terms, PGA row (identical in Tables E1 and E2): global s2 (s1 = s2), V1, V2, V_ref (m/s),
 * and the nonlinear f3 (g), f4, f5 (per m/s), V_b (m/s), V_ref of F_nl.
 */
export const PSHAB20_SITE = Object.freeze({ s2: -0.498, v1: 270, v2: 1350, vref: 760, f3: 0.05, f4: -0.44169, f5: -0.0052, vb: 200, vrefNl: 760 });

/** Aleatory model, PGA row of Table E3: τ, the within-event variances φ²_1, φ²_2, φ²_V and their R and Vs30 limits. */
export const PSHAB20_SIGMA = Object.freeze({ tau: 0.48, phi2R1: 0.396, phi2R2: 0.565, phi2V: -0.18, r1Km: 200, r2Km: 500, v1: 200, v2: 500 });

/** Near-source saturation h(M) (km). */
export function pshab20H(source: SourceType, magnitude: number): number {
  if (source === 'interface') return 10 ** (PSHAB20_INTERFACE_H.a + PSHAB20_INTERFACE_H.b * magnitude);
  const { hAtM4Km, hMaxKm } = PSHAB20_INSLAB_H;
  const mb = PSHAB20_PGA.inslab.mb;
  if (magnitude > mb) return hMaxKm;
  const slope = (Math.log10(hMaxKm) - Math.log10(hAtM4Km)) / (mb - 4);
  return 10 ** (slope * (magnitude - mb) + Math.log10(hMaxKm));
}

/** The magnitude term F_M. */
export function pshab20MagnitudeTerm(source: SourceType, magnitude: number): number {
  const { c4, c5, c6, mb } = PSHAB20_PGA[source];
  const dm = magnitude - mb;
  return dm > 0 ? c6 * dm : c4 * dm + c5 * dm * dm;
}

/** The in-slab depth term F_D of the hypocentre depth (km). */
export function pshab20DepthTerm(depthKm: number): number {
  const { d, m, dbKm, shallowKm } = PSHAB20_INSLAB_DEPTH;
  if (depthKm >= dbKm) return d;
  return m * (Math.max(depthKm, shallowKm) - dbKm) + d;
}

/** ln PGA (g) at the reference site, Vs30 = 760 m/s: c0 + F_M + F_P (+ F_D in-slab). */
export function pshab20LnPgaRock(source: SourceType, magnitude: number, rRupKm: number, depthKm: number): number {
  const c = PSHAB20_PGA[source];
  const h = pshab20H(source, magnitude);
  const r = Math.hypot(rRupKm, h);
  const path = c.c1 * Math.log(r) + PSHAB20_PGA.b4 * magnitude * Math.log(r / Math.hypot(1, h)) + c.a0 * r;
  const depth = source === 'inslab' ? pshab20DepthTerm(depthKm) : 0;
  return c.c0 + pshab20MagnitudeTerm(source, magnitude) + path + depth;
}

/** The site term F_lin + F_nl at `vs30` given the reference-site PGA (g); exactly 0 at 760 m/s. */
export function pshab20SiteTerm(vs30: number, pgaRockG: number): number {
  const { s2, v1, v2, vref, f3, f4, f5, vb, vrefNl } = PSHAB20_SITE;
  const s1 = s2;
  const fLin = vs30 <= v1 ? s1 * Math.log(vs30 / v1) + s2 * Math.log(v1 / vref) : s2 * Math.log(Math.min(vs30, v2) / vref);
  const f2 = f4 * (Math.exp(f5 * (Math.min(vs30, vrefNl) - vb)) - Math.exp(f5 * (vrefNl - vb)));
  return fLin + f2 * Math.log((pgaRockG + f3) / f3);
}

/** ln PGA (g), median, global model, at a site of `vs30` (the reference 760 m/s by default). */
export function pshab20LnPga(source: SourceType, magnitude: number, rRupKm: number, depthKm: number, vs30: number = REFERENCE_VS30): number {
  const rock = pshab20LnPgaRock(source, magnitude, rRupKm, depthKm);
  return rock + pshab20SiteTerm(vs30, Math.exp(rock));
}

/** τ, φ and the total σ of ln PGA (ergodic, total-φ model) at R_rup and Vs30. */
export function pshab20Sigma(rRupKm: number, vs30: number = REFERENCE_VS30): { sigma: number; tau: number; phi: number } {
  const { tau, phi2R1, phi2R2, phi2V, r1Km, r2Km, v1, v2 } = PSHAB20_SIGMA;
  const phi2R = rRupKm <= r1Km ? phi2R1 : rRupKm >= r2Km ? phi2R2 : phi2R1 + ((phi2R2 - phi2R1) * Math.log(rRupKm / r1Km)) / Math.log(r2Km / r1Km);
  const rWeight = Math.log(r2Km / Math.max(r1Km, Math.min(r2Km, rRupKm))) / Math.log(r2Km / r1Km);
  const vWeight = vs30 <= v1 ? 1 : vs30 >= v2 ? 0 : Math.log(v2 / vs30) / Math.log(v2 / v1);
  const phi = Math.sqrt(phi2R + phi2V * rWeight * vWeight);
  return { sigma: Math.hypot(tau, phi), tau, phi };
}

const CITATION =
  'Parker, G. A., J. P. Stewart, D. M. Boore, G. M. Atkinson, and B. Hassani (2022). NGA-subduction global ground motion ' +
  'models with regional adjustment factors. Earthquake Spectra 38(1), 456–493. doi:10.1177/87552930211034889; ' +
  'PEER Report 2020/03 (2020), Pacific Earthquake Engineering Research Center, UC Berkeley';

function model(source: SourceType, id: string, name: string): GroundMotionModel {
  const uses = source === 'interface' ? (['magnitude', 'rRupKm'] as const) : (['magnitude', 'rRupKm', 'hypocentreDepthKm'] as const);
  return defineModel({ id, name, citation: CITATION, regime: source, uses }, (rupture) => ({
    mean: pshab20LnPgaRock(source, rupture.magnitude, rupture.rRupKm, rupture.hypocentreDepthKm),
    ...pshab20Sigma(rupture.rRupKm),
  }));
}

/**
 * The interface model is a branch of index.ts GMPE_BRANCHES (AM09's slot of the
 * USGS 2014 tree); the in-slab model is not weighted yet (docs/models/earthquake.md).
 */
export const PSHAB20_INTERFACE = model('interface', 'PSHAB20-interface', 'Parker et al. (2022, NGA-Sub), global interface, Vs30 760');
export const PSHAB20_INSLAB = model('inslab', 'PSHAB20-inslab', 'Parker et al. (2022, NGA-Sub), global in-slab, Vs30 760');
