/**
 * Stewart, Parker, Atkinson, Boore, Hashash & Silva (2020), "Ergodic site
 * amplification model for central and eastern North America", Earthquake
 * Spectra 36(1):42–68 — the NGA-East site term at the reference rock of our
 * tables, Vs30 = 760 m/s, relative to the CENA hard-rock reference (3000 m/s):
 * F760, a weighted mean of the impedance and gradient models (their eq. 5),
 * with weight 0.767 on the impedance model for Vs30 ≥ 600 m/s. At 760 m/s the
 * Vs30-scaling term is zero (v2 = 760 m/s at PGA) and weak motions are linear,
 * so F760 is the whole amplification. The USGS 2018 model applies it to the
 * NGA-East hard-rock models (Petersen et al. 2020).
 */

/** Table of F760 coefficients, PGA row (natural-log units). */
export const SEA20_F760_PGA = Object.freeze({ f760i: 0.185, f760g: 0.121 });

/** Weight of the impedance model at Vs30 ≥ 600 m/s (the gradient model takes the rest). */
export const SEA20_IMPEDANCE_WEIGHT = 0.767;

/** ln amplification of PGA from hard rock to Vs30 760 m/s. */
export const F760_PGA_LN = SEA20_IMPEDANCE_WEIGHT * SEA20_F760_PGA.f760i + (1 - SEA20_IMPEDANCE_WEIGHT) * SEA20_F760_PGA.f760g;

export const SEA20_CITATION =
  'Stewart, J. P., G. A. Parker, G. M. Atkinson, D. M. Boore, Y. M. A. Hashash, and W. J. Silva (2020). Ergodic site amplification model for central and eastern North America. ' +
  'Earthquake Spectra 36(1), 42–68. doi:10.1177/8755293019878185';
