import { earthquakeExplainer } from './earthquake/index.js';
import type { Explainers } from './explainer.js';

/** The breakdown of each peril that has one (docs/explain.md "Per peril"); `onClose` ends their threads at shutdown. */
export function explainers(sourcesDir: string, onClose: (close: () => void) => void): Explainers {
  return { Earthquake: earthquakeExplainer(sourcesDir, onClose) };
}
