/**
 * Campbell & Bozorgnia (2014), "NGA-West2 ground motion model for the average
 * horizontal components of PGA, PGV, and 5% damped linear acceleration
 * response spectra", Earthquake Spectra 30(3):1087–1115 — PGA (RotD50),
 * California/global attenuation (ΔC20 = 0), no Japan site term.
 *
 * ln Y = f_mag + f_dis + f_flt + f_hng + f_site + f_sed + f_hyp + f_dip + f_atn (eq. 1):
 *   f_mag = c0 + c1 M + c2 (M − 4.5)₊ + c3 (M − 5.5)₊ + c4 (M − 6.5)₊ with the pieces opening at
 *           4.5, 5.5 and 6.5 (eq. 2);
 *   f_dis = (c5 + c6 M) ln √(R_RUP² + c7²) (eq. 3);
 *   f_flt = (c8 F_RV + c9 F_NM) · min(max(M − 4.5, 0), 1) (eqs. 4–6), c8 = 0;
 *   f_hng = c10 f_hng,Rx f_hng,Rrup f_hng,M f_hng,Z f_hng,δ (eqs. 7–16), R1 = W cos δ,
 *           R2 = 62 M − 350: for 0 ≤ R_X < R1, h1 + h2 (R_X/R1) + h3 (R_X/R1)²; beyond R1,
 *           max(h4 + h5 ((R_X − R1)/(R2 − R1)) + h6 (…)², 0); 0 on the foot wall;
 *           f_hng,Rrup = (R_RUP − R_JB)/R_RUP (1 at R_RUP = 0); f_hng,M = 0 below M 5.5,
 *           (M − 5.5)(1 + a2 (M − 6.5)) to 6.5, 1 + a2 (M − 6.5) above; f_hng,Z = 1 − 0.06 Z_TOR
 *           (0 beyond 16.66 km); f_hng,δ = (90 − δ)/45;
 *   f_site = c11 ln(V/k1) + k2 [ln(A1100 + c (V/k1)^n) − ln(A1100 + c)] below k1,
 *            (c11 + k2 n) ln(V/k1) at or above it (eqs. 17–18), V = Vs30;
 *   f_sed  = (c14) (Z2.5 − 1) below 1 km, c16 k3 e^(−0.75) (1 − e^(−0.25 (Z2.5 − 3))) above 3 km (eq. 20);
 *   f_hyp  = min(max(Z_HYP − 7, 0), 13) · (c17 to 5.5, c17 + (c18 − c17)(M − 5.5) to 6.5, c18) (eqs. 21–23);
 *   f_dip  = c19 δ to M 4.5, c19 (5.5 − M) δ to 5.5, 0 above (eq. 24);
 *   f_atn  = c20 (R_RUP − 80) beyond 80 km (eq. 25).
 * A1100 is the median PGA at Vs30 = 1100 m/s with Z2.5 from eq. (33), the
 * California relation Z2.5 = exp(7.089 − 1.144 ln Vs30) (km), which also
 * sets a site's Z2.5 where the caller has none.
 * σ (eqs. 26–32): τ and φ by magnitude (τ1/φ1 to M 4.5, τ2/φ2 from 5.5, linear
 * between), the site term's linearised slope α = k2 A1100 [(A1100 + c (V/k1)^n)⁻¹ − (A1100 + c)⁻¹]
 * below k1, φ_lnAF = 0.3, and for PGA ρ = 1:
 *   τ = √(τ_B² + α² τ_B² + 2 α τ_B²),  φ = √(φ_B² + φ_lnAF² + α² φ_B² + 2 α φ_B²),  φ_B = √(φ² − φ_lnAF²).
 * Coefficients: the PGA row of Table 1 (and Tables 2–3 for σ).
 */
import { RADIANS_PER_DEGREE } from '../../../geo/sphere.js';
import { checkRupture, faultGeometry, REFERENCE_VS30, type GroundMotionModel, type LnPgaPrediction, type Mechanism, type Rupture } from './types.js';

