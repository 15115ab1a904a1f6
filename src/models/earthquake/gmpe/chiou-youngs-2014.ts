/**
 * Chiou & Youngs (2014), "Update of the Chiou and Youngs NGA model for the
 * average horizontal component of peak ground motion and response spectra",
 * Earthquake Spectra 30(3):1117–1153 — NGA-West2, PGA (RotD50), global
 * (California) model, no directivity (ΔDPP = 0), Z1.0 at its Vs30 mean.
 *
 * Eq. (11), reference rock (Vs30 1130 m/s), coshM = cosh(2 max(M − 4.5, 0)):
 *   ln y_ref = c1 + (c1a + c1c/coshM) F_RV + (c1b + c1d/coshM) F_NM
 *            + (c7 + c7b/coshM) ΔZ_TOR + (c11 + c11b/coshM) cos²δ
 *            + c2 (M − 6) + (c2 − c3)/cn · ln(1 + e^(cn (cM − M)))
 *            + c4 ln(R_RUP + c5 cosh(c6 max(M − cHM, 0)))
 *            + (c4a − c4) ln √(R_RUP² + cRB²)
 *            + (cγ1 + cγ2 / cosh(max(M − cγ3, 0))) R_RUP
 *            + c9 F_HW cos δ (c9a + (1 − c9a) tanh(R_X / c9b)) (1 − √(R_JB² + Z_TOR²)/(R_RUP + 1))
 * ΔZ_TOR = Z_TOR − E[Z_TOR](M), E[Z_TOR] = max(2.704 − 1.226 max(M − 5.849, 0), 0)² for
 * reverse faulting, max(2.673 − 1.136 max(M − 4.970, 0), 0)² otherwise (eqs. 4–5).
 * Eq. (12), site: ln y = ln y_ref + φ1 min(ln(Vs30/1130), 0)
 *            + φ2 (e^(φ3 (min(Vs30, 1130) − 360)) − e^(φ3 (1130 − 360))) ln((y_ref + φ4)/φ4)
 * (the basin term φ5 is 0 at PGA).
 * Eq. (13), σ: τ = τ1 + (τ2 − τ1)/1.5 · (min(max(M, 5), 6.5) − 5),
 *   φ_NL = (σ1 + (σ2 − σ1)/1.5 · (min(max(M, 5), 6.5) − 5)) √(σ3 [0.7 if Vs30 measured] + (1 + NL0)²),
 *   NL0 = φ2 (e^(…) − e^(…)) · y_ref/(y_ref + φ4),  σ_T = √((1 + NL0)² τ² + φ_NL²).
 *
 * Coefficients: the PGA rows of Tables 1–4 (PGA takes the 0.01-s coefficients).
 * Faulting flags from the mechanism (types.ts Mechanism).
 */
import { RADIANS_PER_DEGREE } from '../../../geo/sphere.js';
import { checkRupture, faultGeometry, REFERENCE_VS30, type GroundMotionModel, type LnPgaPrediction, type Mechanism, type Rupture } from './types.js';

export const CY14_PGA = Object.freeze({
  c1: -1.5065, c1a: 0.165, c1b: -0.255, c1c: -0.165, c1d: 0.255, cn: 16.0875, cm: 4.9993, c2: 1.06, c3: 1.9636,
  c4: -2.1, c4a: -0.5, crb: 50, c5: 6.4551, chm: 3.0956, c6: 0.4908, c7: 0.0352, c7b: 0.0462,
  c9: 0.9228, c9a: 0.1202, c9b: 6.8607, c11: 0, c11b: -0.4536, cg1: -0.007146, cg2: -0.006758, cg3: 4.2542,
  phi1: -0.521, phi2: -0.1417, phi3: -0.00701, phi4: 0.102151,
  tau1: 0.4, tau2: 0.26, sig1: 0.4912, sig2: 0.3762, sig3: 0.8,
});

/** Vs30 of the reference rock (m/s). */
const ROCK_VS30 = 1130;

export interface Cy14Input {
  magnitude: number;
  rRupKm: number;
  rJbKm: number;
  /** Horizontal distance from the top edge's surface trace, positive on the hanging wall (km). */
  rxKm: number;
  dipDeg: number;
  mechanism: Mechanism;
  ztorKm: number;
  vs30: number;
  vs30Measured: boolean;
}

/** E[Z_TOR](M), the mean top-of-rupture depth of eqs. (4)–(5) (km). */
export function cy14ExpectedZtor(magnitude: number, mechanism: Mechanism): number {
  return mechanism === 'reverse'
    ? Math.max(2.704 - 1.226 * Math.max(magnitude - 5.849, 0), 0) ** 2
    : Math.max(2.673 - 1.136 * Math.max(magnitude - 4.97, 0), 0) ** 2;
}

