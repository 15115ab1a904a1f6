import type { GridDef } from '../../engine/table-spec.js';
import type { HailReport } from './catalogues.js';
import { cellOf } from './work-grid.js';

/**
 * Hail reports reduced to cell-days: all reports in one grid cell on one (CST)
 * date become one record carrying the largest size reported. A storm over a city
 * yields dozens of reports of one swath; counting cell-days instead of reports damps
 * that population bias (cf. the hail and tornado "days" of Doswell, Brooks & Kay 2005
 * and Brooks et al. 2003). The record kept is the first report of the largest size.
 */
export function hailCellDays(grid: GridDef, reports: readonly HailReport[]): HailReport[] {
  const byKey = new Map<string, HailReport>();
  for (const r of reports) {
    const cell = cellOf(grid, r.lat, r.lon);
    if (cell < 0) continue;
    const key = `${r.year}-${r.month}-${r.day}:${cell}`;
    const kept = byKey.get(key);
    if (!kept || r.sizeInches > kept.sizeInches) byKey.set(key, r);
  }
  return [...byKey.values()];
}
