import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

/** Synthetic catalogues with the real folder names, file names and columns (gzip CSV). */
export interface SyntheticQuake {
  time: string;
  latitude: number;
  longitude: number;
  depthKm: number;
  mag: number;
  magType?: string;
}

const ISC_HEADER = 'time_utc,lat,lon,smajax_km,sminax_km,strike_deg,q_loc,depth_km,depth_unc_km,q_depth,mw,mw_unc,q_mw,mw_src,mo,mo_fac,mo_auth,mpp,mpr,mrr,mrt,mtp,mtt,eventid,catalogue';
const COMCAT_HEADER =
  'time,latitude,longitude,depth,mag,magType,nst,gap,dmin,rms,net,id,updated,place,type,horizontalError,depthError,magError,magNst,status,locationSource,magSource';

export interface SyntheticStep {
  from: [number, number];
  to: [number, number];
  stepClass: string;
}

export function writeSyntheticSources(options: { iscGem: SyntheticQuake[]; comcat: SyntheticQuake[]; landCells: [number, number][]; steps?: SyntheticStep[] }): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hazrisk-eq-'));
  const write = (folder: string, file: string, lines: string[]): void => {
    fs.mkdirSync(path.join(dir, folder), { recursive: true });
    fs.writeFileSync(path.join(dir, folder, file), zlib.gzipSync(lines.join('\n') + '\n'));
  };
  write('isc-gem', 'isc-gem_v2_1900-2012.csv.gz', [
    ISC_HEADER,
    ...options.iscGem.map((q, i) => `${q.time},${q.latitude},${q.longitude},,,,A,${q.depthKm},5,A,${q.mag},0.1,A,d,,,,,,,,,,${i + 1},main`),
  ]);
  const comcat = [
    COMCAT_HEADER,
    ...options.comcat.map((q, i) => `${q.time},${q.latitude},${q.longitude},${q.depthKm},${q.mag},${q.magType ?? 'mww'},,,,,us,t${i},,"somewhere, synthetic",earthquake,,,,,reviewed,us,us`),
  ];
  write('usgs-comcat', 'usgs_comcat_M5plus_2013-2023.csv.gz', comcat);
  write('usgs-comcat', 'usgs_comcat_M6plus_1900-2023.csv.gz', [COMCAT_HEADER]);
  write('etopo', 'etopo5_0p5deg_mean_elevation.csv.gz', ['lon,lat,elev_m', ...options.landCells.map(([lat, lon]) => `${lon},${lat},100`)]);
  // PB2002 in its published layout: the steps given (default none: every cell stable) and no orogens.
  write('pb2002-plate-boundaries', 'PB2002_steps.csv.gz', [
    'SeqNum,PlateBoundIdentifer,PlateBoundContinuity,StartLong,StartLat,FinalLong,FinalLat,StepLength(km),AzimuthCenter,VelocityLeft,VelocityAzimuth,VelocityDivergent,VelocityRightLateral,Elevation,SeafloorAge,StepClass,StepContinuity,Orogen',
    ...(options.steps ?? []).map((st, i) => `${i + 1},XX-YY,FALSE,${st.from[1]},${st.from[0]},${st.to[1]},${st.to[0]},50,0,10,0,-10,0,-3000,50,${st.stepClass},FALSE,FALSE`),
  ]);
  write('pb2002-plate-boundaries', 'PB2002_orogens.geojson.gz', [JSON.stringify({ type: 'FeatureCollection', features: [] })]);
  return dir;
}

export function removeDir(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
}
