import { CELLS } from '../toolkit/half-degree.js';
import { shareBelow, type Floodplain } from './hand.js';
import { FLOOD } from './parameters.js';
import { SEVERITY_CLASSES, type SeverityClass } from './sources.js';

/**
 * Flood stage (m above the drainage) of an event by its return period, how a
 * protection standard splits a DFO severity class, and how much of the low
 * land of an affected region a large flood actually fills.
 *
 * Stage grows linearly in the Gumbel reduced variate y = −ln(−ln(1 − 1/T))
 * (a Gumbel annual maximum with a roughly linear stage–discharge relation;
 * Gumbel 1958): stage(T) = h₁ · y(T) / y(T₁), T₁ = 14.1 y the class-1
 * representative and h₁ an assumption (parameters.ts). A DFO affected region is
 * an envelope in which only some streams overflow, so a flood fills a share a
 * of the land lying below its stage; a is calibrated so the events' regions
 * are inundated on average by the share Tellman et al. (2021) mapped from MODIS
 * (calibrateFilledShare).
 */
export function gumbelReducedVariate(returnPeriodYears: number): number {
  return -Math.log(-Math.log(1 - 1 / returnPeriodYears));
}

export function stageM(baseStageM: number, returnPeriodYears: number): number {
  return (baseStageM * gumbelReducedVariate(returnPeriodYears)) / gumbelReducedVariate(FLOOD.severityClasses[1].years);
}

/**
 * The part of a severity class that overtops a defence of standard T_p years.
 * Events exceeding return period T occur at rate ∝ 1/T, so of a class spanning
 * [a, b] years a share (1/T_p − 1/b)/(1/a − 1/b) exceeds T_p (all of it when
 * T_p ≤ a); that part's representative return period is the geometric middle
 * of [max(a, T_p), b], or twice the lower bound for the open class (the median
 * of a 1/T tail). Without a defence (T_p ≤ 1) the class is whole.
 */
export function overtopping(severity: SeverityClass, protectionYears: number): { share: number; years: number } {
  const { years, bounds } = FLOOD.severityClasses[severity];
  const [a, b] = bounds;
  if (protectionYears <= a) return { share: 1, years };
  if (protectionYears >= b) return { share: 0, years: b };
  const share = (1 / protectionYears - 1 / b) / (1 / a - 1 / b);
  return { share, years: Number.isFinite(b) ? Math.sqrt(protectionYears * b) : 2 * protectionYears };
}

/**
 * The share a of land below the stage that a large flood fills, such that the
 * land-weighted inundated share of the events' affected regions equals
 * `targetShare`: `weights[s][c]` is the land (km²) of cell c times the number
 * of class-s events whose region covered it. Natural (undefended) extent: the
 * satellite maps measure where the water spread.
 */
export function calibrateFilledShare(fp: Floodplain, weights: readonly Float64Array[], targetShare: number): number {
  let total = 0;
  let low = 0;
  SEVERITY_CLASSES.forEach((s, k) => {
    const stage = stageM(FLOOD.classOneStageM, FLOOD.severityClasses[s].years);
    for (let c = 0; c < CELLS; c++) {
      const w = weights[k]![c]!;
      if (!(w > 0)) continue;
      total += w;
      low += w * shareBelow(fp, c, stage);
    }
  });
  if (!(low > 0)) throw new Error('flood: the affected regions have no land below the flood stage');
  return Math.min(1, (targetShare * total) / low);
}

/**
 * The river-flood rate of a cell at depth d: its defended share p behind a
 * standard of T_p years, the rest undefended,
 *   p · Σ_s λ_s · o_s · a · F(stage'_s − d) + (1 − p) · Σ_s λ_s · a · F(stage_s − d),
 * `classRates` the λ_s in SEVERITY_CLASSES order and `filled` the share a.
 */
export function riverRate(fp: Floodplain, cell: number, classRates: readonly number[], defendedShare: number, protectionYears: number, filled: number, depthM: number): number {
  const part = (defenceYears: number): number =>
    SEVERITY_CLASSES.reduce((sum, s, i) => {
      const { share, years } = overtopping(s, defenceYears);
      return share > 0 ? sum + classRates[i]! * share * filled * shareBelow(fp, cell, stageM(FLOOD.classOneStageM, years) - depthM) : sum;
    }, 0);
  // No defence is a standard of 1 year: every class overtops it whole.
  return (defendedShare > 0 ? defendedShare * part(protectionYears) : 0) + (defendedShare < 1 ? (1 - defendedShare) * part(1) : 0);
}
