/**
 * Abrahamson & Gülerce (2022), "Summary of the Abrahamson and Gülerce NGA-SUB
 * ground-motion model for subduction earthquakes", Earthquake Spectra
 * 38(4):2638–2681 (PEER Report 2020/25, "Regionalized ground-motion models for
 * subduction earthquakes based on the NGA-SUB database", 2020) — "AG20", one of
 * the NGA-Sub models and the successor of BC Hydro (abrahamson-2016.ts): PGA
 * (RotD50), subduction interface and in-slab events, the **global** model (no
 * regional constant, anelastic, Vs30-scaling or basin adjustment; the Alaska
 * and Cascadia adjustments off), the epistemic adjustment σ_μ off (the central
 * model), at the reference site Vs30 = 760 m/s.
 *
 * Median, ln PGA in g (report eq. 3.1; F_slab = 0 interface, 1 in-slab):
 *   ln PGA = a1 + f_mag(M) + (a2 + a3 (M − 7)) ln(R_rup + C4 e^(a9 (M − 6))) + a6 R_rup
 *          + F_slab f_slab(M, R_rup) + F_slab f_dep(Z_TOR) + f_site(PGA1000, Vs30)
 * with
 *   f_mag (eq. 3.3)  = a4′ (M − C1) + a13 (10 − M)²   for M ≤ C1
 *                    = a5 (M − C1)  + a13 (10 − M)²   for M > C1
 *     a4′ = a4 (interface), a4 + a45 (in-slab); a5 = 0 (no magnitude scaling
 *     of PGA above the break); a13 = 0 at PGA.
 *   Magnitude break C1: interface C1_i = 8.2 (PGA row); in-slab C1_s = 7.5 (global).
 *   Near-source saturation: the fictitious depth C4 e^(a9 (M − 6)) added to R_rup
 *     (C4 = 10 km, a9 = 0.4: 10 km at M 6, 22.3 km at M 8, 49.5 km at M 10).
 *   f_slab (eq. 3.5, as corrected in the erratum) = a10 + (a4 + a45)(C1_s − 7.5)
 *     + a14 ln(R_rup + C4 e^(a9 (M − 6))); the middle term is 0 for the global C1_s = 7.5.
 *   f_dep (eq. 3.6, in-slab only), depth to the top of rupture Z_TOR (km):
 *     a8 (Z_TOR − 50)   for Z_TOR ≤ 50
 *     a11 (Z_TOR − 50)  for 50 < Z_TOR ≤ 200
 *     a11 · 150         for Z_TOR > 200
 *   f_site (eqs. 3.7–3.8, with the erratum's V′ = min(Vs30, 1000 m/s)):
 *     a12 ln(V′/V_lin) + b n ln(V′/V_lin)                                for V′ ≥ V_lin
 *     a12 ln(V′/V_lin) − b ln(PGA1000 + c) + b ln(PGA1000 + c (V′/V_lin)^n)  for V′ < V_lin
 *     (n = 1.18, c = 1.88, V_lin = 865.1 m/s, b = −1.186 at PGA), PGA1000 the
 *     median PGA (g) at Vs30 = 1000 m/s (the linear branch).
 *   The basin (Z2.5) term exists only for the Cascadia and Japan regional models: 0 here.
 *
 * Site term at 760 m/s: 760 < V_lin, so the nonlinear branch applies and the
 * term depends on PGA1000 — it is not zero at 760 as in Parker et al.:
 *   f_site(760) = 0.9 ln(760/865.1) − 1.186 [ln(PGA1000 + 1.88·0.8785^1.18) − ln(PGA1000 + 1.88)]
 *   → (a12 + b n) ln(760/865.1) = −0.49948 × −0.12952 = +0.0647 as PGA1000 → 0;
 *   +0.0548 at PGA1000 = 0.1 g, +0.0242 at 0.5 g, −0.0014 at 1 g.
 * The model's reference rock is 1000 m/s (f_site(1000) = −0.4995 ln(1000/865.1) = −0.0724);
 * the module evaluates the full site term at 760 m/s, as the paper defines it,
 * and keeps it general (`ag20LnPga`'s vs30) for the verification tables, which
 * are at 150, 300, 600 and 1000 m/s (no 760 m/s column).
 *
 * Forearc/backarc: AG20 has no forearc/backarc term (BC Hydro's θ7/θ8 are not
 * carried over; OpenQuake's verification tables are at site_backarc = 0, the
 * forearc). The model is used as is — the forearc (global default) prediction.
 *
 * Depth: AG20 reads Z_TOR, not the hypocentre depth (in-slab only; the
 * interface model has no depth term). Callers pass `ztorKm` (the point-source
 * tables and fault sources do); where a rupture lacks it the hypocentre depth is
 * used in its place (a small over-estimate of Z_TOR, so a slightly larger f_dep below 50 km).
 *
 * Aleatory σ (section 5 of the report), the ergodic model, global region:
 *   τ_lin = 0.47 (period- and region-independent);
 *   φ²_lin = φ²_1 = clip(d1 + d2 (R_rup − 150)/300, d1, d1 + d2), d1 = 0.325, d2 = 0.137 (eq. 5.2;
 *     the φ2/φ3 short-period increases apply to the CAM, JPN and SAM regions only);
 *   for V′ < V_lin the nonlinear site term propagates the variability of PGA1000 (eq. 5.9):
 *     ∂ = ∂f_site/∂ln PGA1000 = b PGA1000 [−1/(PGA1000 + c) + 1/(PGA1000 + c (V′/V_lin)^n)],
 *     τ² = τ_lin² (1 + ∂² + 2 ∂ ρ_B),
 *     φ² = φ²_lin + ∂² φ_B² + 2 ∂ φ_B² ρ_W,  φ_B² = φ²_lin − φ_amp², φ_amp = 0.3,
 *     with ρ_B = ρ_W = 1 at PGA.
 *   σ = √(τ² + φ²). At 760 m/s ∂ is small and negative (−0.0001 at PGA1000 = 0.001 g,
 *   −0.009 at 0.1 g, −0.042 at 1 g), so σ is a little under the linear √(0.47² + 0.325) = 0.7389 within 150 km,
 *   rising to √(0.47² + 0.462) = 0.8264 beyond 450 km.
 *
 * Coefficients: the PGA row of the authors' coefficient files as tabulated in
 * OpenQuake's AbrahamsonGulerce2020SInter/SSlab (hazardlib/gsim/abrahamson_gulerce_2020.py,
 * "taken from digital files supplied by Norm Abrahamson"), global columns, with
 * the period-independent constants; provenance in test/models/earthquake/gmpe-data/README.md.
 * Not carried: the regional terms (a16–a37, a39, a41), the Alaska/Cascadia
 * adjustments, the basin term, the non-ergodic σ and the epistemic σ_μ (e1–e3).
 *
 * Equation numbers: neither the report nor the paper was at hand when this
 * module was written; the numbers above are those OpenQuake's implementation
 * cites for the report (eqs. 3.1, 3.3, 3.5–3.8, 5.2, 5.9, and the 2021
 * erratum's corrections to 3.5, 3.7–3.8 and 5.3, 5.9), and page numbers are not given.
 * The module reproduces OpenQuake's verification tables (made with the
 * authors' Fortran code) to their printed precision.
 */
