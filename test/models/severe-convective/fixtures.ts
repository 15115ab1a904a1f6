import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { CATALOGUES } from '../../../src/catalogues/registry.js';

/**
 * Small synthetic SPC catalogues with the real folder/file names and columns
 * (spc-tornado TidyTuesday layout, raw SPC layout for the yearly and hail files).
 */
const TIDY_TORNADO_HEADER = 'om,yr,mo,dy,date,time,tz,datetime_utc,st,stf,mag,inj,fat,loss,slat,slon,elat,elon,len,wid,ns,sn,f1,f2,f3,f4,fc';
const SPC_TORNADO_HEADER = 'om,yr,mo,dy,date,time,tz,st,stf,stn,mag,inj,fat,loss,closs,slat,slon,elat,elon,len,wid,ns,sn,sg,f1,f2,f3,f4,fc';
const SPC_HAIL_HEADER = 'om,yr,mo,dy,date,time,tz,st,stf,stn,mag,inj,fat,loss,closs,slat,slon,elat,elon,len,wid,ns,sn,sg,f1,f2,f3,f4';

export interface TornadoRow {
  date: string; // YYYY-MM-DD (CST)
  time: string; // HH:MM:SS (CST)
  /** (E)F rating, or null for unrated. */
  mag: number | null;
  slat: number;
  slon: number;
  elat?: number;
  elon?: number;
  lenMiles: number;
  widYards: number;
}

export interface HailRow {
  date: string;
  time: string;
  sizeInches: number;
  lat: number;
  lon: number;
}

export function tempSourcesDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'hazrisk-sc-'));
}

function writeGzip(dir: string, folder: string, file: string, lines: string[]): void {
  fs.mkdirSync(path.join(dir, folder), { recursive: true });
  fs.writeFileSync(path.join(dir, folder, file), zlib.gzipSync(`${lines.join('\n')}\n`));
}

function dateParts(date: string): [string, string, string] {
  const [y, m, d] = date.split('-');
  return [y!, m!, d!];
}

/** 1950–2022 rows go to the TidyTuesday file; 2023 rows to the raw file as whole tracks (sg = 1). */
export function writeTornadoes(dir: string, rows: readonly TornadoRow[], segments: readonly TornadoRow[] = []): void {
  const tidy = rows.filter((r) => !r.date.startsWith('2023')).map((r, i) => {
    const [y, m, d] = dateParts(r.date);
    return [i + 1, y, Number(m), Number(d), r.date, r.time, 'CST', '', 'OK', 40, r.mag ?? '', 0, 0, 0, r.slat, r.slon, r.elat ?? 0, r.elon ?? 0, r.lenMiles, r.widYards, 1, 1, 0, 0, 0, 0, 'FALSE'].join(',');
  });
  const raw = (r: TornadoRow, i: number, sg: number): string => {
    const [y, m, d] = dateParts(r.date);
    return [i + 1, y, m, d, r.date, r.time, 3, 'OK', 40, 0, r.mag ?? -9, 0, 0, 0, 0, r.slat, r.slon, r.elat ?? 0, r.elon ?? 0, r.lenMiles, r.widYards, 1, 1, sg, 0, 0, 0, 0, 0].join(',');
  };
  const recent = [...rows.filter((r) => r.date.startsWith('2023')).map((r, i) => raw(r, i, 1)), ...segments.map((r, i) => raw(r, 1000 + i, 2))];
  writeGzip(dir, CATALOGUES.spcTornado.folder, CATALOGUES.spcTornado.file, [TIDY_TORNADO_HEADER, ...tidy]);
  writeGzip(dir, CATALOGUES.spcTornado2023.folder, CATALOGUES.spcTornado2023.file, [SPC_TORNADO_HEADER, ...recent]);
}

/** Every hail file of CATALOGUES.spcHail, each report in the file whose name covers its year. */
export function writeHail(dir: string, rows: readonly HailRow[]): void {
  for (const { folder, file } of CATALOGUES.spcHail) {
    const [first, last] = file.replace('_hail.csv.gz', '').split('-').map(Number) as [number, number | undefined];
    const inFile = rows.filter((r) => {
      const year = Number(r.date.slice(0, 4));
      return year >= first && year <= (last ?? first);
    });
    const lines = inFile.map((r, i) => {
      const [y, m, d] = dateParts(r.date);
      return [i + 1, y, m, d, r.date, r.time, 3, 'OK', 40, 0, r.sizeInches.toFixed(2), 0, 0, 0, 0, r.lat, r.lon, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0].join(',');
    });
    writeGzip(dir, folder, file, [SPC_HAIL_HEADER, ...lines]);
  }
}
