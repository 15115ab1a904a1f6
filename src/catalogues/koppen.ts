import { cellIndex, globalGrid } from '../engine/grid.js';
import type { GridDef } from '../engine/table-spec.js';
import { readCsvTable, sourceFile } from './files.js';
import { CATALOGUES } from './registry.js';

/** Köppen–Geiger climate class per cell of the global 0.5° grid ('' where the catalogue has no land cell). */
export const KOPPEN_GRID: GridDef = globalGrid(0.5);

export function readKoppen(sourcesDir: string): string[] {
  const { rows, column } = readCsvTable(sourceFile(sourcesDir, CATALOGUES.koppen.folder, CATALOGUES.koppen.file));
  const [lat, lon, cls] = [column('lat'), column('lon'), column('cls')];
  const out = new Array<string>(KOPPEN_GRID.nlat * KOPPEN_GRID.nlon).fill('');
  for (const r of rows) {
    const latitude = Number(r[lat]);
    const longitude = Number(r[lon]);
    if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) continue;
    const cell = cellIndex(KOPPEN_GRID, latitude, longitude);
    if (cell >= 0) out[cell] = (r[cls] ?? '').trim();
  }
  return out;
}
