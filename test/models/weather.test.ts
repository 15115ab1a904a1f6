import { describe, it } from '../helpers/harness.js';
import { SOURCES_DIR, sourcesSkip } from '../helpers/sources.js';
import assert from 'node:assert/strict';
import { daysFromCivil } from '../../src/engine/calendar.js';
import { gammaQ, lnGamma } from '../../src/engine/gamma.js';
import { cellIndex, globalGrid } from '../../src/engine/grid.js';
import { perilDef, type PerilName } from '../../src/engine/perils.js';
import { referenceWindow } from '../../src/engine/reference.js';
import { encodeTable } from '../../src/engine/table-file.js';
import { checkTable, type AccumulationTable, type DailyTable, type HazardTable, type RateTable } from '../../src/engine/table-spec.js';
import { readCruVariable } from '../../src/catalogues/cru.js';
import { CATALOGUES } from '../../src/catalogues/registry.js';
import { annualQuantile } from '../../src/models/weather/annual-curves.js';
import { calibrate } from '../../src/models/weather/calibration.js';
import { normalCdf, TailQuantileTable, gammaUpperQuantile } from '../../src/models/weather/distributions.js';
import { weatherBuilder } from '../../src/models/weather/index.js';
import { fitLinear } from '../../src/models/weather/least-squares.js';
import { assembleRows } from '../../src/models/weather/rows.js';
import { readCru, readHcnMonths, readHcnStations } from '../../src/models/weather/sources.js';
import { rateAtGust, tropicalCycloneDailyHazard } from '../../src/models/weather/tc-gusts.js';
import { orderings, validate } from '../../src/models/weather/validation.js';
import { BLOCK, REPORT, TRUTH, WINDLESS_CELL, NEGATIVE_WIND_CELL, blockClimate, trueStationMonth, writeSyntheticCatalogue } from './weather/fixtures.js';

const grid = globalGrid(0.5);
const blockCell = (row: number, col: number): number => cellIndex(grid, BLOCK.lat0 + 0.5 * row, BLOCK.lon0 + 0.5 * col);
const relClose = (actual: number, expected: number, tol: number, what: string): void =>
  assert.ok(Math.abs(actual - expected) <= tol * Math.max(Math.abs(expected), 1e-300), `${what}: ${actual} vs ${expected}`);

/** A tropical-cyclone rate table covering the synthetic block, uniform season. */
function syntheticTropicalCyclone(): RateTable {
  const cellRow = new Int32Array(grid.nlat * grid.nlon).fill(-1);
  for (let r = 0; r < BLOCK.rows; r++) for (let c = 0; c < BLOCK.cols; c++) cellRow[blockCell(r, c)] = 0;
  return {
    peril: 'TropicalCyclone', type: 'rate', grid, cellRow, rows: 1,
    rates: Float64Array.from([0.1, 0.02, 0.01, 0.005, 0.002, 0.001]),
    seasonOfRow: new Uint16Array(1), seasonWeights: new Float64Array(366).fill(1),
    diurnalOfRow: new Uint16Array(1), diurnalShares: new Float64Array(24).fill(1),
    meta: { method: 'synthetic', sources: [], parameters: {} },
  };
}

const sourcesDir = writeSyntheticCatalogue();
const buildOnce = async (): Promise<Map<PerilName, HazardTable>> => {
  const built = new Map<PerilName, HazardTable>([['TropicalCyclone', syntheticTropicalCyclone()]]);
  const tables = await weatherBuilder.build({ sourcesDir, progress: () => {}, log: () => {}, built });
  return new Map(tables.map((t) => [t.peril, t]));
};
const tablesPromise = buildOnce();

