import { workerData } from 'node:worker_threads';
import type { ExplainSite } from '../explainer.js';
import type { Breakdown } from '../schema.js';
import { contributions } from './contributions.js';
import { earthquakeBreakdowns } from './breakdowns.js';
import { buildSiteModel } from './site-model.js';

/**
 * The thread that holds the earthquake site model: built once, when the
 * thread loads (20–33 s of one core), so the server's event loop never waits
 * for it; each request is then a one-site sum of a few milliseconds.
 */
const site = buildSiteModel((workerData as { sourcesDir: string }).sourcesDir);

export default function explainSite(ask: ExplainSite): Breakdown[] {
  return earthquakeBreakdowns(site, contributions(site, ask.latitude, ask.longitude, ask.thresholdIndex));
}
