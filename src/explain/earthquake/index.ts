import { Piscina } from 'piscina';
import { httpError } from '../../errors.js';
import type { Explainer, ExplainSite } from '../explainer.js';
import type { Breakdown } from '../schema.js';

/**
 * The earthquake explainer: one thread (worker.ts) holds the site model,
 * started by the first earthquake request and kept until the service closes.
 * A thread that fails to load (the catalogues missing, say) fails the request
 * with 503 not_ready; the next request tries again.
 */
const THREAD_URL = new URL(`./worker.${import.meta.url.endsWith('.ts') ? 'ts' : 'js'}`, import.meta.url);
/** Longer than any service lifetime: the model is the point of the thread. */
const KEEP_MS = 2 ** 31 - 1;

export function earthquakeExplainer(sourcesDir: string, onClose: (close: () => void) => void): Explainer {
  let pool: Piscina<ExplainSite, Breakdown[]> | null = null;
  onClose(() => void pool?.destroy());
  return async (site) => {
    pool ??= new Piscina({ filename: THREAD_URL.href, minThreads: 0, maxThreads: 1, idleTimeout: KEEP_MS, workerData: { sourcesDir } });
    try {
      return await pool.run(site);
    } catch (error) {
      const failed = pool;
      pool = null;
      void failed.destroy();
      throw httpError('not_ready', { message: `The earthquake source model could not be used: ${error instanceof Error ? error.message : String(error)}` });
    }
  };
}
