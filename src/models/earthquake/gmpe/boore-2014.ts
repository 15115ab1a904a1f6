/**
 * Boore, Stewart, Seyhan & Atkinson (2014), "NGA-West2 equations for
 * predicting PGA, PGV, and 5% damped PSA for shallow crustal earthquakes",
 * Earthquake Spectra 30(3):1057–1085 ("BSSA14") — active shallow crust.
 * PGA (RotD50), unspecified mechanism, global/California anelastic term
 * (Δc3 = 0), Joyner–Boore distance.
 *
 *   ln Y = F_E(M) + F_P(R_JB, M) + F_S(Vs30, R_JB, M)                    (eq. 1)
 *   F_E = e0 + e4 (M − Mh) + e5 (M − Mh)²   for M ≤ Mh
 *       = e0 + e6 (M − Mh)                   for M > Mh                   (eq. 2)
 *   F_P = [c1 + c2 (M − Mref)] ln(R/Rref) + (c3 + Δc3)(R − Rref),
 *   R = √(R_JB² + h²)                                                  (eqs 3–4)
 *   F_S = ln F_lin + ln F_nl + F_δz1                                      (eq. 5)
 *   ln F_lin = c ln(min(Vs30, Vc)/Vref)                                   (eq. 6)
 *   ln F_nl = f1 + f2 ln((PGA_r + f3)/f3)                                 (eq. 7)
 *   f2 = f4 [exp(f5 (min(Vs30, 760) − 360)) − exp(f5 (760 − 360))]        (eq. 8)
 * At Vs30 = Vref = 760 m/s, ln F_lin = 0, f2 = 0 and f1 = 0, so ln F_nl = 0
 * whatever the rock PGA; the basin term F_δz1 is zero for PGA (it applies
 * from 0.65 s). The site term is kept in code (bssa14SiteTerm) so that this
 * is checked rather than assumed.
 *
 * Aleatory variability (eqs 13–17): σ = √(φ² + τ²) with
 *   τ(M) = τ1 (M ≤ 4.5), τ1 + (τ2 − τ1)(M − 4.5) (4.5 < M < 5.5), τ2 (M ≥ 5.5);
 *   φ(M) likewise between φ1 and φ2;
 *   φ(M, R_JB) = φ(M) + ΔφR ln(R_JB/R1)/ln(R2/R1) for R1 < R_JB ≤ R2,
 *                φ(M) + ΔφR beyond R2;
 *   φ(M, R_JB, Vs30) = φ(M, R_JB) − ΔφV ln(V2/Vs30)/ln(V2/V1) for V1 ≤ Vs30 ≤ V2,
 *                      − ΔφV below V1, unchanged at and above V2 = 300 m/s —
 * so at 760 m/s only the magnitude and distance terms of φ act.
 */
import { checkRupture, REFERENCE_VS30, type GroundMotionModel, type LnPgaPrediction, type Rupture } from './types.js';

/**
 * The PGA row of the BSSA14 coefficient tables — source (e0, e4–e6, Mh),
 * path (c1–c3, h, Δc3), site (c, Vc, f4, f5) and aleatory (R1, R2, ΔφR, ΔφV,
 * φ1, φ2, τ1, τ2) coefficients — and the period-independent constants Mref,
 * Rref, Vref, f1, f3, V1, V2 given with the equations. Identical to the PGA
 * row of OpenQuake's BooreEtAl2014, which reproduces the authors' tabulated
 * predictions to 6 significant figures (test/models/earthquake/gmpe.test.ts).
 */
export const BSSA14_PGA = Object.freeze({
  // source function, eq. 2 (e1–e3, the strike-slip/normal/reverse constants, are not used: mechanism unspecified)
  e0: 0.4473, e4: 1.431, e5: 0.05053, e6: -0.1662, mh: 5.5,
  // path function, eqs 3–4; Δc3 = 0 is the global/California/Taiwan/New Zealand value
  c1: -1.134, c2: 0.1917, c3: -0.008088, h: 4.5, dc3: 0, mRef: 4.5, rRef: 1,
  // site function, eqs 5–8
  c: -0.6, vc: 1500, vRef: 760, f1: 0, f3: 0.1, f4: -0.15, f5: -0.00701,
  // aleatory variability, eqs 13–17
  r1: 110, r2: 270, dPhiR: 0.1, dPhiV: 0.07, v1: 225, v2: 300, phi1: 0.695, phi2: 0.495, tau1: 0.398, tau2: 0.348,
});

