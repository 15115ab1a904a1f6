import { parseIsoDate, seasonSlot } from '../../engine/calendar.js';
import { readCruVariable } from '../../catalogues/cru.js';
import { readCsvTable, sourceFile } from '../../catalogues/files.js';
import { CATALOGUES } from '../../catalogues/registry.js';
import { readGeoJsonFeatures } from '../toolkit/geojson.js';
import type { CruNormals } from './climate-indices.js';

/**
 * The Wildfire model's catalogue readers: the located fire records (CAL FIRE
 * incidents as points; the ICNF register of mainland Portugal, points in 2014
 * and municipality names before), the CAL FIRE FRAP attribute table (no
 * locations) for California's long statewide record, the CRU normals of the
 * climate model, and the two check data sets (FIRMS detections, FRAP
 * perimeters). Areas are converted to hectares.
 */
export const HA_PER_ACRE = 0.404686;

/** Incident types that are vegetation fires ('' = older records, all wildfires). */
const FIRE_TYPES = new Set(['', 'Wildfire', 'Fire']);
/** 2014 ICNF record types that are fires (false alarms and debris burns, `Queimada`, are not). */
const PORTUGAL_FIRE_RECORDS = new Set(['', 'Florestal', 'Agrícola']);
/** Longitude used for solar time when a Portuguese record has no point (the country spans 6.2–9.5°W). */
const PORTUGAL_REFERENCE_LONGITUDE = -8;

export interface FireRecord {
  year: number;
  /** Start date: epoch day and slot of the 366-slot calendar. */
  day: number;
  slot: number;
  /** Start hour in local solar time (0–23), or -1 when unknown. */
  solarHour: number;
  areaHa: number;
  /** Ignition point; NaN when the record has only a place name. */
  latitude: number;
  longitude: number;
}

/** A CAL FIRE incident: a located fire and the unit that reported it. */
export interface Incident extends FireRecord {
  /** Reporting unit as the incident list names it ("CAL FIRE Riverside Unit"). */
  unit: string;
}

export interface PortugalFire extends FireRecord {
  municipality: string;
  district: string;
}

export interface DatedArea {
  year: number;
  /** Alarm date slot, or -1 when the record has no date. */
  slot: number;
  areaHa: number;
  /** Reporting unit as FRAP names it ("Riverside CAL FIRE"). */
  unit: string;
}

/** Clock hour → local solar hour given the clock's offset from UTC and the longitude. */
function solarHour(clockHour: number, utcOffsetHours: number, longitude: number): number {
  const solar = clockHour - utcOffsetHours + longitude / 15;
  return ((Math.floor(solar) % 24) + 24) % 24;
}

/** Summer time approximated as April–October in both regions (±1 h error at the edges). */
function isSummerTime(month: number): boolean {
  return month >= 4 && month <= 10;
}

/**
 * CAL FIRE incidents with usable points. The `started` stamps are marked Z but are
 * Pacific clock time: their hour histogram peaks at 14 h, which as UTC would put
 * the ignition peak at 06–07 h local (see docs/models/wildfire.md).
 */
export function readCalfireIncidents(sourcesDir: string): Incident[] {
  const t = readCsvTable(sourceFile(sourcesDir, CATALOGUES.calfireIncidents.folder, CATALOGUES.calfireIncidents.file));
  const [type, started, acres, lat, lon, inCa, url, unit] = ['type', 'started', 'acres_burned', 'latitude', 'longitude', 'coords_in_ca', 'url', 'admin_unit'].map(t.column) as [number, number, number, number, number, number, number, number];
  const out: Incident[] = [];
  for (const r of t.rows) {
    if (!FIRE_TYPES.has(r[type] ?? '-') || r[inCa] !== '1') continue;
    const areaHa = Number(r[acres]) * HA_PER_ACRE;
    const latitude = Number(r[lat]);
    const longitude = Number(r[lon]);
    if (!(areaHa > 0) || !Number.isFinite(latitude) || !Number.isFinite(longitude)) continue;
    let stamp = r[started] ?? '';
    let hour = Number(stamp.slice(11, 13));
    if (stamp.startsWith('1969')) {
      // Epoch bug in the source: the real date is in the incident URL, the hour is lost.
      const m = /\/incidents\/(\d{4})\/(\d{1,2})\/(\d{1,2})\//.exec(r[url] ?? '');
      if (!m) continue;
      stamp = `${m[1]}-${m[2]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}`;
      hour = NaN;
    }
    const day = parseIsoDate(stamp.slice(0, 10));
    if (day === null) continue;
    const month = Number(stamp.slice(5, 7));
    const offset = isSummerTime(month) ? -7 : -8;
    out.push({
      year: Number(stamp.slice(0, 4)),
      day,
      slot: seasonSlot(day),
      solarHour: Number.isFinite(hour) ? solarHour(hour, offset, longitude) : -1,
      areaHa,
      latitude,
      longitude,
      unit: r[unit] ?? '',
    });
  }
  return out;
}

