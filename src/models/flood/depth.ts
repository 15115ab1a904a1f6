import { FLOOD } from './parameters.js';
import { SEVERITY_CLASSES, type SeverityClass } from './sources.js';

/**
 * Depth at an inundated point: exponential with a mean per DFO severity class,
 * scaled by the Gumbel reduced variate of the class's representative return
 * period (flood stage grows about linearly in it for a Gumbel annual maximum).
 */
export function gumbelReducedVariate(returnPeriodYears: number): number {
  return -Math.log(-Math.log(1 - 1 / returnPeriodYears));
}

export function meanDepthM(severity: SeverityClass): number {
  const years = FLOOD.depth.representativeYears;
  return (FLOOD.depth.baseDepthM * gumbelReducedVariate(years[severity])) / gumbelReducedVariate(years[1]);
}

/** P(depth ≥ d | inundated) for each severity class (registry order of SEVERITY_CLASSES). */
export function depthExceedance(depthM: number): number[] {
  return SEVERITY_CLASSES.map((s) => Math.exp(-depthM / meanDepthM(s)));
}
