/**
 * Synthetic catalogues for the historic-events tests: every file the event
 * store build reads, with the folder names, file names and columns of
 * ../shared/data, gzip-compressed. The events sit round two test sites
 * whose expected results are written out in the tests.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

/** Tornado, hail and wildfire site (Oklahoma-like). */
export const SITE = { lat: 35, lon: -97 };
/** Tropical-cyclone site (south Florida-like). */
export const COAST = { lat: 25, lon: -80 };

const TORNADO_HEADER = 'om,yr,mo,dy,date,time,tz,datetime_utc,st,stf,mag,inj,fat,loss,slat,slon,elat,elon,len,wid,ns,sn,f1,f2,f3,f4,fc';
const SPC_HEADER = 'om,yr,mo,dy,date,time,tz,st,stf,stn,mag,inj,fat,loss,closs,slat,slon,elat,elon,len,wid,ns,sn,sg,f1,f2,f3,f4';
const HURDAT2_HEADER =
  'storm_id,name,datetime_utc,record_id,status,lat,lon,max_wind_kt,min_pressure_mb,r34_ne,r34_se,r34_sw,r34_nw,r50_ne,r50_se,r50_sw,r50_nw,r64_ne,r64_se,r64_sw,r64_nw,rmw_nm';
const IBTRACS_HEADER = [
  'sid', 'name', 'season', 'track_type', 'iso_time', 'basin', 'subbasin', 'nature', 'lat', 'lon', 'wmo_wind_kt', 'wmo_pres_hpa', 'wmo_agency',
  'usa_agency', 'usa_wind_kt', 'usa_pres_hpa', 'usa_sshs', 'usa_rmw_nm', 'usa_roci_nm', 'usa_poci_hpa', 'usa_r34_ne', 'usa_r34_se', 'usa_r34_sw',
  'usa_r34_nw', 'bom_wind_kt', 'bom_pres_hpa', 'bom_rmw_nm', 'bom_roci_nm', 'nadi_wind_kt', 'nadi_pres_hpa', 'wellington_wind_kt',
  'wellington_pres_hpa', 'usa_gust_kt', 'bom_gust_kt', 'dist2land_km', 'landfall_km', 'storm_speed_kt', 'storm_dir_deg',
].join(',');
const CALFIRE_HEADER =
  'incident_id,name,type,started,extinguished,updated,county,location,admin_unit,acres_burned,percent_contained,latitude,longitude,is_final,is_active,calfire_incident,url,snapshot,coords_in_ca';
const PORTUGAL_HEADER =
  'year,sgif_code,district,municipality,parish,start_date,start_time,end_date,end_time,area_forest_ha,area_shrub_ha,area_agri_ha,area_total_ha,cause,cause_type,record_type,x_pt_lisbon,y_pt_lisbon,lon,lat,src_file';

function tornado(om: number, date: string, mag: string, slat: number, slon: number, elat: number, elon: number, wid: number, fc = 'FALSE'): string {
  const [yr, mo, dy] = date.split('-');
  return [om, yr, Number(mo), Number(dy), date, '15:30:00', 'CST', `${date}T21:30:00Z`, 'OK', 40, mag, 1, 0, 0, slat, slon, elat, elon, 5, wid, 1, 1, 0, 0, 0, 0, fc].join(',');
}

function spcRow(om: number | string, date: string, time: string, mag: number | string, lat: number, lon: number, extra: { elat?: number; elon?: number; wid?: number; sg?: number } = {}): string {
  const [yr, mo, dy] = date.split('-');
  return [om, yr, mo, dy, date, time, 3, 'OK', 40, 0, mag, 0, 0, 0, 0, lat, lon, extra.elat ?? lat, extra.elon ?? lon, 0, extra.wid ?? 0, 1, 1, extra.sg ?? 0, 1, 0, 0, 0].join(',');
}

/** HURDAT2 CSV row; radii [r34, r50, r64] in n mi (all quadrants alike) or empty. */
function hurdat(id: string, name: string, time: string, status: string, lat: number, lon: number, vmax: number, radii: [number, number, number] | null = null): string {
  const quads = radii ? radii.flatMap((r) => [r, r, r, r]) : new Array<string>(12).fill('');
  return [id, name, time, '', status, lat, lon, vmax, '', ...quads, ''].join(',');
}

/** A storm moving in a straight line, one fix every 6 hours; `to` may pass 180°E (written back into ±180°). */
function track(id: string, name: string, start: string, from: [number, number], to: [number, number], fixes: number, vmax: number, radii: [number, number, number] | null = null): string[] {
  const t0 = Date.parse(start);
  return Array.from({ length: fixes }, (_, k) => {
    const f = fixes === 1 ? 0 : k / (fixes - 1);
    const time = new Date(t0 + k * 6 * 3_600_000).toISOString().slice(0, 16) + 'Z';
    const lon = from[1] + (to[1] - from[1]) * f;
    return hurdat(id, name, time, vmax >= 64 ? 'HU' : vmax >= 34 ? 'TS' : 'TD', from[0] + (to[0] - from[0]) * f, lon > 180 ? lon - 360 : lon, vmax, radii);
  });
}

