/**
 * The two published ground-motion models, as (median, sigma) of a normal
 * variable: MMI itself, and ln PGA (PGA in g).
 */
export interface Prediction {
  mean: number;
  sigma: number;
}

/**
 * Allen, Wald & Worden (2012, J. Seismology 16:409–433), rupture-distance form
 * for active crustal regions: MMI = c0 + c1 M + c2 ln √(R² + (1 + c3 e^(M−5))²),
 * σ = s1 + s2 / (1 + (R/s3)²).
 */
export const AWW12_RUPTURE = { c0: 3.95, c1: 0.913, c2: -1.107, c3: 0.813, s1: 0.72, s2: 0.23, s3: 44.7 } as const;

export function intensityAww12(m: number, rRupKm: number): Prediction {
  const c = AWW12_RUPTURE;
  const near = 1 + c.c3 * Math.exp(m - 5);
  return {
    mean: c.c0 + c.c1 * m + c.c2 * 0.5 * Math.log(rRupKm * rRupKm + near * near),
    sigma: c.s1 + c.s2 / (1 + (rRupKm / c.s3) ** 2),
  };
}

export type SourceType = 'crustal' | 'interface' | 'slab';

/**
 * Zhao et al. (2006, BSSA 96:898–913) PGA coefficients (Tables 4–6), site
 * class I "rock" (C1, Vs30 > 600 m/s); the crustal term is taken without the
 * reverse-faulting factor F_R because the rake is not known.
 */
export const ZHAO06_PGA = {
  a: 1.101, b: -0.00564, c: 0.0055, d: 1.08, e: 0.01412, depthRefKm: 15, depthCapKm: 125,
  rock: 1.111, sigma: 0.604,
  crustal: { tau: 0.303, q: 0, w: 0, p: 0, mc: 6.3, s: 0, ssl: 0 },
  interface: { tau: 0.308, q: 0, w: 0, p: 0, mc: 6.3, s: 0, ssl: 0 },
  slab: { tau: 0.321, q: 0.1584, w: -0.0529, p: 0.1392, mc: 6.5, s: 2.607, ssl: -0.528 },
} as const;

const CM_S2_PER_G = 980.665;

/** ln PGA (g) on rock and its total sigma √(σ² + τ²). */
export function pgaZhao06(m: number, rRupKm: number, depthKm: number, type: SourceType): Prediction {
  const z = ZHAO06_PGA;
  const t = z[type];
  const r = Math.max(rRupKm, 0.1);
  const h = Math.min(depthKm, z.depthCapKm);
  const dm = m - t.mc;
  const lnCmS2 =
    z.a * m + z.b * r - Math.log(r + z.c * Math.exp(z.d * m)) +
    (h >= z.depthRefKm ? z.e * (h - z.depthRefKm) : 0) +
    t.s + t.ssl * Math.log(r) + z.rock + t.p * dm + t.q * dm * dm + t.w;
  return { mean: lnCmS2 - Math.log(CM_S2_PER_G), sigma: Math.hypot(z.sigma, t.tau) };
}

/** Wells & Coppersmith (1994) all-slip-type scaling: subsurface rupture length and down-dip width (km). */
export const WC94 = { length: { a: -2.44, b: 0.59 }, width: { a: -1.01, b: 0.32 } } as const;

export function ruptureLengthKm(m: number): number {
  return 10 ** (WC94.length.a + WC94.length.b * m);
}

export function ruptureWidthKm(m: number): number {
  return 10 ** (WC94.width.a + WC94.width.b * m);
}

/**
 * Rupture distance from a site at epicentral distance R to a vertical rupture
 * of length L(M) and width W(M) centred on the hypocentre, with strike at angle
 * θ to the site's azimuth: R_JB to the surface trace, top edge at
 * max(0, depth − W/2), R_rup = √(R_JB² + Z_tor²).
 */
export function ruptureDistanceKm(epicentralKm: number, m: number, depthKm: number, strikeAngle: number): number {
  const along = Math.max(0, Math.abs(epicentralKm * Math.cos(strikeAngle)) - ruptureLengthKm(m) / 2);
  const across = epicentralKm * Math.sin(strikeAngle);
  const top = Math.max(0, depthKm - ruptureWidthKm(m) / 2);
  return Math.sqrt(along * along + across * across + top * top);
}
