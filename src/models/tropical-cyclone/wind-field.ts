/**
 * Parametric surface wind field of a tropical cyclone (stable API).
 *
 *   const v = vortexAt({ latitude, vmaxKt, rmwKm, motionEastKt, motionNorthKt });
 *   siteWind(v, distanceKm, bearingDeg)   → 1-minute sustained 10 m wind (kt) at a site
 *                                           `distanceKm` from the centre, on bearing
 *                                           `bearingDeg` (clockwise from north, centre → site)
 *   siteWindXY(v, eastKm, northKm)        → the same with the site's offset from the centre
 *   windRadiusKm(v, thresholdKt)          → a radius beyond which the wind is below the threshold
 *
 * Per position (Willoughby, Darling & Rahn 2006 profile; the pipeline of Phadke et al.
 * 2003 and Knaff et al. 2011 as used by the stormwindmodel package):
 *  1. symmetric surface maximum Vs = max(Vmax − 0.5·|c|, 0), c the storm motion (Phadke 2003);
 *  2. gradient-level maximum Vg = Vs / 0.9 (Knaff 2011, over water, r ≤ 100 km);
 *  3. Rmax recorded, else 46.4·exp(−0.0155·Vg + 0.0169·|φ|) km (WDR06 eq. 7a; Vg in m/s);
 *  4. n = 0.4067 + 0.0144·Vg − 0.0038·|φ|, A = max(0, 0.0696 + 0.0049·Vg − 0.0064·|φ|),
 *     X1 = 317.1 − 2.026·Vg + 1.915·|φ| km, X2 = 25 km (WDR06 eqs. 10a–c), A and X1 times the
 *     calibration factors and X1 times the position's outerScale (fitted to recorded r34); the transition
 *     R1…R2 (25 km wide, 15 km when Rmax ≤ 20 km) placed by WDR06 eq. 3 so the peak is at Rmax;
 *  5. V(r) = Vg·(r/Rmax)^n inside R1, Vg·[(1−A)·e^{(Rmax−r)/X1} + A·e^{(Rmax−r)/X2}] outside R2,
 *     blended by the WDR06 polynomial between; surface = V(r)·f(r), f = 0.9 to 100 km falling
 *     linearly to 0.75 at 700 km (Knaff 2011);
 *  6. direction: cyclonic tangent turned inwards by the inflow angle β (10(1 + r/Rmax)° inside
 *     Rmax, 20 + 25(r/Rmax − 1)° to 1.2 Rmax, 25° beyond; Phadke 2003);
 *  7. the motion vector times Rmax·r/(Rmax² + r²) is added (Phadke 2003 eq. 12), so the
 *     strongest wind, at Rmax to the right of the motion (left in the south), equals Vmax.
 * No roughness reduction over land: winds are in the best track's (open-water) exposure.
 */
import { PROFILE_CALIBRATION, WIND_FIELD } from './parameters.js';
import { RADIANS_PER_DEGREE as RAD } from '../../geo/sphere.js';
import { MS_PER_KT } from '../../units.js';

export interface StormPosition {
  latitude: number;
  /** Best-track maximum 1-minute sustained wind, kt. */
  vmaxKt: number;
  /** Recorded radius of maximum wind in km, or null to estimate it. */
  rmwKm: number | null;
  /** Storm motion, kt, toward east and north. */
  motionEastKt: number;
  motionNorthKt: number;
  /**
   * Multiplier on the outer e-folding length X1 fitted to the position's recorded
   * 34-kt radii (r34-size.ts); 1 (the calibrated profile) where none is recorded.
   */
  outerScale?: number;
  /**
   * Multiplier on the estimated Rmax where none is recorded: a synthetic storm's
   * own size about the WDR06 median (SYNTHETIC.rmwLogSd); 1 for observed storms.
   */
  rmwScale?: number;
}

