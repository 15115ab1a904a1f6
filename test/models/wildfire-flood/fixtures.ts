import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { CATALOGUES } from '../../../src/catalogues/registry.js';
import { globalGrid } from '../../../src/engine/grid.js';
import { perilDef } from '../../../src/engine/perils.js';
import type { DailyTable } from '../../../src/engine/table-spec.js';

/**
 * A tiny synthetic copy of the catalogues the wildfire and flood builders read:
 * same folders and file names (CATALOGUES) and columns as ../shared/data, gzipped. The
 * climate exists only in two boxes (California, Portugal) and a Greenland
 * ice-cap box; fires and floods are a handful of rows with known answers.
 */
export const SYNTHETIC = {
  californiaBox: { south: 32.5, north: 42, west: -124.5, east: -114.5 },
  portugalBox: { south: 37, north: 42, west: -9.5, east: -6.5 },
  iceBox: { south: 70, north: 72, west: -40, east: -38 },
  /** The only Portuguese fire > 5 ha: 1990, located through Abrantes' 2014 points. */
  portugalFireHa: 2200,
  abrantes: { latitude: 39.46, longitude: -8.2 },
  /** California: one FRAP fire (1995) and one incident (2020), both started 20 October. */
  frapAcres: 3500,
  incidentAcres: 1000,
  incident: { latitude: 38.5, longitude: -120.5 },
  /** The one DFO event (severity 1) in Portugal, 2010. */
  flood: { latitude: 39.25, longitude: -8.25, areaKm2: 5000 },
  /** The synthetic Rain table: the same chance of a 50 mm day everywhere, every day. */
  heavyRainDailyChance: 0.01,
} as const;

/**
 * A Rain table (the input of the flood model's pluvial term) with one row for
 * every cell: a day's chance of reaching each threshold falls tenfold per
 * threshold step from 10 mm, so 50 mm has SYNTHETIC.heavyRainDailyChance.
 */
export function syntheticRainTable(): DailyTable {
  const grid = globalGrid(0.5);
  const thresholds = perilDef('Rain').thresholds as readonly number[];
  const fifty = thresholds.indexOf(50);
  const month = thresholds.map((_, k) => SYNTHETIC.heavyRainDailyChance * 10 ** (fifty - k));
  const dailyProb = Float64Array.from({ length: 12 * thresholds.length }, (_, i) => Math.min(1, month[i % thresholds.length]!));
  return { peril: 'Rain', type: 'daily', grid, cellRow: new Int32Array(grid.nlat * grid.nlon).fill(0), rows: 1, dailyProb, meta: { method: 'synthetic', sources: [], parameters: {}, coverage: 'synthetic', confidence: 'heuristic' } };
}

type Box = { south: number; north: number; west: number; east: number };

function write(root: string, folder: string, file: string, text: string): void {
  fs.mkdirSync(path.join(root, folder), { recursive: true });
  fs.writeFileSync(path.join(root, folder, file), zlib.gzipSync(Buffer.from(text)));
}

function centres(box: Box): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (let lat = Math.floor(box.south * 2) / 2 + 0.25; lat < box.north; lat += 0.5) {
    for (let lon = Math.floor(box.west * 2) / 2 + 0.25; lon < box.east; lon += 0.5) out.push([lat, lon]);
  }
  return out;
}

const MONTHS = 'jan,feb,mar,apr,may,jun,jul,aug,sep,oct,nov,dec';

function cru(values: Array<{ box: Box; value: number }>): string {
  const rows = values.flatMap(({ box, value }) => centres(box).map(([lat, lon]) => `${lat},${lon},${new Array(12).fill(value).join(',')}`));
  return `lat,lon,${MONTHS}\n${rows.join('\n')}\n`;
}

