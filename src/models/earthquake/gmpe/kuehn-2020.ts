/**
 * Kuehn, Bozorgnia, Campbell & Gregor (2020), "Partially non-ergodic
 * ground-motion model for subduction regions using the NGA-Subduction
 * database", PEER Report 2020/04 (Earthquake Spectra, 2023) — "KBCG20", one
 * of the NGA-Sub models: PGA (RotD50), subduction interface and in-slab
 * events, the **global** model (the global constant, anelastic and site
 * coefficients; no regional terms), at the reference site Vs30 = 760 m/s.
 *
 * Median, ln PGA in g (report eq. 4.1; the equation numbers are those that
 * OpenQuake's implementation cites, 4.1–4.9; the report itself was not at
 * hand, so its page numbers are not given):
 *   ln PGA = c1 + f_M(M) + f_geo(M, R_rup) + c6 R_rup + f_Z(Z_TOR) + f_S(Vs30, PGA1100) + f_B
 * with the logistic hinge (eq. 4.3), a smooth two-slope function of x,
 *   H(x; x0, a, b0, b1, δ) = a + b0 (x − x0) + (b1 − b0) δ ln(1 + e^((x − x0)/δ)),
 *   slope b0 well below x0, b1 well above, width δ;
 *   f_M   = H(M; M_b, c4 (M_b − 6), c4, c5, δ_M = 0.1)                      (eq. 4.4)
 *           ≈ c4 (M − 6) below M_b, c4 (M_b − 6) + c5 (M − M_b) above;
 *   f_geo = (c2 + c3 M) ln(R_rup + h),  h = 10^(n1 + n2 (M − 6)) km          (eq. 4.5)
 *           (near-source saturation, added to R_rup, not in quadrature);
 *   c6 R_rup, the anelastic term, global c6 for both event types             (eq. 4.9);
 *   f_Z   = H(Z_TOR; Z_b, c9 (Z_b − Z_ref), c9, c10 = 0, δ_Z = 1 km)         (eq. 4.7)
 *           ≈ c9 (Z_TOR − Z_ref) up to Z_b = z_b + Δz_b, flat beyond;
 *           interface Z_ref = 15 km, z_b = 30 km, Δz_b = 16.82 (Z_b 46.8 km);
 *           in-slab   Z_ref = 50 km, z_b = 80 km, Δz_b = −15.84 (Z_b 64.2 km);
 *   f_S   (eq. 4.8, the Campbell & Bozorgnia / Walling et al. form), V = Vs30, k1 = 865 m/s:
 *           V > k1:  (c7 + k2 n) ln(V/k1)
 *           V ≤ k1:  c7 ln(V/k1) + k2 [ln(PGA1100 + c (V/k1)^n) − ln(PGA1100 + c)]
 *           c = 1.88, n = 1.18, and PGA1100 the median PGA (g) of the same
 *           equation at Vs30 = 1100 m/s (where f_S is linear);
 *   f_B, the basin term (Z1.0 or Z2.5), exists only in the Cascadia, Japan,
 *   New Zealand and Taiwan regional models: none in the global model (the
 *   term is off, not evaluated at a default Z2.5).
 *
 * Magnitude breaks (global): M_b = 7.9 interface, 7.6 in-slab.
 *
 * Depth: the model reads Z_TOR. The hazard callers set `ztorKm`
 * (exceedance-tables.ts from rupture-scaling.ts, fault-hazard.ts from the
 * fault top); where a rupture has none this module takes Z_TOR = the
 * hypocentre depth — the deepest Z_TOR the rupture can have, so an upper
 * bound on f_Z: c9 is 0.0255 (interface) and 0.0224 (in-slab) per km, so a
 * Z_TOR 10 km too deep raises ln PGA by 0.25 / 0.22 below Z_b. The report's
 * own Z_TOR model, if it gives one, was not read.
 *
 * Site term at the reference site, 760 m/s (< k1 = 865, so the nonlinear
 * branch): c7 ln(760/865) = −0.1149 plus k2 [ln(PGA1100 + 1.88·0.8584) −
 * ln(PGA1100 + 1.88)], which is +0.1811 for PGA1100 → 0 and falls as
 * PGA1100 rises (+0.115 at 1 g); so f_S(760) runs from +0.066 for weak
 * motion to ≈ 0 at PGA1100 = 1 g. It is not zero, unlike PSHAB20's
 * (parker-2020.ts): this model's reference rock is 1100 m/s.
 *
 * Aleatory σ: the model's total σ = √(τ² + φ²) with the PGA row's τ = 0.488745
 * and φ = 0.595755 — 0.7706, constant in M, R and Vs30, the same for both
 * event types. The within-model epistemic σ_μ(M, R) of the report's
 * Chapter 6 (OpenQuake's sigma_mu_epsilon, from hdf5 tables) is not carried.
 *
 * Coefficients: the PGA row of the coefficient file supplied by the authors
 * to OpenQuake (openquake/hazardlib/gsim/kuehn_2020_coeffs.csv, global
 * columns mu_c_1_if, mu_c_1_slab, mu_c_6, mu_c_7) and the period-independent
 * constants of the model (c, n, δ_M, δ_Z, Z_ref, z_b, M_b) as OpenQuake
 * carries them; provenance in test/models/earthquake/gmpe-data/README.md.
 * OpenQuake's verification tables, generated with the authors' R function
 * (github.com/nikuehn/KBCG20), are reproduced at 400 and 1200 m/s — the
 * nonlinear and the linear branches of f_S — to their printed precision.
 */