/** ln y_ref of eq. (11) (g), at Vs30 = 1130 m/s. */
function lnReference(x: Cy14Input): number {
  const c = CY14_PGA;
  const m = x.magnitude;
  const coshM = Math.cosh(2 * Math.max(m - 4.5, 0));
  const dip = x.dipDeg * RADIANS_PER_DEGREE;
  const cosDip = Math.cos(dip);
  const source =
    (x.mechanism === 'reverse' ? c.c1a + c.c1c / coshM : 0) +
    (x.mechanism === 'normal' ? c.c1b + c.c1d / coshM : 0) +
    (c.c7 + c.c7b / coshM) * (x.ztorKm - cy14ExpectedZtor(m, x.mechanism)) +
    (c.c11 + c.c11b / coshM) * cosDip * cosDip;
  const magnitude = c.c2 * (m - 6) + ((c.c2 - c.c3) / c.cn) * Math.log(1 + Math.exp(c.cn * (c.cm - m)));
  const r = x.rRupKm;
  const distance =
    c.c4 * Math.log(r + c.c5 * Math.cosh(c.c6 * Math.max(m - c.chm, 0))) +
    (c.c4a - c.c4) * Math.log(Math.hypot(r, c.crb)) +
    (c.cg1 + c.cg2 / Math.cosh(Math.max(m - c.cg3, 0))) * r;
  const hangingWall =
    x.rxKm >= 0
      ? c.c9 * cosDip * (c.c9a + (1 - c.c9a) * Math.tanh(x.rxKm / c.c9b)) * (1 - Math.hypot(x.rJbKm, x.ztorKm) / (r + 1))
      : 0;
  return c.c1 + source + magnitude + distance + hangingWall;
}

/** ln PGA (g) with its σ, τ and φ (eqs. 11–13). */
export function cy14LnPga(x: Cy14Input): LnPgaPrediction {
  const c = CY14_PGA;
  const lnRef = lnReference(x);
  const yRef = Math.exp(lnRef);
  const nonlinearScale = c.phi2 * (Math.exp(c.phi3 * (Math.min(x.vs30, ROCK_VS30) - 360)) - Math.exp(c.phi3 * (ROCK_VS30 - 360)));
  const mean = lnRef + c.phi1 * Math.min(Math.log(x.vs30 / ROCK_VS30), 0) + nonlinearScale * Math.log((yRef + c.phi4) / c.phi4);
  const nl0 = nonlinearScale * (yRef / (yRef + c.phi4));
  const mClip = Math.min(Math.max(x.magnitude, 5), 6.5) - 5;
  const tau = c.tau1 + ((c.tau2 - c.tau1) / 1.5) * mClip;
  const phi = (c.sig1 + ((c.sig2 - c.sig1) / 1.5) * mClip) * Math.sqrt((x.vs30Measured ? 0.7 : c.sig3) + (1 + nl0) ** 2);
  const betweenEvent = Math.abs(1 + nl0) * tau;
  return { mean, sigma: Math.hypot(betweenEvent, phi), tau: betweenEvent, phi };
}

const CITATION =
  'Chiou, B. S.-J., and R. R. Youngs (2014). Update of the Chiou and Youngs NGA model for the average horizontal component ' +
  'of peak ground motion and response spectra. Earthquake Spectra 30(3), 1117–1153. doi:10.1193/072813EQS219M';

/**
 * Fault geometry as faultGeometry (types.ts) gives it; the top at the
 * rupture's Z_TOR, else at E[Z_TOR](M). Vs30 inferred, not measured.
 */
export const CY14: GroundMotionModel = Object.freeze({
  id: 'CY14',
  name: 'Chiou & Youngs (2014), NGA-West2, global model; fault sources with their dip and mechanism, others vertical strike-slip',
  citation: CITATION,
  regime: 'active',
  vs30: REFERENCE_VS30,
  uses: Object.freeze(['magnitude', 'rRupKm', 'rJbKm', 'rxKm', 'ztorKm', 'dipDeg', 'mechanism'] as const),
  lnPga(rupture: Rupture): LnPgaPrediction {
    checkRupture(rupture);
    const { magnitude, rRupKm, rJbKm } = rupture;
    const { dipDeg, mechanism, rxKm } = faultGeometry(rupture);
    const ztorKm = rupture.ztorKm ?? cy14ExpectedZtor(magnitude, mechanism);
    return cy14LnPga({ magnitude, rRupKm, rJbKm, rxKm, dipDeg, mechanism, ztorKm, vs30: REFERENCE_VS30, vs30Measured: false });
  },
});