/** FRAP fires (≥ 100 acres): year, alarm date, mapped area (reported area when unmapped) and reporting unit. */
export function readFrapFires(sourcesDir: string): DatedArea[] {
  const t = readCsvTable(sourceFile(sourcesDir, CATALOGUES.calfireFrap.folder, CATALOGUES.calfireFrap.file));
  const [year, alarm, gis, reported, unit] = ['year', 'alarm_date', 'gis_acres', 'report_acres', 'unit_id'].map(t.column) as [number, number, number, number, number];
  const out: DatedArea[] = [];
  for (const r of t.rows) {
    const y = Number(r[year]);
    const acres = Number(r[gis]) > 0 ? Number(r[gis]) : Number(r[reported]);
    if (!Number.isInteger(y) || !(y > 0) || !(acres > 0)) continue;
    const day = parseIsoDate(r[alarm] ?? '');
    out.push({ year: y, slot: day === null ? -1 : seasonSlot(day), areaHa: acres * HA_PER_ACRE, unit: r[unit] ?? '' });
  }
  return out;
}

/** Portugal's legal time: WET (UTC+0) except CET (UTC+1) in 1992–1996; +1 h in summer. */
function portugalUtcOffset(year: number, month: number): number {
  return (year >= 1992 && year <= 1996 ? 1 : 0) + (isSummerTime(month) ? 1 : 0);
}

/** Every ICNF fire with a burnt area and a start date; points only where the register has them (2014). */
export function readPortugalFires(sourcesDir: string): PortugalFire[] {
  const t = readCsvTable(sourceFile(sourcesDir, CATALOGUES.portugalIcnf.folder, CATALOGUES.portugalIcnf.file));
  const cols = ['year', 'district', 'municipality', 'start_date', 'start_time', 'area_total_ha', 'record_type', 'lat', 'lon'].map(t.column);
  const [year, district, municipality, date, time, area, kind, lat, lon] = cols as [number, number, number, number, number, number, number, number, number];
  const out: PortugalFire[] = [];
  for (const r of t.rows) {
    if (!PORTUGAL_FIRE_RECORDS.has(r[kind] ?? '-')) continue;
    const areaHa = Number(r[area]);
    const day = parseIsoDate(r[date] ?? '');
    if (!(areaHa > 0) || day === null) continue;
    const y = Number(r[year]);
    const month = Number((r[date] ?? '').slice(5, 7));
    const latitude = r[lat] ? Number(r[lat]) : NaN;
    const longitude = r[lon] ? Number(r[lon]) : NaN;
    const clock = /^(\d{1,2}):/.exec(r[time] ?? '');
    // The register writes midnight as 24:MM in a few rows.
    const hour = clock ? Number(clock[1]) % 24 : NaN;
    const solarLongitude = Number.isFinite(longitude) ? longitude : PORTUGAL_REFERENCE_LONGITUDE;
    out.push({
      year: y,
      day,
      slot: seasonSlot(day),
      solarHour: Number.isFinite(hour) ? solarHour(hour, portugalUtcOffset(y, month), solarLongitude) : -1,
      areaHa,
      latitude,
      longitude,
      municipality: r[municipality] ?? '',
      district: r[district] ?? '',
    });
  }
  return out;
}

/** The CRU CL 1.0 normals the climate model uses (CRU_GRID = the 0.5° grid). */
export function readCruNormals(sourcesDir: string): CruNormals {
  const read = (variable: 'pre' | 'tmp' | 'tmx' | 'tmn'): Float64Array => readCruVariable(sourcesDir, variable).values;
  return { pre: read('pre'), tmp: read('tmp'), tmx: read('tmx'), tmn: read('tmn') };
}

/** A NASA FIRMS MODIS detection (Australia, 2019): position, confidence (%) and type ('0' = presumed vegetation fire). */
export interface FirmsDetection {
  latitude: number;
  longitude: number;
  confidence: number;
  type: string;
}

export function readFirmsDetections(sourcesDir: string): FirmsDetection[] {
  const t = readCsvTable(sourceFile(sourcesDir, CATALOGUES.firmsAustralia.folder, CATALOGUES.firmsAustralia.file));
  const [lat, lon, confidence, type] = ['latitude', 'longitude', 'confidence', 'type'].map(t.column) as [number, number, number, number];
  return t.rows.map((r) => ({ latitude: Number(r[lat]), longitude: Number(r[lon]), confidence: Number(r[confidence]), type: r[type] ?? '' }));
}

/** CAL FIRE FRAP perimeters (fires ≥ 5,000 ac, 2010–2019): the rings of each fire as [lon, lat] vertices. */
export function readFrapPerimeters(sourcesDir: string): Array<Array<Array<[number, number]>>> {
  return readGeoJsonFeatures(sourcesDir, CATALOGUES.perimetersFrap.folder, CATALOGUES.perimetersFrap.file);
}
