import { cellIndex, globalGrid } from '../engine/grid.js';
import type { GridDef } from '../engine/table-spec.js';
import { readCsvTable, sourceFile } from './files.js';
import { CATALOGUES, type CruVariable } from './registry.js';

/**
 * CRU CL 1.0 (New et al. 1999): monthly climatology 1961–1990 on its native
 * 0.5° grid, whose cell centres (±0.25 + k·0.5°) map one-to-one onto
 * CRU_GRID. One reader for every model; units as SOURCE.md (mm/day, days,
 * °C, m/s).
 */
export const CRU_GRID: GridDef = globalGrid(0.5);
export const MONTH_COLUMNS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'] as const;

export interface CruVariableGrid {
  /** Grid cells the file has a row for, ascending. */
  cells: Int32Array;
  /** CRU_GRID cells × 12 monthly values; NaN where the file has no row. */
  values: Float64Array;
}

export function readCruVariable(sourcesDir: string, variable: CruVariable): CruVariableGrid {
  const { rows, column } = readCsvTable(sourceFile(sourcesDir, CATALOGUES.cru.folder, CATALOGUES.cru.file(variable)));
  const [latAt, lonAt] = [column('lat'), column('lon')];
  const monthAt = MONTH_COLUMNS.map(column);
  const values = new Float64Array(CRU_GRID.nlat * CRU_GRID.nlon * 12).fill(NaN);
  const present = new Uint8Array(CRU_GRID.nlat * CRU_GRID.nlon);
  for (const row of rows) {
    const lat = Number(row[latAt]);
    const lon = Number(row[lonAt]);
    if (!Number.isFinite(lat) || !Number.isFinite(lon)) continue;
    const cell = cellIndex(CRU_GRID, lat, lon);
    if (cell < 0) continue;
    present[cell] = 1;
    for (let m = 0; m < 12; m++) values[cell * 12 + m] = Number(row[monthAt[m]!]);
  }
  const cells: number[] = [];
  present.forEach((p, cell) => p && cells.push(cell));
  return { cells: Int32Array.from(cells), values };
}
