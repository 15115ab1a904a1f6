/**
 * A small synthetic catalogue in the layout of ../shared/data (same folders,
 * file names and columns, gzip-compressed), generated from known "true"
 * relations so the tests can check the calibration and the tables by hand.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { gammaUpperQuantileSeries as gammaUpperQuantile, normalCdfSeries as normalCdf } from '../../helpers/distributions.js';
import { CATALOGUES } from '../../../src/catalogues/registry.js';
import { MEAN_DAYS_IN_MONTH } from '../../../src/units.js';

export const TRUTH = {
  /** logit(P1/P0) = c·[1, ln mu0, T] */
  occurrence: [-0.5, 0.8, -0.01],
  /** ln alpha = c·[1, ln mu0, P0, T, DTR] */
  shape: [-0.3, -0.05, 0.2, -0.005, 0.01],
  /** rho = c·[1, ln mu0, P0, T] */
  persistence: [0.15, 0.02, -0.1, 0.001],
  snow: { thresholdC: -1, sigmaInterceptC: 2.5, sigmaPerDtr: 0.3 },
  subThresholdDayMm: 0.5,
  snowCmPerMm: 1.2,
  recordDays: 3000,
} as const;

/** The land block: 10 × 10 cells of 0.5°, centres 40.25–44.75 N, 99.75–95.25 W. */
export const BLOCK = { lat0: 40.25, lon0: -99.75, rows: 10, cols: 10 } as const;
/** A cell of the block with no wind value, and one with a negative (artefact) wind. */
export const WINDLESS_CELL = { row: 9, col: 9 } as const;
export const NEGATIVE_WIND_CELL = { row: 0, col: 0 } as const;
/** One SPC report, 60 kt, at the centre of this cell on 15 July 2023 (and again, duplicated, in 2024's file). */
export const REPORT = { row: 5, col: 5, knots: 60, month: 6 } as const;
/** Köppen classes: columns 0–4 'Dfa' (continental), 5–9 'Cfa' (humid); this cell has none (takes its nearest neighbour's). */
export const KOPPEN = { split: 5, west: 'Dfa', east: 'Cfa', unclassified: { row: 0, col: 9 } } as const;
/**
 * One Atlantic tropical storm (HURDAT2 AL012000) crossing the block from west to
 * east along 42.5° N at 1° of longitude per 6 h with a constant Vmax, in July 2000.
 */
export const STORM = { id: 'AL012000', start: Date.UTC(2000, 6, 14, 0), latitude: 42.5, lon0: -103, lon1: -91, degreesPer6h: 1, vmaxKt: 60 } as const;

export interface CellClimate {
  latitude: number;
  longitude: number;
  pre: number[];
  wet: number[];
  tmp: number[];
  dtr: number[];
  wnd: number[];
}

/** Deterministic PRNG (mulberry32). */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const round1 = (x: number): number => Math.round(x * 10) / 10;

export function blockClimate(): CellClimate[] {
  const rnd = random(42);
  const cells: CellClimate[] = [];
  for (let r = 0; r < BLOCK.rows; r++) {
    for (let c = 0; c < BLOCK.cols; c++) {
      const tMean = 2 + 0.8 * c + 2 * rnd();
      const months = Array.from({ length: 12 }, (_, m) => m);
      cells.push({
        latitude: BLOCK.lat0 + 0.5 * r,
        longitude: BLOCK.lon0 + 0.5 * c,
        pre: months.map((m) => round1(1.2 + 0.25 * r + 1.5 * rnd() + Math.sin((m / 12) * 2 * Math.PI))),
        wet: months.map((m) => round1(4 + 0.6 * r + 4 * rnd() + 2 * Math.cos((m / 12) * 2 * Math.PI))),
        tmp: months.map((m) => round1(tMean - 13 * Math.cos(((m + 0.5) / 12) * 2 * Math.PI))),
        dtr: months.map(() => round1(8 + 6 * rnd())),
        wnd: months.map((m) => (r === NEGATIVE_WIND_CELL.row && c === NEGATIVE_WIND_CELL.col ? -0.5 : round1(3 + 0.2 * c + 0.8 * Math.cos((m / 12) * 2 * Math.PI)))),
      });
    }
  }
  return cells;
}

const predict = (c: readonly number[], x: readonly number[]): number => x.reduce((s, v, i) => s + c[i + 1]! * v, c[0]!);

/** The true station statistics of a station in a cell and month (station climate = the cell's). */
export function trueStationMonth(cell: CellClimate, m: number) {
  const p0 = cell.wet[m]! / MEAN_DAYS_IN_MONTH[m]!;
  const lnMu0 = Math.log(cell.pre[m]! / p0);
  const temp = cell.tmp[m]!;
  const dtr = cell.dtr[m]!;
  const ratio = 1 / (1 + Math.exp(-predict(TRUTH.occurrence, [lnMu0, temp])));
  const p1 = ratio * p0;
  const alpha = Math.exp(predict(TRUTH.shape, [lnMu0, p0, temp, dtr]));
  const rho = predict(TRUTH.persistence, [lnMu0, p0, temp]);
  const snowShare = normalCdf((TRUTH.snow.thresholdC - temp) / (TRUTH.snow.sigmaInterceptC + TRUTH.snow.sigmaPerDtr * dtr));
  const heavyTotal = cell.pre[m]! - (p0 - p1) * TRUTH.subThresholdDayMm;
  return { p0, p1, alpha, rho, snowShare, wetMean: heavyTotal / p1, heavyTotal };
}