export function writeSyntheticCatalogues(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'hazrisk-wf-'));
  const { californiaBox: ca, portugalBox: pt, iceBox: ice } = SYNTHETIC;
  const koppen = [...centres(ca).map(([a, b]) => `${a},${b},Csa`), ...centres(pt).map(([a, b]) => `${a},${b},Csb`), ...centres(ice).map(([a, b]) => `${a},${b},EF`)];
  write(root, CATALOGUES.koppen.folder, CATALOGUES.koppen.file, `lat,lon,cls\n${koppen.join('\n')}\n`);
  const climate = (caValue: number, ptValue: number, iceValue: number): string =>
    cru([
      { box: ca, value: caValue },
      { box: pt, value: ptValue },
      { box: ice, value: iceValue },
    ]);
  write(root, CATALOGUES.cru.folder, CATALOGUES.cru.file('pre'), climate(1.5, 2.5, 0.3));
  write(root, CATALOGUES.cru.folder, CATALOGUES.cru.file('tmp'), climate(15, 14, -25));
  write(root, CATALOGUES.cru.folder, CATALOGUES.cru.file('tmx'), climate(24, 20, -20));
  write(root, CATALOGUES.cru.folder, CATALOGUES.cru.file('tmn'), climate(8, 9, -30));
  const elevation = [...centres(ca), ...centres(pt)].map(([lat, lon]) => `${lon},${lat},100`);
  write(root, CATALOGUES.etopo.folder, CATALOGUES.etopo.file, `lon,lat,elev_m\n${elevation.join('\n')}\n`);

  const incidentHeader = 'incident_id,name,type,started,extinguished,updated,county,location,admin_unit,acres_burned,percent_contained,latitude,longitude,is_final,is_active,calfire_incident,url,snapshot,coords_in_ca';
  const { incident } = SYNTHETIC;
  write(root, CATALOGUES.calfireIncidents.folder, CATALOGUES.calfireIncidents.file, [
    incidentHeader,
    `a1,Test Fire,Wildfire,2020-10-20T14:00:00Z,,,El Dorado,"somewhere, CA",Unit,${SYNTHETIC.incidentAcres},100,${incident.latitude},${incident.longitude},true,false,true,https://example/incidents/2020/10/20/test/,synthetic,1`,
    `a2,Bad Point,Wildfire,2021-10-20T13:00:00Z,,,X,Y,Unit,5000,100,1,1,true,false,true,https://example/,synthetic,0`,
    `a3,Flood,Flood,2021-10-20T13:00:00Z,,,X,Y,Unit,5000,100,38,-121,true,false,true,https://example/,synthetic,1`,
  ].join('\n') + '\n');
  write(root, CATALOGUES.calfireFrap.folder, CATALOGUES.calfireFrap.file, [
    'year,agency,unit_id,fire_name,inc_num,alarm_date,cont_date,cause,report_acres,gis_acres,objective,comments',
    `1995,CAL FIRE,Unit,OLD,1,1995-10-20,1995-10-25,1 - Lightning,,${SYNTHETIC.frapAcres},Suppression (Wildfire),`,
    `1960,CAL FIRE,Unit,OLDER,2,1960-07-01,1960-07-05,1 - Lightning,,99999,Suppression (Wildfire),`,
  ].join('\n') + '\n');

  const ptHeader = 'year,sgif_code,district,municipality,parish,start_date,start_time,end_date,end_time,area_forest_ha,area_shrub_ha,area_agri_ha,area_total_ha,cause,cause_type,record_type,x_pt_lisbon,y_pt_lisbon,lon,lat,src_file';
  const { abrantes } = SYNTHETIC;
  write(root, CATALOGUES.portugalIcnf.folder, CATALOGUES.portugalIcnf.file, [
    ptHeader,
    `1990,,,ABRANTES,X,1990-08-15,14:00,1990-08-16,10:00,${SYNTHETIC.portugalFireHa},0,,${SYNTHETIC.portugalFireHa},,,,,,,,f1990`,
    `1990,,,ABRANTES,X,1990-08-15,14:00,1990-08-15,15:00,1,0,,1,,,,,,,,f1990`,
    `2014,1,Santarém,Abrantes,Y,2014-08-15,14:00,2014-08-15,15:00,1,0,0,1,,,Florestal,0,0,${abrantes.longitude - 0.05},${abrantes.latitude - 0.05},f2014`,
    `2014,2,Santarém,Abrantes,Y,2014-08-15,14:00,2014-08-15,15:00,2,0,0,2,,,Florestal,0,0,${abrantes.longitude + 0.05},${abrantes.latitude + 0.05},f2014`,
    `2014,3,Santarém,Abrantes,Y,2014-08-15,14:00,2014-08-15,15:00,0,0,0,0,,,Falso Alarme,0,0,${abrantes.longitude},${abrantes.latitude},f2014`,
  ].join('\n') + '\n');

  const { flood } = SYNTHETIC;
  write(root, CATALOGUES.dfo.folder, CATALOGUES.dfo.file, [
    '"id","glide","country","other_country","lon","lat","area_km2","began","ended","validation","dead","displaced","main_cause","severity"',
    `1,"","Portugal","",${flood.longitude},${flood.latitude},${flood.areaKm2},"2010-01-15","2010-01-20","News",0,0,"Heavy rain",1`,
    `2,"","Nowhere","",0,0,100,"","","News",0,0,"Heavy rain",1`,
    `3,"","Portugal","",-8,40,100,"1985-01-01","1985-01-02","News",0,0,"Heavy rain",1`,
    `4,"","Portugal","",-8,40,100,"2019-08-27","2019-08-28","News",0,0,"Heavy rain",1`,
  ].join('\n') + '\n');
  const river = { type: 'Feature', properties: { name: 'Tejo' }, geometry: { type: 'MultiLineString', coordinates: [[[-9, 39.2], [-7, 39.6]]] } };
  write(root, CATALOGUES.naturalEarth.folder, CATALOGUES.naturalEarth.rivers, JSON.stringify({ type: 'FeatureCollection', features: [river] }));
  write(root, CATALOGUES.naturalEarth.folder, CATALOGUES.naturalEarth.lakes, JSON.stringify({ type: 'FeatureCollection', features: [] }));
  return root;
}