export const CB14_PGA = Object.freeze({
  c0: -4.416, c1: 0.984, c2: 0.537, c3: -1.499, c4: -0.496, c5: -2.773, c6: 0.248, c7: 6.768, c8: 0, c9: -0.212,
  c10: 0.72, c11: 1.09, c14: -0.0064, c16: 0.393, c17: 0.0977, c18: 0.0333, c19: 0.00757, c20: -0.0055,
  a2: 0.167, h1: 0.241, h2: 1.474, h3: -0.715, h4: 1, h5: -0.337, h6: -0.27, k1: 865, k2: -1.186, k3: 1.839,
  phi1: 0.734, phi2: 0.492, tau1: 0.409, tau2: 0.322, rho: 1,
});

/** Period-independent constants: c and n of the site term, φ_lnAF of the σ model. */
const SITE_C = 1.88;
const SITE_N = 1.18;
const PHI_LN_AF = 0.3;
const ROCK_VS30 = 1100;

export interface Cb14Input {
  magnitude: number;
  rRupKm: number;
  rJbKm: number;
  rxKm: number;
  dipDeg: number;
  mechanism: Mechanism;
  ztorKm: number;
  widthKm: number;
  hypocentreDepthKm: number;
  vs30: number;
  /** Depth to Vs = 2.5 km/s (km); eq. (33) from Vs30 where absent. */
  z25Km?: number;
}

/** Eq. (33): the California Z2.5 (km) for a Vs30. */
export function cb14DefaultZ25(vs30: number): number {
  return Math.exp(7.089 - 1.144 * Math.log(vs30));
}

function magnitudeTerm(m: number): number {
  const c = CB14_PGA;
  return c.c0 + c.c1 * m + c.c2 * Math.max(m - 4.5, 0) + c.c3 * Math.max(m - 5.5, 0) + c.c4 * Math.max(m - 6.5, 0);
}

function hangingWall(x: Cb14Input): number {
  const c = CB14_PGA;
  if (x.rxKm < 0 || x.dipDeg >= 90) return 0;
  const r1 = x.widthKm * Math.cos(x.dipDeg * RADIANS_PER_DEGREE);
  const r2 = 62 * x.magnitude - 350;
  let fRx: number;
  if (x.rxKm < r1) {
    const t = x.rxKm / r1;
    fRx = c.h1 + c.h2 * t + c.h3 * t * t;
  } else {
    const t = (x.rxKm - r1) / (r2 - r1);
    fRx = Math.max(c.h4 + c.h5 * t + c.h6 * t * t, 0);
  }
  const fRrup = x.rRupKm > 0 ? (x.rRupKm - x.rJbKm) / x.rRupKm : 1;
  const m = x.magnitude;
  const fM = m <= 5.5 ? 0 : m <= 6.5 ? (m - 5.5) * (1 + c.a2 * (m - 6.5)) : 1 + c.a2 * (m - 6.5);
  const fZ = x.ztorKm <= 16.66 ? 1 - 0.06 * x.ztorKm : 0;
  return c.c10 * fRx * fRrup * fM * fZ * ((90 - x.dipDeg) / 45);
}

function sedimentTerm(z25Km: number): number {
  const c = CB14_PGA;
  if (z25Km < 1) return c.c14 * (z25Km - 1);
  if (z25Km > 3) return c.c16 * c.k3 * Math.exp(-0.75) * (1 - Math.exp(-0.25 * (z25Km - 3)));
  return 0;
}

function siteTerm(vs30: number, a1100: number): number {
  const { c11, k1, k2 } = CB14_PGA;
  const ratio = vs30 / k1;
  if (vs30 > k1) return (c11 + k2 * SITE_N) * Math.log(ratio);
  return c11 * Math.log(ratio) + k2 * (Math.log(a1100 + SITE_C * ratio ** SITE_N) - Math.log(a1100 + SITE_C));
}

