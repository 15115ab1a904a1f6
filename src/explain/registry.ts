import type { Explainers } from './explainer.js';

/** The breakdown of each peril that has one (docs/explain.md "Per peril"). */
export function explainers(): Explainers {
  return {};
}
