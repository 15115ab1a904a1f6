/**
 * Abrahamson, Silva & Kamai (2014), "Summary of the ASK14 ground motion
 * relation for active crustal regions", Earthquake Spectra 30(3):1025–1055 —
 * NGA-West2, PGA (RotD50), California (no regional term), mainshocks.
 *
 * ln Sa = f1 + F_RV f7 + F_N f8 + f5 + F_HW f4 + f6 + f10 (eq. 1):
 *   f1 (eq. 2), R = √(R_RUP² + c4M²), c4M = c4 above M 5, c4 − (c4 − 1)(5 − M) for M 4–5, 1 below:
 *     M ≥ M1:      a1 + a5 (M − M1) + a8 (8.5 − M)² + [a2 + a3 (M − M1)] ln R + a17 R_RUP
 *     M2 ≤ M < M1: a1 + a4 (M − M1) + a8 (8.5 − M)² + [a2 + a3 (M − M1)] ln R + a17 R_RUP
 *     M < M2:      a1 + a4 (M2 − M1) + a8 (8.5 − M2)² + a6 (M − M2) + a7 (M − M2)²
 *                  + [a2 + a3 (M2 − M1)] ln R + a17 R_RUP
 *   f7 = a11, f8 = a12 above M 5, scaled by (M − 4) between 4 and 5 (eqs. 5–6);
 *   f5 (eq. 7), V1 = 1500 m/s at PGA, V′ = min(Vs30, V1): for Vs30 ≥ V_lin (a10 + b n) ln(V′/V_lin),
 *     below it a10 ln(V′/V_lin) − b ln(Sa1180 + c) + b ln(Sa1180 + c (V′/V_lin)^n), Sa1180 the median at 1180 m/s;
 *   f4 (eqs. 11–15) = a13 T1 T2 T3 T4 T5 on the hanging wall (R_X > 0, δ < 90°): T1 = (90 − δ)/45 (60/45 at
 *     δ ≤ 30°); T2 = 1 + a2HW (M − 6.5) above 6.5, 1 + a2HW (M − 6.5) − (1 − a2HW)(M − 6.5)² from 5.5, 0 below;
 *     T3 = h1 + h2 (R_X/R1) + h3 (R_X/R1)² below R1 = W cos δ, 1 − (R_X − R1)/(R2 − R1) to R2 = 3 R1, 0 beyond;
 *     T4 = 1 − Z_TOR²/100 to 10 km, 0 deeper; T5 = 1 for R_y0 ≤ R_X tan 20°, tapering to 0 over 5 km beyond;
 *   f6 = a15 min(Z_TOR, 20)/20 (eq. 16);
 *   f10 = f(Vs30) ln((Z1 + 0.01)/(Z1ref + 0.01)) (eq. 17), Z1ref from eq. (18), f linear in Vs30 through
 *     a43 (≤ 150), a44 (250), a45 (400), a46 (≥ 700); zero where Z1 is Z1ref (the default).
 * σ (eqs. 24–30): φ_A = s1 to M 4, s2 from 6, linear between (estimated Vs30: s1e, s2e); τ_A = s3 to M 5,
 * s4 from 7; ∂ln Amp/∂ln Sa1180 = b Sa1180 [(Sa1180 + c (Vs30/V_lin)^n)⁻¹ − (Sa1180 + c)⁻¹] below V_lin;
 * φ_amp = 0.4, φ_B = √(φ_A² − φ_amp²), φ = √(φ_B² (1 + ∂)² + φ_amp²), τ = τ_A (1 + ∂).
 * Coefficients: the PGA row of Tables 4–6 and the constants of the text (M2 = 5, n = 1.5, h1–h3, a2HW 0.2).
 */
import { RADIANS_PER_DEGREE } from '../../../geo/sphere.js';
import { checkRupture, faultGeometry, REFERENCE_VS30, type GroundMotionModel, type LnPgaPrediction, type Mechanism, type Rupture } from './types.js';