import { defineModel, REFERENCE_VS30, type GroundMotionModel, type LnPgaPrediction } from './types.js';

type SourceType = 'interface' | 'inslab';

/** Period- and region-independent constants. */
export const AG20_CONSTANTS = Object.freeze({ c4: 10, a3: 0.1, a4: 0.73, a5: 0, a9: 0.4, a45: 0.34, n: 1.18, c: 1.88, tauLin: 0.47, phiAmp: 0.3 });

/**
 * PGA row, global model: magnitude breaks C1 (interface c1i of the PGA row; in-slab C1_s of
 * the global region), site terms V_lin (m/s), b, a12, the source and path terms, and the
 * within-event φ²_1 coefficients d1, d2 with the PGA correlations ρ_W, ρ_B.
 */
export const AG20_PGA = Object.freeze({
  c1Interface: 8.2,
  c1Inslab: 7.5,
  vLin: 865.1,
  b: -1.186,
  a1: 4.596,
  a2: -1.45,
  a6: -0.0043,
  a8: 0.044,
  a10: 3.21,
  a11: 0.007,
  a12: 0.9,
  a13: 0,
  a14: -0.46,
  d1: 0.325,
  d2: 0.137,
  rhoW: 1,
  rhoB: 1,
});

/** Vs30 (m/s) of the rock the nonlinear site term is driven by, and the cap V′ of the site term. */
const ROCK_VS30 = 1000;

