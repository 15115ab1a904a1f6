import { cellCentre, globalGrid } from '../../engine/grid.js';
import { perilDef, thresholdScales } from '../../engine/perils.js';
import type { GridDef, RateTable } from '../../engine/table-spec.js';
import { checkTable } from '../../engine/table-spec.js';
import type { IntensityThreshold } from './exceedance-tables.js';
import { addFaultHazard, faultDistances, traceLengthKm } from './fault-hazard.js';
import type { FaultSource } from './fault-sources.js';
import { NEAR_FAULT_GRID } from './parameters.js';
import { forCellsWithin } from './smoothing.js';

/**
 * Near a fault the hazard changes over kilometres, and a 0.5° cell's curve,
 * computed at its centre, was up to 2× off at a city in the cell's corner
 * (bench/earthquake-site-resolution.ts: Istanbul, 15 km from the Marmara fault
 * and 50 km from its cell's centre). So the table is stored on the finer
 * NEAR_FAULT_GRID.step grid: a fine cell reads its 0.5° cell's row, except
 * within NEAR_FAULT_GRID.distanceKm of a fault's surface projection, where it
 * gets a row of its own, the 0.5° row with the fault sources' share moved from
 * the 0.5° centre to the fine cell's centre. The smoothed, zone and background
 * sources vary over tens of kilometres and stay at 0.5°; coverage is the 0.5°
 * coverage, cell for cell.
 */
export function refineNearFaults(
  coarse: RateTable,
  faultRatesOfRow: Float64Array,
  faults: readonly FaultSource[],
  thresholds: readonly IntensityThreshold[],
): RateTable {
  const k = thresholds.length;
  const grid = globalGrid(NEAR_FAULT_GRID.step);
  const factor = Math.round(coarse.grid.dlat / grid.dlat);
  if (factor * grid.dlat !== coarse.grid.dlat || grid.nlat !== coarse.grid.nlat * factor || grid.nlon !== coarse.grid.nlon * factor) {
    throw new Error(`Earthquake: the ${grid.dlat}° grid does not nest in the ${coarse.grid.dlat}° grid`);
  }
  const coarseRowOf = (cell: number): number => {
    const i = Math.floor(cell / grid.nlon);
    return coarse.cellRow[Math.floor(i / factor) * coarse.grid.nlon + Math.floor((cell - i * grid.nlon) / factor)]!;
  };
  const refined = nearFaultCells(grid, faults, coarseRowOf);
  const siteRow = new Int32Array(grid.nlat * grid.nlon).fill(-1);
  refined.forEach((cell, n) => (siteRow[cell] = n));
  const faultRatesHere = new Float64Array(refined.length * k);
  addFaultHazard(faults, thresholds, grid, siteRow, faultRatesHere);

  const rows = coarse.rows + refined.length;
  const rates = new Float64Array(rows * k);
  rates.set(coarse.rates);
  const seasonOfRow = new Uint16Array(rows);
  seasonOfRow.set(coarse.seasonOfRow);
  const diurnalOfRow = new Uint16Array(rows);
  diurnalOfRow.set(coarse.diurnalOfRow);
  const scales = thresholdScales(perilDef(coarse.peril));
  refined.forEach((cell, n) => {
    const coarseRow = coarseRowOf(cell);
    const from = coarseRow * k;
    const row = coarse.rows + n;
    const to = row * k;
    for (let j = 0; j < k; j++) rates[to + j] = Math.max(0, coarse.rates[from + j]! - faultRatesOfRow[from + j]! + faultRatesHere[n * k + j]!);
    // The two fault shares differ in rounding only where the rest of the curve is flat: keep each scale non-increasing.
    for (const run of scales) for (let r = 1; r < run.length; r++) rates[to + run[r]!] = Math.min(rates[to + run[r]!]!, rates[to + run[r - 1]!]!);
    seasonOfRow[row] = coarse.seasonOfRow[coarseRow]!;
    diurnalOfRow[row] = coarse.diurnalOfRow[coarseRow]!;
  });
  const cellRow = new Int32Array(grid.nlat * grid.nlon);
  for (let cell = 0; cell < cellRow.length; cell++) cellRow[cell] = siteRow[cell]! >= 0 ? coarse.rows + siteRow[cell]! : coarseRowOf(cell);
  const table: RateTable = {
    ...coarse,
    grid,
    cellRow,
    rows,
    rates,
    seasonOfRow,
    diurnalOfRow,
    meta: { ...coarse.meta, parameters: { ...coarse.meta.parameters, nearFaultGrid: { ...NEAR_FAULT_GRID, refinedCells: refined.length } } },
  };
  checkTable(table);
  return table;
}

/** Fine cells, in cell order, that lie in covered 0.5° cells within distanceKm of a fault's surface projection. */
function nearFaultCells(grid: GridDef, faults: readonly FaultSource[], coarseRowOf: (cell: number) => number): number[] {
  const near = new Set<number>();
  for (const fault of faults) {
    const [lat0, lon0] = fault.trace[Math.floor(fault.trace.length / 2)]!;
    // Every point of the surface projection lies within the trace's length plus the width of the mid vertex.
    forCellsWithin(grid, lat0, lon0, traceLengthKm(fault) + fault.widthKm + NEAR_FAULT_GRID.distanceKm, (cell) => {
      if (near.has(cell) || coarseRowOf(cell) < 0) return;
      const { latitude, longitude } = cellCentre(grid, cell);
      if (faultDistances(fault, latitude, longitude).rJbKm <= NEAR_FAULT_GRID.distanceKm) near.add(cell);
    });
  }
  return [...near].sort((a, b) => a - b);
}
