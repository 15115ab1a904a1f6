import { cellCentre, cellIndex, globalGrid } from '../../engine/grid.js';
import { distanceKm } from '../../geo/sphere.js';
import { binShares, cutoffKm, type ExceedanceTables } from '../../models/earthquake/exceedance-tables.js';
import { faultDistances, faultExceedanceAt, reachKm } from '../../models/earthquake/fault-hazard.js';
import { ownCellDistancesKm, rateAboveMinimum } from '../../models/earthquake/hazard.js';
import { INTEGRATION, LAYERS, NEAR_FAULT_GRID, RECURRENCE } from '../../models/earthquake/parameters.js';
import { forCellsWithin } from '../../models/earthquake/smoothing.js';
import { cellAreaKm2 } from '../../models/toolkit/half-degree.js';
import type { EarthquakeSiteModel, Zone } from './site-model.js';

/**
 * The earthquake table's rate at one site and threshold, source by source and
 * magnitude bin by bin: the sums of hazard.ts integrateHazard, fault-hazard.ts
 * addFaultHazard and area-sources.ts addAreaHazard restricted to the site's
 * cell, at the points the table's row was computed at (near-fault-grid.ts):
 * smoothed and zone sources at the 0.5° cell's centre, fault sources at the
 * 0.125° cell's centre where that cell is refined, else at the 0.5° centre.
 */
export interface Contribution {
  source: SourceId;
  magnitude: number;
  /** Epicentral distance for smoothed and zone sources (their tables' index), R_rup for faults. */
  distanceKm: number;
  rate: number;
}

export type SourceId = { type: 'smoothed'; layer: number } | { type: 'fault'; fault: number } | { type: 'area'; zone: number };

const FINE_GRID = globalGrid(NEAR_FAULT_GRID.step);

export function contributions(site: EarthquakeSiteModel, latitude: number, longitude: number, j: number): Contribution[] {
  const out: Contribution[] = [];
  const cell = cellIndex(site.grid, latitude, longitude);
  if (cell < 0) return out;
  const centre = cellCentre(site.grid, cell);
  smoothed(site, cell, centre, j, out);
  site.zones.forEach((zone, z) => zoneContributions(site, zone, z, cell, centre, j, out));
  faults(site, faultPoint(site, latitude, longitude, centre), j, out);
  return out;
}

/** Where the table's fault share was computed: the fine cell's centre if it lies within NEAR_FAULT_GRID.distanceKm of a fault. */
function faultPoint(site: EarthquakeSiteModel, latitude: number, longitude: number, coarse: { latitude: number; longitude: number }): { latitude: number; longitude: number } {
  const fine = cellCentre(FINE_GRID, cellIndex(FINE_GRID, latitude, longitude));
  const refined = site.faults.some((f) => faultDistances(f, fine.latitude, fine.longitude).rJbKm <= NEAR_FAULT_GRID.distanceKm);
  return refined ? fine : coarse;
}

/** Interpolated P(IM ≥ x_j) of one bin's table at `km` (integrateHazard's `add`, per bin). */
function binExceedance(tables: ExceedanceTables, layer: number, bin: number, km: number, j: number): number {
  const k = tables.thresholds.length;
  const nodes = tables.nodes[layer]!;
  const x = km / tables.stepKm;
  const node = Math.min(Math.floor(x), nodes - 2);
  const frac = x - node;
  const table = tables.byLayer[layer]!;
  const a = (bin * nodes + node) * k + j;
  return table[a]! + frac * (table[a + k]! - table[a]!);
}

/** Distances standing for a source at `km` from the site: its own cell's rings, else the one distance. */
function spread(source: number, site: number, km: number): { km: number; weight: number }[] {
  if (source !== site) return [{ km, weight: 1 }];
  const rings = ownCellDistancesKm(source);
  return rings.map((r) => ({ km: r, weight: 1 / rings.length }));
}

function smoothed(site: EarthquakeSiteModel, cell: number, centre: { latitude: number; longitude: number }, j: number, out: Contribution[]): void {
  const { model, tables } = site;
  const widest = Math.max(...LAYERS.map((_, l) => cutoffKm(LAYERS[l]!.mmaxCeiling, l)));
  forCellsWithin(model.grid, centre.latitude, centre.longitude, widest, (source) => {
    const from = cellCentre(model.grid, source);
    // The integration measures from the source to the site: the same argument order, the same last bits.
    const km = distanceKm(from.latitude, from.longitude, centre.latitude, centre.longitude);
    for (let layer = 0; layer < LAYERS.length; layer++) {
      const mmax = model.mmaxByLayer[layer]![source]!;
      const nu = rateAboveMinimum(model.rateByLayer[layer]![source]!, mmax, model.bByLayer[layer]);
      if (!(nu >= INTEGRATION.minSourceRate) || km > cutoffKm(mmax, layer)) continue;
      const shares = binShares(tables.bins, mmax, model.bByLayer[layer]);
      for (const { km: r, weight } of spread(source, cell, km)) {
        shares.forEach((share, bin) => {
          if (share > 0) out.push({ source: { type: 'smoothed', layer }, magnitude: tables.bins[bin]!, distanceKm: r, rate: weight * nu * share * binExceedance(tables, layer, bin, r, j) });
        });
      }
    }
  });
}

function zoneContributions({ grid, tables }: EarthquakeSiteModel, zone: Zone, z: number, cell: number, centre: { latitude: number; longitude: number }, j: number, out: Contribution[]): void {
  const { source } = zone;
  const layer = LAYERS.findIndex((l) => l.name === source.layer);
  const half = RECURRENCE.binWidth / 2;
  const norm = 1 - 10 ** (-source.b * (source.mmax - source.mLow));
  const cutoff = cutoffKm(source.mmax, layer);
  for (const from of zone.cells) {
    const at = cellCentre(grid, from);
    const km = distanceKm(at.latitude, at.longitude, centre.latitude, centre.longitude);
    if (km > cutoff) continue;
    const nu = (source.rate * cellAreaKm2(from)) / zone.areaKm2;
    for (const { km: r, weight } of spread(from, cell, km)) {
      tables.bins.forEach((m, bin) => {
        const [lo, hi] = [m - half, m + half];
        if (lo < source.mLow - 1e-9 || hi > source.mmax + 1e-9) return;
        const share = (10 ** (-source.b * (lo - source.mLow)) - 10 ** (-source.b * (hi - source.mLow))) / norm;
        out.push({ source: { type: 'area', zone: z }, magnitude: m, distanceKm: r, rate: weight * nu * share * binExceedance(tables, layer, bin, r, j) });
      });
    }
  }
}

function faults(site: EarthquakeSiteModel, at: { latitude: number; longitude: number }, j: number, out: Contribution[]): void {
  const threshold = [site.tables.thresholds[j]!];
  const p = new Float64Array(1);
  site.faults.forEach((fault, f) => {
    const [lat0, lon0] = fault.trace[Math.floor(fault.trace.length / 2)]!;
    if (distanceKm(lat0, lon0, at.latitude, at.longitude) > reachKm(fault)) return;
    const rRupKm = faultExceedanceAt(fault, threshold, at.latitude, at.longitude, p);
    if (rRupKm !== null && p[0]! > 0) out.push({ source: { type: 'fault', fault: f }, magnitude: fault.magnitude, distanceKm: rRupKm, rate: p[0]! / fault.recurrenceYears });
  });
}
