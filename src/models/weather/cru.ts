import { cellIndex, globalGrid } from '../../engine/grid.js';
import type { GridDef } from '../../engine/table-spec.js';
import { parseCsv, readGzipText, sourceFile } from '../../catalogues/files.js';
import { CRU_VARIABLES, GRID_STEP_DEGREES, MONTH_COLUMNS, SOURCE_FOLDERS, cruFile, type CruVariable } from './parameters.js';

/**
 * The CRU CL 1.0 monthly climatology on its native 0.5° grid. Land cells are
 * the union of all variables' cells, in ascending grid-cell order (south to
 * north, west to east); a variable missing at a cell is NaN there.
 */
export interface CruClimatology {
  grid: GridDef;
  /** Grid-cell index of each land cell, ascending. */
  cells: Int32Array;
  /** Per variable, cells × 12 monthly values (units as SOURCE.md: mm/day, days, °C, m/s). */
  values: Record<CruVariable, Float64Array>;
}

type MonthlyRows = Map<number, Float64Array>;

export function readCru(sourcesDir: string): CruClimatology {
  const grid = globalGrid(GRID_STEP_DEGREES);
  const byVariable = new Map<CruVariable, MonthlyRows>();
  for (const variable of CRU_VARIABLES) {
    byVariable.set(variable, readMonthlyGrid(sourceFile(sourcesDir, SOURCE_FOLDERS.cru, cruFile(variable)), grid));
  }
  const union = new Set<number>();
  for (const rows of byVariable.values()) for (const cell of rows.keys()) union.add(cell);
  const cells = Int32Array.from([...union].sort((a, b) => a - b));
  const values = {} as Record<CruVariable, Float64Array>;
  for (const variable of CRU_VARIABLES) {
    const rows = byVariable.get(variable)!;
    const out = new Float64Array(cells.length * 12).fill(NaN);
    cells.forEach((cell, i) => {
      const monthly = rows.get(cell);
      if (monthly) out.set(monthly, i * 12);
    });
    values[variable] = out;
  }
  return { grid, cells, values };
}

/** `lat,lon,jan..dec` → grid cell → 12 values. */
export function readMonthlyGrid(file: string, grid: GridDef): MonthlyRows {
  const [header, ...rows] = parseCsv(readGzipText(file));
  if (!header) throw new Error(`${file}: empty`);
  const names = header.map((h) => h.trim().toLowerCase());
  const latAt = names.indexOf('lat');
  const lonAt = names.indexOf('lon');
  const monthAt = MONTH_COLUMNS.map((m) => names.indexOf(m));
  if (latAt < 0 || lonAt < 0 || monthAt.some((i) => i < 0)) throw new Error(`${file}: expected columns lat,lon,jan..dec`);
  const out: MonthlyRows = new Map();
  for (const row of rows) {
    const cell = cellIndex(grid, Number(row[latAt]), Number(row[lonAt]));
    if (cell < 0) continue;
    out.set(cell, Float64Array.from(monthAt, (i) => Number(row[i])));
  }
  return out;
}

/** Position of each grid cell in `cells`, or −1 for cells with no CRU data. */
export function cellPositions(cru: CruClimatology): Int32Array {
  const positions = new Int32Array(cru.grid.nlat * cru.grid.nlon).fill(-1);
  cru.cells.forEach((cell, i) => (positions[cell] = i));
  return positions;
}
