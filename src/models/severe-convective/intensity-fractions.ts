import { ENHANCED_FUJITA_MPH } from '../../engine/perils.js';

/**
 * Within-path intensity: the fraction of a tornado's damage area (length × width)
 * where winds reach class k, for a tornado rated m (its maximum). Only a part of a
 * path reaches the rated intensity (Twisdale 1978; Reinhold & Ellingwood 1982;
 * Ramsdell & Rishel 2007). Our stated model has two factors:
 *
 *   f(m, k) = L(m, k) × W(k),  k ≤ m;  f(m, k) = 0 for k > m
 *   L(m, k) = (m − k + 1) / (m + 1)   along the track: the tornado passes through
 *             every class from EF0 to its rating over equal shares of its length;
 *   W(k)    = v₀ / v_k                across the track: outside the core of a Rankine
 *             vortex V ∝ 1/r, so the width with V ≥ v is ∝ 1/v; the reported width
 *             is the EF0 damage width (v₀ = 65 mph); v_k = lower bound of EF_k.
 */
export function intensityFraction(rating: number, k: number): number {
  if (k > rating) return 0;
  const alongTrack = (rating - k + 1) / (rating + 1);
  const acrossTrack = ENHANCED_FUJITA_MPH[0] / ENHANCED_FUJITA_MPH[k]!;
  return alongTrack * acrossTrack;
}

/** The table f(m, k) for m, k = 0…5 (rows: rating), as printed in docs/models/us-tornado.md. */
export function intensityFractionTable(): number[][] {
  return ENHANCED_FUJITA_MPH.map((_, m) => ENHANCED_FUJITA_MPH.map((__, k) => intensityFraction(m, k)));
}
