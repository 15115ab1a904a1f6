import { describe, it } from '../helpers/harness.js';
import { SOURCES_DIR, sourcesSkip } from '../helpers/sources.js';
import assert from 'node:assert/strict';
import { cellIndex, globalGrid } from '../../src/engine/grid.js';
import { encodeTable } from '../../src/engine/table-file.js';
import type { RateTable } from '../../src/engine/table-spec.js';
import { readIscGem, toMw, type Quake } from '../../src/models/earthquake/sources.js';
import { effectiveYears } from '../../src/models/earthquake/completeness.js';
import { decluster, windowDays, windowKm } from '../../src/models/earthquake/decluster.js';
import { buildEarthquake } from '../../src/models/earthquake/build.js';
import { earthquakeBuilder } from '../../src/models/earthquake/index.js';
import { binShares, buildExceedanceTables, earthquakeThresholds, magnitudeBins } from '../../src/models/earthquake/exceedance-tables.js';
import { ASK14, BSSA14, CB14, CY14, mmiFromLnPgaG, WGRW12_PGA } from '../../src/models/earthquake/gmpe/index.js';
import { distanceKm } from '../../src/geo/sphere.js';
import { integrateHazard, rateAboveMinimum } from '../../src/models/earthquake/hazard.js';
import { mergeCatalogues } from '../../src/models/earthquake/merge.js';
import { truncatedNormalTail } from '../../src/models/toolkit/normal.js';
import { LAYERS } from '../../src/models/earthquake/parameters.js';
import { smoothCounts } from '../../src/models/earthquake/smoothing.js';
import { checkTable } from '../../src/engine/table-spec.js';
import { rateAtPga } from '../../src/models/earthquake/validation.js';
import { removeDir, writeSyntheticSources, type SyntheticQuake } from './earthquake/fixtures.js';

const quake = (iso: string, latitude: number, longitude: number, mw: number, source: Quake['source'] = 'isc-gem'): Quake => ({
  timeMs: Date.parse(iso),
  latitude,
  longitude,
  depthKm: 10,
  mw,
  source,
});