export const ASK14_PGA = Object.freeze({
  m1: 6.75, vLin: 660, b: -1.47, c: 2.4, c4: 4.5, a1: 0.587, a2: -0.79, a3: 0.275, a4: -0.1, a5: -0.41, a6: 2.154, a7: 0, a8: -0.015,
  a10: 1.735, a11: 0, a12: -0.1, a13: 0.6, a15: 1.1, a17: -0.0072, a43: 0.1, a44: 0.05, a45: 0, a46: -0.05,
  s1e: 0.754, s2e: 0.52, s3: 0.47, s4: 0.36, s1m: 0.741, s2m: 0.501,
});

const M2 = 5;
const N = 1.5;
const H1 = 0.25;
const H2 = 1.5;
const H3 = -0.75;
const A2_HW = 0.2;
const V1 = 1500;
const ROCK_VS30 = 1180;
const PHI_AMP = 0.4;

export interface Ask14Input {
  magnitude: number;
  rRupKm: number;
  rxKm: number;
  /** Distance off the ends of the rupture along strike (0 beside it), km. */
  ry0Km: number;
  dipDeg: number;
  mechanism: Mechanism;
  ztorKm: number;
  widthKm: number;
  vs30: number;
  vs30Measured: boolean;
  /** Depth to Vs = 1 km/s (km); Z1ref (eq. 18) where absent. */
  z1Km?: number;
}

/** Eq. (18): the California Z1.0 (km) for a Vs30. */
export function ask14Z1Ref(vs30: number): number {
  return Math.exp((-7.67 / 4) * Math.log((vs30 ** 4 + 610 ** 4) / (1360 ** 4 + 610 ** 4))) / 1000;
}

function basicTerm(m: number, rRupKm: number): number {
  const c = ASK14_PGA;
  const c4m = m > 5 ? c.c4 : m > 4 ? c.c4 - (c.c4 - 1) * (5 - m) : 1;
  const lnR = Math.log(Math.hypot(rRupKm, c4m));
  const anelastic = c.a1 + c.a17 * rRupKm;
  if (m >= c.m1) return anelastic + c.a5 * (m - c.m1) + c.a8 * (8.5 - m) ** 2 + (c.a2 + c.a3 * (m - c.m1)) * lnR;
  if (m >= M2) return anelastic + c.a4 * (m - c.m1) + c.a8 * (8.5 - m) ** 2 + (c.a2 + c.a3 * (m - c.m1)) * lnR;
  return anelastic + c.a4 * (M2 - c.m1) + c.a8 * (8.5 - M2) ** 2 + c.a6 * (m - M2) + c.a7 * (m - M2) ** 2 + (c.a2 + c.a3 * (M2 - c.m1)) * lnR;
}

function faultingStyle(m: number, mechanism: Mechanism): number {
  const scale = m > 5 ? 1 : m >= 4 ? m - 4 : 0;
  return scale * (mechanism === 'reverse' ? ASK14_PGA.a11 : mechanism === 'normal' ? ASK14_PGA.a12 : 0);
}

function hangingWall(x: Ask14Input): number {
  if (x.dipDeg >= 90 || x.rxKm <= 0) return 0;
  const m = x.magnitude;
  const t1 = x.dipDeg <= 30 ? 60 / 45 : (90 - x.dipDeg) / 45;
  const t2 = m > 6.5 ? 1 + A2_HW * (m - 6.5) : m > 5.5 ? 1 + A2_HW * (m - 6.5) - (1 - A2_HW) * (m - 6.5) ** 2 : 0;
  const r1 = x.widthKm * Math.cos(x.dipDeg * RADIANS_PER_DEGREE);
  const r2 = 3 * r1;
  const t3 = x.rxKm < r1 ? H1 + H2 * (x.rxKm / r1) + H3 * (x.rxKm / r1) ** 2 : x.rxKm <= r2 ? 1 - (x.rxKm - r1) / (r2 - r1) : 0;
  const t4 = x.ztorKm <= 10 ? 1 - (x.ztorKm * x.ztorKm) / 100 : 0;
  const beyond = x.ry0Km - x.rxKm * Math.tan(20 * RADIANS_PER_DEGREE);
  const t5 = beyond <= 0 ? 1 : beyond < 5 ? 1 - beyond / 5 : 0;
  return ASK14_PGA.a13 * t1 * t2 * t3 * t4 * t5;
}