/** Everything siteWind needs, computed once per track position (speeds in m/s, lengths in km). */
export interface Vortex {
  /** +1 north (anticlockwise flow), −1 south. */
  hemisphere: number;
  vg: number;
  rmax: number;
  r1: number;
  r2: number;
  n: number;
  a: number;
  x1: number;
  motionEast: number;
  motionNorth: number;
}

/** Adjustment of the WDR06 outer profile: A × aFactor, X1 × x1Factor (PROFILE_CALIBRATION). */
export interface ProfileCalibration {
  aFactor: number;
  x1Factor: number;
}

export function vortexAt(p: StormPosition, calibration: ProfileCalibration = PROFILE_CALIBRATION): Vortex {
  const motionEast = p.motionEastKt * MS_PER_KT;
  const motionNorth = p.motionNorthKt * MS_PER_KT;
  const vs = Math.max(p.vmaxKt * MS_PER_KT - WIND_FIELD.motionShareAtRmw * Math.hypot(motionEast, motionNorth), 0);
  const vg = vs / WIND_FIELD.surfaceFactorInner;
  const phi = Math.abs(p.latitude);
  const recorded = p.rmwKm !== null && p.rmwKm >= WIND_FIELD.rmwMinKm && p.rmwKm <= WIND_FIELD.rmwMaxKm;
  const rmax = recorded ? p.rmwKm! : estimateRmaxKm(vg, phi) * (p.rmwScale ?? 1);
  const n = Math.max(0.4067 + 0.0144 * vg - 0.0038 * phi, 0.1);
  const a = Math.min(Math.max(0.0696 + 0.0049 * vg - 0.0064 * phi, 0) * calibration.aFactor, 1);
  const x1 = Math.max((317.1 - 2.026 * vg + 1.915 * phi) * calibration.x1Factor * (p.outerScale ?? 1), WIND_FIELD.x2Km);
  const width = rmax > WIND_FIELD.narrowRmaxKm ? WIND_FIELD.transitionWidthKm : WIND_FIELD.narrowTransitionWidthKm;
  const xi = transitionPosition(n, a, x1, rmax);
  const r1 = rmax - xi * width;
  return { hemisphere: p.latitude >= 0 ? 1 : -1, vg, rmax, r1, r2: r1 + width, n, a, x1, motionEast, motionNorth };
}

/** Willoughby et al. 2006 eq. 7a: Rmax (km) from gradient-level Vmax (m/s) and |latitude|. */
export function estimateRmaxKm(vgMs: number, absLatitude: number): number {
  return 46.4 * Math.exp(-0.0155 * vgMs + 0.0169 * absLatitude);
}

/** The WDR06 transition weight w(ξ) = 126ξ⁵ − 420ξ⁶ + 540ξ⁷ − 315ξ⁸ + 70ξ⁹ on [0, 1]. */
export function transitionWeight(xi: number): number {
  if (xi <= 0) return 0;
  if (xi >= 1) return 1;
  const x2 = xi * xi;
  const x5 = x2 * x2 * xi;
  return x5 * (126 + xi * (-420 + xi * (540 + xi * (-315 + 70 * xi))));
}

