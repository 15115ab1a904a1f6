import { workerData } from 'node:worker_threads';
import { hazardGrid } from '../../models/tropical-cyclone/hazard-grid.js';
import { readLandMask } from '../../models/tropical-cyclone/land-mask.js';
import { readAllStorms } from '../../models/tropical-cyclone/sources.js';
import type { ExplainSite } from '../explainer.js';
import type { Breakdown } from '../schema.js';
import { indexTracks, observedStormsAt } from './observed-storms.js';
import { stormBreakdown } from './storm-breakdown.js';

/**
 * The thread that holds the best tracks the build reads and where each can
 * reach (indexTracks: read and indexed once, ~10 s of one core), so the
 * server's event loop never waits for them; each request then runs the wind
 * field for the tracks that can reach the place.
 */
const { sourcesDir } = workerData as { sourcesDir: string };
const tracks = indexTracks(readAllStorms(sourcesDir), readLandMask(sourcesDir));
const grid = hazardGrid();

export default function explainSite(site: ExplainSite): Breakdown[] {
  return stormBreakdown(observedStormsAt(tracks, grid, site.latitude, site.longitude), site);
}
