import type { Explainer } from '../explainer.js';
import { threadExplainer, threadModule } from '../model-thread.js';

/** The observed-storm explainer: one thread (track-thread.ts) holds the best tracks, read by the first request. */
export function observedStormExplainer(sourcesDir: string, onClose: (close: () => void) => void): Explainer {
  return threadExplainer(threadModule('track-thread', import.meta.url), 'best tracks', sourcesDir, onClose);
}
