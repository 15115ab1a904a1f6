import { globalGrid } from '../../engine/grid.js';
import { HOURS, SEASON_SLOTS } from '../../engine/profiles.js';
import type { RateTable } from '../../engine/table-spec.js';
import { assembleRateTable, uniformProfile } from '../toolkit/rate-table.js';
import { siteRows } from './coverage.js';
import { decluster } from './decluster.js';
import { buildExceedanceTables, type IntensityThreshold } from './exceedance-tables.js';
import { integrateHazard } from './hazard.js';
import { mergeCatalogues, type MergeReport } from './merge.js';
import { earthquakeMeta } from './meta.js';
import { COVERAGE } from './parameters.js';
import { buildSourceModel, type SourceModelStats } from './source-model.js';
import { readComcat, readIscGem } from './sources.js';

export interface EarthquakeBuild {
  table: RateTable;
  thresholds: IntensityThreshold[];
  merge: MergeReport;
  sources: SourceModelStats;
}

/**
 * The whole pipeline: catalogues → merge → decluster → smoothed sources →
 * exceedance tables → hazard integration → rate table (checked by the
 * assembler). The builder, the validation bench and the tests call this.
 */
export function buildEarthquake(sourcesDir: string, progress: (fraction: number, label: string) => void = () => {}): EarthquakeBuild {
  progress(0, 'reading catalogues');
  const { quakes, report } = mergeCatalogues(readIscGem(sourcesDir), readComcat(sourcesDir));
  progress(0.1, 'declustering');
  const mainshocks = decluster(quakes);
  progress(0.15, 'smoothing seismicity');
  const grid = globalGrid(COVERAGE.step);
  const { model, stats } = buildSourceModel(grid, quakes, mainshocks);
  progress(0.3, 'ground-motion tables');
  const tables = buildExceedanceTables();
  const { cellRow, rows } = siteRows(grid, sourcesDir);
  progress(0.4, 'hazard integration');
  const rates = integrateHazard(model, tables, cellRow, rows, (f) => progress(0.4 + 0.6 * f, 'hazard integration'));
  const k = tables.thresholds.length;
  const covered: number[] = [];
  cellRow.forEach((row, cell) => row >= 0 && covered.push(cell));
  // Earthquakes have no season and no time of day: one uniform profile of each.
  // Every site keeps its own row (rows are already numbered in cell order).
  const table = assembleRateTable({
    peril: 'Earthquake',
    grid,
    thresholds: k,
    covered,
    ratesOf: (cell, out) => out.set(rates.subarray(cellRow[cell]! * k, (cellRow[cell]! + 1) * k)),
    seasonWeights: uniformProfile(SEASON_SLOTS),
    diurnalShares: uniformProfile(HOURS),
    rowSharing: 'none',
    meta: earthquakeMeta(stats),
  });
  return { table, thresholds: tables.thresholds, merge: report, sources: stats };
}