describe('earthquake catalogue steps', () => {
  it('converts ComCat magnitudes with Scordilis (2006)', () => {
    assert.equal(toMw(6.2, 'mww'), 6.2);
    assert.ok(Math.abs(toMw(5.0, 'mb') - 5.28) < 1e-12); // 0.85 × 5.0 + 1.03
    assert.ok(Math.abs(toMw(5.0, 'ms') - 5.42) < 1e-12); // 0.67 × 5.0 + 2.07
    assert.ok(Math.abs(toMw(7.0, 'ms_20') - 7.01) < 1e-12); // 0.99 × 7.0 + 0.08
  });

  it('drops a ComCat twin of an ISC-GEM event and keeps later ComCat events', () => {
    const isc = [quake('2010-02-27T06:34:11Z', -36.12, -72.9, 8.8)];
    const comcat = [
      quake('2010-02-27T06:34:40Z', -36.2, -72.95, 8.8, 'comcat'), // 29 s, ~10 km: duplicate
      quake('1995-01-01T00:00:00Z', 10, 10, 6.1, 'comcat'), // no ISC-GEM twin before 2013: not used
      quake('2015-04-25T06:11:25Z', 28.2, 84.7, 7.8, 'comcat'),
      quake('2015-04-25T06:11:50Z', 28.3, 84.8, 7.8, 'comcat'), // ComCat repeat
    ];
    const { quakes, report } = mergeCatalogues(isc, comcat);
    assert.deepEqual(quakes.map((q) => q.source), ['isc-gem', 'comcat']);
    assert.equal(report.duplicates, 2);
    assert.equal(report.unmatchedBeforeIscGemEnd, 1);
  });

  it('uses the Gardner–Knopoff windows and removes aftershocks inside them only', () => {
    assert.ok(Math.abs(windowKm(6) - 10 ** 1.7258) < 1e-9);
    assert.ok(Math.abs(windowDays(6) - 10 ** (0.5409 * 6 - 0.547)) < 1e-9);
    assert.ok(Math.abs(windowDays(7) - 10 ** (0.032 * 7 + 2.7389)) < 1e-9);
    const events = [
      quake('2000-01-01T00:00:00Z', 0, 0, 6.0),
      quake('2000-01-11T00:00:00Z', 0.18, 0, 5.0), // 10 days, 20 km: aftershock
      quake('2000-01-12T00:00:00Z', 0.9, 0, 5.0), // 100 km > 53 km: independent
      quake('2001-09-01T00:00:00Z', 0, 0, 5.0), // 609 days > 499 days: independent
    ];
    assert.deepEqual(decluster(events).map((q) => q.mw), [6.0, 5.0, 5.0]);
  });

  it('computes the effective observation time by hand', () => {
    // classes [5.5, 6.5) from 2000 and ≥ 6.5 from 1900 until 2020, b = 1: 20 × 0.9 + 120 × 0.1 = 30 years
    const classes = [
      { from: 5.5, since: 2000 },
      { from: 6.5, since: 1900 },
    ];
    assert.ok(Math.abs(effectiveYears(1, classes, 2020) - 30) < 1e-9);
  });

  it('smooths each event to a weight of exactly one, peaked at its cell', () => {
    const grid = globalGrid(0.5);
    const points = [
      { latitude: 35.3, longitude: 139.8, layer: 0 },
      { latitude: 35.9, longitude: 140.1, layer: 1 },
    ];
    const [shallow, deeper] = smoothCounts(grid, points, 2, { neighbour: 1, minBandwidthKm: 20, maxBandwidthKm: 300, truncationKm: 500 });
    const sum = (a: Float64Array): number => a.reduce((s, v) => s + v, 0);
    assert.ok(Math.abs(sum(shallow!) - 1) < 1e-12 && Math.abs(sum(deeper!) - 1) < 1e-12);
    const peak = shallow!.reduce((best, v, i, a) => (v > a[best]! ? i : best), 0);
    assert.equal(peak, cellIndex(grid, 35.3, 139.8));
  });
});