/** The fictitious-depth near-source term C4 e^(a9 (M − 6)) (km) added to R_rup. */
export function ag20NearSourceKm(magnitude: number): number {
  return AG20_CONSTANTS.c4 * Math.exp(AG20_CONSTANTS.a9 * (magnitude - 6));
}

/** The magnitude term f_mag (including a13 (10 − M)², zero at PGA). */
export function ag20MagnitudeTerm(source: SourceType, magnitude: number): number {
  const { a4, a5, a45 } = AG20_CONSTANTS;
  const c1 = source === 'interface' ? AG20_PGA.c1Interface : AG20_PGA.c1Inslab;
  const slope = magnitude <= c1 ? (source === 'interface' ? a4 : a4 + a45) : a5;
  return slope * (magnitude - c1) + AG20_PGA.a13 * (10 - magnitude) ** 2;
}

/** The in-slab depth term f_dep of the depth to the top of rupture (km). */
export function ag20DepthTerm(ztorKm: number): number {
  const { a8, a11 } = AG20_PGA;
  if (ztorKm <= 50) return a8 * (ztorKm - 50);
  return a11 * (Math.min(ztorKm, 200) - 50);
}

/** ln PGA (g) before the site term: source, path, and (in-slab) the slab and depth terms. */
export function ag20LnPgaBeforeSite(source: SourceType, magnitude: number, rRupKm: number, ztorKm: number): number {
  const { a3, a4, a45 } = AG20_CONSTANTS;
  const p = AG20_PGA;
  const lnR = Math.log(rRupKm + ag20NearSourceKm(magnitude));
  const base = p.a1 + ag20MagnitudeTerm(source, magnitude) + (p.a2 + a3 * (magnitude - 7)) * lnR + p.a6 * rRupKm;
  if (source === 'interface') return base;
  return base + p.a10 + (a4 + a45) * (p.c1Inslab - 7.5) + p.a14 * lnR + ag20DepthTerm(ztorKm);
}

/** The site term f_site at `vs30` given PGA1000 (g): linear from V_lin up (V′ capped at 1000 m/s), nonlinear below. */
export function ag20SiteTerm(vs30: number, pga1000G: number): number {
  const { n, c } = AG20_CONSTANTS;
  const { vLin, b, a12 } = AG20_PGA;
  const ratio = Math.min(vs30, ROCK_VS30) / vLin;
  if (ratio >= 1) return (a12 + b * n) * Math.log(ratio);
  return a12 * Math.log(ratio) - b * Math.log(pga1000G + c) + b * Math.log(pga1000G + c * ratio ** n);
}

/** Median PGA (g) on the 1000 m/s rock that drives the nonlinear site term and σ. */
export function ag20Pga1000(source: SourceType, magnitude: number, rRupKm: number, ztorKm: number): number {
  return Math.exp(ag20LnPgaBeforeSite(source, magnitude, rRupKm, ztorKm) + ag20SiteTerm(ROCK_VS30, 0));
}

