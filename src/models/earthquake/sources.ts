/**
 * The earthquake catalogues: ISC-GEM v2 (the homogeneous-Mw reference to 2012)
 * and the two USGS ComCat exports, read into one record shape with magnitudes
 * on the moment-magnitude scale. Merging them is merge.ts.
 */
import { readCsvRecords, sourceFile } from '../../catalogues/files.js';
import { CATALOGUES } from '../../catalogues/registry.js';
import { readGeoJsonPaths } from '../toolkit/geojson.js';
import { MAGNITUDE_CONVERSION } from './parameters.js';

/** One earthquake of the merged catalogue, magnitude on the moment-magnitude scale. */
export interface Quake {
  /** Origin time, ms since 1970 (UTC). */
  timeMs: number;
  latitude: number;
  longitude: number;
  depthKm: number;
  mw: number;
  source: 'isc-gem' | 'comcat';
}

/** ISC-GEM v2 main and supplementary rows that carry an Mw. */
export function readIscGem(sourcesDir: string): Quake[] {
  const file = sourceFile(sourcesDir, CATALOGUES.iscGem.folder, CATALOGUES.iscGem.file);
  const quakes: Quake[] = [];
  for (const r of readCsvRecords(file)) {
    const quake = {
      timeMs: Date.parse(r.time_utc ?? ''),
      latitude: Number(r.lat),
      longitude: Number(r.lon),
      depthKm: depthOrDefault(r.depth_km),
      mw: r.mw ? Number(r.mw) : Number.NaN,
      source: 'isc-gem' as const,
    };
    if (isValid(quake)) quakes.push(quake);
  }
  return quakes;
}

/** Both ComCat exports (earthquakes only), magnitudes converted to Mw. */
export function readComcat(sourcesDir: string): Quake[] {
  const quakes: Quake[] = [];
  for (const { folder, file } of [CATALOGUES.comcatM5, CATALOGUES.comcatM6]) {
    for (const r of readCsvRecords(sourceFile(sourcesDir, folder, file))) {
      if (r.type !== 'earthquake') continue;
      const quake = {
        timeMs: Date.parse(r.time ?? ''),
        latitude: Number(r.latitude),
        longitude: Number(r.longitude),
        depthKm: depthOrDefault(r.depth),
        mw: toMw(Number(r.mag), r.magType ?? ''),
        source: 'comcat' as const,
      };
      if (isValid(quake)) quakes.push(quake);
    }
  }
  return quakes;
}

/**
 * Mw from a ComCat magnitude: Mw-family types as they are; mb and Ms by the
 * global regressions of Scordilis (2006); the few local types (ml, md, …) are
 * taken as Mw, stated as an assumption.
 */
export function toMw(mag: number, magType: string): number {
  const type = magType.toLowerCase();
  if (type.startsWith('mw')) return mag;
  if (type === 'mb') return MAGNITUDE_CONVERSION.mb.slope * mag + MAGNITUDE_CONVERSION.mb.intercept;
  if (type.startsWith('ms')) {
    const c = mag <= MAGNITUDE_CONVERSION.msLow.upTo ? MAGNITUDE_CONVERSION.msLow : MAGNITUDE_CONVERSION.msHigh;
    return c.slope * mag + c.intercept;
  }
  return mag;
}

/** Catalogues use 0 or blank for unknown depths; both are kept as shallow (0 km). */
function depthOrDefault(text: string | undefined): number {
  const depth = Number(text);
  return text && Number.isFinite(depth) && depth > 0 ? depth : 0;
}

function isValid(q: Quake): boolean {
  return Number.isFinite(q.timeMs) && Math.abs(q.latitude) <= 90 && Math.abs(q.longitude) <= 180 && Number.isFinite(q.mw);
}

/** One PB2002 boundary step (Bird 2003): its end points and class (SUB, CCB, CTF, CRB, OSR, OTF, OCB). */
export interface BoundaryStep {
  startLatitude: number;
  startLongitude: number;
  endLatitude: number;
  endLongitude: number;
  stepClass: string;
}

export function readBoundarySteps(sourcesDir: string): BoundaryStep[] {
  return readPlateSteps(sourcesDir);
}

/** A PB2002 step with its length and the relative plate velocity's components (Bird 2003), for moment-rate budgets. */
export interface PlateStep extends BoundaryStep {
  lengthKm: number;
  /** Convergence rate across the step (mm/yr; the negative of PB2002's divergent component, 0 where it diverges). */
  convergenceMmYr: number;
  /** Strike-slip rate along the step (mm/yr, magnitude of the right-lateral component). */
  strikeSlipMmYr: number;
}

export function readPlateSteps(sourcesDir: string): PlateStep[] {
  const file = sourceFile(sourcesDir, CATALOGUES.pb2002.folder, CATALOGUES.pb2002.steps);
  return readCsvRecords(file).map((r) => ({
    startLatitude: Number(r.StartLat),
    startLongitude: Number(r.StartLong),
    endLatitude: Number(r.FinalLat),
    endLongitude: Number(r.FinalLong),
    stepClass: (r.StepClass ?? '').trim(),
    lengthKm: Number(r['StepLength(km)']),
    convergenceMmYr: Math.max(0, -Number(r.VelocityDivergent)),
    strikeSlipMmYr: Math.abs(Number(r.VelocityRightLateral)),
  }));
}

/** The PB2002 orogens (broad deforming zones) as rings of [lon, lat]. */
export function readOrogens(sourcesDir: string): [number, number][][] {
  return readGeoJsonPaths(sourcesDir, CATALOGUES.pb2002.folder, CATALOGUES.pb2002.orogens);
}