import { defineModel, REFERENCE_VS30, type GroundMotionModel } from './types.js';

type SourceType = 'interface' | 'inslab';

/** PGA row, global model: constant c1, geometric spreading c2, magnitude slope c4, depth slope c9 and break offset Δz_b, and M_b. */
export const KBCG20_PGA = Object.freeze({
  interface: Object.freeze({ c1: 3.715307, c2: -2.460896, c4: 0.952187, c9: 0.025481, dzb: 16.816058, mb: 7.9 }),
  inslab: Object.freeze({ c1: 4.78908, c2: -2.438099, c4: 1.105012, c9: 0.022385, dzb: -15.841253, mb: 7.6 }),
  /** Shared by both event types: M-dependence of spreading c3, large-M slope c5, anelastic c6 (global), near-source n1, n2. */
  c3: 0.103931,
  c5: 0.128151,
  c6: -0.002635,
  nft1: 0.894589,
  nft2: 0.198851,
});

/** Period-independent constants: hinge widths δ_M, δ_Z (km), M_ref, Z_ref and z_b (km) per event type, c10 (slope beyond Z_b). */
export const KBCG20_CONSTANTS = Object.freeze({
  deltaM: 0.1,
  deltaZKm: 1,
  mRef: 6,
  c10: 0,
  interface: Object.freeze({ zRefKm: 15, zbKm: 30 }),
  inslab: Object.freeze({ zRefKm: 50, zbKm: 80 }),
});

/** Site term, PGA row: global c7, k1 (m/s), k2, and the constants c, n; rock reference Vs30 1100 m/s. */
export const KBCG20_SITE = Object.freeze({ c7: 0.887679, k1: 865, k2: -1.186, c: 1.88, n: 1.18, vsRock: 1100 });

/** Aleatory σ, PGA row: τ (between-event) and φ (within-event). */
export const KBCG20_SIGMA = Object.freeze({ tau: 0.488745, phi: 0.595755 });

/** ln(1 + e^x) without overflow. */
function softplus(x: number): number {
  return x > 0 ? x + Math.log1p(Math.exp(-x)) : Math.log1p(Math.exp(x));
}

/** The logistic hinge H(x; x0, a, b0, b1, δ) (eq. 4.3). */
export function kbcg20Hinge(x: number, x0: number, a: number, b0: number, b1: number, delta: number): number {
  return a + b0 * (x - x0) + (b1 - b0) * delta * softplus((x - x0) / delta);
}

/** The magnitude term f_M. */
export function kbcg20MagnitudeTerm(source: SourceType, magnitude: number): number {
  const { c4, mb } = KBCG20_PGA[source];
  return kbcg20Hinge(magnitude, mb, c4 * (mb - KBCG20_CONSTANTS.mRef), c4, KBCG20_PGA.c5, KBCG20_CONSTANTS.deltaM);
}

