import path from 'node:path';
import { probabilityFromExpectedCount } from '../../engine/formulas.js';
import { rowAt } from '../../engine/grid.js';
import type { PerilName } from '../../engine/perils.js';
import type { RateTable } from '../../engine/table-spec.js';
import { legend, writeWorldMap, type MapImage, type MapScale } from '../maps/png-world-map.js';
import type { BuiltTables } from '../validation-types.js';

/**
 * A world map (maps/png-world-map.ts) of a rate table's annual probability of
 * reaching threshold k, 1 − e^(−λ_k), read at each pixel centre; grey where the
 * table has no coverage (outside its grid or cellRow −1).
 */
function writeRateTableMap(file: string, table: RateTable, k: number, scale: MapScale, degreesPerPixel = 0.5): void {
  const width = table.rates.length / table.rows;
  writeWorldMap(
    file,
    (latitude, longitude) => {
      const row = rowAt(table, latitude, longitude);
      return row < 0 ? null : probabilityFromExpectedCount(table.rates[row * width + k]!);
    },
    scale,
    degreesPerPixel,
  );
}

/** A validation's map of one rate table at threshold k, written as `dir/fileName` (ModelValidation.maps). */
export function rateTableMap(peril: PerilName, fileName: string, title: string, k: number, scale: MapScale, degreesPerPixel = 0.5) {
  return (tables: BuiltTables, dir: string): MapImage[] => {
    const table = tables.get(peril);
    if (table?.type !== 'rate') return [];
    const file = path.join(dir, fileName);
    writeRateTableMap(file, table, k, scale, degreesPerPixel);
    return [{ title, file, legend: legend(scale) }];
  };
}
