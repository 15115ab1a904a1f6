/**
 * The near-fault grid against a hand-built 0.5° table: coverage is kept cell
 * for cell, fine cells far from the fault share their 0.5° row, and a fine
 * cell near it reads the rest of its 0.5° curve plus the fault's rates at its
 * own centre, recomputed here on a one-point grid.
 */
import assert from 'node:assert/strict';
import { describe, it } from '../../helpers/harness.js';
import { cellCentre, cellIndex, globalGrid, rowAt } from '../../../src/engine/grid.js';
import type { RateTable } from '../../../src/engine/table-spec.js';
import { earthquakeThresholds } from '../../../src/models/earthquake/exceedance-tables.js';
import { addFaultHazard, faultDistances } from '../../../src/models/earthquake/fault-hazard.js';
import type { FaultSource } from '../../../src/models/earthquake/fault-sources.js';
import { refineNearFaults } from '../../../src/models/earthquake/near-fault-grid.js';
import { NEAR_FAULT_GRID } from '../../../src/models/earthquake/parameters.js';

const thresholds = earthquakeThresholds();
const k = thresholds.length;
const coarseGrid = globalGrid(0.5);
const fault: FaultSource = {
  name: 'test fault', regime: 'active', trace: [[10.05, 20.02], [10.45, 20.02]], dipDeg: 90, mechanism: 'strike-slip', topKm: 0, widthKm: 15,
  magnitude: 7.0, recurrenceYears: 300, citation: 'a fault made up for this test',
};
/** A background curve the fault adds to: 10⁻² per year at the lowest threshold, falling by 10 % a step. */
const background = Float64Array.from({ length: k }, (_, j) => 1e-2 * 0.9 ** j);

/** The fault's rates at one point, on a one-cell grid centred there. */
function faultAt(latitude: number, longitude: number): Float64Array {
  const out = new Float64Array(k);
  addFaultHazard([fault], thresholds, { lat0: latitude - 0.005, lon0: longitude - 0.005, dlat: 0.01, dlon: 0.01, nlat: 1, nlon: 1 }, Int32Array.of(0), out);
  return out;
}

/** A 0.5° table covering 9 × 9 cells about the fault (rows in cell order), and its fault share per row. */
function coarseTable(): { table: RateTable; faultRates: Float64Array } {
  const cellRow = new Int32Array(coarseGrid.nlat * coarseGrid.nlon).fill(-1);
  const covered: number[] = [];
  for (let di = -4; di <= 4; di++) for (let dj = -4; dj <= 4; dj++) covered.push(cellIndex(coarseGrid, 10.25 + di * 0.5, 20.25 + dj * 0.5));
  covered.sort((a, b) => a - b).forEach((cell, row) => (cellRow[cell] = row));
  const faultRates = new Float64Array(covered.length * k);
  addFaultHazard([fault], thresholds, coarseGrid, cellRow, faultRates);
  const rates = new Float64Array(covered.length * k);
  for (let row = 0; row < covered.length; row++) for (let j = 0; j < k; j++) rates[row * k + j] = background[j]! + faultRates[row * k + j]!;
  const table: RateTable = {
    type: 'rate', peril: 'Earthquake', grid: coarseGrid, cellRow, rows: covered.length, rates,
    seasonOfRow: new Uint16Array(covered.length), seasonWeights: new Float64Array(366).fill(1),
    diurnalOfRow: new Uint16Array(covered.length), diurnalShares: new Float64Array(24).fill(1),
    meta: { method: 'docs/models/earthquake.md', sources: [], parameters: {} },
  };
  return { table, faultRates };
}

describe('near-fault grid', () => {
  const { table: coarse, faultRates } = coarseTable();
  const fine = refineNearFaults(coarse, faultRates, [fault], thresholds);

  it('keeps the 0.5° coverage cell for cell on the finer grid', () => {
    assert.equal(fine.grid.dlat, NEAR_FAULT_GRID.step);
    for (const [lat, lon] of [[10.3, 20.2], [8.1, 18.1], [12.4, 22.4], [7.9, 20.2], [10.2, 22.6]] as const) {
      assert.equal(rowAt(fine, lat, lon) >= 0, rowAt(coarse, lat, lon) >= 0, `${lat}, ${lon}`);
    }
    assert.equal(rowAt(fine, 7.9, 20.2), -1);
  });

  it('gives fine cells beyond the refinement distance their 0.5° row, unchanged', () => {
    const [lat, lon] = [8.06, 18.06];
    assert.ok(faultDistances(fault, lat, lon).rJbKm > NEAR_FAULT_GRID.distanceKm);
    assert.equal(rowAt(fine, lat, lon), rowAt(coarse, lat, lon));
    assert.ok(fine.rows > coarse.rows);
    assert.deepEqual(fine.rates.subarray(0, coarse.rates.length), coarse.rates);
  });

  it('reads, near the fault, the rest of the 0.5° curve plus the fault at the fine cell\'s own centre', () => {
    // Beside the trace, which runs along the west edge of the 0.5° cell centred at (10.25, 20.25), 25 km from that centre.
    const [lat, lon] = [10.3, 20.05];
    const centre = cellCentre(fine.grid, cellIndex(fine.grid, lat, lon));
    const expected = faultAt(centre.latitude, centre.longitude);
    const row = rowAt(fine, lat, lon);
    assert.ok(row >= coarse.rows);
    for (let j = 0; j < k; j++) {
      const want = background[j]! + expected[j]!;
      assert.ok(Math.abs(fine.rates[row * k + j]! - want) <= 1e-12 * want, `threshold ${j}: ${fine.rates[row * k + j]} vs ${want}`);
    }
    const pga04 = thresholds.findIndex((t) => t.measure === 'PGA' && t.level >= 0.4);
    const coarseRow = rowAt(coarse, lat, lon);
    assert.ok(fine.rates[row * k + pga04]! > 1.5 * coarse.rates[coarseRow * k + pga04]!);
  });
});
