import { expectedCountFromProbability } from '../engine/formulas.js';
import { perilDef, type PerilName } from '../engine/perils.js';
import type { Explainer, ExplainSite } from './explainer.js';
import type { Breakdown } from './schema.js';

/**
 * The class breakdown (docs/explain.md "By class reached"): of the events that
 * reach the threshold, the share whose highest class is each threshold at or
 * above it, read off the window's curve: with c_j the expected count at
 * threshold j, −ln(1 − p_j), the events topping out in class j number
 * c_j − c_(j+1), those in the last class c_last. Exact where the counts are of
 * events nested across thresholds, as every rate table's and daily table's are
 * (non-increasing along the thresholds, engine/table-spec.ts). An accumulation
 * peril's curve is of one window total, which falls in exactly one class: its
 * shares are of the probability, (p_j − p_(j+1)) ÷ p_k.
 */
export function classExplainer(peril: PerilName): Explainer {
  const { thresholds, unit, modelType } = perilDef(peril);
  const windowTotal = modelType === 'accumulation';
  const label = (j: number): string => {
    const t = thresholds[j]!;
    if (typeof t === 'string') return t;
    return j + 1 < thresholds.length ? `${t}–${thresholds[j + 1]} ${unit}` : `≥ ${t} ${unit}`;
  };
  return async (site: ExplainSite): Promise<Breakdown[]> => {
    const measures = site.probabilities.map(windowTotal ? (p) => p : expectedCountFromProbability);
    const total = measures[site.thresholdIndex]!;
    const items = [];
    for (let j = site.thresholdIndex; j < thresholds.length && total > 0; j++) {
      const share = Math.max(0, measures[j]! - (measures[j + 1] ?? 0)) / total;
      items.push({ label: label(j), share, annual_rate: share * site.annualRate });
    }
    return [{ by: 'class', items }];
  };
}
