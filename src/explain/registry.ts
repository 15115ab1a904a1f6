import type { Engine } from '../engine/engine.js';
import { PERIL_NAMES, perilDef } from '../engine/perils.js';
import { monthExplainer } from './by-month.js';
import { earthquakeExplainer } from './earthquake/index.js';
import type { Explainers } from './explainer.js';

/**
 * The breakdowns of each peril that has them (docs/explain.md "Per peril"): Earthquake its sources, magnitudes
 * and distances; every other rate or daily peril its months; `onClose` ends the threads at shutdown.
 */
export function explainers(sourcesDir: string, engine: Engine, onClose: (close: () => void) => void): Explainers {
  const byMonth = PERIL_NAMES.filter((peril) => peril !== 'Earthquake' && perilDef(peril).modelType !== 'accumulation');
  return { ...Object.fromEntries(byMonth.map((peril) => [peril, monthExplainer(engine, peril)])), Earthquake: earthquakeExplainer(sourcesDir, onClose) };
}
