import { ENHANCED_FUJITA_MPH } from '../../engine/perils.js';
import type { GridDef } from '../../engine/table-spec.js';
import { depositSegment, smoothedDensity, smoothedMass } from './density.js';
import { cellOf } from './grid-geometry.js';
import { intensityFraction } from './intensity-fractions.js';
import { TORNADO } from './parameters.js';
import type { Occurrence } from './profiles.js';
import type { TornadoTrack } from './sources.js';
import { workGrid, type WorkGrid } from './work-grid.js';

/**
 * Point rates of tornado intensity EF_k or more: the smoothed area per km² per year
 * covered by winds of class ≥ k (Thom 1963: point probability = path area × frequency
 * / area). A tornado rated m contributes f(m, k) × length × width to every k ≤ m,
 * averaged over its class's period of record. EF0–EF2 use the 120 km kernel; EF3+
 * scale the EF2 rate by the regional (400 km) share of ≥ k intensity area.
 */
export interface TornadoModel {
  /** Per threshold k = 0…5: annual rate on each model-grid cell. */
  rates: Float64Array[];
  /** Tornadoes used, with weight = 1 / years of their class's period (for the profiles). */
  occurrences: Occurrence[];
  summary: TornadoSummary;
}

export interface TornadoSummary {
  tracksUsed: number;
  tracksByRating: number[];
  /** Median path width and length (km) per rating, used where SPC gave 0. */
  medianWidthKm: number[];
  medianLengthKm: number[];
  /** National ratio (path area of tornadoes rated ≥ k) / (area reaching ≥ k), per k. */
  ratedPathToIntensityArea: number[];
  /** Mean path area (km²) and length (km) of tornadoes rated ≥ k, per k (per-year weighted). */
  meanPathAreaKm2: number[];
  meanPathLengthKm: number[];
}

const CLASSES = ENHANCED_FUJITA_MPH.length;

export function firstYearOfClass(rating: number): number {
  return rating >= TORNADO.strongFromClass ? TORNADO.strongFirstYear : TORNADO.weakFirstYear;
}

export function yearsOfClass(rating: number): number {
  return TORNADO.lastYear - firstYearOfClass(rating) + 1;
}

export function tornadoModel(model: GridDef, tracks: readonly TornadoTrack[]): TornadoModel {
  const used = tracks
    .map((t) => ({ ...t, rating: t.rating ?? TORNADO.unratedClass }))
    // Alaska, Hawaii, Puerto Rico and Virgin Islands rows lie outside the CONUS model box.
    .filter((t) => t.year >= firstYearOfClass(t.rating) && t.year <= TORNADO.lastYear && cellOf(model, t.startLat, t.startLon) >= 0);
  const medianWidthKm = perRatingMedian(used, (t) => t.widthKm);
  const medianLengthKm = perRatingMedian(used, (t) => t.lengthKm);
  const area = used.map((t) => (t.lengthKm || medianLengthKm[t.rating]!) * (t.widthKm || medianWidthKm[t.rating]!));

  const work = workGrid(model, TORNADO.kernelSigmaKm);
  const masses = Array.from({ length: CLASSES }, (_, k) => {
    const mass = new Float64Array(work.grid.nlat * work.grid.nlon);
    used.forEach((t, n) => {
      const share = intensityFraction(t.rating, k);
      if (share === 0) return;
      const perYear = (share * area[n]!) / yearsOfClass(t.rating);
      depositSegment(work.grid, mass, { lat: t.startLat, lon: t.startLon }, { lat: t.endLat, lon: t.endLon }, perYear);
    });
    return mass;
  });
  const local = (k: number): Float64Array => smoothedDensity(work, masses[k]!, TORNADO.kernelSigmaKm);
  const anchor = TORNADO.tailFromClass - 1;
  const rates = masses.slice(0, TORNADO.tailFromClass).map((_, k) => local(k));
  const anchorRate = rates[anchor]!;
  const regionalAnchor = regionalIntensityArea(work, masses[anchor]!);
  for (let k = TORNADO.tailFromClass; k < CLASSES; k++) {
    const regional = regionalIntensityArea(work, masses[k]!);
    const national = total(masses[k]!) / total(masses[anchor]!);
    rates.push(anchorRate.map((rate, c) => rate * (regionalAnchor[c]! > 0 ? regional[c]! / regionalAnchor[c]! : national)));
  }

  const occurrences: Occurrence[] = used.map((t) => ({
    month: t.month,
    day: t.day,
    utcHour: t.utcHour,
    lat: t.startLat,
    lon: t.startLon,
    weight: 1 / yearsOfClass(t.rating),
  }));
  return { rates, occurrences, summary: summarise(used, area, medianWidthKm, medianLengthKm) };
}

/** ≥ k intensity area smoothed with the wide tail kernel (only its ratios are used). */
function regionalIntensityArea(work: WorkGrid, mass: Float64Array): Float64Array {
  return smoothedMass(work, mass, TORNADO.tailKernelSigmaKm);
}

function total(values: Float64Array): number {
  return values.reduce((a, b) => a + b, 0);
}

function summarise(used: readonly (TornadoTrack & { rating: number })[], area: readonly number[], medianWidthKm: number[], medianLengthKm: number[]): TornadoSummary {
  const tracksByRating = new Array<number>(CLASSES).fill(0);
  const ratedPathToIntensityArea: number[] = [];
  const meanPathAreaKm2: number[] = [];
  const meanPathLengthKm: number[] = [];
  for (const t of used) tracksByRating[t.rating]!++;
  for (let k = 0; k < CLASSES; k++) {
    let perYear = 0;
    let pathArea = 0;
    let intensityArea = 0;
    let length = 0;
    used.forEach((t, n) => {
      if (t.rating < k) return;
      const w = 1 / yearsOfClass(t.rating);
      perYear += w;
      pathArea += w * area[n]!;
      intensityArea += w * area[n]! * intensityFraction(t.rating, k);
      length += w * (t.lengthKm || medianLengthKm[t.rating]!);
    });
    ratedPathToIntensityArea.push(intensityArea > 0 ? pathArea / intensityArea : 0);
    meanPathAreaKm2.push(perYear > 0 ? pathArea / perYear : 0);
    meanPathLengthKm.push(perYear > 0 ? length / perYear : 0);
  }
  return { tracksUsed: used.length, tracksByRating, medianWidthKm, medianLengthKm, ratedPathToIntensityArea, meanPathAreaKm2, meanPathLengthKm };
}

/** Median of the positive values per rating (0 when a rating has none). */
function perRatingMedian(tracks: readonly (TornadoTrack & { rating: number })[], value: (t: TornadoTrack) => number): number[] {
  return Array.from({ length: CLASSES }, (_, m) => {
    const xs = tracks.filter((t) => t.rating === m && value(t) > 0).map(value).sort((a, b) => a - b);
    if (xs.length === 0) return 0;
    const mid = Math.floor(xs.length / 2);
    return xs.length % 2 ? xs[mid]! : (xs[mid - 1]! + xs[mid]!) / 2;
  });
}