describe('weather numerics', () => {
  it('least squares recovers an exact linear relation', () => {
    const x1 = [1, 2, 3, 4, 5, 6];
    const x2 = [0.5, -1, 2, 0, 3, 1];
    const fit = fitLinear(x1.map((a, i) => 2 - 0.5 * a + 3 * x2[i]!), [x1, x2]);
    fit.coefficients.forEach((c, i) => relClose(c, [2, -0.5, 3][i]!, 1e-10, `coefficient ${i}`));
    relClose(fit.r2, 1, 1e-12, 'R²');
  });

  it('normal CDF and gamma quantiles match closed forms', () => {
    relClose(normalCdf(1.959963984540054), 0.975, 1e-10, 'Φ(1.96)');
    relClose(gammaUpperQuantile(1, 0.01), Math.log(100), 1e-9, 'exponential 99th percentile');
  });

  it('the two-point gamma shape recovers a known shape from its 99th percentile and median record maximum', () => {
    const table = new TailQuantileTable();
    for (const shape of [0.6, 1, 1.7]) {
      const count = 900;
      const q99 = gammaUpperQuantile(shape, 0.01) / shape;
      const max = gammaUpperQuantile(shape, -Math.expm1(Math.log(0.5) / count)) / shape;
      relClose(table.fitShape(q99, max, count), shape, 3e-3, `shape ${shape}`);
      relClose(table.fitShape(q99, NaN, 0), shape, 3e-3, `shape ${shape} from q99 only`);
    }
  });

  it('annual quantiles are exact for a Gumbel annual maximum', () => {
    const [u, s] = [60, 15];
    const thresholds = [10, 25, 50, 75, 100, 150, 200, 300];
    const p = thresholds.map((x) => -Math.expm1(-Math.exp(-(x - u) / s)));
    for (const aep of [0.5, 0.1, 0.01]) relClose(annualQuantile(thresholds, p, aep).value, u - s * Math.log(-Math.log1p(-aep)), 1e-9, `quantile ${aep}`);
  });

  it('rows: identical cells share a row, one ring of neighbours is covered, the rest is -1', () => {
    const cells = Int32Array.from([blockCell(0, 0), blockCell(0, 1), blockCell(0, 3)]);
    const values = Float64Array.from([1, 2, 1, 2, 5, 6]);
    const rows = assembleRows(grid, cells, values, 2);
    assert.equal(rows.rows, 2);
    assert.equal(rows.cellRow[blockCell(0, 0)], rows.cellRow[blockCell(0, 1)]);
    assert.equal(rows.cellRow[blockCell(-1, 3)], rows.cellRow[blockCell(0, 3)]);
    assert.equal(rows.cellRow[blockCell(-2, 3)], -1);
  });

  it('tropical-cyclone rates become daily gust hazards by hand', () => {
    const tc = syntheticTropicalCyclone();
    const thresholds = [15, 30];
    const hazard = tropicalCycloneDailyHazard(tc, grid, Int32Array.from([blockCell(2, 2)]), thresholds).get(blockCell(2, 2))!;
    const g0 = 34 * 0.514444 * 1.23;
    const g1 = 64 * 0.514444 * 1.23;
    const lambda30 = Math.exp(Math.log(0.1) + ((30 - g0) / (g1 - g0)) * Math.log(0.02 / 0.1));
    relClose(rateAtGust([g0, g1], [0.1, 0.02], 30), lambda30, 1e-12, 'interpolated rate');
    for (let m = 0; m < 12; m++) {
      relClose(hazard[m * 2]!, 0.1 / 365.25, 1e-9, `month ${m} CAT0`);
      relClose(hazard[m * 2 + 1]!, lambda30 / 365.25, 1e-9, `month ${m} 30 m/s`);
    }
  });
});

describe('weather calibration on a synthetic HCN', () => {
  const cru = readCru(sourcesDir);
  const cal = calibrate(cru, readHcnStations(sourcesDir), readHcnMonths(sourcesDir));

  it('recovers the true occurrence, persistence and shape relations', () => {
    cal.occurrence.coefficients.forEach((c, i) => relClose(c, TRUTH.occurrence[i]!, 1e-8, `occurrence ${i}`));
    cal.persistence.coefficients.forEach((c, i) => assert.ok(Math.abs(c - TRUTH.persistence[i]!) < 1e-9, `persistence ${i}: ${c}`));
    cal.shape.coefficients.forEach((c, i) => assert.ok(Math.abs(c - TRUTH.shape[i]!) < 0.01, `shape ${i}: ${c} vs ${TRUTH.shape[i]}`));
    assert.equal(cal.stations, BLOCK.rows * BLOCK.cols);
  });

  it('recovers the rain/snow partition and the sub-1 mm day amount', () => {
    relClose(cal.snow.thresholdC, TRUTH.snow.thresholdC, 1e-4, 'snow threshold');
    relClose(cal.snow.sigmaInterceptC, TRUTH.snow.sigmaInterceptC, 1e-4, 'σ intercept');
    relClose(cal.snow.sigmaPerDtr, TRUTH.snow.sigmaPerDtr, 1e-3, 'σ per DTR');
    relClose(cal.subThresholdDayMm, TRUTH.subThresholdDayMm, 1e-9, 'sub-threshold amount');
  });
});

