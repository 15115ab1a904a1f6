import { probabilityFromExpectedCount } from '../../engine/formulas.js';
import { perilDef } from '../../engine/perils.js';
import { checkTable, type DailyTable, type RateTable, type TableMeta } from '../../engine/table-spec.js';
import { SPC } from './parameters.js';
import { assembleRows } from './rows.js';
import type { CruClimatology, GustReport } from './sources.js';
import { convectiveDailyHazard } from './spc-gusts.js';
import { tropicalCycloneDailyHazard } from './tc-gusts.js';
import { backgroundGustHazard, backgroundGusts, type CellWinds, type GustParams } from './wind-background.js';

/**
 * MaxWindGust: per cell, month and threshold the probability that the day's peak
 * 3-s gust reaches the threshold. The three sources are taken as independent, so
 * their daily hazards add: h = h_ordinary + h_storm + f·h_convective + h_tropical,
 * with the background parameters and the footprint factor f of wind-calibration.ts.
 */
export interface WindDiagnostics {
  cells: number;
  filledWindCells: number;
  convectiveCells: number;
  tropicalCycloneCells: number;
  reports: number;
}

export function buildWindTable(
  cru: CruClimatology,
  winds: CellWinds,
  reports: readonly GustReport[],
  tropicalCyclone: RateTable | null,
  params: GustParams,
  meta: (d: WindDiagnostics) => TableMeta,
): { table: DailyTable; diagnostics: WindDiagnostics } {
  const thresholds = perilDef('MaxWindGust').thresholds as readonly number[];
  const k = thresholds.length;
  const positions: number[] = [];
  winds.monthly.forEach((w, i) => w && positions.push(i));
  const cells = Int32Array.from(positions, (i) => cru.cells[i]!);
  const convective = convectiveDailyHazard(cru.grid, reports, thresholds, SPC.years.length);
  const tropical = tropicalCyclone ? tropicalCycloneDailyHazard(tropicalCyclone, cru.grid, cells, thresholds) : new Map<number, Float64Array>();
  const values = new Float64Array(cells.length * 12 * k);
  const background = backgroundGusts(params);
  let convectiveCells = 0;
  positions.forEach((pos, n) => {
    const monthly = winds.monthly[pos]!;
    const conv = convective.get(cells[n]!);
    const tc = tropical.get(cells[n]!);
    if (conv) convectiveCells++;
    for (let m = 0; m < 12; m++) {
      for (let j = 0; j < k; j++) {
        const at = m * k + j;
        const hazard = backgroundGustHazard(monthly[m]!, thresholds[j]!, background) + params.footprint * (conv?.[at] ?? 0) + (tc?.[at] ?? 0);
        values[n * 12 * k + at] = probabilityFromExpectedCount(hazard);
      }
    }
  });
  const diagnostics: WindDiagnostics = {
    cells: cells.length,
    filledWindCells: winds.filled,
    convectiveCells,
    tropicalCycloneCells: tropical.size,
    reports: reports.length,
  };
  const rows = assembleRows(cru.grid, cells, values, 12 * k);
  const table: DailyTable = { peril: 'MaxWindGust', type: 'daily', grid: cru.grid, cellRow: rows.cellRow, rows: rows.rows, dailyProb: rows.data, meta: meta(diagnostics) };
  checkTable(table);
  return { table, diagnostics };
}