function siteTerm(vs30: number, sa1180: number): number {
  const { a10, b, c, vLin } = ASK14_PGA;
  const ratio = Math.min(vs30, V1) / vLin;
  if (vs30 >= vLin) return (a10 + b * N) * Math.log(ratio);
  return a10 * Math.log(ratio) - b * Math.log(sa1180 + c) + b * Math.log(sa1180 + c * ratio ** N);
}

function soilDepthTerm(vs30: number, z1Km: number): number {
  const c = ASK14_PGA;
  const knots: [number, number][] = [[150, c.a43], [250, c.a44], [400, c.a45], [700, c.a46]];
  let slope = vs30 <= 150 ? c.a43 : c.a46;
  for (let i = 0; i + 1 < knots.length; i++) {
    const [[v0, f0], [v1, f1]] = [knots[i]!, knots[i + 1]!];
    if (vs30 > v0 && vs30 <= v1) slope = f0 + ((f1 - f0) * (vs30 - v0)) / (v1 - v0);
  }
  return slope * Math.log((z1Km + 0.01) / (ask14Z1Ref(vs30) + 0.01));
}

/** ln PGA (g) with σ, τ and φ (eqs. 1–30). */
export function ask14LnPga(x: Ask14Input): LnPgaPrediction {
  const c = ASK14_PGA;
  const m = x.magnitude;
  const source = basicTerm(m, x.rRupKm) + faultingStyle(m, x.mechanism) + hangingWall(x) + (c.a15 * Math.min(x.ztorKm, 20)) / 20;
  const sa1180 = Math.exp(source + siteTerm(ROCK_VS30, 0));
  const mean = source + siteTerm(x.vs30, sa1180) + soilDepthTerm(x.vs30, x.z1Km ?? ask14Z1Ref(x.vs30));
  const [s1, s2] = x.vs30Measured ? [c.s1m, c.s2m] : [c.s1e, c.s2e];
  const phiA = m < 4 ? s1 : m <= 6 ? s1 + ((s2 - s1) / 2) * (m - 4) : s2;
  const tauA = m < 5 ? c.s3 : m <= 7 ? c.s3 + ((c.s4 - c.s3) / 2) * (m - 5) : c.s4;
  const slope = x.vs30 < c.vLin ? c.b * sa1180 * (1 / (sa1180 + c.c * (x.vs30 / c.vLin) ** N) - 1 / (sa1180 + c.c)) : 0;
  const phiAmp = phiA < PHI_AMP ? 0.99 * phiA : PHI_AMP;
  const phi = Math.sqrt((phiA * phiA - phiAmp * phiAmp) * (1 + slope) ** 2 + phiAmp * phiAmp);
  const tau = tauA * (1 + slope);
  return { mean, sigma: Math.hypot(phi, tau), tau, phi };
}

const CITATION =
  'Abrahamson, N. A., W. J. Silva, and R. Kamai (2014). Summary of the ASK14 ground motion relation for active crustal regions. ' +
  'Earthquake Spectra 30(3), 1025–1055. doi:10.1193/070913EQS198M';

/**
 * Fault geometry as faultGeometry (types.ts) gives it; Z_TOR from the rupture
 * (else 0). Vs30 inferred, Z1 at its reference.
 */
export const ASK14: GroundMotionModel = Object.freeze({
  id: 'ASK14',
  name: 'Abrahamson, Silva & Kamai (2014), NGA-West2, California; fault sources with their dip and mechanism, others vertical strike-slip',
  citation: CITATION,
  regime: 'active',
  vs30: REFERENCE_VS30,
  uses: Object.freeze(['magnitude', 'rRupKm', 'rxKm', 'ry0Km', 'ztorKm', 'dipDeg', 'mechanism', 'widthKm'] as const),
  lnPga(rupture: Rupture): LnPgaPrediction {
    checkRupture(rupture);
    const { magnitude, rRupKm, ztorKm = 0 } = rupture;
    return ask14LnPga({ magnitude, rRupKm, ...faultGeometry(rupture), ztorKm, vs30: REFERENCE_VS30, vs30Measured: false });
  },
});
