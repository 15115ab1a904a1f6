import { cellCentre } from '../../engine/grid.js';
import type { GridDef } from '../../engine/table-spec.js';
import { distanceKm, KM_PER_DEGREE, longitudeDelta, RADIANS_PER_DEGREE } from '../../geo/sphere.js';
import { exceedance, type IntensityThreshold } from './exceedance-tables.js';
import type { FaultSource } from './fault-sources.js';
import { GMPE_BRANCHES } from './gmpe/index.js';
import { FAULT_ZONE, INTEGRATION } from './parameters.js';
import { forCellsWithin } from './smoothing.js';

/**
 * Hazard from the characteristic fault and megathrust sources: each rupture
 * is the planar surface under its trace (dip, top depth, down-dip width), so
 * every site gets its own Joyner–Boore and rupture distance, and its regime's
 * ground-motion model gives P(IM ≥ x) per event; rates add to the table rows.
 */
export interface FaultDistances {
  rJbKm: number;
  rRupKm: number;
  /** R_X: off the nearest segment's top-edge trace, perpendicular to it, positive on the down-dip (hanging-wall) side. */
  rxKm: number;
  /** R_y0: along that segment's strike, the distance beyond its ends (0 beside it). */
  ry0Km: number;
}

/**
 * Distances from a site to the fault surface, on a local flat projection about
 * the site (accurate to ~1 % within the few hundred km that matter). For each
 * trace segment: `along` the strike, `across` it (positive on the down-dip side,
 * the right of the trace's direction); the surface projection is the strip
 * 0 ≤ across ≤ W cos δ, and the rupture plane descends from the top depth.
 */
export function faultDistances(fault: FaultSource, latitude: number, longitude: number): FaultDistances {
  // Δλ·K·cos in this order (not Δλ · kmPerDegreeLongitude): the other association changes the table's last bits.
  const cos = Math.cos(latitude * RADIANS_PER_DEGREE);
  const xy = (p: readonly [number, number]): [number, number] => [longitudeDelta(longitude, p[1]) * KM_PER_DEGREE * cos, (p[0] - latitude) * KM_PER_DEGREE];
  const dip = fault.dipDeg * RADIANS_PER_DEGREE;
  const horizontal = fault.dipDeg >= 90 ? 0 : fault.widthKm * Math.cos(dip);
  const bottom = fault.topKm + fault.widthKm * Math.sin(dip);
  let rJbKm = Infinity;
  let rRupKm = Infinity;
  let rxKm = 0;
  let ry0Km = 0;
  for (let s = 0; s + 1 < fault.trace.length; s++) {
    const [x1, y1] = xy(fault.trace[s]!);
    const [x2, y2] = xy(fault.trace[s + 1]!);
    const length = Math.hypot(x2 - x1, y2 - y1);
    const [sx, sy] = [(x2 - x1) / length, (y2 - y1) / length];
    // The site is at the origin: its coordinates relative to the segment's start.
    const along = -x1 * sx - y1 * sy;
    const across = -x1 * sy + y1 * sx;
    const beyondEnd = Math.max(0, -along, along - length);
    const off = across < 0 ? -across : across > horizontal ? across - horizontal : 0;
    const segmentRupKm = Math.hypot(beyondEnd, planeDistance(across, horizontal, fault.topKm, bottom));
    rJbKm = Math.min(rJbKm, Math.hypot(beyondEnd, off));
    if (segmentRupKm < rRupKm) [rRupKm, rxKm, ry0Km] = [segmentRupKm, across, beyondEnd];
  }
  return { rJbKm, rRupKm, rxKm, ry0Km };
}

/** Distance, in the vertical plane across strike, from the surface point at `across` to the fault's cross-section (a segment from (0, top) to (horizontal, bottom)). */
function planeDistance(across: number, horizontal: number, top: number, bottom: number): number {
  const [dx, dz] = [horizontal, bottom - top];
  const t = Math.max(0, Math.min(1, (across * dx - top * dz) / (dx * dx + dz * dz)));
  return Math.hypot(across - t * dx, top + t * dz);
}

