import { cellCentre, cellIndex } from '../../engine/grid.js';
import { distanceKm, EARTH_RADIUS_KM, KM_PER_DEGREE, RADIANS_PER_DEGREE as RADIANS } from '../../geo/sphere.js';
import { CELLS, GRID } from '../toolkit/half-degree.js';
import { kernelSums } from '../toolkit/smoothing.js';
import { FLOOD } from './parameters.js';
import { SEVERITY_CLASSES, type FloodEvent } from './sources.js';

/**
 * How often each cell lies in the affected region of a DFO large flood. Each
 * event's region is approximated by a disc of its reported area around its
 * centroid (the archive gives no polygons); a cell is affected when its centre
 * lies in the disc, and the centroid's own cell always is. The annual rate per
 * severity class is the empirical-Bayes mean (N + k·m)/(T + k), with m the
 * regional rate (Gaussian-smoothed counts over land) and k prior years.
 */
export interface EventRates {
  /** SEVERITY_CLASSES.length × CELLS: affected-region events per year. */
  rates: Float64Array[];
  /** Raw counts per class and cell. */
  counts: Float64Array[];
}

/** Cells whose centre lies within the event's disc, plus the centroid's cell. */
export function affectedCells(event: FloodEvent): number[] {
  const radius = Math.sqrt(event.areaKm2 / Math.PI);
  const home = cellIndex(GRID, event.latitude, event.longitude);
  const cells = new Set<number>(home >= 0 ? [home] : []);
  const dLat = radius / (EARTH_RADIUS_KM * RADIANS);
  const south = Math.max(-90, event.latitude - dLat);
  const north = Math.min(90, event.latitude + dLat);
  const iFrom = Math.max(0, Math.floor((south - GRID.lat0) / GRID.dlat));
  const iTo = Math.min(GRID.nlat - 1, Math.floor((north - GRID.lat0) / GRID.dlat));
  for (let i = iFrom; i <= iTo; i++) {
    const lat = GRID.lat0 + (i + 0.5) * GRID.dlat;
    const cos = Math.cos(lat * RADIANS);
    const dLon = cos > 1e-6 ? Math.min(180, dLat / cos) : 180;
    const jSpan = Math.ceil(dLon / GRID.dlon) + 1;
    const jCentre = Math.floor((event.longitude - GRID.lon0) / GRID.dlon);
    for (let dj = -jSpan; dj <= jSpan; dj++) {
      const j = (((jCentre + dj) % GRID.nlon) + GRID.nlon) % GRID.nlon;
      const c = i * GRID.nlon + j;
      const centre = cellCentre(GRID, c);
      if (distanceKm(event.latitude, event.longitude, centre.latitude, centre.longitude) <= radius) cells.add(c);
    }
  }
  return [...cells].sort((a, b) => a - b);
}

export function eventRates(events: readonly FloodEvent[], years: number, land: Float64Array, priorYears: number, sigmaKm: number): EventRates {
  const counts = SEVERITY_CLASSES.map(() => new Float64Array(CELLS));
  for (const e of events) {
    const k = SEVERITY_CLASSES.indexOf(e.severity);
    for (const c of affectedCells(e)) counts[k]![c]! += 1;
  }
  const smoothLand = kernelSums(GRID, land, sigmaKm, FLOOD.kernelTruncateSigmas, KM_PER_DEGREE);
  const rates = counts.map((n) => {
    const smoothCounts = kernelSums(GRID, n.map((v, c) => v * land[c]!), sigmaKm, FLOOD.kernelTruncateSigmas, KM_PER_DEGREE);
    return n.map((v, c) => {
      const regional = smoothLand[c]! > 0 ? smoothCounts[c]! / smoothLand[c]! / years : 0;
      return (v + priorYears * regional) / (years + priorYears);
    });
  });
  return { rates, counts };
}
