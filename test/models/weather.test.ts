import { describe, it } from '../helpers/harness.js';
import { SOURCES_DIR, sourcesSkip } from '../helpers/sources.js';
import assert from 'node:assert/strict';
import { daysFromCivil } from '../../src/engine/calendar.js';
import { cellIndex, globalGrid } from '../../src/engine/grid.js';
import { perilDef, type PerilName } from '../../src/engine/perils.js';
import { referenceWindow } from '../../src/engine/reference.js';
import { encodeTable } from '../../src/engine/table-file.js';
import { checkTable, type AccumulationTable, type DailyTable, type HazardTable, type RateTable } from '../../src/engine/table-spec.js';
import { readCruVariable } from '../../src/catalogues/cru.js';
import { CATALOGUES } from '../../src/catalogues/registry.js';
import { calibrate } from '../../src/models/weather/calibration.js';
import { weatherBuilder } from '../../src/models/weather/index.js';
import { rainValidation } from '../../src/models/weather/rain-validation.js';
import { readCru, readHcnMonths, readHcnStations } from '../../src/models/weather/sources.js';
import { heldOutRows, orderings, validate } from '../../src/models/weather/validation.js';
import { BLOCK, KOPPEN, REPORT, TRUTH, WINDLESS_CELL, NEGATIVE_WIND_CELL, blockClimate, trueStationMonth, writeSyntheticCatalogue } from './weather/fixtures.js';
import { backgroundHazard, hybridMoments, hybridSurvival, lognormalExceedance, stormDayTotals } from './weather/oracles.js';

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

describe('weather calibration on a synthetic HCN', () => {
  const cru = readCru(sourcesDir);
  const cal = calibrate(cru, readHcnStations(sourcesDir), readHcnMonths(sourcesDir));

  it('recovers the true occurrence, persistence and shape relations from the calibration half of the stations', () => {
    cal.occurrence.coefficients.forEach((c, i) => relClose(c, TRUTH.occurrence[i]!, 1e-8, `occurrence ${i}`));
    cal.persistence.coefficients.forEach((c, i) => assert.ok(Math.abs(c - TRUTH.persistence[i]!) < 1e-9, `persistence ${i}: ${c}`));
    cal.shape.coefficients.forEach((c, i) => assert.ok(Math.abs(c - TRUTH.shape[i]!) < 0.01, `shape ${i}: ${c} vs ${TRUTH.shape[i]}`));
    assert.equal(cal.stations, (BLOCK.rows * BLOCK.cols) / 2, 'stations whose id ends in an odd digit');
  });

  it('recovers the rain/snow partition and the sub-1 mm day amount', () => {
    relClose(cal.snow.thresholdC, TRUTH.snow.thresholdC, 1e-4, 'snow threshold');
    relClose(cal.snow.sigmaInterceptC, TRUTH.snow.sigmaInterceptC, 1e-4, 'σ intercept');
    relClose(cal.snow.sigmaPerDtr, TRUTH.snow.sigmaPerDtr, 1e-3, 'σ per DTR');
    relClose(cal.subThresholdDayMm, TRUTH.subThresholdDayMm, 1e-9, 'sub-threshold amount');
  });
});

/** The fitted ξ of a block column's climate group and the TC spread, as the Rain table's metadata records them. */
function tailOf(rain: HazardTable, col: number): { xi: number; spread: number } {
  const p = rain.meta.parameters as { heavyTail: { xiByClimateGroup: Record<string, { xi: number }> }; tropicalCycloneRain: { spreadSigmaLn: number } };
  const group = col < KOPPEN.split ? 'continental' : 'humid';
  return { xi: p.heavyTail.xiByClimateGroup[group]!.xi, spread: p.tropicalCycloneRain.spreadSigmaLn };
}

