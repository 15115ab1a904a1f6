/**
 * Area (zone) sources against hand calculations: the published rates the
 * zones carry, the Gutenberg–Richter shares of a zone, and the hazard a
 * one-cell zone adds to a neighbouring site, recomputed here from the
 * truncated GR law, the layer's ground-motion model and the random-strike
 * point-source distances without the module's own helpers.
 */
import assert from 'node:assert/strict';
import { describe, it } from '../../helpers/harness.js';
import { cellCentre, cellIndex, globalGrid } from '../../../src/engine/grid.js';
import { distanceKm } from '../../../src/geo/sphere.js';
import { addAreaHazard, AREA_SOURCES, clearReplacedSmoothing, zoneCells, type AreaSource } from '../../../src/models/earthquake/area-sources.js';
import { buildExceedanceTables } from '../../../src/models/earthquake/exceedance-tables.js';
import { AB03_INSLAB, AGA16_INSLAB, ZHAO06_INSLAB } from '../../../src/models/earthquake/gmpe/index.js';
import { LAYERS, RECURRENCE } from '../../../src/models/earthquake/parameters.js';
import { truncatedNormalTail } from '../../../src/models/toolkit/normal.js';

const grid = globalGrid(0.5);

describe('area sources', () => {
  it('carry their published rates, a cited GR law and a box of grid cells', () => {
    const puget = AREA_SOURCES.find((a) => a.name.startsWith('Puget'))!;
    // 84 % probability of M ≥ 6 in 50 years (Poisson): rate = −ln(1 − 0.84)/50.
    assert.ok(Math.abs(puget.rate - -Math.log(0.16) / 50) < 5e-5);
    assert.deepEqual([puget.mLow, puget.mmax, puget.b], [6.0, 7.2, 0.4]);
    const reno = AREA_SOURCES.find((a) => a.name.startsWith('Reno'))!;
    assert.ok(Math.abs(reno.rate - 8 / 178) < 5e-4); // eight M ≥ 6 from ~1845 to 2023
    for (const a of AREA_SOURCES) assert.ok(a.citation.length > 50 && a.mmax > a.mLow && a.rate > 0, a.name);
    // Seattle and Reno lie inside their zones; the boxes are 8 and 6 half-degree cells.
    assert.equal(zoneCells(grid, puget).length, 8);
    assert.equal(zoneCells(grid, reno).length, 6);
    assert.ok(zoneCells(grid, puget).includes(cellIndex(grid, 47.6, -122.3)));
    assert.ok(zoneCells(grid, reno).includes(cellIndex(grid, 39.55, -119.8)));
  });

  it('eastern North American zones replace the stable layer from Mmin, in boxes that do not overlap', () => {
    const replacing = AREA_SOURCES.filter((a) => a.smoothed === 'replaces');
    assert.equal(replacing.length, 9);
    const owner = new Map<number, string>();
    for (const zone of replacing) {
      // The zone stands for every magnitude the smoothed layer would have had there.
      assert.deepEqual([zone.layer, zone.mLow, zone.b], ['stable crust', RECURRENCE.mMin, 1.0], zone.name);
      assert.match(zone.citation, /Mueller 2019/);
      for (const cell of zoneCells(grid, zone)) {
        assert.equal(owner.get(cell), undefined, `${zone.name} overlaps ${owner.get(cell)}`);
        owner.set(cell, zone.name);
      }
    }
    // Boston, New York and New Madrid lie in zones; Chicago does not.
    for (const [lat, lon, name] of [[42.36, -71.06, 'Northern'], [40.71, -74.0, 'Newark'], [36.59, -89.53, 'New Madrid']] as const) {
      assert.ok(owner.get(cellIndex(grid, lat, lon))?.startsWith(name), name);
    }
    assert.equal(owner.get(cellIndex(grid, 41.88, -87.63)), undefined);
    // Only the replacing zones' cells of their own layer are cleared.
    const rateByLayer = LAYERS.map(() => new Float64Array(grid.nlat * grid.nlon).fill(1));
    clearReplacedSmoothing(AREA_SOURCES, grid, rateByLayer);
    const stable = LAYERS.findIndex((l) => l.name === 'stable crust');
    rateByLayer.forEach((rates, layer) => {
      const cleared = rates.reduce((n, r) => n + (r === 0 ? 1 : 0), 0);
      assert.equal(cleared, layer === stable ? owner.size : 0, LAYERS[layer]!.name);
    });
    assert.equal(rateByLayer[stable]![cellIndex(grid, 42.36, -71.06)], 0);
    assert.equal(rateByLayer[stable]![cellIndex(grid, 47.6, -122.3)], 1); // Puget Sound adds, never clears
  });

  it('a one-cell in-slab zone adds Σ_bins share × P(PGA ≥ x) × rate to a neighbouring site, by hand', () => {
    // One cell centred at (10.25, 20.25); the site is the next cell east, ~54.7 km away.
    const zone: AreaSource = { name: 'test', layer: 'in-slab 40–70 km', south: 10.0, north: 10.5, west: 20.0, east: 20.5, rate: 0.01, mLow: 6.0, mmax: 6.5, b: 0.5, smoothed: 'adds', citation: 'test' };
    const source = cellIndex(grid, 10.25, 20.25);
    const site = cellIndex(grid, 10.25, 20.75);
    const siteRow = new Int32Array(grid.nlat * grid.nlon).fill(-1);
    siteRow[site] = 0;
    const tables = buildExceedanceTables();
    const k = tables.thresholds.length;
    const rates = new Float64Array(k);
    addAreaHazard([zone], tables, grid, siteRow, rates);
    const a = cellCentre(grid, source);
    const b = cellCentre(grid, site);
    const R = distanceKm(a.latitude, a.longitude, b.latitude, b.longitude);
    // Hand calculation at the two 2-km nodes around R, then linear interpolation.
    const atDistance = (epicentral: number, level: number): number => {
      let sum = 0;
      for (const m of [6.05, 6.15, 6.25, 6.35, 6.45]) {
        const share = (10 ** (-0.5 * (m - 0.05 - 6)) - 10 ** (-0.5 * (m + 0.05 - 6))) / (1 - 10 ** (-0.5 * 0.5));
        // Strasser et al. (2010) in-slab dimensions, vertical rupture centred at 55 km, 8 strikes over 0–90°.
        const length = 10 ** (-2.35 + 0.562 * m);
        const width = 10 ** (-1.058 + 0.356 * m);
        let p = 0;
        for (let s = 0; s < 8; s++) {
          const angle = ((s + 0.5) * Math.PI) / 16;
          const rJbKm = Math.hypot(Math.max(0, Math.abs(epicentral * Math.cos(angle)) - length / 2), epicentral * Math.sin(angle));
          const rRupKm = Math.hypot(rJbKm, Math.max(0, 55 - width / 2));
          // The in-slab logic tree: Zhao et al. (2006), BC Hydro and AB03 at 1/3 each (BC Hydro reads the hypocentral distance).
          for (const model of [ZHAO06_INSLAB, AGA16_INSLAB, AB03_INSLAB]) {
            const g = model.lnPga({ magnitude: m, rRupKm, rJbKm, rHypoKm: Math.hypot(epicentral, 55), hypocentreDepthKm: 55 });
            p += truncatedNormalTail((Math.log(level) - g.mean) / g.sigma, 3) / 8 / 3;
          }
        }
        sum += share * p;
      }
      return sum * 0.01;
    };
    const node = Math.floor(R / 2);
    const frac = R / 2 - node;
    tables.thresholds.forEach((t, j) => {
      if (t.measure !== 'PGA') return;
      const expected = atDistance(2 * node, t.level) + frac * (atDistance(2 * node + 2, t.level) - atDistance(2 * node, t.level));
      assert.ok(Math.abs(rates[j]! - expected) <= 1e-9 * Math.max(expected, 1e-12), `PGA ${t.level}: ${rates[j]} vs ${expected}`);
    });
    assert.ok(rates.some((r) => r > 1e-4));
  });
});
