/**
 * Worden, Gerstenberger, Rhoades & Wald (2012), "Probabilistic relationships
 * between ground-motion parameters and modified Mercalli intensity in
 * California", BSSA 102(1):204–221 — the PGA → MMI conversion (GMICE).
 *
 * Equation (3) with the Table 1 coefficients, Y = PGA in cm/s²:
 *   MMI = c1 + c2 log10 Y   for log10 Y ≤ t1
 *   MMI = c3 + c4 log10 Y   for log10 Y > t1
 * with σ_MMI = 0.73, the scatter of MMI about eq. (3). The magnitude and
 * distance correction of their eq. (5) (c5–c7, σ 0.66) is not used, and
 * neither is the MMI < 2 extension ShakeMap adds (not in the paper). With the
 * published (rounded) coefficients the two segments meet at t1 within
 * 0.005 MMI (4.2135 from below, 4.209 from above; the paper's t2 = 4.22).
 *
 * P(MMI ≥ I) for a rupture whose ln PGA ~ N(μ, σ):
 *   P = ∫ φ(z) · P(ε ≥ I − g(μ + σz)) dz,   ε ~ N(0, σ_MMI²),
 * g the bilinear relation above. This is integrated numerically rather than
 * linearised (MMI ~ N(g(μ), √((g′σ)² + σ_MMI²)), as ShakeMap does for a
 * single value): the slope g′ changes by a factor 2.4 at the break (1.55 to
 * 3.70 MMI per log10 unit), so for ln-PGA distributions straddling it, which
 * is where MMI V–VII lie, the linearised normal has the wrong spread on one
 * side, and the error lands in the tail probabilities hazard is made of. The
 * integral is split at the break so each piece is smooth, and done by
 * composite Simpson over z ∈ [−8, 8] (the mass outside is 1.2e-15) with
 * steps of at most 1/16: agreement with the closed form where g is linear,
 * and with a brute-force integral across the break, is within 5e-8 (the
 * erfc approximation's error dominates), at ~260 normal tails per intensity.
 * MMI is not clipped to [1, 10]; ask for I in that range.
 */
import { CM_S2_PER_G, lnGFromLog10CmS2 } from './types.js';
import { normalDensity as density, normalTail as upperTail } from '../../toolkit/normal.js';

/** Table 1, PGA row: eq. (3) coefficients (log10 of cm/s²), break t1 (log10 Y) and t2 (MMI), σ of MMI. */
export const WGRW12_PGA = Object.freeze({ c1: 1.78, c2: 1.55, c3: -1.6, c4: 3.7, t1: 1.57, t2: 4.22, sigmaMmi: 0.73 });

export const WGRW12_CITATION =
  'Worden, C. B., M. C. Gerstenberger, D. A. Rhoades, and D. J. Wald (2012). Probabilistic relationships between ' +
  'ground-motion parameters and modified Mercalli intensity in California. Bulletin of the Seismological Society of ' +
  'America 102(1), 204–221. doi:10.1785/0120110156';

const K = WGRW12_PGA;

/** Eq. (3): MMI from log10 PGA in cm/s². */
export function mmiFromLog10PgaCmS2(log10Y: number): number {
  return log10Y <= K.t1 ? K.c1 + K.c2 * log10Y : K.c3 + K.c4 * log10Y;
}

/** Eq. (3): MMI from PGA in g. */
export function mmiFromPgaG(pgaG: number): number {
  return mmiFromLog10PgaCmS2(Math.log10(pgaG * CM_S2_PER_G));
}

/** Eq. (3): MMI from ln PGA in g. */
export function mmiFromLnPgaG(lnPgaG: number): number {
  return mmiFromLog10PgaCmS2((lnPgaG + Math.log(CM_S2_PER_G)) / Math.LN10);
}

/** ln PGA (g) at the break t1 of eq. (3). */
export const WGRW12_LN_PGA_BREAK = lnGFromLog10CmS2(K.t1);

const Z_LIMIT = 8;
const MAX_STEP = 1 / 16;

/**
 * P(MMI ≥ intensity) when ln PGA (g) ~ N(lnPga.mean, lnPga.sigma²), with the
 * GMICE scatter σ_MMI integrated as well (see the module comment).
 */
export function probabilityMmiAtLeast(intensity: number, lnPga: { mean: number; sigma: number }): number {
  return probabilitiesMmiAtLeast([intensity], lnPga)[0]!;
}

/**
 * probabilityMmiAtLeast for several intensities at once: the quadrature
 * nodes over the ln-PGA distribution are shared, so each further intensity
 * costs one normal tail per node.
 */
export function probabilitiesMmiAtLeast(intensities: readonly number[], lnPga: { mean: number; sigma: number }): number[] {
  const { mean, sigma } = lnPga;
  if (!intensities.every(Number.isFinite) || !Number.isFinite(mean) || !(sigma >= 0) || !Number.isFinite(sigma)) {
    throw new RangeError(`bad arguments: intensities ${intensities.join(', ')}, ln PGA ${mean} ± ${sigma}`);
  }
  if (sigma === 0) {
    const mmi = mmiFromLnPgaG(mean);
    return intensities.map((intensity) => upperTail((intensity - mmi) / K.sigmaMmi));
  }
  const { mmi, weight } = quadratureNodes(mean, sigma);
  return intensities.map((intensity) => {
    let p = 0;
    for (let i = 0; i < mmi.length; i++) p += weight[i]! * upperTail((intensity - mmi[i]!) / K.sigmaMmi);
    return Math.min(1, Math.max(0, p));
  });
}

/**
 * Composite Simpson nodes over z ∈ [−Z_LIMIT, Z_LIMIT], split at the break so
 * that each piece uses one segment of eq. (3) (the lower one up to and at the
 * break, the upper one beyond): per node the MMI of eq. (3) at ln PGA = μ + σz
 * and the weight (Simpson weight × normal density).
 */
function quadratureNodes(mean: number, sigma: number): { mmi: number[]; weight: number[] } {
  const mmi: number[] = [];
  const weight: number[] = [];
  const zBreak = Math.min(Math.max((WGRW12_LN_PGA_BREAK - mean) / sigma, -Z_LIMIT), Z_LIMIT);
  const log10Y = (z: number): number => (mean + sigma * z + Math.log(CM_S2_PER_G)) / Math.LN10;
  const piece = (a: number, b: number, c: number, slope: number): void => {
    if (!(b > a)) return;
    const n = 2 * Math.max(1, Math.ceil((b - a) / MAX_STEP / 2));
    const h = (b - a) / n;
    for (let i = 0; i <= n; i++) {
      const z = a + i * h;
      const simpson = i === 0 || i === n ? 1 : i % 2 === 1 ? 4 : 2;
      mmi.push(c + slope * log10Y(z));
      weight.push(((simpson * h) / 3) * density(z));
    }
  };
  piece(-Z_LIMIT, zBreak, K.c1, K.c2);
  piece(zBreak, Z_LIMIT, K.c3, K.c4);
  return { mmi, weight };
}
