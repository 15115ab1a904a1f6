import { Piscina } from 'piscina';
import { httpError } from '../errors.js';
import type { Explainer, ExplainSite } from './explainer.js';
import type { Breakdown } from './schema.js';

/** Longer than any service lifetime: the model a thread holds is the point of the thread. */
const KEEP_MS = 2 ** 31 - 1;

/**
 * An explainer run on one dedicated thread (`threadUrl`, a module whose
 * default export answers an ExplainSite) that loads its model from the
 * catalogues once, when the first request starts it, and keeps it until the
 * service closes. A thread that fails (the catalogues missing, say) fails the
 * request with 503 not_ready, naming `what`; the next request tries again.
 */
export function threadExplainer(threadUrl: URL, what: string, sourcesDir: string, onClose: (close: () => void) => void): Explainer {
  let pool: Piscina<ExplainSite, Breakdown[]> | null = null;
  onClose(() => void pool?.destroy());
  return async (site) => {
    pool ??= new Piscina({ filename: threadUrl.href, minThreads: 0, maxThreads: 1, idleTimeout: KEEP_MS, workerData: { sourcesDir } });
    try {
      return await pool.run(site);
    } catch (error) {
      const failed = pool;
      pool = null;
      void failed.destroy();
      throw httpError('not_ready', { message: `The ${what} could not be used: ${error instanceof Error ? error.message : String(error)}` });
    }
  };
}

/** A thread module's URL beside `moduleUrl`, with the extension the running code has (.ts under tsx, .js built). */
export function threadModule(name: string, moduleUrl: string): URL {
  return new URL(`./${name}.${moduleUrl.endsWith('.ts') ? 'ts' : 'js'}`, moduleUrl);
}