/** Near-source saturation h(M) (km), added to R_rup. */
export function kbcg20H(magnitude: number): number {
  return 10 ** (KBCG20_PGA.nft1 + KBCG20_PGA.nft2 * (magnitude - KBCG20_CONSTANTS.mRef));
}

/** The Z_TOR term f_Z. */
export function kbcg20DepthTerm(source: SourceType, ztorKm: number): number {
  const { c9, dzb } = KBCG20_PGA[source];
  const { zRefKm, zbKm } = KBCG20_CONSTANTS[source];
  const zBreak = zbKm + dzb;
  return kbcg20Hinge(ztorKm, zBreak, c9 * (zBreak - zRefKm), c9, KBCG20_CONSTANTS.c10, KBCG20_CONSTANTS.deltaZKm);
}

/** Source, path and depth terms (everything but the site term). */
function sourcePathDepth(source: SourceType, magnitude: number, rRupKm: number, ztorKm: number): number {
  const c = KBCG20_PGA[source];
  const geo = (c.c2 + KBCG20_PGA.c3 * magnitude) * Math.log(rRupKm + kbcg20H(magnitude));
  return c.c1 + kbcg20MagnitudeTerm(source, magnitude) + geo + KBCG20_PGA.c6 * rRupKm + kbcg20DepthTerm(source, ztorKm);
}

/** The site term f_S at `vs30` given PGA1100 (g); linear above k1 = 865 m/s. */
export function kbcg20SiteTerm(vs30: number, pga1100G: number): number {
  const { c7, k1, k2, c, n } = KBCG20_SITE;
  const ratio = vs30 / k1;
  if (vs30 > k1) return (c7 + k2 * n) * Math.log(ratio);
  return c7 * Math.log(ratio) + k2 * (Math.log(pga1100G + c * ratio ** n) - Math.log(pga1100G + c));
}

/** ln PGA (g), median, global model, at a site of `vs30` (the reference 760 m/s by default). */
export function kbcg20LnPga(source: SourceType, magnitude: number, rRupKm: number, ztorKm: number, vs30: number = REFERENCE_VS30): number {
  const base = sourcePathDepth(source, magnitude, rRupKm, ztorKm);
  const pga1100 = Math.exp(base + kbcg20SiteTerm(KBCG20_SITE.vsRock, 0));
  return base + kbcg20SiteTerm(vs30, pga1100);
}

/** τ, φ and the total σ of ln PGA (constant). */
export function kbcg20Sigma(): { sigma: number; tau: number; phi: number } {
  const { tau, phi } = KBCG20_SIGMA;
  return { sigma: Math.hypot(tau, phi), tau, phi };
}

const CITATION =
  'Kuehn, N. M., Y. Bozorgnia, K. W. Campbell, and N. Gregor (2020). Partially non-ergodic ground-motion model for ' +
  'subduction regions using the NGA-Subduction database. PEER Report 2020/04, Pacific Earthquake Engineering Research ' +
  'Center, UC Berkeley; Earthquake Spectra (2023)';

function model(source: SourceType, id: string, name: string): GroundMotionModel {
  return defineModel({ id, name, citation: CITATION, regime: source, uses: ['magnitude', 'rRupKm', 'ztorKm', 'hypocentreDepthKm'] }, (rupture) => {
    const { ztorKm = rupture.hypocentreDepthKm } = rupture;
    if (!Number.isFinite(ztorKm) || ztorKm < 0) throw new RangeError(`ztorKm must be finite and non-negative: ${JSON.stringify(rupture)}`);
    return { mean: kbcg20LnPga(source, rupture.magnitude, rupture.rRupKm, ztorKm), ...kbcg20Sigma() };
  });
}

/** Not weighted: neither is a branch of index.ts GMPE_BRANCHES (docs/models/earthquake.md). */
export const KBCG20_INTERFACE = model('interface', 'KBCG20-interface', 'Kuehn et al. (2020, NGA-Sub), global interface, Vs30 760');
export const KBCG20_INSLAB = model('inslab', 'KBCG20-inslab', 'Kuehn et al. (2020, NGA-Sub), global in-slab, Vs30 760');