describe('earthquake ground motion and recurrence', () => {
  it('truncates the normal tail at ±3σ', () => {
    assert.equal(truncatedNormalTail(3, 3), 0);
    assert.equal(truncatedNormalTail(-3, 3), 1);
    assert.ok(Math.abs(truncatedNormalTail(0, 3) - 0.5) < 1e-7);
    assert.ok(Math.abs(truncatedNormalTail(1, 3) - (0.158655 - 0.0013499) / (1 - 2 * 0.0013499)) < 1e-6);
  });

  it('splits the truncated Gutenberg–Richter law into bins that sum to one', () => {
    const bins = magnitudeBins();
    const shares = binShares(bins, 7.0, 1);
    assert.ok(Math.abs(shares.reduce((s, v) => s + v, 0) - 1) < 1e-12);
    assert.ok(Math.abs(shares[0]! - (1 - 10 ** -0.1) / (1 - 10 ** -2.5)) < 1e-12);
    assert.equal(shares[bins.findIndex((m) => m > 7)], 0);
    // rate of M ≥ 4.5 from the rate of M ≥ 5.5, b = 1, Mmax far away: × 10
    assert.ok(Math.abs(rateAboveMinimum(1, 30, 1, 5.5) - 10) < 1e-9);
  });

  it('integrates one source onto a neighbouring cell as Σ_M ν(M) P(IM ≥ x | M, R), by hand', () => {
    const grid = globalGrid(0.5);
    const cells = grid.nlat * grid.nlon;
    const source = cellIndex(grid, 10.25, 20.25);
    const site = cellIndex(grid, 10.25, 20.75);
    const active = LAYERS.findIndex((l) => l.name === 'active crust');
    const rateByLayer = LAYERS.map(() => new Float64Array(cells));
    rateByLayer[active]![source] = 0.01; // 0.01 events/yr of M ≥ 5.5, 10 km deep
    const mmaxByLayer = LAYERS.map(() => new Float64Array(cells).fill(6.5));
    const b = 1;
    const siteRow = new Int32Array(cells).fill(-1);
    siteRow[site] = 0;
    const tables = buildExceedanceTables();
    const rates = integrateHazard({ grid, rateByLayer, mmaxByLayer, bByLayer: LAYERS.map(() => b) }, tables, siteRow, 1);
    // By hand: BSSA14 (active crust), vertical ruptures of Wells & Coppersmith size centred 10 km deep,
    // eight strikes; ln PGA truncated at ±3σ; MMI by integrating the Worden et al. (2012) forward
    // relation over the truncated ln-PGA distribution with Simpson's rule (the table inverts the relation
    // and uses Gauss–Hermite over the conversion's scatter). The table is linear between 2-km nodes.
    const mmiTail = (intensity: number, mean: number, sigma: number): number => {
      const n = 2000;
      const h = 6 / n;
      let sum = 0;
      for (let i = 0; i <= n; i++) {
        const z = -3 + i * h;
        const weight = i === 0 || i === n ? 1 : i % 2 === 1 ? 4 : 2;
        const density = Math.exp(-0.5 * z * z) / Math.sqrt(2 * Math.PI);
        sum += weight * density * truncatedNormalTail((intensity - mmiFromLnPgaG(mean + sigma * z)) / WGRW12_PGA.sigmaMmi, Infinity);
      }
      return (sum * h) / 3 / (1 - 2 * truncatedNormalTail(3, Infinity));
    };
    const epicentral = distanceKm(10.25, 20.25, 10.25, 20.75);
    const nuMin = (0.01 * (10 ** (b * (5.5 - 4.5)) - 10 ** (-b * 1))) / (1 - 10 ** (-b * 1));
    const thresholds = earthquakeThresholds();
    const atDistance = (R: number, j: number): number => {
      const t = thresholds[j]!;
      let sum = 0;
      for (let lo = 4.5; lo < 6.5 - 1e-9; lo += 0.1) {
        const m = lo + 0.05;
        const share = (10 ** (-b * (lo - 4.5)) - 10 ** (-b * (lo + 0.1 - 4.5))) / (1 - 10 ** (-b * 2));
        const length = 10 ** (-2.44 + 0.59 * m);
        const top = Math.max(0, 10 - 10 ** (-1.01 + 0.32 * m) / 2);
        for (let s = 0; s < 8; s++) {
          const angle = ((s + 0.5) * Math.PI) / 16;
          const rJbKm = Math.hypot(Math.max(0, Math.abs(R * Math.cos(angle)) - length / 2), R * Math.sin(angle));
          // The active logic tree: the four NGA-West2 models at 1/4 each (ASK14, CB14 and CY14 read the rupture's top depth).
          for (const model of [ASK14, BSSA14, CB14, CY14]) {
            const p = model.lnPga({ magnitude: m, rJbKm, rRupKm: Math.hypot(rJbKm, top), ztorKm: top, hypocentreDepthKm: 10 });
            const pe = t.measure === 'PGA' ? truncatedNormalTail((Math.log(t.level) - p.mean) / p.sigma, 3) : mmiTail(t.level - 0.5, p.mean, p.sigma);
            sum += (share * pe) / 8 / 4;
          }
        }
      }
      return nuMin * sum;
    };
    const node = Math.floor(epicentral / 2);
    const frac = epicentral / 2 - node;
    thresholds.forEach((t, j) => {
      const expected = atDistance(2 * node, j) + frac * (atDistance(2 * node + 2, j) - atDistance(2 * node, j));
      // PGA: the same integrand, 1e-9; MMI: two integration rules of the same integral.
      const tolerance = t.measure === 'PGA' ? 1e-9 : 2e-3;
      assert.ok(Math.abs(rates[j]! - expected) <= tolerance * Math.max(expected, 1e-12), `${t.measure}${t.level}: ${rates[j]} vs ${expected}`);
    });
  });
});

