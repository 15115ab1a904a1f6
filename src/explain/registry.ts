import type { Engine } from '../engine/engine.js';
import { PERIL_NAMES, perilDef } from '../engine/perils.js';
import { classExplainer } from './by-class.js';
import { monthExplainer } from './by-month.js';
import { earthquakeExplainer } from './earthquake/index.js';
import { allOf, type Explainers } from './explainer.js';

/**
 * The breakdowns of each peril that has them (docs/explain.md "Per peril"): Earthquake its sources, magnitudes
 * and distances; every other rate or daily peril the class its events reach (where it has more than one
 * threshold) and its months; `onClose` ends the threads at shutdown.
 */
export function explainers(sourcesDir: string, engine: Engine, onClose: (close: () => void) => void): Explainers {
  const byCurve = PERIL_NAMES.filter((peril) => peril !== 'Earthquake' && perilDef(peril).modelType !== 'accumulation');
  const curveExplainer = (peril: (typeof byCurve)[number]) =>
    perilDef(peril).thresholds.length > 1 ? allOf(classExplainer(engine, peril), monthExplainer(engine, peril)) : monthExplainer(engine, peril);
  return { ...Object.fromEntries(byCurve.map((peril) => [peril, curveExplainer(peril)])), Earthquake: earthquakeExplainer(sourcesDir, onClose) };
}