function square(lat: number, lon: number, halfLat: number, halfLon: number): number[][][] {
  return [[[lon - halfLon, lat - halfLat], [lon + halfLon, lat - halfLat], [lon + halfLon, lat + halfLat], [lon - halfLon, lat + halfLat], [lon - halfLon, lat - halfLat]]];
}

/** Twelve weak storms crossing COAST in 2012: more than the TropicalCyclone shapes cap of 10. */
function crowd(): string[] {
  return Array.from({ length: 12 }, (_, k) => {
    const id = `AL${String(k + 20).padStart(2, '0')}2012`;
    return track(id, `CROWD${k}`, `2012-07-${String(k + 1).padStart(2, '0')}T00:00Z`, [COAST.lat - 1, COAST.lon - 0.5 + k * 0.05], [COAST.lat + 1, COAST.lon - 0.5 + k * 0.05], 3, 40);
  }).flat();
}

const FILES: Record<string, { header: string; rows: string[] }> = {
  'spc-tornado/spc_tornadoes_1950-2022.csv.gz': {
    header: TORNADO_HEADER,
    rows: [
      tornado(100, '1999-05-03', '4', 35, -97.1, 35, -96.9, 880),
      tornado(200, '2013-05-20', '2', 35.09, -97.05, 35.09, -96.95, 200),
      tornado(300, '2010-06-15', '', 35.2, -97, 0, 0, 0),
      tornado(400, '1980-04-01', '1', 40, -90, 40.05, -90, 100),
      tornado(400, '1980-04-01', '1', 40, -90, 40.05, -90, 100),
      tornado(100, '1999-05-04', '0', 41, -91, 41.01, -91, 50, 'TRUE'),
    ],
  },
  'spc-severe-yearly/2023_torn.csv.gz': {
    header: `${SPC_HEADER},fc`,
    rows: [
      `${spcRow(622001, '2023-07-04', '18:00:00', 3, 34.95, -97.02, { elat: 35.05, elon: -96.98, wid: 300, sg: 1 })},0`,
      `${spcRow(622001, '2023-07-04', '18:00:00', 3, 34.95, -97.02, { elat: 35.0, elon: -97.0, wid: 300, sg: 2 })},0`,
      `${spcRow(622002, '2023-07-04', '18:30:00', 1, 0, 0, { sg: -9 })},0`,
    ],
  },
  'spc-hail-pre2022/1955-1989_hail.csv.gz': { header: SPC_HEADER, rows: [spcRow(1, '1975-06-01', '16:00:00', 0.75, 35, -97)] },
  'spc-hail-pre2022/2005-2011_hail.csv.gz': { header: SPC_HEADER, rows: [] },
  'spc-hail-pre2022/2016_hail.csv.gz': { header: SPC_HEADER, rows: [spcRow(600001, '2016-07-01', '17:00:00', 1.75, 35.3, -97)] },
  'spc-hail-pre2022/2020_hail.csv.gz': {
    header: SPC_HEADER,
    rows: [
      spcRow(650001, '2020-05-10', '15:00:00', '1.00', 35, -97.2),
      spcRow(650002, '2020-05-10', '15:20:00', '1.75', 35, -97.05),
      spcRow(650003, '2020-05-10', '15:40:00', '2.50', 35, -96.9),
    ],
  },
  'spc-severe-yearly/2022_hail.csv.gz': { header: SPC_HEADER, rows: [] },
  'spc-severe-yearly/2023_hail.csv.gz': { header: SPC_HEADER, rows: [] },
  'spc-severe-yearly/2024_hail.csv.gz': { header: SPC_HEADER, rows: [] },
  'spc-severe-yearly/2025_hail.csv.gz': {
    header: `${SPC_HEADER},edat,etime`,
    rows: [`${spcRow('2508011200-01', '2025-08-01', '12:00:00', '1.25', 45, -100)},2025-08-01,12:00:00`],
  },
  'hurdat2/hurdat2_atlantic_1851-2025.csv.gz': {
    header: HURDAT2_HEADER,
    rows: [
      ...track('AL012010', 'ALPHA', '2010-08-01T00:00Z', [23, -80], [27, -80], 5, 100, [100, 60, 30]),
      ...track('AL021990', 'BETA', '1990-09-05T00:00Z', [25, -78], [25, -82], 5, 70),
      ...track('AL031995', 'GAMMA', '1995-07-01T00:00Z', [25, -79], [26, -79], 3, 30),
      ...crowd(),
    ],
  },
  'hurdat2/hurdat2_nepac_1949-2023.csv.gz': { header: HURDAT2_HEADER, rows: track('EP011985', 'DELTA', '1985-07-10T00:00Z', [15, 178], [15, 182], 5, 60) },
  'jtwc-wp/jtwc_wp_bt_1945-2021.csv.gz': { header: 'CY,Year,Month,Day,Hour,Lat,Lon,VMax,MSLP,SN,Cat', rows: [] },
  'tc-north-indian/jtwc_io_besttrack_1982-2023.csv.gz': { header: 'storm_id,season,cy,name,time_utc,lat,lon,vmax_kt,mslp_hpa,ty,r34_ne,r34_se,r34_sw,r34_nw,rmw_nm', rows: [] },
  'tc-southern-hemisphere/jtwc_sh_besttrack_1981-2019.csv.gz': { header: 'storm_id,season,cy,time_utc,lat,lon,vmax_kt,basin', rows: [] },
  'ibtracs-sp/ibtracs_SP_v04r00_1897-2022.csv.gz': { header: IBTRACS_HEADER, rows: [] },
  'calfire-incidents/calfire_incidents_2013-2026.csv.gz': {
    header: CALFIRE_HEADER,
    rows: [
      'c1,Circle Fire,Wildfire,2019-08-01T20:00:00Z,2019-08-03T10:00:00Z,,Test,,Unit,640,100,35.5,-97,true,false,true,https://www.fire.ca.gov/incidents/2019/8/1/circle-fire/,test,1',
      'c2,Square Fire,,2018-11-08T14:00:00Z,2018-11-26T10:00:00Z,,Test,,Unit,1000,100,35.0,-97.0,true,false,true,https://www.fire.ca.gov/incidents/2018/11/8/square-fire/,test,1',
      'c3,Flood,Flood,2019-01-01T00:00:00Z,,,Test,,Unit,10,100,35.4,-97,true,false,true,,test,1',
      'c4,Offshore Fire,Wildfire,2019-09-01T00:00:00Z,,,Test,,Unit,10,100,0,0,true,false,true,,test,0',
    ],
  },
  'portugal-icnf-fires/portugal_icnf_fires_1980-2000_2014.csv.gz': {
    header: PORTUGAL_HEADER,
    rows: [
      '2014,TEST1,Coimbra,Coimbra,Teste,2014-08-10,14:00,2014-08-11,09:00,50,0,0,50,,,Florestal,,,-8.0,40.0,incendios2014.csv',
      '2014,TEST2,Coimbra,Coimbra,Teste,2014-08-12,14:00,2014-08-12,15:00,0,0,0,0,,,Falso Alarme,,,-8.1,40.1,incendios2014.csv',
      '1990,,,Coimbra,Teste,1990-08-10,14:00,1990-08-10,15:00,5,0,,5,,,,,,,,incendios1990.csv',
    ],
  },
};

