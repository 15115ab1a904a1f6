/**
 * Synthetic catalogues with the folder names, file names and columns of
 * ../shared/data, gzip-compressed, for the tropical-cyclone tests.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

export const HURDAT2_HEADER =
  'storm_id,name,datetime_utc,record_id,status,lat,lon,max_wind_kt,min_pressure_mb,r34_ne,r34_se,r34_sw,r34_nw,r50_ne,r50_se,r50_sw,r50_nw,r64_ne,r64_se,r64_sw,r64_nw,rmw_nm';
const JTWC_WP_HEADER = 'CY,Year,Month,Day,Hour,Lat,Lon,VMax,MSLP,SN,Cat';
const JTWC_NI_HEADER = 'storm_id,season,cy,name,time_utc,lat,lon,vmax_kt,mslp_hpa,ty,r34_ne,r34_se,r34_sw,r34_nw,rmw_nm';
const JTWC_SH_HEADER = 'storm_id,season,cy,time_utc,lat,lon,vmax_kt,basin';
export const IBTRACS_HEADER = [
  'sid', 'name', 'season', 'track_type', 'iso_time', 'basin', 'subbasin', 'nature', 'lat', 'lon', 'wmo_wind_kt', 'wmo_pres_hpa', 'wmo_agency',
  'usa_agency', 'usa_wind_kt', 'usa_pres_hpa', 'usa_sshs', 'usa_rmw_nm', 'usa_roci_nm', 'usa_poci_hpa', 'usa_r34_ne', 'usa_r34_se', 'usa_r34_sw',
  'usa_r34_nw', 'bom_wind_kt', 'bom_pres_hpa', 'bom_rmw_nm', 'bom_roci_nm', 'nadi_wind_kt', 'nadi_pres_hpa', 'wellington_wind_kt',
  'wellington_pres_hpa', 'usa_gust_kt', 'bom_gust_kt', 'dist2land_km', 'landfall_km', 'storm_speed_kt', 'storm_dir_deg',
].join(',');

export interface Catalogue {
  atlantic?: string[];
  nepac?: string[];
  westPacific?: string[];
  northIndian?: string[];
  southern?: string[];
  ibtracs?: string[];
  /** `lon,lat,elev_m` rows of 0.5° cells; cells not listed are sea. */
  etopo?: string[];
}

/** HURDAT2 CSV row; `r34` fills the four 34-kt quadrant radii (n mi). */
export function hurdatRow(id: string, time: string, status: string, lat: number, lon: number, vmax: number, rmw = '', r34: readonly number[] = []): string {
  const radii = [...r34.map(String), ...new Array<string>(12 - r34.length).fill('')];
  return [id, 'TEST', time, '', status, lat, lon, vmax, '', ...radii, rmw].join(',');
}

/** IBTrACS row with the JTWC (usa) wind; `extra` sets further columns (e.g. usa_r34_ne). */
export function ibtracsRow(sid: string, season: number, time: string, lat: number, lon: number, usaWind: number, extra: Record<string, string | number> = {}): string {
  const values: Record<string, string | number> = { sid, name: 'TESTY', season, track_type: 'main', iso_time: time, basin: 'SP', subbasin: 'EA', nature: 'TS', lat, lon, usa_wind_kt: usaWind, ...extra };
  return IBTRACS_HEADER.split(',').map((c) => values[c] ?? '').join(',');
}

function write(dir: string, folder: string, file: string, header: string, rows: readonly string[]): void {
  fs.mkdirSync(path.join(dir, folder), { recursive: true });
  fs.writeFileSync(path.join(dir, folder, file), zlib.gzipSync(Buffer.from([header, ...rows].join('\n') + '\n')));
}

/** Writes every file the builder reads into a fresh temp dir and returns its path. */
export function writeCatalogue(c: Catalogue): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hazrisk-tc-'));
  write(dir, 'hurdat2', 'hurdat2_atlantic_1851-2025.csv.gz', HURDAT2_HEADER, c.atlantic ?? []);
  write(dir, 'hurdat2', 'hurdat2_nepac_1949-2023.csv.gz', HURDAT2_HEADER, c.nepac ?? []);
  write(dir, 'jtwc-wp', 'jtwc_wp_bt_1945-2021.csv.gz', JTWC_WP_HEADER, c.westPacific ?? []);
  write(dir, 'tc-north-indian', 'jtwc_io_besttrack_1982-2023.csv.gz', JTWC_NI_HEADER, c.northIndian ?? []);
  write(dir, 'tc-southern-hemisphere', 'jtwc_sh_besttrack_1981-2019.csv.gz', JTWC_SH_HEADER, c.southern ?? []);
  write(dir, 'ibtracs-sp', 'ibtracs_SP_v04r00_1897-2022.csv.gz', IBTRACS_HEADER, c.ibtracs ?? []);
  write(dir, 'etopo', 'etopo5_0p5deg_mean_elevation.csv.gz', 'lon,lat,elev_m', c.etopo ?? []);
  return dir;
}

/** Six-hourly HURDAT2 rows of a stationary storm. */
export function stationaryStorm(id: string, start: string, hours: number, status: string, lat: number, lon: number, vmax: number): string[] {
  const t0 = Date.parse(start);
  const rows: string[] = [];
  for (let h = 0; h <= hours; h += 6) rows.push(hurdatRow(id, new Date(t0 + h * 3_600_000).toISOString().slice(0, 16) + 'Z', status, lat, lon, vmax));
  return rows;
}
