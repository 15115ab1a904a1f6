/**
 * What the table's cells cost near faults: the Earthquake table holds one
 * hazard curve per cell, its fault share computed at the cell's centre (0.125°
 * cells within NEAR_FAULT_GRID.distanceKm of a fault, 0.5° elsewhere:
 * near-fault-grid.ts), and a place reads its cell's curve. For each validation
 * place this prints the annual rate at its reference PGA as the table gives it,
 * and with the fault sources' share recomputed at the place's own coordinates
 * (the smoothed and zone sources vary over tens of kilometres and are left at
 * the cell's value), with the distance from the place to its cell's centre and
 * to the nearest fault trace.
 * Run: node --import tsx bench/earthquake-site-resolution.ts
 */
import path from 'node:path';
import { cellCentre, cellIndex, rowAt } from '../src/engine/grid.js';
import type { GridDef } from '../src/engine/table-spec.js';
import { distanceKm } from '../src/geo/sphere.js';
import { buildEarthquake } from '../src/models/earthquake/build.js';
import { earthquakeThresholds } from '../src/models/earthquake/exceedance-tables.js';
import { addFaultHazard, faultDistances } from '../src/models/earthquake/fault-hazard.js';
import { FAULT_SOURCES } from '../src/models/earthquake/fault-sources.js';
import { NATIONAL_CODE_PLACES, REFERENCE_PLACES, USGS_2018_SITES } from '../src/models/earthquake/places.js';
import { pgaCurveOf, rateOnCurve } from '../src/models/earthquake/validation.js';

const sourcesDir = process.env.HAZRISK_SOURCES ?? path.resolve('../shared/data');
const { table } = buildEarthquake(sourcesDir);
const thresholds = earthquakeThresholds();
const k = thresholds.length;

/** The fault sources' annual rates at every threshold at one point (a one-cell grid centred there). */
function faultRatesAt(latitude: number, longitude: number): Float64Array {
  const grid: GridDef = { lat0: latitude - 0.005, lon0: longitude - 0.005, dlat: 0.01, dlon: 0.01, nlat: 1, nlon: 1 };
  const rates = new Float64Array(k);
  addFaultHazard(FAULT_SOURCES, thresholds, grid, Int32Array.of(0), rates);
  return rates;
}

const places = [
  ...USGS_2018_SITES.map((s) => ({ name: s.site, latitude: s.latitude, longitude: s.longitude, pga: 0.2 })),
  ...[...REFERENCE_PLACES, ...NATIONAL_CODE_PLACES].flatMap((p) => (p.pga475 ? [{ name: p.place, latitude: p.latitude, longitude: p.longitude, pga: p.pga475 }] : [])),
];
console.log('| place | PGA (g) | to cell centre (km) | to nearest fault surface (km) | table rate (cell centre) | with faults at the place | ratio |');
console.log('|---|---|---|---|---|---|---|');
for (const p of places) {
  const row = rowAt(table, p.latitude, p.longitude);
  const centre = cellCentre(table.grid, cellIndex(table.grid, p.latitude, p.longitude));
  const tableRates = table.rates.subarray(row * k, (row + 1) * k);
  const [atCentre, atPlace] = [faultRatesAt(centre.latitude, centre.longitude), faultRatesAt(p.latitude, p.longitude)];
  const moved = Float64Array.from(tableRates, (r, j) => r - atCentre[j]! + atPlace[j]!);
  const nearest = Math.min(...FAULT_SOURCES.map((f) => faultDistances(f, p.latitude, p.longitude).rJbKm));
  const [before, after] = [rateOnCurve(pgaCurveOf(tableRates), p.pga) ?? Number.NaN, rateOnCurve(pgaCurveOf(moved), p.pga) ?? Number.NaN];
  console.log(
    `| ${p.name} | ${p.pga} | ${distanceKm(p.latitude, p.longitude, centre.latitude, centre.longitude).toFixed(0)} | ${nearest.toFixed(0)} | ` +
      `${before.toExponential(2)} | ${after.toExponential(2)} | ${(after / before).toFixed(2)} |`,
  );
}