const PERIMETERS = {
  'fire-perimeters/calfire_frap_perimeters_ge5000ac_2010-2019.geojson.gz': [
    {
      properties: { OBJECTID: 1, YEAR_: '2018', STATE: 'CA', AGENCY: 'CDF', UNIT_ID: 'TST', FIRE_NAME: 'SQUARE', INC_NUM: '00000001', ALARM_DATE: '2018-11-08T00:00:00.000Z', CONT_DATE: '2018-11-26T00:00:00.000Z', REPORT_AC: 1000, GIS_ACRES: 1000 },
      coordinates: square(SITE.lat, SITE.lon, 0.02, 0.02),
    },
  ],
  'fire-perimeters/colorado_wfigs_perimeters_2025.geojson.gz': [
    {
      properties: { Fire_ID: 'CO3500009680020250615', Fire_Name: 'Edge', Year: 2025, StartMonth: 6, StartDay: 15, GIS_Acres: 100, Agency: 'BLM', SourceID: '2025-COTST-000001' },
      // West edge on the meridian 0.2° east of SITE.
      coordinates: square(SITE.lat, SITE.lon + 0.25, 0.02, 0.05),
    },
  ],
};

/** The catalogues in a fresh temp dir; returns its path. */
export function writeCatalogues(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hazrisk-historic-'));
  const write = (name: string, text: string): void => {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), zlib.gzipSync(Buffer.from(text)));
  };
  for (const [name, { header, rows }] of Object.entries(FILES)) write(name, [header, ...rows].join('\n') + '\n');
  for (const [name, fires] of Object.entries(PERIMETERS)) {
    write(name, JSON.stringify({ type: 'FeatureCollection', features: fires.map((f) => ({ type: 'Feature', properties: f.properties, geometry: { type: 'Polygon', coordinates: f.coordinates } })) }));
  }
  return dir;
}