/** ln PGA (g), median, global model, at a site of `vs30` (the reference 760 m/s by default). */
export function ag20LnPga(source: SourceType, magnitude: number, rRupKm: number, ztorKm: number, vs30: number = REFERENCE_VS30): number {
  const before = ag20LnPgaBeforeSite(source, magnitude, rRupKm, ztorKm);
  return before + ag20SiteTerm(vs30, ag20Pga1000(source, magnitude, rRupKm, ztorKm));
}

/** τ, φ and the total σ of ln PGA (ergodic, global) at R_rup and Vs30, given PGA1000 (g). */
export function ag20Sigma(rRupKm: number, vs30: number, pga1000G: number): { sigma: number; tau: number; phi: number } {
  const { n, c, tauLin, phiAmp } = AG20_CONSTANTS;
  const { vLin, b, d1, d2, rhoW, rhoB } = AG20_PGA;
  const phi2Lin = Math.min(Math.max(d1 + (d2 * (rRupKm - 150)) / 300, d1), d1 + d2);
  const ratio = Math.min(vs30, ROCK_VS30) / vLin;
  if (ratio >= 1) {
    const phi = Math.sqrt(phi2Lin);
    return { sigma: Math.hypot(tauLin, phi), tau: tauLin, phi };
  }
  const dSite = b * pga1000G * (-1 / (pga1000G + c) + 1 / (pga1000G + c * ratio ** n));
  const tau = tauLin * Math.sqrt(1 + dSite * dSite + 2 * dSite * rhoB);
  const phiB2 = phi2Lin - phiAmp * phiAmp;
  const phi = Math.sqrt(phi2Lin + dSite * dSite * phiB2 + 2 * dSite * phiB2 * rhoW);
  return { sigma: Math.hypot(tau, phi), tau, phi };
}

/** Mean and σ at a site of `vs30` (760 m/s by default). */
export function ag20Prediction(source: SourceType, magnitude: number, rRupKm: number, ztorKm: number, vs30: number = REFERENCE_VS30): LnPgaPrediction {
  const pga1000 = ag20Pga1000(source, magnitude, rRupKm, ztorKm);
  return { mean: ag20LnPgaBeforeSite(source, magnitude, rRupKm, ztorKm) + ag20SiteTerm(vs30, pga1000), ...ag20Sigma(rRupKm, vs30, pga1000) };
}

const CITATION =
  'Abrahamson, N. A., and Z. Gülerce (2022). Summary of the Abrahamson and Gülerce NGA-SUB ground-motion model for ' +
  'subduction earthquakes. Earthquake Spectra 38(4), 2638–2681. doi:10.1177/87552930221090394; ' +
  'Abrahamson, N., and Z. Gulerce (2020). Regionalized ground-motion models for subduction earthquakes based on the ' +
  'NGA-SUB database. PEER Report 2020/25, Pacific Earthquake Engineering Research Center, UC Berkeley';

function model(source: SourceType, id: string, name: string): GroundMotionModel {
  const uses = source === 'interface' ? (['magnitude', 'rRupKm'] as const) : (['magnitude', 'rRupKm', 'ztorKm', 'hypocentreDepthKm'] as const);
  return defineModel({ id, name, citation: CITATION, regime: source, uses }, (rupture) =>
    ag20Prediction(source, rupture.magnitude, rupture.rRupKm, source === 'inslab' ? (rupture.ztorKm ?? rupture.hypocentreDepthKm) : 0),
  );
}

/** Neither model is a branch of index.ts GMPE_BRANCHES yet (docs/models/earthquake.md). */
export const AG20_INTERFACE = model('interface', 'AG20-interface', 'Abrahamson & Gülerce (2022, NGA-Sub), global interface, Vs30 760');
export const AG20_INSLAB = model('inslab', 'AG20-inslab', 'Abrahamson & Gülerce (2022, NGA-Sub), global in-slab, Vs30 760');