describe('earthquake builder on a synthetic catalogue', () => {
  const swarm: SyntheticQuake[] = Array.from({ length: 12 }, (_, i) => ({
    time: `${1970 + 3 * i}-06-01T00:00:00.00Z`,
    latitude: 35.25 + 0.1 * (i % 3),
    longitude: 139.75 + 0.1 * (i % 4),
    depthKm: 15,
    mag: 6.0 + 0.1 * (i % 5),
  }));
  const landCells: [number, number][] = [];
  for (let lat = 33.25; lat <= 37.25; lat += 0.5) for (let lon = 137.75; lon <= 141.75; lon += 0.5) landCells.push([lat, lon]);
  const build = (): RateTable => {
    const dir = writeSyntheticSources({
      iscGem: swarm,
      comcat: [{ time: '2016-04-15T16:25:06.220Z', latitude: 35.3, longitude: 139.9, depthKm: 10, mag: 7.0 }],
      landCells,
    });
    try {
      // No fault sources: the synthetic swarm alone, so the hand-checked pattern is the smoothed seismicity's.
      return buildEarthquake(dir, () => {}, []).table;
    } finally {
      removeDir(dir);
    }
  };
  const first = build();

  it('builder returns the checked table', async () => {
    const dir = writeSyntheticSources({ iscGem: swarm, comcat: [], landCells });
    try {
      const ctx = { sourcesDir: dir, progress: () => {}, log: () => {}, built: new Map() };
      const tables = await earthquakeBuilder.build(ctx);
      assert.deepEqual(tables.map((t) => t.peril), ['Earthquake']);
    } finally {
      removeDir(dir);
    }
  });

  it('is deterministic (identical bytes on a second build)', () => {
    assert.deepEqual(Buffer.from(encodeTable(first)), Buffer.from(encodeTable(build())));
  });

  it('marks cells away from land as no coverage (-1) and covers the land cells plus one ring', () => {
    const grid = first.grid;
    assert.equal(first.cellRow[cellIndex(grid, 0, 0)], -1);
    assert.equal(first.cellRow[cellIndex(grid, 35.25, 144.75)], -1);
    assert.ok(first.cellRow[cellIndex(grid, 35.25, 139.75)]! >= 0);
    assert.ok(first.cellRow[cellIndex(grid, 37.75, 142.25)]! >= 0); // the extra ring
    assert.equal(first.rows, (9 + 2) * (9 + 2));
  });

  it('puts the highest hazard at the swarm and keeps rates monotone within each scale', () => {
    const k = earthquakeThresholds().length;
    const rowAt = (lat: number, lon: number): number => first.cellRow[cellIndex(first.grid, lat, lon)]!;
    const near = rowAt(35.25, 139.75);
    const far = rowAt(33.25, 137.75);
    assert.ok(first.rates[near * k + 3]! > 10 * first.rates[far * k + 3]!);
    assert.doesNotThrow(() => checkTable(first));
    // The 475-year PGA lies above 0.05 g (on this swarm it is above the table's top level, 1 g).
    const rate = rateAtPga(first, 35.25, 139.75, 0.05);
    assert.ok(rate !== null && rate > 1 / 475, `rate of PGA ≥ 0.05 g: ${rate}`);
  });
});

describe('earthquake real catalogue slice', () => {
  const dir = SOURCES_DIR;
  it('reads the 1960 Chile and 2011 Tohoku earthquakes from ISC-GEM', { skip: sourcesSkip('isc-gem/isc-gem_v2_1900-2012.csv.gz') }, () => {
    const quakes = readIscGem(dir);
    const chile = quakes.find((q) => new Date(q.timeMs).toISOString().startsWith('1960-05-22') && q.mw >= 9);
    const tohoku = quakes.find((q) => new Date(q.timeMs).toISOString().startsWith('2011-03-11') && q.mw >= 9);
    assert.ok(chile && chile.latitude < -37 && chile.latitude > -40);
    assert.ok(tohoku && tohoku.longitude > 142 && tohoku.longitude < 143.5);
  });
});
