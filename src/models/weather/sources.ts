import { CRU_GRID, readCruVariable } from '../../catalogues/cru.js';
import { readCsvRecords, readCsvTable, sourceFile } from '../../catalogues/files.js';
import { CATALOGUES } from '../../catalogues/registry.js';
import type { GridDef } from '../../engine/table-spec.js';
import { CRU_VARIABLES, SPC, type WeatherCruVariable } from './parameters.js';
import { MS_PER_KT } from '../../units.js';

/**
 * The weather builder's catalogue readers (files named through CATALOGUES):
 * the CRU CL 1.0 climatology (through the shared src/catalogues/cru.ts reader),
 * the US HCN derived station statistics and the SPC convective wind reports.
 * The tropical-cyclone tracks come from src/models/tropical-cyclone/sources.ts
 * (readAllStorms) and the Köppen classes from src/catalogues/koppen.ts.
 * Records in, plain typed records out; no modelling happens here.
 */

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
  values: Record<WeatherCruVariable, Float64Array>;
}

export function readCru(sourcesDir: string): CruClimatology {
  const grids = CRU_VARIABLES.map((variable) => readCruVariable(sourcesDir, variable));
  const present = new Uint8Array(CRU_GRID.nlat * CRU_GRID.nlon);
  for (const { cells } of grids) for (const cell of cells) present[cell] = 1;
  const union: number[] = [];
  present.forEach((p, cell) => p && union.push(cell));
  const cells = Int32Array.from(union);
  const values = {} as Record<WeatherCruVariable, Float64Array>;
  CRU_VARIABLES.forEach((variable, v) => {
    const grid = grids[v]!.values;
    const out = new Float64Array(cells.length * 12);
    cells.forEach((cell, i) => out.set(grid.subarray(cell * 12, cell * 12 + 12), i * 12));
    values[variable] = out;
  });
  return { grid: CRU_GRID, cells, values };
}

/** Position of each grid cell in `cells`, or −1 for cells with no CRU data. */
export function cellPositions(cru: CruClimatology): Int32Array {
  const positions = new Int32Array(cru.grid.nlat * cru.grid.nlon).fill(-1);
  cru.cells.forEach((cell, i) => (positions[cell] = i));
  return positions;
}

/** US HCN derived statistics (ushcn-daily-derived/SOURCE.md). Blank fields read as NaN. */
export interface HcnStation {
  id: string;
  name: string;
  /** US state postal code. */
  state: string;
  latitude: number;
  longitude: number;
}

/** One station and calendar month of weather-generator statistics (whole record). */
export interface HcnMonth {
  station: string;
  /** 0–11 */
  month: number;
  prcpDaysValid: number;
  pWet01: number;
  pWet1: number;
  pWetGivenWet: number;
  pWetGivenDry: number;
  wetMeanMm: number;
  wetQ99Mm: number;
  /** Mean monthly precipitation, mm per 30.4375 days (MEAN_DAYS_PER_MONTH). */
  monthlyMm: number;
  tmaxC: number;
  tminC: number;
  pSnowfallDay: number;
  snowfallMonthlyMm: number;
}

/** One station-year of annual maxima. */
export interface HcnYear {
  station: string;
  year: number;
  prcpDaysValid: number;
  rx1dayMm: number;
  rx5dayMm: number;
  snowDaysValid: number;
  snowMax1dayMm: number;
  snowMax3dayMm: number;
}

const num = (text: string | undefined): number => (text === undefined || text.trim() === '' ? NaN : Number(text));
const hcnRecords = (sourcesDir: string, file: string): Record<string, string>[] => readCsvRecords(sourceFile(sourcesDir, CATALOGUES.hcn.folder, file));

export function readHcnStations(sourcesDir: string): HcnStation[] {
  return hcnRecords(sourcesDir, CATALOGUES.hcn.stations).map((r) => ({
    id: r.station_id ?? '',
    name: r.name ?? '',
    state: r.state ?? '',
    latitude: num(r.lat),
    longitude: num(r.lon),
  }));
}

export function readHcnMonths(sourcesDir: string): HcnMonth[] {
  return hcnRecords(sourcesDir, CATALOGUES.hcn.monthly).map((r) => ({
    station: r.station_id ?? '',
    month: num(r.month) - 1,
    prcpDaysValid: num(r.prcp_days_valid),
    pWet01: num(r.p_wet_ge0p1mm),
    pWet1: num(r.p_wet_ge1mm),
    pWetGivenWet: num(r.p_wet_given_wet),
    pWetGivenDry: num(r.p_wet_given_dry),
    wetMeanMm: num(r.wet_mean_mm),
    wetQ99Mm: num(r.wet_q99_mm),
    monthlyMm: num(r.prcp_mean_monthly_mm),
    tmaxC: num(r.tmax_mean_c),
    tminC: num(r.tmin_mean_c),
    pSnowfallDay: num(r.p_snowfall_day),
    snowfallMonthlyMm: num(r.snowfall_mean_monthly_mm),
  }));
}

export function readHcnYears(sourcesDir: string): HcnYear[] {
  return hcnRecords(sourcesDir, CATALOGUES.hcn.annual).map((r) => ({
    station: r.station_id ?? '',
    year: num(r.year),
    prcpDaysValid: num(r.prcp_days_valid),
    rx1dayMm: num(r.rx1day_mm),
    rx5dayMm: num(r.rx5day_mm),
    snowDaysValid: num(r.snow_days_valid),
    snowMax1dayMm: num(r.snow_max1day_mm),
    snowMax3dayMm: num(r.snow_max3day_mm),
  }));
}

/** One SPC convective wind report (gust in m/s). */
export interface GustReport {
  latitude: number;
  longitude: number;
  /** 0–11 */
  month: number;
  gustMs: number;
}

/** The SPC wind reports of SPC.years, each report once (a report can sit in two yearly files). */
export function readSpcWindReports(sourcesDir: string): GustReport[] {
  const seen = new Set<string>();
  const reports: GustReport[] = [];
  for (const year of SPC.years) {
    const { rows, column } = readCsvTable(sourceFile(sourcesDir, CATALOGUES.spcWind.folder, CATALOGUES.spcWind.file(year)));
    if (rows.length === 0) continue;
    const [date, time, lat, lon, mag, mo] = ['date', 'time', 'slat', 'slon', 'mag', 'mo'].map(column);
    for (const row of rows) {
      const report = {
        latitude: Number(row[lat!]),
        longitude: Number(row[lon!]),
        month: Number(row[mo!]) - 1,
        gustMs: Number(row[mag!]) * MS_PER_KT,
      };
      if (!(Math.abs(report.latitude) <= 90 && Math.abs(report.longitude) <= 180 && report.gustMs > 0 && report.month >= 0 && report.month < 12)) continue;
      if (report.latitude === 0 && report.longitude === 0) continue;
      // The same report can sit in two yearly files (31 December); keep it once.
      const key = [row[date!], row[time!], row[lat!], row[lon!], row[mag!]].join('|');
      if (seen.has(key)) continue;
      seen.add(key);
      reports.push(report);
    }
  }
  return reports;
}