describe('weather tables from a synthetic catalogue', () => {
  const [row, col, month] = [5, 4, 3] as const;
  const cell = blockClimate()[row * BLOCK.cols + col]!;
  const truth = trueStationMonth(cell, month);
  const beta = truth.heavyTotal / truth.p1 / truth.alpha;
  const aprilDay = daysFromCivil(2021, 4, 10);
  const oneDay = { startDay: aprilDay, endDay: aprilDay, startHour: 0, endHour: 23 };
  const rainThresholds = perilDef('Rain').thresholds as readonly number[];

  it('builds four valid tables', async () => {
    const tables = await tablesPromise;
    assert.deepEqual([...tables.keys()].sort(), ['CumulativeRain', 'Cumulativesnow', 'MaxWindGust', 'Rain']);
    for (const t of tables.values()) checkTable(t);
  });

  it('Rain away from the storm: p = π (1 − q_snow) P(X ≥ x), gamma body and GPD tail of the cell\u2019s climate group', async () => {
    const rain = (await tablesPromise).get('Rain') as DailyTable;
    const r = rain.cellRow[blockCell(row, col)]!;
    const { survival } = hybridSurvival(truth.alpha, beta, tailOf(rain, col).xi);
    rainThresholds.forEach((x, j) => {
      const expected = truth.p1 * (1 - truth.snowShare) * survival(x);
      relClose(rain.dailyProb[(r * 12 + month) * rainThresholds.length + j]!, expected, 3e-2, `Rain ≥ ${x} mm in April`);
    });
  });

  it('Rain under the storm: the July hazard adds the R-CLIPER storm-days, lognormal spread, weighted 1/76 seasons', async () => {
    const rain = (await tablesPromise).get('Rain') as DailyTable;
    const [r, c, july] = [5, 3, 6] as const;
    const here = trueStationMonth(blockClimate()[r * BLOCK.cols + c]!, july);
    const { xi, spread } = tailOf(rain, c);
    const { survival } = hybridSurvival(here.alpha, here.heavyTotal / here.p1 / here.alpha, xi);
    const days = [...stormDayTotals(BLOCK.lat0 + 0.5 * r, BLOCK.lon0 + 0.5 * c).values()].filter((d) => d >= 1);
    assert.ok(Math.max(...days) > 50, 'the storm rains on the cell');
    const tableRow = rain.cellRow[blockCell(r, c)]!;
    for (const x of [25, 50, 100, 150]) {
      const hazard = days.reduce((h, d) => h + lognormalExceedance(d, x, spread) / 76, 0) / 31;
      const expected = 1 - (1 - here.p1 * (1 - here.snowShare) * survival(x)) * Math.exp(-hazard);
      relClose(rain.dailyProb[(tableRow * 12 + july) * rainThresholds.length + rainThresholds.indexOf(x)]!, expected, 3e-2, `July Rain ≥ ${x} mm`);
    }
  });

  it('CumulativeRain: the stored gamma has the Rain day\u2019s mean and the multi-day factor × its variance', async () => {
    const tables = await tablesPromise;
    const cum = tables.get('CumulativeRain') as AccumulationTable;
    const r = cum.cellRow[blockCell(row, col)]!;
    const [p01, p11, alpha, betaStored, q, rr] = cum.params.subarray((r * 12 + month) * 6, (r * 12 + month) * 6 + 6);
    relClose(p01!, truth.p1 * (1 - truth.rho), 1e-6, 'p01');
    relClose(p11!, truth.p1 * (1 - truth.rho) + truth.rho, 1e-6, 'p11');
    relClose(q!, 1 - truth.snowShare, 1e-4, 'q = rain share');
    assert.equal(rr, 1);
    const factor = (cum.meta.parameters as { multidayFactor: number }).multidayFactor;
    const m = hybridMoments(truth.alpha, beta, tailOf(tables.get('Rain')!, col).xi);
    relClose(alpha! * betaStored!, m.mean, 2e-2, 'mean of a wet day');
    relClose(alpha! * betaStored! * betaStored!, factor * (m.second - m.mean * m.mean), 5e-2, 'variance of a wet day × factor');
    assert.ok(factor >= 1 && factor <= 3, `factor ${factor}`);
    assert.ok(referenceWindow(cum, r, oneDay).every((p) => p >= 0 && p < 1));
  });

  it('Cumulativesnow: snow share, calibrated snow-day shape and snow ratio', async () => {
    const snow = (await tablesPromise).get('Cumulativesnow') as AccumulationTable;
    const r = snow.cellRow[blockCell(row, col)]!;
    const [, , alpha, betaStored, q, ratio] = snow.params.subarray((r * 12 + month) * 6, (r * 12 + month) * 6 + 6);
    relClose(q!, truth.snowShare, 1e-4, 'q = snow share');
    relClose(alpha! * betaStored!, truth.heavyTotal / truth.p1, 1e-2, 'snow-day water mean = wet-day mean');
    assert.ok(ratio! > 0.9 * TRUTH.snowCmPerMm && ratio! < 1.1 * TRUTH.snowCmPerMm, `snow ratio ${ratio}`);
  });

  it('MaxWindGust: ordinary days + storm tail + one SPC report × footprint + tropical-cyclone rates, by hand', async () => {
    const wind = (await tablesPromise).get('MaxWindGust') as DailyTable;
    const p = wind.meta.parameters as { background: { s: number; b: number; k: number }; convective: { footprintFactor: number } };
    const r = wind.cellRow[blockCell(REPORT.row, REPORT.col)]!;
    const u = blockClimate()[REPORT.row * BLOCK.cols + REPORT.col]!.wnd[REPORT.month]!;
    const sigma = 120;
    const monthDays = 365.25 / 12;
    const weights = Array.from({ length: 12 }, (_, n) => Math.exp(-((Math.min(n, 12 - n) * monthDays) ** 2) / (2 * 15 ** 2)));
    const ownWeight = weights[0]! / weights.reduce((a, w) => a + w, 0);
    const convective = (p.convective.footprintFactor * ((1 / (2 * Math.PI * sigma * sigma)) * ownWeight * 32)) / 4 / 31;
    // Log-linear in speed between the category gusts (1-min sustained over water × 1.1, ASCE 7-10 Table C26.5-2), rates from the synthetic TC table.
    const categoryGusts = [34, 64, 83, 96, 113, 137].map((kt) => kt * 0.514444 * 1.1);
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
      const background = backgroundHazard(u, x, p.background);
      const reached = REPORT.knots * 0.514444 >= x ? convective : 0;
      const expected = -Math.expm1(-(background + reached + tcRate(x) / 365.25));
      relClose(wind.dailyProb[(r * 12 + REPORT.month) * gusts.length + j]!, expected, 1e-4, `gust ≥ ${x} m/s in July`);
    });
  });

  it('MaxWindGust: cells with a missing or negative CRU wind take the nearest valid cell\u2019s wind', async () => {
    const wind = (await tablesPromise).get('MaxWindGust') as DailyTable;
    const january = (rowIndex: number, colIndex: number): number => wind.dailyProb[wind.cellRow[blockCell(rowIndex, colIndex)]! * 12 * perilDef('MaxWindGust').thresholds.length]!;
    relClose(january(NEGATIVE_WIND_CELL.row, NEGATIVE_WIND_CELL.col), january(0, 1), 1e-9, 'negative-wind cell');
    relClose(january(WINDLESS_CELL.row, WINDLESS_CELL.col), january(8, 9), 1e-9, 'windless cell');
  });

  it('no coverage is -1, never a zero: ocean far from the block and the published places outside it', async () => {
    const tables = await tablesPromise;
    for (const t of tables.values()) {
      assert.equal(t.cellRow[cellIndex(grid, 0, -30)], -1, `${t.peril} mid-Atlantic`);
      assert.notEqual(t.cellRow[blockCell(-1, 0)], -1, `${t.peril} one ring outside the block`);
      assert.equal(t.cellRow[blockCell(-2, 0)], -1, `${t.peril} two rings outside the block`);
    }
    const inBlock = (lat: number, lon: number): boolean => lat >= BLOCK.lat0 - 0.25 && lat < BLOCK.lat0 + 0.5 * BLOCK.rows - 0.25 && lon >= BLOCK.lon0 - 0.25 && lon < BLOCK.lon0 + 0.5 * BLOCK.cols - 0.25;
    for (const v of validate(tables)) {
      if (inBlock(v.latitude, v.longitude)) assert.ok(v.ratio !== null && v.ratio > 0, `${v.place}: covered`);
      else assert.equal(v.note, 'no coverage', v.place);
    }
    assert.ok(orderings(tables).some((o) => o.claim.includes('no coverage') && o.holds));
  });

  it('the held-out validation reads only stations whose id ends in an even digit', async () => {
    const tables = await tablesPromise;
    const v = rainValidation(tables, sourcesDir)!;
    assert.equal(v.stations.length, (BLOCK.rows * BLOCK.cols) / 2);
    assert.ok(v.stations.every((s) => Number(s.site.id.slice(-1)) % 2 === 0));
    assert.ok(v.stations.every((s) => s.ours.every(Number.isFinite) && s.observed.every(Number.isFinite)));
    assert.equal(v.byRegion.map((r) => r.group).join(), 'Northern Rockies and Plains');
    assert.deepEqual(v.byClimate.map((r) => r.group), ['humid', 'continental']);
    assert.ok(heldOutRows(v).every((r) => r.reference !== null && Number.isFinite(r.ours)));
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