function csv(header: readonly string[], rows: readonly (readonly (string | number)[])[]): Buffer {
  return zlib.gzipSync([header.join(','), ...rows.map((r) => r.join(','))].join('\n') + '\n');
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const SPC_HEADER = 'om,yr,mo,dy,date,time,tz,st,stf,stn,mag,inj,fat,loss,closs,slat,slon,elat,elon,len,wid,ns,sn,sg,f1,f2,f3,f4,mt'.split(',');

export const stationId = (r: number, c: number): string => `USC0000${String(r * BLOCK.cols + c).padStart(4, '0')}`;

/** Writes the synthetic catalogue into a fresh temp directory and returns its path. */
export function writeSyntheticCatalogue(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hazrisk-weather-'));
  const cells = blockClimate();
  const cru = path.join(dir, CATALOGUES.cru.folder);
  fs.mkdirSync(cru);
  for (const variable of ['pre', 'wet', 'tmp', 'dtr', 'wnd'] as const) {
    const rows = cells
      .filter((_, i) => variable !== 'wnd' || i !== WINDLESS_CELL.row * BLOCK.cols + WINDLESS_CELL.col)
      .map((cell) => [cell.latitude, cell.longitude, ...cell[variable]]);
    fs.writeFileSync(path.join(cru, CATALOGUES.cru.file(variable)), csv(['lat', 'lon', ...MONTHS], rows));
  }

  const hcn = path.join(dir, CATALOGUES.hcn.folder);
  fs.mkdirSync(hcn);
  const stations: (string | number)[][] = [];
  const monthly: (string | number)[][] = [];
  const annual: (string | number)[][] = [];
  cells.forEach((cell, i) => {
    const id = stationId(Math.floor(i / BLOCK.cols), i % BLOCK.cols);
    stations.push([id, cell.latitude + 0.1, cell.longitude - 0.1, 300, 'NE', `STATION ${i}`, 1900, 2018, 100, 'synthetic']);
    for (let m = 0; m < 12; m++) {
      const t = trueStationMonth(cell, m);
      const n = TRUTH.recordDays * t.p1;
      const q99 = t.wetMean * (gammaUpperQuantile(t.alpha, 0.01) / t.alpha);
      const max = t.wetMean * (gammaUpperQuantile(t.alpha, -Math.expm1(Math.log(0.5) / n)) / t.alpha);
      const p01 = t.p1 * (1 - t.rho);
      const snowWater = 30.4375 * t.p1 * t.snowShare * t.wetMean;
      monthly.push([
        id, m + 1, TRUTH.recordDays, t.p0, t.p1, p01 + t.rho, p01, t.wetMean, t.wetMean, t.alpha, t.wetMean / t.alpha, q99, max,
        30.4375 * cell.pre[m]!, cell.tmp[m]! + cell.dtr[m]! / 2, cell.tmp[m]! - cell.dtr[m]! / 2,
        TRUTH.recordDays, t.snowShare * t.p0, 50, 10 * TRUTH.snowCmPerMm * snowWater, 0,
      ]);
    }
    for (let year = 1970; year < 2005; year++) {
      const k = year - 1970;
      annual.push([id, year, 365, 900, 80, 40 + k, 50 + k, 55 + k, 60 + k, 70 + k, 80 + k, 365, 900, 60 + 4 * k, 90 + 4 * k, 120 + 4 * k, 365, 300, 35, -20]);
    }
  });
  fs.writeFileSync(path.join(hcn, CATALOGUES.hcn.stations), csv(['station_id', 'lat', 'lon', 'elev_m', 'state', 'name', 'first_year', 'last_year', 'years_prcp_ge330d', 'coord_source'], stations));
  fs.writeFileSync(
    path.join(hcn, CATALOGUES.hcn.monthly),
    csv(
      ['station_id', 'month', 'prcp_days_valid', 'p_wet_ge0p1mm', 'p_wet_ge1mm', 'p_wet_given_wet', 'p_wet_given_dry', 'wet_mean_mm', 'wet_sd_mm', 'gamma_shape', 'gamma_scale_mm',
        'wet_q99_mm', 'wet_max_mm', 'prcp_mean_monthly_mm', 'tmax_mean_c', 'tmin_mean_c', 'snow_days_valid', 'p_snowfall_day', 'snowfall_mean_on_snow_day_mm',
        'snowfall_mean_monthly_mm', 'p_snow_depth_ge25mm'],
      monthly,
    ),
  );
  fs.writeFileSync(
    path.join(hcn, CATALOGUES.hcn.annual),
    csv(
      ['station_id', 'year', 'prcp_days_valid', 'prcp_total_mm', 'wet_days_ge1mm', 'rx1day_mm', 'rx2day_mm', 'rx3day_mm', 'rx5day_mm', 'rx7day_mm', 'rx10day_mm', 'snow_days_valid',
        'snow_total_mm', 'snow_max1day_mm', 'snow_max3day_mm', 'snow_max7day_mm', 'snwd_days_valid', 'snwd_max_mm', 'tmax_max_c', 'tmin_min_c'],
      annual,
    ),
  );

  const koppen = cells.map((cell, i) => {
    const [r, c] = [Math.floor(i / BLOCK.cols), i % BLOCK.cols];
    const cls = r === KOPPEN.unclassified.row && c === KOPPEN.unclassified.col ? '' : c < KOPPEN.split ? KOPPEN.west : KOPPEN.east;
    return [cell.latitude, cell.longitude, cls];
  });
  fs.mkdirSync(path.join(dir, CATALOGUES.koppen.folder));
  fs.writeFileSync(path.join(dir, CATALOGUES.koppen.folder, CATALOGUES.koppen.file), csv(['lat', 'lon', 'cls'], koppen));
  writeTracks(dir);

  const spc = path.join(dir, CATALOGUES.spcWind.folder);
  fs.mkdirSync(spc);
  const lat = BLOCK.lat0 + 0.5 * REPORT.row;
  const lon = BLOCK.lon0 + 0.5 * REPORT.col;
  const report = (om: string, date: string, [yr, mo, dy]: number[]) =>
    [om, yr!, mo!, dy!, date, '18:00:00', 3, 'NE', 31, 0, REPORT.knots, 0, 0, 0, 0, lat, lon, lat, lon, 0, 0, 0, 0, 0, 0, 0, 0, 0, 'EG'];
  const july = report('1', '2023-07-15', [2023, 7, 15]);
  for (const year of [2022, 2023, 2024, 2025]) {
    const rows = year === 2023 ? [july] : year === 2024 ? [report('1', '2023-07-15', [2023, 7, 15])] : [];
    fs.writeFileSync(path.join(spc, CATALOGUES.spcWind.file(year)), csv(SPC_HEADER, rows));
  }
  return dir;
}

const HURDAT2_HEADER = 'storm_id,name,datetime_utc,record_id,status,lat,lon,max_wind_kt,min_pressure_mb,r34_ne,r34_se,r34_sw,r34_nw,r50_ne,r50_se,r50_sw,r50_nw,r64_ne,r64_se,r64_sw,r64_nw,rmw_nm';
/** Headers of the best-track files the tropical-cyclone reader opens (all empty here but the Atlantic). */
const EMPTY_TRACKS: readonly [string, string, string][] = [
  [CATALOGUES.hurdat2.folder, CATALOGUES.hurdat2.files[1], HURDAT2_HEADER],
  [CATALOGUES.jtwcWp.folder, CATALOGUES.jtwcWp.file, 'CY,Year,Month,Day,Hour,Lat,Lon,VMax,MSLP,SN,Cat'],
  [CATALOGUES.jtwcNi.folder, CATALOGUES.jtwcNi.file, 'storm_id,season,cy,name,time_utc,lat,lon,vmax_kt,mslp_hpa,ty,r34_ne,r34_se,r34_sw,r34_nw,rmw_nm'],
  [CATALOGUES.jtwcSh.folder, CATALOGUES.jtwcSh.file, 'storm_id,season,cy,time_utc,lat,lon,vmax_kt,basin'],
  [CATALOGUES.ibtracsSp.folder, CATALOGUES.ibtracsSp.file, 'sid,name,season,track_type,iso_time,basin,subbasin,nature,lat,lon,wmo_wind_kt,usa_wind_kt'],
];

/** The fixes of STORM: [epoch ms, longitude]. */
export function stormFixes(): [number, number][] {
  const fixes: [number, number][] = [];
  for (let lon: number = STORM.lon0, t: number = STORM.start; lon <= STORM.lon1; lon += STORM.degreesPer6h, t += 6 * 3_600_000) fixes.push([t, lon]);
  return fixes;
}

function writeTracks(dir: string): void {
  const row = ([t, lon]: [number, number]): (string | number)[] =>
    [STORM.id, 'TEST', new Date(t).toISOString().slice(0, 16) + 'Z', '', 'TS', STORM.latitude, lon, STORM.vmaxKt, '', '', '', '', '', '', '', '', '', '', '', '', '', ''];
  fs.mkdirSync(path.join(dir, CATALOGUES.hurdat2.folder), { recursive: true });
  fs.writeFileSync(path.join(dir, CATALOGUES.hurdat2.folder, CATALOGUES.hurdat2.files[0]), csv(HURDAT2_HEADER.split(','), stormFixes().map(row)));
  for (const [folder, file, header] of EMPTY_TRACKS) {
    fs.mkdirSync(path.join(dir, folder), { recursive: true });
    fs.writeFileSync(path.join(dir, folder, file), csv(header.split(','), []));
  }
}