describe('weather tables from a synthetic catalogue', () => {
  const [row, col, month] = [5, 4, 3] as const;
  const cell = blockClimate()[row * BLOCK.cols + col]!;
  const truth = trueStationMonth(cell, month);
  const aprilDay = daysFromCivil(2021, 4, 10);
  const oneDay = { startDay: aprilDay, endDay: aprilDay, startHour: 0, endHour: 23 };

  it('builds four valid tables', async () => {
    const tables = await tablesPromise;
    assert.deepEqual([...tables.keys()].sort(), ['CumulativeRain', 'Cumulativesnow', 'MaxWindGust', 'Rain']);
    for (const t of tables.values()) checkTable(t);
  });

  it('Rain: p = π (1 − q_snow) Q(α, x/β) from the true relations', async () => {
    const rain = (await tablesPromise).get('Rain') as DailyTable;
    const r = rain.cellRow[blockCell(row, col)]!;
    const beta = truth.heavyTotal / truth.p1 / truth.alpha;
    const thresholds = perilDef('Rain').thresholds as readonly number[];
    thresholds.forEach((x, j) => {
      const expected = truth.p1 * (1 - truth.snowShare) * gammaQ(truth.alpha, x / beta);
      relClose(rain.dailyProb[(r * 12 + month) * thresholds.length + j]!, expected, 2e-2, `Rain ≥ ${x} mm`);
    });
  });

  it('CumulativeRain: the stored generator, and a one-day window equals the Rain table', async () => {
    const tables = await tablesPromise;
    const cum = tables.get('CumulativeRain') as AccumulationTable;
    const rain = tables.get('Rain') as DailyTable;
    const r = cum.cellRow[blockCell(row, col)]!;
    const [p01, p11, , , q, rr] = cum.params.subarray((r * 12 + month) * 6, (r * 12 + month) * 6 + 6);
    relClose(p01!, truth.p1 * (1 - truth.rho), 1e-6, 'p01');
    relClose(p11!, truth.p1 * (1 - truth.rho) + truth.rho, 1e-6, 'p11');
    relClose(q!, 1 - truth.snowShare, 1e-4, 'q = rain share');
    assert.equal(rr, 1);
    const fromWindow = referenceWindow(cum, r, oneDay);
    const fromRain = referenceWindow(rain, rain.cellRow[blockCell(row, col)]!, oneDay);
    const rainThresholds = perilDef('Rain').thresholds as readonly number[];
    (perilDef('CumulativeRain').thresholds as readonly number[]).forEach((x, j) => {
      const k = rainThresholds.indexOf(x);
      if (k >= 0) relClose(fromWindow[j]!, fromRain[k]!, 1e-9, `one-day window ≥ ${x} mm`);
    });
  });

  it('Cumulativesnow: snow share, calibrated snow-day shape and snow ratio', async () => {
    const snow = (await tablesPromise).get('Cumulativesnow') as AccumulationTable;
    const r = snow.cellRow[blockCell(row, col)]!;
    const [, , alpha, beta, q, ratio] = snow.params.subarray((r * 12 + month) * 6, (r * 12 + month) * 6 + 6);
    relClose(q!, truth.snowShare, 1e-4, 'q = snow share');
    relClose(alpha! * beta!, truth.heavyTotal / truth.p1, 1e-2, 'snow-day water mean = wet-day mean');
    assert.ok(ratio! > 0.9 * TRUTH.snowCmPerMm && ratio! < 1.1 * TRUTH.snowCmPerMm, `snow ratio ${ratio}`);
  });

  it('MaxWindGust: background Weibull gust + one SPC report + tropical-cyclone rates, by hand', async () => {
    const wind = (await tablesPromise).get('MaxWindGust') as DailyTable;
    const r = wind.cellRow[blockCell(REPORT.row, REPORT.col)]!;
    const u = blockClimate()[REPORT.row * BLOCK.cols + REPORT.col]!.wnd[REPORT.month]!;
    const scale = (1.66 * 1.2 * u) / Math.exp(lnGamma(1.5));
    const sigma = 120;
    const monthDays = 365.25 / 12;
    const weights = Array.from({ length: 12 }, (_, k) => Math.exp(-((Math.min(k, 12 - k) * monthDays) ** 2) / (2 * 15 ** 2)));
    const ownWeight = weights[0]! / weights.reduce((a, b) => a + b, 0);
    const convective = ((1 / (2 * Math.PI * sigma * sigma)) * ownWeight * 32) / 4 / 31;
    // Log-linear in speed between the category gusts (1-min sustained × 1.23), rates from the synthetic TC table.
    const categoryGusts = [34, 64, 83, 96, 113, 137].map((kt) => kt * 0.514444 * 1.23);
    const categoryRates = [0.1, 0.02, 0.01, 0.005, 0.002, 0.001];
    const tcRate = (x: number): number => {
      if (x <= categoryGusts[0]!) return categoryRates[0]!;
      const c = categoryGusts.findIndex((g) => g >= x) - 1;
      if (c < 0) return categoryRates[5]!;
      const t = (x - categoryGusts[c]!) / (categoryGusts[c + 1]! - categoryGusts[c]!);
      return Math.exp(Math.log(categoryRates[c]!) + t * Math.log(categoryRates[c + 1]! / categoryRates[c]!));
    };
    const gusts = perilDef('MaxWindGust').thresholds as readonly number[];
    gusts.forEach((x, j) => {
      const background = -Math.log1p(-Math.exp(-((x / scale) ** 2)));
      const reached = REPORT.knots * 0.514444 >= x ? convective : 0;
      const expected = -Math.expm1(-(background + reached + tcRate(x) / 365.25));
      relClose(wind.dailyProb[(r * 12 + REPORT.month) * gusts.length + j]!, expected, 1e-9, `gust ≥ ${x} m/s in July`);
    });
  });

  it('MaxWindGust: cells with a missing or negative CRU wind take the nearest valid cell\u2019s wind', async () => {
    const wind = (await tablesPromise).get('MaxWindGust') as DailyTable;
    const january = (rowIndex: number, colIndex: number): number => wind.dailyProb[wind.cellRow[blockCell(rowIndex, colIndex)]! * 12 * perilDef('MaxWindGust').thresholds.length]!;
    relClose(january(NEGATIVE_WIND_CELL.row, NEGATIVE_WIND_CELL.col), january(0, 1), 1e-9, 'negative-wind cell');
    relClose(january(WINDLESS_CELL.row, WINDLESS_CELL.col), january(8, 9), 1e-9, 'windless cell');
  });

  it('no coverage is -1, never a zero: ocean far from the block and the published places', async () => {
    const tables = await tablesPromise;
    for (const t of tables.values()) {
      assert.equal(t.cellRow[cellIndex(grid, 0, -30)], -1, `${t.peril} mid-Atlantic`);
      assert.notEqual(t.cellRow[blockCell(-1, 0)], -1, `${t.peril} one ring outside the block`);
      assert.equal(t.cellRow[blockCell(-2, 0)], -1, `${t.peril} two rings outside the block`);
    }
    for (const v of validate(tables)) {
      assert.equal(v.ratio, null, `${v.place}: expected no coverage`);
      assert.equal(v.note, 'no coverage');
    }
    assert.ok(orderings(tables).some((o) => o.claim.includes('no coverage') && o.holds));
  });

  it('is deterministic: two builds give byte-identical tables', async () => {
    const first = await tablesPromise;
    const second = await buildOnce();
    for (const [peril, table] of first) assert.deepEqual(encodeTable(second.get(peril)!), encodeTable(table), peril);
  });
});

describe('weather readers on the real catalogues (slice)', () => {
  const real = SOURCES_DIR;
  it('CRU and HCN values match their SOURCE.md sanity checks', { skip: sourcesSkip(CATALOGUES.cru.folder) }, () => {
    const pre = readCruVariable(real, 'pre').values;
    assert.equal(pre[cellIndex(grid, 51.5, -0.12) * 12 + 0], 2.0, 'London January mm/day');
    assert.equal(pre[cellIndex(grid, 19.08, 72.88) * 12 + 6], 26.7, 'Mumbai July mm/day');
    const nyc = readHcnMonths(real).find((m) => m.station === 'USW00094728' && m.month === 6)!;
    assert.equal(nyc.pWet1, 0.275);
    assert.equal(nyc.pWetGivenWet, 0.341);
  });
});
