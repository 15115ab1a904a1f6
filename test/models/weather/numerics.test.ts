import { describe, it } from '../../helpers/harness.js';
import assert from 'node:assert/strict';
import { gammaUpperQuantileSeries } from '../../helpers/distributions.js';
import { cellIndex, globalGrid } from '../../../src/engine/grid.js';
import type { RateTable } from '../../../src/engine/table-spec.js';
import { annualQuantile } from '../../../src/models/weather/annual-curves.js';
import { groupOfClass } from '../../../src/models/weather/climate-groups.js';
import { TailQuantileTable } from '../../../src/models/weather/distributions.js';
import { gammaUpperQuantile, poissonInterval } from '../../../src/engine/gamma.js';
import { normalCdf, normalTail } from '../../../src/models/toolkit/normal.js';
import { fitGev, gevLevel } from '../../../src/models/weather/extremes.js';
import { fitLinear, nelderMead } from '../../../src/models/toolkit/least-squares.js';
import { wetDayMoments, wetDaySurvival, wetDayTail } from '../../../src/models/weather/rain-tail.js';
import { assembleRows } from '../../../src/models/weather/rows.js';
import { readCru } from '../../../src/models/weather/sources.js';
import { rcliperRate } from '../../../src/models/weather/tc-rain.js';
import { rateAtGust, tropicalCycloneDailyHazard } from '../../../src/models/weather/tc-gusts.js';
import { cellWinds } from '../../../src/models/weather/wind-background.js';
import { calibrateWind } from '../../../src/models/weather/wind-calibration.js';
import { BLOCK, blockClimate, writeSyntheticCatalogue } from './fixtures.js';
import { hybridMoments, hybridSurvival, rcliperOracle, weibullReturnLevel } from './oracles.js';

const grid = globalGrid(0.5);
const blockCell = (row: number, col: number): number => cellIndex(grid, BLOCK.lat0 + 0.5 * row, BLOCK.lon0 + 0.5 * col);
const relClose = (actual: number, expected: number, tol: number, what: string): void =>
  assert.ok(Math.abs(actual - expected) <= tol * Math.max(Math.abs(expected), 1e-300), `${what}: ${actual} vs ${expected}`);

