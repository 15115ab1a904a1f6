import path from 'node:path';
import { annualCountFromDaily, probabilityFromExpectedCount } from '../../engine/formulas.js';
import { rowAt } from '../../engine/grid.js';
import { perilDef, type PerilName } from '../../engine/perils.js';
import type { DailyTable, HazardTable } from '../../engine/table-spec.js';
import { legend, writeWorldMap, type MapImage } from '../maps/png-world-map.js';

/** The mapped threshold (mm in one calendar day) and the colour scale of docs/maps/rain.png. */
export const RAIN_MAP_MM = 150;
export const RAIN_MAP_SCALE = { low: 1e-4, high: 0.5, label: `annual probability of a day with ≥ ${RAIN_MAP_MM} mm of rain` };

/**
 * docs/maps/rain.png: per covered cell the annual probability of at least one
 * day ≥ RAIN_MAP_MM, 1 − exp(−Σ_m D_m·h_m) over a mean year (D_m days in month m,
 * h_m the stored daily hazard), the engine's product rule.
 */
export function drawRainMap(tables: ReadonlyMap<PerilName, HazardTable>, dir: string): MapImage[] {
  const table = tables.get('Rain') as DailyTable | undefined;
  if (!table) return [];
  const k = perilDef('Rain').thresholds.length;
  const j = (perilDef('Rain').thresholds as readonly number[]).indexOf(RAIN_MAP_MM);
  const annual = new Float64Array(table.rows);
  for (let row = 0; row < table.rows; row++) annual[row] = probabilityFromExpectedCount(annualCountFromDaily(table.dailyProb, row, j, k));
  const file = path.join(dir, 'rain.png');
  writeWorldMap(file, (latitude, longitude) => {
    const row = rowAt(table, latitude, longitude);
    return row < 0 ? null : annual[row]!;
  }, RAIN_MAP_SCALE);
  return [{ title: `Rain: annual probability of a day with ≥ ${RAIN_MAP_MM} mm`, file, legend: legend(RAIN_MAP_SCALE) }];
}
