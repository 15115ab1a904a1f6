import type { Explainer } from '../explainer.js';
import { threadExplainer, threadModule } from '../model-thread.js';

/** The observed-storm explainer: one thread (worker.ts) holds the best tracks, read by the first request. */
export function observedStormExplainer(sourcesDir: string, onClose: (close: () => void) => void): Explainer {
  return threadExplainer(threadModule('worker', import.meta.url), 'best tracks', sourcesDir, onClose);
}
