/**
 * Ground-motion models per tectonic regime (issue 15), one module per model
 * with its coefficient table, all behind GroundMotionModel (types.ts):
 *   stable    — NGA-East for the USGS, 17 models weighted        (nga-east-usgs-2017.ts)
 *               Atkinson & Boore (2006), B/C boundary, 140 bar   (atkinson-boore-2006.ts)
 *               Pezeshk et al. (2011), hard rock moved to B/C    (pezeshk-2011.ts)
 *               by the NGA-East F760                             (stewart-2020-f760.ts)
 *               each with the USGS σ branches                    (nga-east-sigma.ts)
 *   active    — Abrahamson, Silva & Kamai (2014)                 (abrahamson-2014.ts)
 *               Boore, Stewart, Seyhan & Atkinson (2014)         (boore-2014.ts)
 *               Campbell & Bozorgnia (2014)                      (campbell-bozorgnia-2014.ts)
 *               Chiou & Youngs (2014)                            (chiou-youngs-2014.ts)
 *   interface — Zhao et al. (2006), interface, site class I      (zhao-2006.ts)
 *               Abrahamson, Gregor & Addo (2016), BC Hydro        (abrahamson-2016.ts)
 *               Parker et al. (2022), NGA-Sub global              (parker-2020.ts)
 *               Atkinson & Boore (2003), global, B/C (USGS)      (atkinson-boore-2003.ts)
 *   inslab    — Zhao et al. (2006), in-slab, site class I        (zhao-2006.ts)
 *               Abrahamson, Gregor & Addo (2016), BC Hydro        (abrahamson-2016.ts)
 *               Atkinson & Boore (2003), global, B/C (USGS)      (atkinson-boore-2003.ts)
 * Every model predicts ln PGA (g) at Vs30 = 760 m/s with its total σ.
 * PGA → MMI: Worden et al. (2012) with P(MMI ≥ I) integrated over the
 * ln-PGA distribution and the conversion's own scatter (worden-2012.ts).
 */
import { ASK14 } from './abrahamson-2014.js';
import { AGA16_INSLAB, AGA16_INTERFACE } from './abrahamson-2016.js';
import { AB03_INSLAB, AB03_INTERFACE } from './atkinson-boore-2003.js';
import { AB06 } from './atkinson-boore-2006.js';
import { BSSA14 } from './boore-2014.js';
import { CB14 } from './campbell-bozorgnia-2014.js';
import { CY14 } from './chiou-youngs-2014.js';
import { withNgaEastSigma } from './nga-east-sigma.js';
import { NGA_EAST_USGS } from './nga-east-usgs-2017.js';
import { PZT11_BC } from './pezeshk-2011.js';
import { PSHAB20_INTERFACE } from './parker-2020.js';
import type { GmpeBranch, Regime } from './types.js';
import { ZHAO06_INSLAB, ZHAO06_INTERFACE } from './zhao-2006.js';

/**
 * The logic tree of each regime: models and weights, their exceedance
 * probabilities averaged. Stable crust follows the USGS 2018 model (Petersen
 * et al. 2020): the 17 NGA-East models weigh 2/3 and seed models 1/3 — here
 * AB06 and PZT11, forerunners of two of its seeds (Boore's AB14 and
 * Pezeshk et al. 2015), 1/6 each — and every median takes the USGS σ logic
 * tree (EPRI 0.8, panel 0.2). Subduction follows the USGS 2014 model
 * (Petersen et al. 2014, USGS OFR 2014-1091). Interface events: Zhao et al.
 * (2006) 0.3, BC Hydro 0.3, Atkinson & Macias (2009) 0.3 and Atkinson &
 * Boore (2003) 0.1; AM09's 0.3 is carried by the NGA-Sub global model of
 * Parker et al. (2022), the interface model the USGS 2023 update moved to.
 * In-slab events: Zhao 1/3, BC Hydro 1/3, and AB03's global and Cascadia
 * forms 1/6 each — here the global form at 1/3. Active crust likewise: the USGS 2014 and 2018 models
 * weigh the four NGA-West2 models (ASK14, BSSA14, CB14, CY14) 0.22 each beside
 * Idriss (2014) at 0.12; the four at 1/4 each.
 */
export const GMPE_BRANCHES: Readonly<Record<Regime, readonly GmpeBranch[]>> = Object.freeze({
  stable: Object.freeze([...withNgaEastSigma(NGA_EAST_USGS, 2 / 3), ...withNgaEastSigma(AB06, 1 / 6), ...withNgaEastSigma(PZT11_BC, 1 / 6)]),
  active: Object.freeze([{ model: ASK14, weight: 1 / 4 }, { model: BSSA14, weight: 1 / 4 }, { model: CB14, weight: 1 / 4 }, { model: CY14, weight: 1 / 4 }]),
  interface: Object.freeze([{ model: ZHAO06_INTERFACE, weight: 0.3 }, { model: AGA16_INTERFACE, weight: 0.3 }, { model: PSHAB20_INTERFACE, weight: 0.3 }, { model: AB03_INTERFACE, weight: 0.1 }]),
  inslab: Object.freeze([{ model: ZHAO06_INSLAB, weight: 1 / 3 }, { model: AGA16_INSLAB, weight: 1 / 3 }, { model: AB03_INSLAB, weight: 1 / 3 }]),
});

export { AB03_INSLAB, AB03_INTERFACE, AB06, AGA16_INSLAB, AGA16_INTERFACE, ASK14, BSSA14, CB14, CY14, NGA_EAST_USGS, PZT11_BC, ZHAO06_INSLAB, ZHAO06_INTERFACE };
export { REGIMES, REFERENCE_VS30, CM_S2_PER_G, type GmpeBranch, type GroundMotionModel, type LnPgaPrediction, type Regime, type Rupture, type RuptureParameter } from './types.js';
export { mmiFromLnPgaG, mmiFromPgaG, probabilitiesMmiAtLeast, probabilityMmiAtLeast, WGRW12_CITATION, WGRW12_PGA } from './worden-2012.js';
