import { cellIndex, globalGrid } from '../../engine/grid.js';
import { EARTH_RADIUS_KM } from '../../geo/sphere.js';
import type { GridDef } from '../../engine/table-spec.js';
import { sourceFile } from '../../catalogues/files.js';
import { readCsvTable as table } from './csv-table.js';

/**
 * The common 0.5° global grid of both tables and readers for the 0.5° climate
 * and relief catalogues (Köppen–Geiger, CRU CL 1.0, ETOPO5 means), whose cell
 * centres sit at ±0.25 + k·0.5° and so map one-to-one onto its cells.
 */
export const GRID: GridDef = globalGrid(0.5);
export const CELLS = GRID.nlat * GRID.nlon;
export const MONTHS = 12;
export const DAYS_IN_MONTH = [31, 28.25, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

const MONTH_COLUMNS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'] as const;

function cellOf(latText: string | undefined, lonText: string | undefined): number {
  const lat = Number(latText);
  const lon = Number(lonText);
  if (!Number.isFinite(lat) || !Number.isFinite(lon)) return -1;
  return cellIndex(GRID, lat, lon);
}

/** Köppen–Geiger class per cell ('' where the catalogue has no land cell). */
export function readKoppen(sourcesDir: string): string[] {
  const { rows, column } = table(sourceFile(sourcesDir, 'koppen-geiger', 'koppen_geiger_0p5deg_1951-2000.csv.gz'));
  const [lat, lon, cls] = [column('lat'), column('lon'), column('cls')];
  const out = new Array<string>(CELLS).fill('');
  for (const r of rows) {
    const cell = cellOf(r[lat], r[lon]);
    if (cell >= 0) out[cell] = (r[cls] ?? '').trim();
  }
  return out;
}

/** A CRU CL 1.0 variable: cells × 12 monthly values, NaN where CRU has no land cell. */
export function readCru(sourcesDir: string, variable: 'pre' | 'tmp' | 'tmx' | 'tmn'): Float64Array {
  const file = sourceFile(sourcesDir, 'cru-cl1-climatology', `cru_cl1_${variable}_0p5deg_1961-1990.csv.gz`);
  const { rows, column } = table(file);
  const [lat, lon] = [column('lat'), column('lon')];
  const months = MONTH_COLUMNS.map(column);
  const out = new Float64Array(CELLS * MONTHS).fill(NaN);
  for (const r of rows) {
    const cell = cellOf(r[lat], r[lon]);
    if (cell < 0) continue;
    for (let m = 0; m < MONTHS; m++) out[cell * MONTHS + m] = Number(r[months[m]!]);
  }
  return out;
}

/** ETOPO5 0.5° mean elevation (m; negative = sea floor) per cell. */
export function readElevation(sourcesDir: string): Float64Array {
  const { rows, column } = table(sourceFile(sourcesDir, 'etopo', 'etopo5_0p5deg_mean_elevation.csv.gz'));
  const [lat, lon, elev] = [column('lat'), column('lon'), column('elev_m')];
  const out = new Float64Array(CELLS).fill(NaN);
  for (const r of rows) {
    const cell = cellOf(r[lat], r[lon]);
    if (cell >= 0) out[cell] = Number(r[elev]);
  }
  return out;
}

/** Area of a cell in km² (spherical Earth, the shared mean radius). */
export function cellAreaKm2(cell: number): number {
  const i = Math.floor(cell / GRID.nlon);
  const south = ((GRID.lat0 + i * GRID.dlat) * Math.PI) / 180;
  const north = ((GRID.lat0 + (i + 1) * GRID.dlat) * Math.PI) / 180;
  return EARTH_RADIUS_KM ** 2 * ((GRID.dlon * Math.PI) / 180) * (Math.sin(north) - Math.sin(south));
}

