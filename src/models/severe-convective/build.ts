import type { PerilName } from '../../engine/perils.js';
import type { HazardTable, RateTable, TableMeta } from '../../engine/table-spec.js';
import { assembleRateTable } from '../toolkit/rate-table.js';
import type { BuildContext } from '../types.js';
import { coverageFromPoints, type Coverage } from './coverage.js';
import { hailModel } from './hail-model.js';
import { hailMeta, tornadoMeta } from './meta.js';
import { CONUS_GRID } from './parameters.js';
import { usPlaces } from './population.js';
import { profileOfCell, regionalProfiles, type RegionalProfiles } from './profiles.js';
import { readHailReports, readTornadoTracks } from './sources.js';
import { tornadoModel } from './tornado-model.js';

/** SPC tracks and reports → coverage → the tornado and hail models → the Hail, USTornado and Tornado tables. */
export async function buildSevereConvective(ctx: BuildContext): Promise<HazardTable[]> {
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
  const usTornado = rateTable('USTornado', coverage, tornado.rates, tornadoProfiles, tornadoMeta('USTornado', tornado.summary));
  const genericTornado = rateTable('Tornado', coverage, tornado.rates, tornadoProfiles, tornadoMeta('Tornado', tornado.summary));

  ctx.progress(0.75, 'hail report density, corrected for population');
  const hail = hailModel(CONUS_GRID, reports, usPlaces(), coverage.cells);
  const hailTable = rateTable('Hail', coverage, hail.rates, regionalProfiles(hail.occurrences), hailMeta(hail.summary));

  ctx.log(`severe-convective: ${tracks.length} tornado tracks (${tornado.summary.tracksUsed} used), ${reports.length} hail reports, ${coverage.cells.length} covered cells`);
  return [hailTable, usTornado, genericTornado];
}

/**
 * One data row per covered cell with its region's profiles; rates clamped
 * non-increasing in the threshold (the model is monotone by construction; the
 * clamp only absorbs rounding in the smoothing sums).
 */
function rateTable(peril: PerilName, coverage: Coverage, ratesByThreshold: readonly Float64Array[], profiles: RegionalProfiles, meta: TableMeta): RateTable {
  return assembleRateTable({
    peril,
    grid: CONUS_GRID,
    thresholds: ratesByThreshold.length,
    covered: coverage.cells,
    ratesOf: (cell, out) => ratesByThreshold.forEach((rates, j) => (out[j] = rates[cell]!)),
    seasonOf: (cell) => profileOfCell(CONUS_GRID, cell),
    diurnalOf: (cell) => profileOfCell(CONUS_GRID, cell),
    seasonWeights: profiles.seasonWeights,
    diurnalShares: profiles.diurnalShares,
    rowSharing: 'none',
    clampMonotone: true,
    meta,
  });
}