/** WDR06 eq. 3 (dual exponential): w(ξ) = nX/(nX + Rmax), X = (1 − A)X1 + A·X2; w is monotone, so bisect. */
function transitionPosition(n: number, a: number, x1: number, rmax: number): number {
  const nx = n * ((1 - a) * x1 + a * WIND_FIELD.x2Km);
  const target = nx / (nx + rmax);
  let lo = 0;
  let hi = 1;
  // 40 halvings leave the position within 1e-12 of the root (the profile changes by far less than 1e-9 m/s).
  for (let i = 0; i < 40; i++) {
    const mid = (lo + hi) / 2;
    if (transitionWeight(mid) < target) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/** Gradient-level symmetric wind (m/s) at r km (WDR06 eqs. 1, 4). */
export function gradientWind(v: Vortex, r: number): number {
  if (r <= 0 || v.vg <= 0) return 0;
  if (r >= v.r2) return outerWind(v, r);
  const inner = v.vg * (r / v.rmax) ** v.n;
  if (r <= v.r1) return inner;
  const w = transitionWeight((r - v.r1) / (v.r2 - v.r1));
  return inner * (1 - w) + outerWind(v, r) * w;
}

/** WDR06 eq. 4: the dual-exponential outer profile. */
function outerWind(v: Vortex, r: number): number {
  return v.vg * ((1 - v.a) * Math.exp((v.rmax - r) / v.x1) + v.a * Math.exp((v.rmax - r) / WIND_FIELD.x2Km));
}

/** Knaff et al. 2011 surface/gradient factor at r km. */
export function surfaceFactor(r: number): number {
  const { innerRadiusKm, outerRadiusKm, surfaceFactorInner, surfaceFactorOuter } = WIND_FIELD;
  if (r <= innerRadiusKm) return surfaceFactorInner;
  if (r >= outerRadiusKm) return surfaceFactorOuter;
  return surfaceFactorInner - ((r - innerRadiusKm) * (surfaceFactorInner - surfaceFactorOuter)) / (outerRadiusKm - innerRadiusKm);
}

/** Phadke et al. 2003 inflow angle (degrees) at r km. */
export function inflowAngleDeg(r: number, rmax: number): number {
  const x = r / rmax;
  if (x < 1) return 10 * (1 + x);
  if (x < 1.2) return 20 + 25 * (x - 1);
  return 25;
}

const FAR_INFLOW_COS = Math.cos(25 * RAD);
const FAR_INFLOW_SIN = Math.sin(25 * RAD);

/** Sustained 10 m wind (kt) at a site offset (eastKm, northKm) from the centre. */
export function siteWindXY(v: Vortex, eastKm: number, northKm: number): number {
  const r = Math.hypot(eastKm, northKm);
  if (r <= 0 || r > WIND_FIELD.maxRadiusKm) return 0;
  const vs = gradientWind(v, r) * surfaceFactor(r);
  let cosB = FAR_INFLOW_COS;
  let sinB = FAR_INFLOW_SIN;
  if (r < 1.2 * v.rmax) {
    const beta = inflowAngleDeg(r, v.rmax) * RAD;
    cosB = Math.cos(beta);
    sinB = Math.sin(beta);
  }
  const ex = eastKm / r;
  const ey = northKm / r;
  // Tangent: anticlockwise (−ey, ex) in the north, clockwise in the south; inflow turns it inwards.
  const tx = -ey * v.hemisphere;
  const ty = ex * v.hemisphere;
  const c = (v.rmax * r) / (v.rmax * v.rmax + r * r);
  const u = vs * (cosB * tx - sinB * ex) + c * v.motionEast;
  const w = vs * (cosB * ty - sinB * ey) + c * v.motionNorth;
  return Math.hypot(u, w) / MS_PER_KT;
}

/** Sustained 10 m wind (kt) at `distanceKm` from the centre on bearing `bearingDeg` (clockwise from north). */
export function siteWind(v: Vortex, distanceKm: number, bearingDeg: number): number {
  return siteWindXY(v, distanceKm * Math.sin(bearingDeg * RAD), distanceKm * Math.cos(bearingDeg * RAD));
}

/** A radius (km) beyond which siteWind < thresholdKt in every direction (bound: |Vs| + c·|motion|). */
export function windRadiusKm(v: Vortex, thresholdKt: number): number {
  const threshold = thresholdKt * MS_PER_KT;
  const motion = Math.hypot(v.motionEast, v.motionNorth);
  const bound = (r: number): number => gradientWind(v, r) * surfaceFactor(r) + ((v.rmax * r) / (v.rmax * v.rmax + r * r)) * motion;
  let lo = Math.max(v.r2, v.rmax);
  if (bound(lo) < threshold) return lo;
  let hi: number = WIND_FIELD.maxRadiusKm;
  if (bound(hi) >= threshold) return hi;
  for (let i = 0; i < 40; i++) {
    const mid = (lo + hi) / 2;
    if (bound(mid) >= threshold) lo = mid;
    else hi = mid;
  }
  return hi;
}
