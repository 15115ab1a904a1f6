import fs from 'node:fs';
import path from 'node:path';
import { encodeTable } from '../../src/engine/table-file.js';
import { PERIL_NAMES, perilDef, type PerilName } from '../../src/engine/perils.js';
import type { HazardTable } from '../../src/engine/table-spec.js';
import { randomAccumulationTable, randomDailyTable, randomRateTable, TEST_GRID } from './tables.js';

/**
 * A full set of small tables (10° grid) for API tests: every peril present,
 * with coverage rules that exercise failures — TropicalCyclone only between
 * 40°S and 40°N, Hail/USTornado/Tornado only in a box over the contiguous US.
 */
const US_BOX = { south: 20, north: 50, west: -130, east: -60 };

function covered(peril: PerilName, lat: number, lon: number): boolean {
  if (peril === 'TropicalCyclone') return Math.abs(lat) < 40;
  if (peril === 'Hail' || peril === 'USTornado' || peril === 'Tornado') return lat >= US_BOX.south && lat < US_BOX.north && lon >= US_BOX.west && lon < US_BOX.east;
  return true;
}

export function fixtureTables(): HazardTable[] {
  return PERIL_NAMES.map((peril, i) => {
    const type = perilDef(peril).modelType;
    const table = type === 'rate' ? randomRateTable(peril, 100 + i) : type === 'daily' ? randomDailyTable(peril, 100 + i) : randomAccumulationTable(peril, 100 + i);
    for (let cell = 0; cell < table.cellRow.length; cell++) {
      const lat = TEST_GRID.lat0 + (Math.floor(cell / TEST_GRID.nlon) + 0.5) * TEST_GRID.dlat;
      const lon = TEST_GRID.lon0 + ((cell % TEST_GRID.nlon) + 0.5) * TEST_GRID.dlon;
      table.cellRow[cell] = covered(peril, lat, lon) ? (cell * 7 + i) % table.rows : -1;
    }
    return table;
  });
}

/** Write the fixture set to `dir` (created) and return the tables for reference calculations. */
export function writeFixtureTables(dir: string): Map<PerilName, HazardTable> {
  fs.mkdirSync(dir, { recursive: true });
  const tables = fixtureTables();
  for (const t of tables) fs.writeFileSync(path.join(dir, `${t.peril}.hzt`), encodeTable(t));
  return new Map(tables.map((t) => [t.peril, t]));
}
