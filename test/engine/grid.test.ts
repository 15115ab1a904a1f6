/**
 * Grid geometry: cell areas against the sphere's closed-form area, and the
 * severe-convective copy (kept for its table bits) against the shared one.
 */
import assert from 'node:assert/strict';
import { describe, it } from '../helpers/harness.js';
import { cellAreaKm2, globalGrid, rowAt } from '../../src/engine/grid.js';
import { cellAreaKm2 as convectiveCellAreaKm2 } from '../../src/models/severe-convective/grid-geometry.js';

const EARTH_RADIUS_KM = 6371.0088;

describe('cellAreaKm2', () => {
  it('sums to 4πR² over a global 0.5° grid and to the polar cap area over the top 10 rows', () => {
    const grid = globalGrid(0.5);
    let total = 0;
    for (let i = 0; i < grid.nlat; i++) total += cellAreaKm2(grid, i) * grid.nlon;
    const sphere = 4 * Math.PI * EARTH_RADIUS_KM ** 2;
    assert.ok(Math.abs(total - sphere) < 1e-9 * sphere, `${total} vs ${sphere}`);
    let cap = 0;
    for (let i = grid.nlat - 10; i < grid.nlat; i++) cap += cellAreaKm2(grid, i) * grid.nlon;
    const capArea = 2 * Math.PI * EARTH_RADIUS_KM ** 2 * (1 - Math.sin((85 * Math.PI) / 180));
    assert.ok(Math.abs(cap - capArea) < 1e-9 * capArea, `${cap} vs ${capArea}`);
  });

  it('agrees with the severe-convective copy to 1e-12 on a regional grid', () => {
    const grid = { lat0: 18.125, lon0: -130.375, dlat: 0.25, dlon: 0.25, nlat: 140, nlon: 260 };
    for (let i = 0; i < grid.nlat; i++) {
      const shared = cellAreaKm2(grid, i);
      const copy = convectiveCellAreaKm2(grid, i);
      assert.ok(Math.abs(shared - copy) <= 1e-12 * shared, `row ${i}: ${shared} vs ${copy}`);
    }
  });
});

describe('rowAt', () => {
  it('reads the cell row at a place and −1 off coverage', () => {
    const grid = globalGrid(90);
    const cellRow = Int32Array.from([5, -1, 7, 8, 9, 10, 11, 12]);
    assert.equal(rowAt({ grid, cellRow }, -45, -135), 5);
    assert.equal(rowAt({ grid, cellRow }, -45, -45), -1);
    assert.equal(rowAt({ grid, cellRow }, 45, 179.9), 12);
    assert.equal(rowAt({ grid, cellRow }, 45, 180), 9);
  });
});