/** ln Y without the site and sediment terms (the source and path terms, eq. 1). */
function sourceAndPath(x: Cb14Input): number {
  const c = CB14_PGA;
  const m = x.magnitude;
  const dis = (c.c5 + c.c6 * m) * Math.log(Math.hypot(x.rRupKm, c.c7));
  const flt = (x.mechanism === 'reverse' ? c.c8 : x.mechanism === 'normal' ? c.c9 : 0) * Math.min(Math.max(m - 4.5, 0), 1);
  const hypDepth = Math.min(Math.max(x.hypocentreDepthKm - 7, 0), 13);
  const hypM = m <= 5.5 ? c.c17 : m <= 6.5 ? c.c17 + (c.c18 - c.c17) * (m - 5.5) : c.c18;
  const dip = m <= 4.5 ? c.c19 * x.dipDeg : m <= 5.5 ? c.c19 * (5.5 - m) * x.dipDeg : 0;
  const atn = x.rRupKm > 80 ? c.c20 * (x.rRupKm - 80) : 0;
  return magnitudeTerm(m) + dis + flt + hangingWall(x) + hypDepth * hypM + dip + atn;
}

/** ln PGA (g) with σ, τ and φ (eqs. 1–32). */
export function cb14LnPga(x: Cb14Input): LnPgaPrediction {
  const c = CB14_PGA;
  const base = sourceAndPath(x);
  const a1100 = Math.exp(base + siteTerm(ROCK_VS30, 0) + sedimentTerm(cb14DefaultZ25(ROCK_VS30)));
  const mean = base + siteTerm(x.vs30, a1100) + sedimentTerm(x.z25Km ?? cb14DefaultZ25(x.vs30));
  const m = x.magnitude;
  const between = m <= 4.5 ? c.tau1 : m >= 5.5 ? c.tau2 : c.tau2 + (c.tau1 - c.tau2) * (5.5 - m);
  const within = m <= 4.5 ? c.phi1 : m >= 5.5 ? c.phi2 : c.phi2 + (c.phi1 - c.phi2) * (5.5 - m);
  const withinRock = Math.sqrt(within * within - PHI_LN_AF * PHI_LN_AF);
  const ratio = x.vs30 / c.k1;
  const alpha = x.vs30 < c.k1 ? c.k2 * a1100 * (1 / (a1100 + SITE_C * ratio ** SITE_N) - 1 / (a1100 + SITE_C)) : 0;
  const tau = Math.sqrt(between * between * (1 + alpha * alpha + 2 * alpha * c.rho));
  const phi = Math.sqrt(withinRock * withinRock * (1 + alpha * alpha + 2 * alpha * c.rho) + PHI_LN_AF * PHI_LN_AF);
  return { mean, sigma: Math.hypot(tau, phi), tau, phi };
}

const CITATION =
  'Campbell, K. W., and Y. Bozorgnia (2014). NGA-West2 ground motion model for the average horizontal components of PGA, PGV, ' +
  'and 5% damped linear acceleration response spectra. Earthquake Spectra 30(3), 1087–1115. doi:10.1193/062913EQS175M';

/**
 * Fault geometry as faultGeometry (types.ts) gives it (the width unused at
 * 90°); Z_TOR from the rupture (else 0). Z2.5 from eq. (33).
 */
export const CB14: GroundMotionModel = Object.freeze({
  id: 'CB14',
  name: 'Campbell & Bozorgnia (2014), NGA-West2, California/global attenuation; fault sources with their dip and mechanism, others vertical strike-slip',
  citation: CITATION,
  regime: 'active',
  vs30: REFERENCE_VS30,
  uses: Object.freeze(['magnitude', 'rRupKm', 'rJbKm', 'rxKm', 'ztorKm', 'dipDeg', 'mechanism', 'widthKm', 'hypocentreDepthKm'] as const),
  lnPga(rupture: Rupture): LnPgaPrediction {
    checkRupture(rupture);
    const { magnitude, rRupKm, rJbKm, hypocentreDepthKm, ztorKm = 0 } = rupture;
    return cb14LnPga({ magnitude, rRupKm, rJbKm, ...faultGeometry(rupture), ztorKm, hypocentreDepthKm, vs30: REFERENCE_VS30 });
  },
});
