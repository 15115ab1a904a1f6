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
import { intensityAww12, pgaZhao06, ruptureWidthKm } from '../../src/models/earthquake/ground-motion.js';
import { integrateHazard, rateAboveMinimum } from '../../src/models/earthquake/hazard.js';
import { mergeCatalogues } from '../../src/models/earthquake/merge.js';
import { truncatedNormalTail } from '../../src/models/earthquake/normal.js';
import { DEPTH_CLASSES, INTEGRATION, RECURRENCE } from '../../src/models/earthquake/parameters.js';
import { smoothCounts } from '../../src/models/earthquake/smoothing.js';
import { checkTable } from '../../src/engine/table-spec.js';
import { designPga } from '../../src/models/earthquake/validation.js';
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
  it('matches Allen, Wald & Worden (2012) by hand', () => {
    const p = intensityAww12(7, 10);
    const near = 1 + 0.813 * Math.exp(2);
    assert.ok(Math.abs(p.mean - (3.95 + 0.913 * 7 - 1.107 * Math.log(Math.sqrt(100 + near * near)))) < 1e-12);
    assert.ok(Math.abs(p.mean - 7.571) < 1e-3);
    assert.ok(Math.abs(p.sigma - (0.72 + 0.23 / (1 + (10 / 44.7) ** 2))) < 1e-12);
  });

  it('matches Zhao et al. (2006) crustal PGA on rock by hand (M7, 10 km: 0.317 g)', () => {
    const p = pgaZhao06(7, 10, 10, 'crustal');
    const lnCm = 1.101 * 7 - 0.00564 * 10 - Math.log(10 + 0.0055 * Math.exp(1.08 * 7)) + 1.111;
    assert.ok(Math.abs(p.mean - (lnCm - Math.log(980.665))) < 1e-12);
    assert.ok(Math.abs(Math.exp(p.mean) - 0.3167) < 5e-4);
    assert.ok(Math.abs(p.sigma - Math.hypot(0.604, 0.303)) < 1e-12);
  });

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

  it('integrates one source onto its own cell as Σ_M ν(M) P(IM ≥ x | M, R)', () => {
    const grid = globalGrid(0.5);
    const cells = grid.nlat * grid.nlon;
    const source = cellIndex(grid, 10.25, 20.25);
    const rateByDepthClass = DEPTH_CLASSES.map(() => new Float64Array(cells));
    rateByDepthClass[0]![source] = 0.01; // 0.01 events/yr of M ≥ 5.5, 10 km deep
    const mmax = new Float64Array(cells).fill(6.5);
    const siteRow = new Int32Array(cells).fill(-1);
    siteRow[source] = 0;
    const tables = buildExceedanceTables();
    const rates = integrateHazard({ grid, rateByDepthClass, mmax }, tables, siteRow, 1);
    // by hand: epicentral distance 0, so R_rup = max(0, 10 − W(M)/2) for every strike
    const b = RECURRENCE.bValue;
    const nuMin = (0.01 * (10 ** (b * (5.5 - 4.5)) - 10 ** (-b * 1))) / (1 - 10 ** (-b * 1));
    const thresholds = earthquakeThresholds();
    thresholds.forEach((t, j) => {
      let expected = 0;
      for (let lo = 4.5; lo < 6.5 - 1e-9; lo += 0.1) {
        const m = lo + 0.05;
        const share = (10 ** (-b * (lo - 4.5)) - 10 ** (-b * (lo + 0.1 - 4.5))) / (1 - 10 ** (-b * 2));
        const r = Math.max(0, 10 - ruptureWidthKm(m) / 2);
        const p = t.measure === 'MMI' ? intensityAww12(m, r) : pgaZhao06(m, r, 10, 'crustal');
        const z = t.measure === 'MMI' ? (t.level - 0.5 - p.mean) / p.sigma : (Math.log(t.level) - p.mean) / p.sigma;
        expected += nuMin * share * truncatedNormalTail(z, INTEGRATION.truncationSigma);
      }
      assert.ok(Math.abs(rates[j]! - expected) <= 1e-9 * Math.max(1e-12, expected) + 1e-15, `${t.measure}${t.level}: ${rates[j]} vs ${expected}`);
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
      return buildEarthquake(dir).table;
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
    const pga = designPga(first, 35.25, 139.75);
    assert.ok(pga && pga.pga > 0.05);
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
