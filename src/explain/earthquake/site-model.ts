import type { GridDef } from '../../engine/table-spec.js';
import { cellAreaKm2 } from '../../models/toolkit/half-degree.js';
import { AREA_SOURCES, zoneCells, type AreaSource } from '../../models/earthquake/area-sources.js';
import { buildEarthquakeSources } from '../../models/earthquake/build.js';
import { buildExceedanceTables, type ExceedanceTables } from '../../models/earthquake/exceedance-tables.js';
import { FAULT_SOURCES, type FaultSource } from '../../models/earthquake/fault-sources.js';
import type { SourceModel } from '../../models/earthquake/source-model.js';

/**
 * Everything the earthquake table was summed from, kept to redo the sum for
 * one site source by source (docs/explain.md "Earthquake"): the smoothed
 * source model exactly as the build leaves it (Mmax capped near faults, cleared
 * under replacing zones), the per-bin exceedance tables, the fault sources and
 * the zones with their cells (found once: a whole-grid scan per zone).
 */
export interface EarthquakeSiteModel {
  grid: GridDef;
  model: SourceModel;
  tables: ExceedanceTables;
  faults: readonly FaultSource[];
  zones: readonly Zone[];
}

export interface Zone {
  source: AreaSource;
  cells: number[];
  /** Total area of the zone's cells (km²), over which its rate is spread. */
  areaKm2: number;
}

export function zonesOf(grid: GridDef, sources: readonly AreaSource[]): Zone[] {
  return sources.map((source) => {
    const cells = zoneCells(grid, source);
    return { source, cells, areaKm2: cells.reduce((sum, cell) => sum + cellAreaKm2(cell), 0) };
  });
}

/** The build's own pipeline (build.ts buildEarthquakeSources, exceedance-tables.ts): 20–33 s of one core (docs/explain.md). */
export function buildSiteModel(sourcesDir: string): EarthquakeSiteModel {
  const { grid, model } = buildEarthquakeSources(sourcesDir, () => {}, FAULT_SOURCES, AREA_SOURCES);
  return { grid, model, tables: buildExceedanceTables(), faults: FAULT_SOURCES, zones: zonesOf(grid, AREA_SOURCES) };
}
