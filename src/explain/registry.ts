import type { Engine } from '../engine/engine.js';
import { PERIL_NAMES, perilDef, type PerilName } from '../engine/perils.js';
import { classExplainer } from './by-class.js';
import { monthExplainer } from './by-month.js';
import { earthquakeExplainer } from './earthquake/index.js';
import { allOf, type Explainer, type Explainers } from './explainer.js';
import { observedStormExplainer } from './tropical-cyclone/index.js';

/**
 * The breakdowns of each peril (docs/explain.md "Per peril"): Earthquake its sources, magnitudes and
 * distances; every other peril the class its events reach (where it has more than one threshold) and, unless
 * its curve is of window totals (accumulation perils), its months; TropicalCyclone also the recorded storms
 * that reached the threshold; `onClose` ends the threads at shutdown.
 */
export function explainers(sourcesDir: string, engine: Engine, onClose: (close: () => void) => void): Explainers {
  const curveExplainer = (peril: PerilName): Explainer => {
    const { thresholds, modelType } = perilDef(peril);
    const parts = [...(thresholds.length > 1 ? [classExplainer(peril)] : []), ...(modelType !== 'accumulation' ? [monthExplainer(engine, peril)] : [])];
    return allOf(...parts);
  };
  const others = PERIL_NAMES.filter((peril) => peril !== 'Earthquake');
  const curves = Object.fromEntries(others.map((peril) => [peril, curveExplainer(peril)])) as Omit<Explainers, 'Earthquake'>;
  return {
    ...curves,
    TropicalCyclone: allOf(curves.TropicalCyclone, observedStormExplainer(sourcesDir, onClose)),
    Earthquake: earthquakeExplainer(sourcesDir, onClose),
  };
}
