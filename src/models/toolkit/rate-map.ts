import { probabilityFromExpectedCount } from '../../engine/formulas.js';
import { cellIndex } from '../../engine/grid.js';
import type { RateTable } from '../../engine/table-spec.js';
import { writeWorldMap, type MapScale } from '../maps/png-world-map.js';

/**
 * A world map (maps/png-world-map.ts) of a rate table's annual probability of
 * reaching threshold k, 1 − e^(−λ_k), read at each pixel centre; grey where the
 * table has no coverage (outside its grid or cellRow −1).
 */
export function writeRateTableMap(file: string, table: RateTable, k: number, scale: MapScale, degreesPerPixel = 0.5): void {
  const width = table.rates.length / table.rows;
  writeWorldMap(
    file,
    (latitude, longitude) => {
      const cell = cellIndex(table.grid, latitude, longitude);
      const row = cell < 0 ? -1 : table.cellRow[cell]!;
      return row < 0 ? null : probabilityFromExpectedCount(table.rates[row * width + k]!);
    },
    scale,
    degreesPerPixel,
  );
}
