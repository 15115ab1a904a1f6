import { globalGrid } from '../../engine/grid.js';
import { HOURS, SEASON_SLOTS } from '../../engine/profiles.js';
import type { GridDef, RateTable } from '../../engine/table-spec.js';
import { readElevation } from '../../catalogues/etopo.js';
import { assembleRateTable, uniformProfile } from '../toolkit/rate-table.js';
import { addAreaHazard, AREA_SOURCES, clearReplacedSmoothing, type AreaSource } from './area-sources.js';
import { siteRows } from './coverage.js';
import { decluster } from './decluster.js';
import { buildExceedanceTables, type IntensityThreshold } from './exceedance-tables.js';
import { addFaultHazard, faultMmaxCaps } from './fault-hazard.js';
import { FAULT_SOURCES, type FaultSource } from './fault-sources.js';
import { integrateHazard } from './hazard.js';
import { mergeCatalogues, type MergeReport } from './merge.js';
import { earthquakeMeta } from './meta.js';
import { refineNearFaults } from './near-fault-grid.js';
import { COVERAGE, LAYERS } from './parameters.js';
import { buildSourceModel, type SourceModel, type SourceModelStats } from './source-model.js';
import { readBoundarySteps, readComcat, readIscGem, readOrogens } from './sources.js';
import { regionalise, type Regionalisation } from './tectonics.js';

export interface EarthquakeBuild {
  table: RateTable;
  thresholds: IntensityThreshold[];
  merge: MergeReport;
  sources: SourceModelStats;
  regions: Regionalisation;
}

/** The layer a fault's large events would otherwise come from in the smoothed model. */
function faultLayer(fault: FaultSource): number {
  const regime = fault.regime === 'inslab' ? 'interface' : fault.regime;
  return LAYERS.findIndex((l) => l.regime === regime);
}

function capNearFaults(model: SourceModel, faults: readonly FaultSource[]): void {
  faultMmaxCaps(faults, model.grid, faultLayer).forEach((caps, layer) => {
    const mmax = model.mmaxByLayer[layer]!;
    for (const [cell, cap] of caps) mmax[cell] = Math.min(mmax[cell]!, Math.round(cap * 10) / 10);
  });
}

/** The source model as the hazard integration sees it, with what it was built from. */
export interface EarthquakeSources {
  grid: GridDef;
  model: SourceModel;
  stats: SourceModelStats;
  merge: MergeReport;
  regions: Regionalisation;
}

/**
 * Catalogues → merge → decluster → regionalise → smoothed sources per layer
 * (with background, Mmax capped near faults, cleared where a zone replaces
 * them). The build and the moment-budget bench start from this.
 */
export function buildEarthquakeSources(
  sourcesDir: string,
  progress: (fraction: number, label: string) => void = () => {},
  faults: readonly FaultSource[] = FAULT_SOURCES,
  areas: readonly AreaSource[] = AREA_SOURCES,
): EarthquakeSources {
  progress(0, 'reading catalogues');
  const { quakes, report } = mergeCatalogues(readIscGem(sourcesDir), readComcat(sourcesDir));
  progress(0.1, 'declustering');
  const mainshocks = decluster(quakes);
  progress(0.12, 'tectonic regimes');
  const grid = globalGrid(COVERAGE.step);
  const regions = regionalise(grid, readBoundarySteps(sourcesDir), readOrogens(sourcesDir), readElevation(sourcesDir));
  progress(0.15, 'smoothing seismicity');
  const { model, stats } = buildSourceModel(grid, regions, quakes, mainshocks);
  capNearFaults(model, faults);
  clearReplacedSmoothing(areas, grid, model.rateByLayer);
  return { grid, model, stats, merge: report, regions };
}

/**
 * The whole pipeline: the sources (buildEarthquakeSources) →
 * exceedance tables → hazard integration + fault and area sources → rate table.
 * The builder, the validation bench and the tests call this.
 */
export function buildEarthquake(
  sourcesDir: string,
  progress: (fraction: number, label: string) => void = () => {},
  faults: readonly FaultSource[] = FAULT_SOURCES,
  areas: readonly AreaSource[] = AREA_SOURCES,
): EarthquakeBuild {
  const { grid, model, stats, merge: report, regions } = buildEarthquakeSources(sourcesDir, progress, faults, areas);
  progress(0.3, 'ground-motion tables');
  const tables = buildExceedanceTables();
  const { cellRow, rows } = siteRows(grid, sourcesDir);
  progress(0.4, 'hazard integration');
  const rates = integrateHazard(model, tables, cellRow, rows, (f) => progress(0.4 + 0.55 * f, 'hazard integration'));
  const k = tables.thresholds.length;
  const faultRates = new Float64Array(rows * k);
  addFaultHazard(faults, tables.thresholds, grid, cellRow, faultRates);
  for (let i = 0; i < rates.length; i++) rates[i]! += faultRates[i]!;
  addAreaHazard(areas, tables, grid, cellRow, rates);
  const covered: number[] = [];
  cellRow.forEach((row, cell) => row >= 0 && covered.push(cell));
  // Earthquakes have no season and no time of day: one uniform profile of each.
  // One row per covered cell in cell order, as siteRows numbers them, so faultRates reads by table row.
  const coarse = assembleRateTable({
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
  progress(0.97, 'near-fault grid');
  const table = refineNearFaults(coarse, faultRates, faults, tables.thresholds);
  return { table, thresholds: tables.thresholds, merge: report, sources: stats, regions };
}