describe('weather numerics', () => {
  it('least squares recovers an exact linear relation', () => {
    const x1 = [1, 2, 3, 4, 5, 6];
    const x2 = [0.5, -1, 2, 0, 3, 1];
    const fit = fitLinear(x1.map((a, i) => 2 - 0.5 * a + 3 * x2[i]!), [x1, x2]);
    fit.coefficients.forEach((c, i) => relClose(c, [2, -0.5, 3][i]!, 1e-10, `coefficient ${i}`));
    relClose(fit.r2, 1, 1e-12, 'R²');
  });

  it('Nelder–Mead finds the minimum of the Rosenbrock function', () => {
    const rosenbrock = ([x, y]: readonly number[]): number => (1 - x!) ** 2 + 100 * (y! - x! * x!) ** 2;
    const best = nelderMead(rosenbrock, [-1.2, 1], [0.1, 0.1], 800);
    relClose(best.x[0]!, 1, 1e-4, 'x');
    relClose(best.x[1]!, 1, 1e-4, 'y');
  });

  it('normal CDF and gamma quantiles match closed forms', () => {
    relClose(normalCdf(1.959963984540054), 0.975, 1e-10, 'Φ(1.96)');
    relClose(gammaUpperQuantile(1, 0.01), Math.log(100), 1e-9, 'exponential 99th percentile');
  });

  it('the exact Poisson interval matches published values (Garwood 1936; e.g. Ulm 1990 tables)', () => {
    const [low0, high0] = poissonInterval(0);
    assert.equal(low0, 0);
    relClose(high0, -Math.log(0.025), 1e-9, 'n = 0 upper: −ln 0.025');
    const [low10, high10] = poissonInterval(10);
    relClose(low10, 4.7954, 1e-4, 'n = 10 lower');
    relClose(high10, 18.3904, 1e-4, 'n = 10 upper');
  });

  it('the two normal accuracies agree: 1 − Φ(z) and the Chebyshev tail within its 1.2e-7 fractional error', () => {
    relClose(normalTail(2.326347874040841), 0.01, 1.2e-7, 'P(Z ≥ z₀.₉₉)');
    for (let z = -6; z <= 6; z += 0.01) relClose(normalTail(z), z < 0 ? 1 - normalCdf(z) : normalCdf(-z), 1.2e-7, `z = ${z}`);
  });

  it('the gamma shape is recovered from its 99th percentile over its mean', () => {
    const table = new TailQuantileTable();
    for (const shape of [0.6, 1, 1.7]) relClose(table.fitShape(gammaUpperQuantileSeries(shape, 0.01) / shape), shape, 3e-3, `shape ${shape}`);
  });

  it('annual quantiles are exact for a Gumbel annual maximum', () => {
    const [u, s] = [60, 15];
    const thresholds = [10, 25, 50, 75, 100, 150, 200, 300];
    const p = thresholds.map((x) => -Math.expm1(-Math.exp(-(x - u) / s)));
    for (const aep of [0.5, 0.1, 0.01]) relClose(annualQuantile(thresholds, p, aep).value, u - s * Math.log(-Math.log1p(-aep)), 1e-9, `quantile ${aep}`);
  });

  it('GEV by L-moments recovers a known distribution from its quantiles', () => {
    const truth = { location: 60, scale: 18, shape: -0.12 };
    const n = 4000;
    const sample = Array.from({ length: n }, (_, i) => {
      const f = (i + 0.5) / n;
      return truth.location + (truth.scale * (1 - Math.pow(-Math.log(f), truth.shape))) / truth.shape;
    });
    const gev = fitGev(sample);
    relClose(gev.location, truth.location, 5e-3, 'location');
    relClose(gev.scale, truth.scale, 1e-2, 'scale');
    assert.ok(Math.abs(gev.shape - truth.shape) < 5e-3, `shape ${gev.shape}`);
    const level = truth.location + (truth.scale * (1 - Math.pow(-Math.log(0.99), truth.shape))) / truth.shape;
    relClose(gevLevel(gev, 0.01), level, 1e-2, '100-yr level');
  });

  it('the wet-day tail: gamma to u, GPD above with the same density at u, moments by integration', () => {
    const table = new TailQuantileTable();
    for (const [alpha, beta, xi] of [[0.8, 12, 0.11], [1.6, 6, 0], [0.45, 20, 0.3]] as const) {
      const t = wetDayTail(alpha, beta, xi, table);
      const oracle = hybridSurvival(alpha, beta, xi);
      relClose(t.u, oracle.u, 2e-3, `u (α ${alpha})`);
      relClose(t.sigma, oracle.sigma, 5e-3, `σ (α ${alpha})`);
      for (const x of [0.5 * t.u, t.u * 1.5, t.u + 20 * t.sigma]) relClose(wetDaySurvival(t, x), oracle.survival(x), 5e-3, `P(X ≥ ${x.toFixed(1)})`);
      const h = 1e-4 * t.u;
      relClose((wetDaySurvival(t, t.u - h) - wetDaySurvival(t, t.u)) / h, (wetDaySurvival(t, t.u) - wetDaySurvival(t, t.u + h)) / h, 1e-3, 'density continuous at u');
      const m = wetDayMoments(t);
      const integral = hybridMoments(alpha, beta, xi);
      relClose(m.mean, integral.mean, 3e-3, `mean (α ${alpha})`);
      relClose(m.second, integral.second, 1e-2, `second moment (α ${alpha})`);
    }
  });

  it('R-CLIPER rain rates follow Tuleya et al. (2007)', () => {
    for (const [v, r] of [[35, 0], [35, 51.5], [35, 185.5], [80, 20], [120, 300], [15, 10]] as const) relClose(rcliperRate(v, r), rcliperOracle(v, r), 1e-12, `${v} kt at ${r} km`);
    relClose(rcliperRate(35, 0), (2.86 * 25.4) / 24, 1e-12, 'T0 at U = 1: 2.86 in/day');
    relClose(rcliperRate(35, 51.5), (3.2 * 25.4) / 24, 1e-12, 'Tm at rm = 51.5 km');
  });

  it('Köppen classes map to the five climate groups', () => {
    const expected: Record<string, string | null> = { Af: 'humid', Aw: 'humid', Cfa: 'humid', Cwb: 'humid', Csa: 'dry-summer', Dsb: 'dry-summer', Dfb: 'continental', Dwa: 'continental', ET: 'continental', EF: 'continental', BSk: 'steppe', BWh: 'desert', '': null };
    for (const [cls, group] of Object.entries(expected)) assert.equal(groupOfClass(cls), group, cls);
  });

  it('rows: identical cells share a row, one ring of neighbours is covered, the rest is -1', () => {
    const cells = Int32Array.from([blockCell(0, 0), blockCell(0, 1), blockCell(0, 3)]);
    const rows = assembleRows(grid, cells, Float64Array.from([1, 2, 1, 2, 5, 6]), 2);
    assert.equal(rows.rows, 2);
    assert.equal(rows.cellRow[blockCell(0, 0)], rows.cellRow[blockCell(0, 1)]);
    assert.equal(rows.cellRow[blockCell(-1, 3)], rows.cellRow[blockCell(0, 3)]);
    assert.equal(rows.cellRow[blockCell(-2, 3)], -1);
  });

  it('tropical-cyclone rates become daily gust hazards by hand', () => {
    const tc: RateTable = {
      peril: 'TropicalCyclone', type: 'rate', grid, cellRow: new Int32Array(grid.nlat * grid.nlon).fill(-1), rows: 1,
      rates: Float64Array.from([0.1, 0.02, 0.01, 0.005, 0.002, 0.001]),
      seasonOfRow: new Uint16Array(1), seasonWeights: new Float64Array(366).fill(1),
      diurnalOfRow: new Uint16Array(1), diurnalShares: new Float64Array(24).fill(1),
      meta: { method: 'synthetic', sources: [], parameters: {} },
    };
    tc.cellRow[blockCell(2, 2)] = 0;
    const hazard = tropicalCycloneDailyHazard(tc, grid, Int32Array.from([blockCell(2, 2)]), [15, 30]).get(blockCell(2, 2))!;
    const [g0, g1] = [34 * (1852 / 3600) * 1.1, 64 * (1852 / 3600) * 1.1];
    const lambda30 = Math.exp(Math.log(0.1) + ((30 - g0) / (g1 - g0)) * Math.log(0.02 / 0.1));
    relClose(rateAtGust([g0, g1], [0.1, 0.02], 30), lambda30, 1e-12, 'interpolated rate');
    for (let m = 0; m < 12; m++) {
      relClose(hazard[m * 2]!, 0.1 / 365.25, 1e-9, `month ${m} CAT0`);
      relClose(hazard[m * 2 + 1]!, lambda30 / 365.25, 1e-9, `month ${m} 30 m/s`);
    }
  });

  it('the gust fit recovers the background parameters behind synthetic design levels', () => {
    const cru = readCru(writeSyntheticCatalogue());
    const winds = cellWinds(cru);
    const truth = { s: 0.8, b: 0.4, k: 1.1 };
    const climate = blockClimate();
    const places = [[1, 1], [2, 8], [4, 4], [6, 2], [8, 6], [7, 0]].map(([r, c]) => ({ r: r!, c: c!, wnd: climate[r! * BLOCK.cols + c!]!.wnd }));
    const references = places.map(({ r, c, wnd }) => ({
      place: `cell ${r},${c}`, latitude: BLOCK.lat0 + 0.5 * r, longitude: BLOCK.lon0 + 0.5 * c, role: 'calibration' as const,
      levels: [50, 300, 700, 1700].map((years) => [years, weibullReturnLevel(wnd, truth, years), 'synthetic'] as const),
    }));
    const fit = calibrateWind(cru, winds, [], null, references);
    assert.equal(fit.references, places.length);
    assert.ok(fit.rmsLogError < 5e-3, `rms log error ${fit.rmsLogError}`);
    relClose(fit.params.s, truth.s, 0.05, 's');
    assert.ok(Math.abs(fit.params.b - truth.b) < 0.05, `b ${fit.params.b}`);
    relClose(fit.params.k, truth.k, 0.05, 'k');
  });
});
