import type { HazardTable } from '../../engine/table-spec.js';
import type { BuildContext, ModelBuilder } from '../types.js';
import { assembleRateTable } from './assemble.js';
import { readHailReports, readTornadoTracks } from './catalogues.js';
import { coverageFromPoints } from './coverage.js';
import { hailModel } from './hail-model.js';
import { hailMeta, tornadoMeta } from './meta.js';
import { CONUS_GRID } from './parameters.js';
import { regionalProfiles } from './profiles.js';
import { tornadoModel } from './tornado-model.js';

/**
 * Severe convective storms over the contiguous US: USTornado and Tornado (the same
 * path-area model from SPC tracks) and Hail (SPC reports with a swath-area
 * assumption). Methods: docs/models/us-tornado.md, tornado.md, hail.md.
 */
export const severeConvectiveBuilder: ModelBuilder = {
  name: 'severe-convective',
  perils: ['Hail', 'USTornado', 'Tornado'],
  sources: ['spc-tornado', 'spc-severe-yearly', 'spc-hail-pre2022'],
  async build(ctx: BuildContext): Promise<HazardTable[]> {
    ctx.progress(0, 'reading SPC tornado tracks');
    const tracks = readTornadoTracks(ctx.sourcesDir);
    ctx.progress(0.15, 'reading SPC hail reports');
    const reports = readHailReports(ctx.sourcesDir);

    ctx.progress(0.4, 'coverage from SPC reports');
    const points = [
      ...tracks.flatMap((t) => [{ lat: t.startLat, lon: t.startLon }, { lat: t.endLat, lon: t.endLon }]),
      ...reports.map((r) => ({ lat: r.lat, lon: r.lon })),
    ];
    const coverage = coverageFromPoints(CONUS_GRID, points);

    ctx.progress(0.5, 'tornado path-area density');
    const tornado = tornadoModel(CONUS_GRID, tracks);
    const tornadoProfiles = regionalProfiles(tornado.occurrences);
    const usTornado = assembleRateTable('USTornado', CONUS_GRID, coverage, tornado.rates, tornadoProfiles, tornadoMeta('USTornado', tornado.summary));
    const genericTornado = assembleRateTable('Tornado', CONUS_GRID, coverage, tornado.rates, tornadoProfiles, tornadoMeta('Tornado', tornado.summary));

    ctx.progress(0.75, 'hail report density');
    const hail = hailModel(CONUS_GRID, reports);
    const hailTable = assembleRateTable('Hail', CONUS_GRID, coverage, hail.rates, regionalProfiles(hail.occurrences), hailMeta(hail.summary));

    ctx.log(`severe-convective: ${tracks.length} tornado tracks (${tornado.summary.tracksUsed} used), ${reports.length} hail reports, ${coverage.cells.length} covered cells`);
    ctx.progress(1, 'done');
    return [hailTable, usTornado, genericTornado];
  },
};
