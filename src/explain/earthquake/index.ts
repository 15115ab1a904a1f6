import type { Explainer } from '../explainer.js';
import { threadExplainer, threadModule } from '../model-thread.js';

/** The earthquake explainer: one thread (site-model-thread.ts) holds the site model, built from the catalogues by the first earthquake request. */
export function earthquakeExplainer(sourcesDir: string, onClose: (close: () => void) => void): Explainer {
  return threadExplainer(threadModule('site-model-thread', import.meta.url), 'earthquake source model', sourcesDir, onClose);
}
