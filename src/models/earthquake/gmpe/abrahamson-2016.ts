/**
 * Abrahamson, Gregor & Addo (2016), "BC Hydro ground motion prediction
 * equations for subduction earthquakes", Earthquake Spectra 32(1):23–44 — the
 * "BC Hydro" model, PGA, interface and in-slab events at a forearc site.
 *
 * Equation (1), with F_event = 0 (interface) or 1 (in-slab), F_FABA = 0:
 *   ln PGA = θ1 + θ4 ΔC1 + (θ2 + θ14 F_event + θ3 (M − 7.8)) ln(R + C4 e^(θ9 (M − 6)))
 *          + θ6 R + θ10 F_event + f_mag(M) + f_depth(Z_h) + f_site(PGA1000, Vs30)
 * R = rupture distance (interface) or hypocentral distance (in-slab);
 * f_mag (eq. 2) = θ4 (M − C1') + θ13 (10 − M)² below the break C1' = C1 + ΔC1,
 *                θ5 (M − C1') + θ13 (10 − M)² above it;
 * f_depth (eq. 3) = θ11 (min(Z_h, 120) − 60) F_event;
 * f_site (eq. 5, the Walling et al. 2008 form): for Vs30 < V_lin,
 *   θ12 ln(V′/V_lin) − b ln(PGA1000 + c) + b ln(PGA1000 + c (V′/V_lin)^n),
 * for Vs30 ≥ V_lin, (θ12 + b n) ln(V′/V_lin), V′ = min(Vs30, 1000 m/s), and
 * PGA1000 the median PGA at Vs30 = 1000 m/s.
 *
 * ΔC1, the epistemic shift of the magnitude break for large events: the
 * central branch, +0.2 at PGA for interface events (Table 4) and −0.3 for
 * in-slab events (Table 8). The ±0.2 alternatives are the uncertainty work's
 * branches; the hazard tables use the central model.
 *
 * Coefficients: the PGA row of Table 3 and the period-independent constants of
 * Table 2; total σ = 0.74 (τ 0.43, φ 0.60, the ergodic values of Table 3).
 */
import { checkRupture, REFERENCE_VS30, type GroundMotionModel, type LnPgaPrediction, type Rupture } from './types.js';

/** Table 2 (period-independent). */
export const AGA16_CONSTANTS = Object.freeze({ n: 1.18, c: 1.88, theta3: 0.1, theta4: 0.9, theta5: 0, theta9: 0.4, c4: 10, c1: 7.8 });

/** Table 3, PGA row (θ7, θ8, θ15, θ16 are the backarc terms, unused at a forearc site). */
export const AGA16_PGA = Object.freeze({
  vLin: 865.1, b: -1.186, theta1: 4.2203, theta2: -1.35, theta6: -0.0012, theta10: 3.12, theta11: 0.013, theta12: 0.98, theta13: -0.0135, theta14: -0.4,
  phi: 0.6, tau: 0.43, sigma: 0.74,
});

/** Central ΔC1 at PGA: interface (Table 4) and in-slab (Table 8). */
export const AGA16_DELTA_C1 = Object.freeze({ interface: 0.2, inslab: -0.3 });

/** In-slab depth term: Z_h capped here (km) and referred to 60 km (eq. 3). */
const DEPTH_CAP_KM = 120;
const DEPTH_REFERENCE_KM = 60;
const ROCK_VS30 = 1000;

type SourceType = 'interface' | 'inslab';

