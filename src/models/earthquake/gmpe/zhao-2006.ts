/**
 * Zhao, Zhang, Asano, Ohno, Oouchi, Takahashi, Ogawa, Irikura, Thio,
 * Somerville, Fukushima & Fukushima (2006), "Attenuation relations of strong
 * ground motion in Japan using site classification based on predominant
 * period", BSSA 96(3):898–913 — subduction interface and in-slab PGA.
 *
 * Equation (1), p. 901, with the magnitude-squared correction of eq. (5),
 * p. 909, y in cm/s²:
 *   ln y = a Mw + b x − ln(x + c e^(d Mw)) + e (h − hc) δh
 *        + S_I                       (interface events)
 *        + S_S + S_SL ln x           (in-slab events)
 *        + C_k                       (site class k)
 *        + P (Mw − Mc) + Q (Mw − Mc)² + W
 * x = rupture distance (km), h = focal depth (km) capped at 125 km,
 * hc = 15 km and δh = 1 when h ≥ hc (0 otherwise); Mc = 6.3 for interface and
 * 6.5 for in-slab events, P = 0 for interface events.
 *
 * Site class: Zhao's Table 2 (p. 901) puts Vs30 > 600 m/s in SC I ("rock",
 * NEHRP A+B) and keeps the separate hard-rock term C_H for Vs30 > 1100 m/s.
 * The reference site here, Vs30 = 760 m/s, is therefore SC I: C_k = C1. (C_H
 * would describe a site ~0.8 ln units, a factor 2.3, weaker at PGA than
 * Vs30 760; it is not a B/C-boundary condition.)
 *
 * Aleatory variability (eq. 3): σ_T = √(σ² + τ²), the within-event σ of
 * Table 5 and the between-event τ of the model with the magnitude-squared
 * terms for the source type (τ_I, τ_S of Table 6). Table 5's τ = 0.398 belongs
 * to the model without those terms and is not used.
 *
 * The ln x term of in-slab events is singular at x = 0; x is floored at
 * 0.1 km (as OpenQuake does). In-slab ruptures lie tens of km deep, so the
 * floor never binds for a real site.
 */
import { checkRupture, lnGFromLnCmS2, REFERENCE_VS30, type GroundMotionModel, type LnPgaPrediction, type Rupture } from './types.js';

/** Coefficients of the PGA row common to every source type (Tables 4 and 5, p. 903). */
export const ZHAO06_PGA = Object.freeze({
  // Table 4: source and path terms
  a: 1.101, b: -0.00564, c: 0.0055, d: 1.08, e: 0.01412,
  // Tables 4–5: site-class term for SC I (rock, Vs30 > 600 m/s) and within-event σ
  c1: 1.111, sigma: 0.604,
  // text, p. 901–902: reference depth and depth cap of the focal-depth term (km)
  depthRefKm: 15, depthCapKm: 125,
  // distance floor for ln x (km), see above
  minimumDistanceKm: 0.1,
});

/** Interface terms: S_I (Table 4), Q_I, W_I, τ_I (Table 6, p. 907), Mc (eq. 5). */
export const ZHAO06_INTERFACE_PGA = Object.freeze({ sI: 0, p: 0, q: 0, w: 0, mc: 6.3, tau: 0.308 });

/** In-slab terms: S_S, S_SL (Table 4), P_S, Q_S, W_S, τ_S (Table 6, p. 907), Mc (eq. 5). */
export const ZHAO06_INSLAB_PGA = Object.freeze({ sS: 2.607, sSL: -0.528, p: 0.1392, q: 0.1584, w: -0.0529, mc: 6.5, tau: 0.321 });

/** ln PGA (cm/s²) of eq. (1) without the source-type terms, at an SC I site. */
function commonLnCmS2(magnitude: number, x: number, depthKm: number): number {
  const z = ZHAO06_PGA;
  const h = Math.min(depthKm, z.depthCapKm);
  const depthTerm = h >= z.depthRefKm ? z.e * (h - z.depthRefKm) : 0;
  return z.a * magnitude + z.b * x - Math.log(x + z.c * Math.exp(z.d * magnitude)) + depthTerm + z.c1;
}

function magnitudeSquared(magnitude: number, t: { p: number; q: number; w: number; mc: number }): number {
  const dm = magnitude - t.mc;
  return t.p * dm + t.q * dm * dm + t.w;
}

/** ln PGA (g) of a subduction-interface event at an SC I (Vs30 760 m/s) site. */
export function zhao06InterfaceLnPga(magnitude: number, rRupKm: number, depthKm: number): number {
  const x = Math.max(rRupKm, ZHAO06_PGA.minimumDistanceKm);
  const t = ZHAO06_INTERFACE_PGA;
  return lnGFromLnCmS2(commonLnCmS2(magnitude, x, depthKm) + t.sI + magnitudeSquared(magnitude, t));
}

/** ln PGA (g) of an in-slab event at an SC I (Vs30 760 m/s) site. */
export function zhao06InslabLnPga(magnitude: number, rRupKm: number, depthKm: number): number {
  const x = Math.max(rRupKm, ZHAO06_PGA.minimumDistanceKm);
  const t = ZHAO06_INSLAB_PGA;
  return lnGFromLnCmS2(commonLnCmS2(magnitude, x, depthKm) + t.sS + t.sSL * Math.log(x) + magnitudeSquared(magnitude, t));
}

const CITATION =
  'Zhao, J. X., J. Zhang, A. Asano, Y. Ohno, T. Oouchi, T. Takahashi, H. Ogawa, K. Irikura, H. K. Thio, P. G. Somerville, ' +
  'Y. Fukushima, and Y. Fukushima (2006). Attenuation relations of strong ground motion in Japan using site classification ' +
  'based on predominant period. Bulletin of the Seismological Society of America 96(3), 898–913. doi:10.1785/0120050122';

function prediction(mean: number, tau: number): LnPgaPrediction {
  const phi = ZHAO06_PGA.sigma;
  return { mean, sigma: Math.hypot(phi, tau), tau, phi };
}

export const ZHAO06_INTERFACE: GroundMotionModel = Object.freeze({
  id: 'Z06-interface',
  name: 'Zhao et al. (2006), subduction interface, site class I',
  citation: CITATION,
  regime: 'interface',
  vs30: REFERENCE_VS30,
  uses: Object.freeze(['magnitude', 'rRupKm', 'hypocentreDepthKm'] as const),
  lnPga(rupture: Rupture): LnPgaPrediction {
    checkRupture(rupture);
    const mean = zhao06InterfaceLnPga(rupture.magnitude, rupture.rRupKm, rupture.hypocentreDepthKm);
    return prediction(mean, ZHAO06_INTERFACE_PGA.tau);
  },
});

export const ZHAO06_INSLAB: GroundMotionModel = Object.freeze({
  id: 'Z06-inslab',
  name: 'Zhao et al. (2006), in-slab, site class I',
  citation: CITATION,
  regime: 'inslab',
  vs30: REFERENCE_VS30,
  uses: Object.freeze(['magnitude', 'rRupKm', 'hypocentreDepthKm'] as const),
  lnPga(rupture: Rupture): LnPgaPrediction {
    checkRupture(rupture);
    const mean = zhao06InslabLnPga(rupture.magnitude, rupture.rRupKm, rupture.hypocentreDepthKm);
    return prediction(mean, ZHAO06_INSLAB_PGA.tau);
  },
});
