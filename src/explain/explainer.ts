import type { PerilName } from '../engine/perils.js';
import type { Breakdown } from './schema.js';

/**
 * A site and threshold to explain: the table's coordinates, the threshold's index in the peril's list, the
 * window's days, and what the route already read for that window: the curve (probability per threshold) and
 * the annual rate at the threshold.
 */
export interface ExplainSite {
  latitude: number;
  longitude: number;
  thresholdIndex: number;
  window: { startDay: number; endDay: number };
  probabilities: readonly number[];
  annualRate: number;
}

/** A peril's breakdowns at a site; each breakdown's shares sum to 1. */
export type Explainer = (site: ExplainSite) => Promise<Breakdown[]>;

/** Each peril's breakdowns (docs/explain.md "Per peril"). */
export type Explainers = Record<PerilName, Explainer>;

/** One explainer giving the breakdowns of several, in order. */
export function allOf(...explainers: Explainer[]): Explainer {
  return async (site) => (await Promise.all(explainers.map((explain) => explain(site)))).flat();
}
