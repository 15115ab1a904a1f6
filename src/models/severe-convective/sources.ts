import { readCsvRecords, sourceFile } from '../../catalogues/files.js';
import { CATALOGUES } from '../../catalogues/registry.js';
import { spcTornadoTracks } from '../../catalogues/spc.js';
import { HAIL, TORNADO, UTC_OFFSET_HOURS } from './parameters.js';
import { KM_PER_MILE, KM_PER_YARD } from '../../units.js';

/**
 * Readers for the SPC catalogues under HAZRISK_SOURCES (CATALOGUES.spcTornado,
 * spcTornado2023, spcHail; see each folder's SOURCE.md). They normalise the two
 * SPC layouts into plain records; no modelling happens here (which hail years
 * carry the frequency is HAIL_YEARS in parameters.ts).
 */

const TORNADO_FILES = [CATALOGUES.spcTornado, CATALOGUES.spcTornado2023] as const;

/**
 * The SPC folders read, in order of first use with the given peril's files first
 * (each table's meta.sources; both tables read all three, for coverage).
 */
export function spcFolders(first: 'tornado' | 'hail'): string[] {
  const files = first === 'tornado' ? [...TORNADO_FILES, ...CATALOGUES.spcHail] : [...CATALOGUES.spcHail, ...TORNADO_FILES];
  return [...new Set(files.map((f) => f.folder))];
}

export interface TornadoTrack {
  year: number;
  month: number;
  day: number;
  /** Start time in UTC hours (fractional), from the SPC clock time and its zone. */
  utcHour: number;
  /** (E)F rating 0–5, or null when unrated. */
  rating: number | null;
  startLat: number;
  startLon: number;
  /** Equal to the start when SPC recorded no end point. */
  endLat: number;
  endLon: number;
  lengthKm: number;
  widthKm: number;
}

export interface HailReport {
  year: number;
  month: number;
  day: number;
  utcHour: number;
  lat: number;
  lon: number;
  sizeInches: number;
}

/** All tornado tracks 1950–2023 (both files), in file order. */
export function readTornadoTracks(sourcesDir: string): TornadoTrack[] {
  return spcTornadoTracks(sourcesDir)
    .map(({ row }) => toTrack(row))
    .filter((t): t is TornadoTrack => t !== null && t.year <= TORNADO.lastYear);
}

/** Hail reports of at least the severe minimum size from every hail file, in file order. */
export function readHailReports(sourcesDir: string): HailReport[] {
  const reports: HailReport[] = [];
  for (const { folder, file } of CATALOGUES.spcHail) {
    for (const r of readCsvRecords(sourceFile(sourcesDir, folder, file))) {
      const report = toHailReport(r);
      if (report && report.sizeInches >= HAIL.minimumSizeInches) reports.push(report);
    }
  }
  return reports;
}

function toTrack(r: Record<string, string>): TornadoTrack | null {
  const year = Number(r.yr);
  const month = Number(r.mo);
  const day = Number(r.dy);
  const startLat = Number(r.slat);
  const startLon = Number(r.slon);
  if (!validDate(year, month, day) || !validPoint(startLat, startLon)) return null;
  const elat = Number(r.elat);
  const elon = Number(r.elon);
  const hasEnd = validPoint(elat, elon);
  return {
    year,
    month,
    day,
    utcHour: utcHour(r.time ?? '', r.tz ?? ''),
    rating: parseRating(r.mag ?? ''),
    startLat,
    startLon,
    endLat: hasEnd ? elat : startLat,
    endLon: hasEnd ? elon : startLon,
    lengthKm: nonNegative(Number(r.len)) * KM_PER_MILE,
    widthKm: nonNegative(Number(r.wid)) * KM_PER_YARD,
  };
}

function toHailReport(r: Record<string, string>): HailReport | null {
  const year = Number(r.yr);
  const month = Number(r.mo);
  const day = Number(r.dy);
  const lat = Number(r.slat);
  const lon = Number(r.slon);
  const sizeInches = Number(r.mag);
  if (!validDate(year, month, day) || !validPoint(lat, lon) || !Number.isFinite(sizeInches)) return null;
  return { year, month, day, utcHour: utcHour(r.time ?? '', r.tz ?? ''), lat, lon, sizeInches };
}

/** SPC ratings: empty (TidyTuesday) or −9 (raw files) mean unrated. */
function parseRating(text: string): number | null {
  if (text.trim() === '') return null;
  const m = Number(text);
  return Number.isInteger(m) && m >= 0 && m <= 5 ? m : null;
}

/** "HH:MM:SS" or "H:MM:SS" clock time in the given SPC zone → UTC hours (may exceed 24). */
function utcHour(time: string, tz: string): number {
  const [h, m] = time.split(':').map(Number);
  const clock = (Number.isFinite(h) ? h! : 0) + (Number.isFinite(m) ? m! : 0) / 60;
  return clock + (UTC_OFFSET_HOURS[tz.trim()] ?? UTC_OFFSET_HOURS.CST!);
}

function validDate(year: number, month: number, day: number): boolean {
  return Number.isInteger(year) && month >= 1 && month <= 12 && day >= 1 && day <= 31;
}

/** SPC writes 0 for a missing end point. */
function validPoint(lat: number, lon: number): boolean {
  return Number.isFinite(lat) && Number.isFinite(lon) && lat !== 0 && lon !== 0 && Math.abs(lat) <= 90 && Math.abs(lon) <= 180;
}

function nonNegative(x: number): number {
  return Number.isFinite(x) && x > 0 ? x : 0;
}
