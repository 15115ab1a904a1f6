/**
 * Ground-motion models per tectonic regime (issue 15), one module per model
 * with its coefficient table, all behind GroundMotionModel (types.ts):
 *   stable    — Atkinson & Boore (2006), B/C boundary, 140 bar   (atkinson-boore-2006.ts)
 *               and Pezeshk et al. (2011), weight ½ each         (pezeshk-2011.ts)
 *               (hard rock moved to B/C by the NGA-East F760     (stewart-2020-f760.ts))
 *   active    — Boore, Stewart, Seyhan & Atkinson (2014)         (boore-2014.ts)
 *   interface — Zhao et al. (2006), interface, site class I      (zhao-2006.ts)
 *   inslab    — Zhao et al. (2006), in-slab, site class I        (zhao-2006.ts)
 * Every model predicts ln PGA (g) at Vs30 = 760 m/s with its total σ.
 * PGA → MMI: Worden et al. (2012) with P(MMI ≥ I) integrated over the
 * ln-PGA distribution and the conversion's own scatter (worden-2012.ts).
 */
import { AB06 } from './atkinson-boore-2006.js';
import { PZT11_BC } from './pezeshk-2011.js';
import { BSSA14 } from './boore-2014.js';
import { ZHAO06_INSLAB, ZHAO06_INTERFACE } from './zhao-2006.js';
import type { GroundMotionModel, Regime } from './types.js';

export const GMPE_BY_REGIME: Readonly<Record<Regime, GroundMotionModel>> = Object.freeze({
  stable: AB06,
  active: BSSA14,
  interface: ZHAO06_INTERFACE,
  inslab: ZHAO06_INSLAB,
});

/**
 * The logic tree of each regime: models and weights, their exceedance
 * probabilities averaged. Stable crust takes two of the CEUS models of the
 * USGS 2014 logic tree (Petersen et al. 2014, USGS OFR 2014-1091): AB06, a
 * stochastic point-source model, and PZT11, a hybrid empirical one, whose
 * near-source motions differ by a factor ~2; equal weights keep that spread.
 */
export const GMPE_BRANCHES: Readonly<Record<Regime, readonly { model: GroundMotionModel; weight: number }[]>> = Object.freeze({
  stable: [
    { model: AB06, weight: 0.5 },
    { model: PZT11_BC, weight: 0.5 },
  ],
  active: [{ model: BSSA14, weight: 1 }],
  interface: [{ model: ZHAO06_INTERFACE, weight: 1 }],
  inslab: [{ model: ZHAO06_INSLAB, weight: 1 }],
});

export function gmpeFor(regime: Regime): GroundMotionModel {
  const model = GMPE_BY_REGIME[regime];
  if (!model) throw new RangeError(`no ground-motion model for regime ${String(regime)}`);
  return model;
}

export { AB06, BSSA14, PZT11_BC, ZHAO06_INSLAB, ZHAO06_INTERFACE };
export { REGIMES, REFERENCE_VS30, CM_S2_PER_G, type GroundMotionModel, type LnPgaPrediction, type Regime, type Rupture, type RuptureParameter } from './types.js';
export { mmiFromLnPgaG, mmiFromPgaG, probabilitiesMmiAtLeast, probabilityMmiAtLeast, WGRW12_CITATION, WGRW12_PGA } from './worden-2012.js';
