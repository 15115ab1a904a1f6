import { globalGrid } from '../../engine/grid.js';
import type { RateTable } from '../../engine/table-spec.js';
import { readComcat, readIscGem } from './catalogue.js';
import { decluster } from './decluster.js';
import { siteRows } from './coverage.js';
import { buildExceedanceTables, type IntensityThreshold } from './exceedance-tables.js';
import { integrateHazard } from './hazard.js';
import { mergeCatalogues, type MergeReport } from './merge.js';
import { earthquakeMeta } from './meta.js';
import { COVERAGE } from './parameters.js';
import { buildSourceModel, type SourceModelStats } from './source-model.js';
import { assembleTable } from './table.js';

export interface EarthquakeBuild {
  table: RateTable;
  thresholds: IntensityThreshold[];
  merge: MergeReport;
  sources: SourceModelStats;
}

/**
 * The whole pipeline, unchecked: catalogues → merge → decluster → smoothed
 * sources → exceedance tables → hazard integration → rate table. The builder
 * checks the result; the validation bench and tests call this directly.
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
  const table = assembleTable(grid, cellRow, rows, rates, earthquakeMeta(stats));
  return { table, thresholds: tables.thresholds, merge: report, sources: stats };
}