/** ln PGA (g) at a rock site before the site term (the paper's reference condition, V′ = V_lin). */
function lnPgaBeforeSite(source: SourceType, magnitude: number, distanceKm: number, depthKm: number): number {
  const k = AGA16_CONSTANTS;
  const p = AGA16_PGA;
  const slab = source === 'inslab' ? 1 : 0;
  const deltaC1 = AGA16_DELTA_C1[source];
  const magnitudeBreak = k.c1 + deltaC1;
  const slope = magnitude <= magnitudeBreak ? k.theta4 : k.theta5;
  const fMag = slope * (magnitude - magnitudeBreak) + p.theta13 * (10 - magnitude) ** 2;
  const geometric = (p.theta2 + p.theta14 * slab + k.theta3 * (magnitude - 7.8)) * Math.log(distanceKm + k.c4 * Math.exp(k.theta9 * (magnitude - 6)));
  const fDepth = slab * p.theta11 * (Math.min(depthKm, DEPTH_CAP_KM) - DEPTH_REFERENCE_KM);
  return p.theta1 + k.theta4 * deltaC1 + geometric + p.theta6 * distanceKm + p.theta10 * slab + fMag + fDepth;
}

/** The site term f_site of eq. (5) at a site of `vs30` given the rock PGA (g). */
export function aga16SiteTerm(vs30: number, pga1000G: number): number {
  const { n, c } = AGA16_CONSTANTS;
  const { vLin, b, theta12 } = AGA16_PGA;
  const ratio = Math.min(vs30, ROCK_VS30) / vLin;
  if (vs30 >= vLin) return (theta12 + b * n) * Math.log(ratio);
  return theta12 * Math.log(ratio) - b * Math.log(pga1000G + c) + b * Math.log(pga1000G + c * ratio ** n);
}

/**
 * ln PGA (g), median, of an event of the source type at a forearc site of `vs30`:
 * `distanceKm` is the rupture distance (interface) or the hypocentral distance (in-slab).
 */
export function aga16LnPga(source: SourceType, magnitude: number, distanceKm: number, depthKm: number, vs30: number = REFERENCE_VS30): number {
  const base = lnPgaBeforeSite(source, magnitude, distanceKm, depthKm);
  const pga1000 = Math.exp(base + aga16SiteTerm(ROCK_VS30, 0));
  return base + aga16SiteTerm(vs30, pga1000);
}

const CITATION =
  'Abrahamson, N., N. Gregor, and K. Addo (2016). BC Hydro ground motion prediction equations for subduction earthquakes. ' +
  'Earthquake Spectra 32(1), 23–44. doi:10.1193/051712EQS188MR';

const prediction = (mean: number): LnPgaPrediction => ({ mean, sigma: AGA16_PGA.sigma, tau: AGA16_PGA.tau, phi: AGA16_PGA.phi });

export const AGA16_INTERFACE: GroundMotionModel = Object.freeze({
  id: 'AGA16-interface',
  name: 'Abrahamson, Gregor & Addo (2016, BC Hydro), interface, central ΔC1',
  citation: CITATION,
  regime: 'interface',
  vs30: REFERENCE_VS30,
  uses: Object.freeze(['magnitude', 'rRupKm'] as const),
  lnPga(rupture: Rupture): LnPgaPrediction {
    checkRupture(rupture);
    return prediction(aga16LnPga('interface', rupture.magnitude, rupture.rRupKm, rupture.hypocentreDepthKm));
  },
});

export const AGA16_INSLAB: GroundMotionModel = Object.freeze({
  id: 'AGA16-inslab',
  name: 'Abrahamson, Gregor & Addo (2016, BC Hydro), in-slab, central ΔC1',
  citation: CITATION,
  regime: 'inslab',
  vs30: REFERENCE_VS30,
  uses: Object.freeze(['magnitude', 'rHypoKm', 'hypocentreDepthKm'] as const),
  lnPga(rupture: Rupture): LnPgaPrediction {
    checkRupture(rupture);
    if (rupture.rHypoKm === undefined) throw new RangeError(`in-slab BC Hydro needs the hypocentral distance: ${JSON.stringify(rupture)}`);
    return prediction(aga16LnPga('inslab', rupture.magnitude, rupture.rHypoKm, rupture.hypocentreDepthKm));
  },
});