const K = BSSA14_PGA;

/** F_E + F_P of eqs 2–4: ln PGA (g) on the Vref = 760 m/s reference rock. */
export function bssa14LnPgaRock(magnitude: number, rJbKm: number): number {
  const dm = magnitude - K.mh;
  const source = dm <= 0 ? K.e0 + K.e4 * dm + K.e5 * dm * dm : K.e0 + K.e6 * dm;
  const r = Math.hypot(rJbKm, K.h);
  const path = (K.c1 + K.c2 * (magnitude - K.mRef)) * Math.log(r / K.rRef) + (K.c3 + K.dc3) * (r - K.rRef);
  return source + path;
}

/** F_S of eqs 5–8 for PGA (no basin term at this period), given the rock PGA in g. */
export function bssa14SiteTerm(vs30: number, pgaRockG: number): number {
  const lnFlin = K.c * Math.log(Math.min(vs30, K.vc) / K.vRef);
  const f2 = K.f4 * (Math.exp(K.f5 * (Math.min(vs30, 760) - 360)) - Math.exp(K.f5 * (760 - 360)));
  const lnFnl = K.f1 + f2 * Math.log((pgaRockG + K.f3) / K.f3);
  return lnFlin + lnFnl;
}

/** Between-event τ(M) (eq. 14). */
export function bssa14Tau(magnitude: number): number {
  return rampInMagnitude(magnitude, K.tau1, K.tau2);
}

/** Within-event φ(M, R_JB, Vs30) (eqs 15–17). */
export function bssa14Phi(magnitude: number, rJbKm: number, vs30: number): number {
  let phi = rampInMagnitude(magnitude, K.phi1, K.phi2);
  if (rJbKm > K.r2) phi += K.dPhiR;
  else if (rJbKm > K.r1) phi += (K.dPhiR * Math.log(rJbKm / K.r1)) / Math.log(K.r2 / K.r1);
  if (vs30 <= K.v1) phi -= K.dPhiV;
  else if (vs30 < K.v2) phi -= (K.dPhiV * Math.log(K.v2 / vs30)) / Math.log(K.v2 / K.v1);
  return phi;
}

/** x1 at M ≤ 4.5, x2 at M ≥ 5.5, linear between. */
function rampInMagnitude(magnitude: number, x1: number, x2: number): number {
  if (magnitude <= 4.5) return x1;
  if (magnitude >= 5.5) return x2;
  return x1 + (x2 - x1) * (magnitude - 4.5);
}

export const BSSA14: GroundMotionModel = Object.freeze({
  id: 'BSSA14',
  name: 'Boore, Stewart, Seyhan & Atkinson (2014), unspecified mechanism, global Δc3',
  citation:
    'Boore, D. M., J. P. Stewart, E. Seyhan, and G. M. Atkinson (2014). NGA-West2 equations for predicting PGA, PGV, ' +
    'and 5% damped PSA for shallow crustal earthquakes. Earthquake Spectra 30(3), 1057–1085. doi:10.1193/070113EQS184M',
  regime: 'active',
  vs30: REFERENCE_VS30,
  uses: Object.freeze(['magnitude', 'rJbKm'] as const),
  lnPga(rupture: Rupture): LnPgaPrediction {
    checkRupture(rupture);
    const { magnitude: m, rJbKm } = rupture;
    const rock = bssa14LnPgaRock(m, rJbKm);
    const mean = rock + bssa14SiteTerm(REFERENCE_VS30, Math.exp(rock));
    const tau = bssa14Tau(m);
    const phi = bssa14Phi(m, rJbKm, REFERENCE_VS30);
    return { mean, sigma: Math.hypot(tau, phi), tau, phi };
  },
});
