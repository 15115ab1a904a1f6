/**
 * The interface every ground-motion model (GMPE) in this folder implements.
 *
 * Each model predicts peak ground acceleration (PGA, in g, the geometric mean
 * or RotD50 horizontal component its paper defines) at the reference rock site
 * of the hazard tables, Vs30 = 760 m/s (NEHRP B/C boundary), as a normal
 * distribution of ln PGA: the median's natural log and the total aleatory
 * standard deviation in natural-log units. Distances are computed by the
 * caller from the finite rupture; each model reads only the ones its paper
 * uses (listed in `uses`).
 */

export type Regime = 'stable' | 'active' | 'interface' | 'inslab';

export const REGIMES: readonly Regime[] = ['stable', 'active', 'interface', 'inslab'];

/** Reference site condition of every model here (m/s). */
export const REFERENCE_VS30 = 760;

/** cm/s² in one g (standard gravity, 9.80665 m/s²): the papers' PSA unit is cm/s². */
export const CM_S2_PER_G = 980.665;

/** Style of faulting, from the rake: reverse 30°–150°, normal −120°–−60°, strike-slip otherwise. */
export type Mechanism = 'strike-slip' | 'reverse' | 'normal';

export interface Rupture {
  /** Moment magnitude Mw. */
  magnitude: number;
  /** Closest distance from the site to the rupture surface, R_rup (km). */
  rRupKm: number;
  /** Joyner–Boore distance: closest distance to the rupture's surface projection (km). */
  rJbKm: number;
  /** Hypocentre depth (km). */
  hypocentreDepthKm: number;
  /** Hypocentral distance (km): the in-slab distance of BC Hydro (abrahamson-2016.ts); callers with in-slab sources set it. */
  rHypoKm?: number;
  /** Depth to the top of the rupture (km): read by Chiou & Youngs (2014) (chiou-youngs-2014.ts), E[Z_TOR](M) where absent. */
  ztorKm?: number;
  /** Fault geometry where the source has one (fault-sources.ts); area and smoothed sources are vertical strike-slip ruptures. */
  dipDeg?: number;
  mechanism?: Mechanism;
  /** Horizontal distance from the top edge's surface trace, perpendicular to strike, positive on the hanging wall (km). */
  rxKm?: number;
  /** Down-dip width of the rupture (km), for the hanging-wall terms of Campbell & Bozorgnia (2014) and ASK14. */
  widthKm?: number;
  /** Distance off the ends of the rupture along strike (km; 0 beside it), for the hanging-wall taper of ASK14. */
  ry0Km?: number;
}

export type RuptureParameter = 'magnitude' | 'rRupKm' | 'rJbKm' | 'rHypoKm' | 'rxKm' | 'hypocentreDepthKm' | 'ztorKm' | 'dipDeg' | 'mechanism' | 'widthKm' | 'ry0Km';

/** ln PGA (g) ~ N(mean, sigma²); sigma² = tau² + phi² when the paper splits it. */
export interface LnPgaPrediction {
  /** Natural log of the median PGA in g. */
  mean: number;
  /** Total standard deviation of ln PGA. */
  sigma: number;
  /** Between-event (inter-event) standard deviation, where the paper gives one. */
  tau?: number;
  /** Within-event (intra-event) standard deviation, where the paper gives one. */
  phi?: number;
}

export interface GroundMotionModel {
  /** Short stable identifier, e.g. 'AB06'. */
  readonly id: string;
  readonly name: string;
  /** Full bibliographic citation. */
  readonly citation: string;
  readonly regime: Regime;
  /** Site Vs30 the prediction is for (m/s). */
  readonly vs30: number;
  /** The rupture parameters the model reads. */
  readonly uses: readonly RuptureParameter[];
  lnPga(rupture: Rupture): LnPgaPrediction;
}

/**
 * A model object as every module exports it: at the reference Vs30, frozen,
 * and rejecting an impossible rupture (checkRupture) before `predict` runs.
 */
export function defineModel(fields: Omit<GroundMotionModel, 'vs30' | 'lnPga'>, predict: (rupture: Rupture) => LnPgaPrediction): GroundMotionModel {
  return Object.freeze({
    ...fields,
    vs30: REFERENCE_VS30,
    uses: Object.freeze([...fields.uses]),
    lnPga(rupture: Rupture): LnPgaPrediction {
      checkRupture(rupture);
      return predict(rupture);
    },
  });
}

/** One branch of a regime's logic tree (index.ts GMPE_BRANCHES): a model and its weight. */
export interface GmpeBranch {
  model: GroundMotionModel;
  weight: number;
}

/**
 * A rupture's fault geometry for the models that read it (ASK14, CB14, CY14):
 * a fault source's own, else the convention for sources without one (smoothed
 * and zone sources) — a vertical strike-slip rupture, the site on its foot wall
 * (R_X < 0, so no hanging-wall term), beside it along strike (R_y0 = 0).
 */
export function faultGeometry(rupture: Rupture): { dipDeg: number; mechanism: Mechanism; rxKm: number; ry0Km: number; widthKm: number } {
  const { dipDeg = 90, mechanism = 'strike-slip', rxKm = -1, ry0Km = 0, widthKm = 0 } = rupture;
  return { dipDeg, mechanism, rxKm, ry0Km, widthKm };
}

/** Rejects what no model can use: non-finite values, negative distances or depth. */
export function checkRupture(rupture: Rupture): void {
  const { magnitude, rRupKm, rJbKm, hypocentreDepthKm, rHypoKm = 0 } = rupture;
  if (![magnitude, rRupKm, rJbKm, hypocentreDepthKm, rHypoKm].every(Number.isFinite)) {
    throw new RangeError(`rupture parameters must be finite: ${JSON.stringify(rupture)}`);
  }
  if (rRupKm < 0 || rJbKm < 0 || hypocentreDepthKm < 0 || rHypoKm < 0) {
    throw new RangeError(`distances and depth must be non-negative: ${JSON.stringify(rupture)}`);
  }
}

/** ln of an acceleration given as log10 of cm/s², converted to g. */
export function lnGFromLog10CmS2(log10CmS2: number): number {
  return log10CmS2 * Math.LN10 - Math.log(CM_S2_PER_G);
}

/** ln of an acceleration given as ln of cm/s², converted to g. */
export function lnGFromLnCmS2(lnCmS2: number): number {
  return lnCmS2 - Math.log(CM_S2_PER_G);
}