/** Length of a fault's trace along its vertices (km). */
export function traceLengthKm(fault: FaultSource): number {
  let span = 0;
  for (let s = 0; s + 1 < fault.trace.length; s++) span += distanceKm(...fault.trace[s]!, ...fault.trace[s + 1]!);
  return span;
}

/** Epicentral reach of a fault: sites farther than this from every trace vertex get nothing from it. */
export function reachKm(fault: FaultSource): number {
  return INTEGRATION.maxRuptureKm + traceLengthKm(fault) + fault.widthKm;
}

/**
 * P(IM ≥ x_j) of a fault's characteristic rupture at one point, over its regime's ground-motion branches, into
 * `out` (zeroed first); returns its R_rup, or null where the rupture is beyond INTEGRATION.maxRuptureKm (out untouched).
 */
export function faultExceedanceAt(fault: FaultSource, thresholds: readonly IntensityThreshold[], latitude: number, longitude: number, out: Float64Array): number | null {
  const { rJbKm, rRupKm, rxKm, ry0Km } = faultDistances(fault, latitude, longitude);
  if (rRupKm > INTEGRATION.maxRuptureKm) return null;
  const hypocentreDepthKm = (fault.topKm + fault.topKm + fault.widthKm * Math.sin(fault.dipDeg * RADIANS_PER_DEGREE)) / 2;
  out.fill(0);
  for (const { model, weight } of GMPE_BRANCHES[fault.regime]) exceedance(thresholds, model.lnPga({ magnitude: fault.magnitude, rRupKm, rJbKm, rxKm, ry0Km, ztorKm: fault.topKm, dipDeg: fault.dipDeg, mechanism: fault.mechanism, widthKm: fault.widthKm, hypocentreDepthKm }), out, weight);
  return rRupKm;
}

/** Adds each fault's annual exceedance rates to the sites' rows (rows × K). */
export function addFaultHazard(faults: readonly FaultSource[], thresholds: readonly IntensityThreshold[], grid: GridDef, siteRow: Int32Array, rates: Float64Array): void {
  const k = thresholds.length;
  const out = new Float64Array(k);
  for (const fault of faults) {
    const [lat0, lon0] = fault.trace[Math.floor(fault.trace.length / 2)]!;
    forCellsWithin(grid, lat0, lon0, reachKm(fault), (site) => {
      const row = siteRow[site]!;
      if (row < 0) return;
      const { latitude, longitude } = cellCentre(grid, site);
      if (faultExceedanceAt(fault, thresholds, latitude, longitude, out) === null) return;
      for (let j = 0; j < k; j++) rates[row * k + j]! += out[j]! / fault.recurrenceYears;
    });
  }
}

/**
 * Where a fault carries the large earthquakes, the smoothed seismicity of its
 * layer stops below them (the USGS practice of capping gridded-seismicity Mmax
 * near modelled faults, Petersen et al. 2008): per layer, cell → the Mmax cap
 * for cells whose centre lies within FAULT_ZONE.distanceKm of a fault's surface.
 */
export function faultMmaxCaps(faults: readonly FaultSource[], grid: GridDef, layerOf: (fault: FaultSource) => number): Map<number, number>[] {
  const caps: Map<number, number>[] = [];
  for (const fault of faults) {
    const layer = layerOf(fault);
    const cap = (caps[layer] ??= new Map());
    const [lat0, lon0] = fault.trace[Math.floor(fault.trace.length / 2)]!;
    forCellsWithin(grid, lat0, lon0, reachKm(fault), (cell) => {
      const { latitude, longitude } = cellCentre(grid, cell);
      if (faultDistances(fault, latitude, longitude).rJbKm > FAULT_ZONE.distanceKm) return;
      cap.set(cell, Math.min(cap.get(cell) ?? Infinity, fault.magnitude - FAULT_ZONE.belowCharacteristic));
    });
  }
  return caps;
}
