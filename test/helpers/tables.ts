import type { PerilName } from '../../src/engine/perils.js';
import { perilDef } from '../../src/engine/perils.js';
import type { AccumulationTable, DailyTable, GridDef, HazardTable, RateTable } from '../../src/engine/table-spec.js';

/** Deterministic PRNG (mulberry32) so fixtures and property tests repeat exactly. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A 10° global grid (18 × 36 cells), with every third cell uncovered. */
export const TEST_GRID: GridDef = { lat0: -90, lon0: -180, dlat: 10, dlon: 10, nlat: 18, nlon: 36 };

function cells(rows: number, random: () => number): Int32Array {
  const cellRow = new Int32Array(TEST_GRID.nlat * TEST_GRID.nlon);
  for (let c = 0; c < cellRow.length; c++) cellRow[c] = c % 3 === 2 ? -1 : Math.floor(random() * rows);
  return cellRow;
}

const META = { method: 'test', sources: [], parameters: {} };

export function randomRateTable(peril: PerilName, seed: number, rows = 40): RateTable {
  const random = rng(seed);
  const k = perilDef(peril).thresholds.length;
  const rates = new Float64Array(rows * k);
  for (let r = 0; r < rows; r++) {
    let rate = 10 ** (-4 + 4 * random());
    for (let j = 0; j < k; j++) {
      rates[r * k + j] = rate;
      rate *= random();
    }
  }
  const seasons = 3;
  const seasonWeights = new Float64Array(seasons * 366).map(() => random() ** 2);
  const diurnalShares = new Float64Array(2 * 24).map(() => random());
  return {
    type: 'rate', peril, grid: TEST_GRID, rows, cellRow: cells(rows, random), meta: META, rates,
    seasonOfRow: Uint16Array.from({ length: rows }, () => Math.floor(random() * seasons)), seasonWeights,
    diurnalOfRow: Uint16Array.from({ length: rows }, () => Math.floor(random() * 2)), diurnalShares,
  };
}

export function uniformRateTable(peril: PerilName, rate: number): RateTable {
  const k = perilDef(peril).thresholds.length;
  const rows = 1;
  return {
    type: 'rate', peril, grid: TEST_GRID, rows, cellRow: new Int32Array(TEST_GRID.nlat * TEST_GRID.nlon).fill(0), meta: META,
    rates: Float64Array.from({ length: k }, (_, j) => rate / 2 ** j),
    seasonOfRow: new Uint16Array(rows), seasonWeights: new Float64Array(366).fill(1),
    diurnalOfRow: new Uint16Array(rows), diurnalShares: new Float64Array(24).fill(1),
  };
}

export function randomDailyTable(peril: PerilName, seed: number, rows = 40): DailyTable {
  const random = rng(seed);
  const k = perilDef(peril).thresholds.length;
  const dailyProb = new Float64Array(rows * 12 * k);
  for (let i = 0; i < rows * 12; i++) {
    let p = 0.3 * random();
    for (let j = 0; j < k; j++) {
      dailyProb[i * k + j] = p;
      p *= random();
    }
  }
  return { type: 'daily', peril, grid: TEST_GRID, rows, cellRow: cells(rows, random), meta: META, dailyProb };
}

/**
 * Generator parameters with a smooth seasonal cycle (as climatologies have):
 * wet-day probability, persistence, gamma shape/scale and, for snow, the snow
 * fraction from a seasonal temperature through a logistic rain/snow split.
 */
export function randomAccumulationTable(peril: PerilName, seed: number, rows = 40): AccumulationTable {
  const random = rng(seed);
  const snow = peril === 'Cumulativesnow';
  const params = new Float64Array(rows * 12 * 6);
  for (let row = 0; row < rows; row++) {
    const base = 0.08 + 0.35 * random();
    const amplitude = 0.6 * random();
    const persistence = 0.1 + 0.35 * random();
    const shape = 0.55 + 0.4 * random();
    const scale = 3 + 12 * random();
    const meanTemp = -8 + 28 * random();
    const tempAmplitude = 4 + 14 * random();
    for (let m = 0; m < 12; m++) {
      const season = Math.cos((2 * Math.PI * (m - 6)) / 12);
      const p01 = base * (1 + amplitude * season) * (1 - persistence);
      const q = snow ? 1 / (1 + Math.exp((meanTemp + tempAmplitude * season - 1) / 2)) : 1;
      params.set([p01, p01 + persistence, shape, scale * (1 + 0.3 * amplitude * season), q, 1], (row * 12 + m) * 6);
    }
  }
  return { type: 'accumulation', peril, grid: TEST_GRID, rows, cellRow: cells(rows, random), meta: META, params };
}

/** Centre of a cell of TEST_GRID by flat index. */
export function testCellCentre(index: number): { latitude: number; longitude: number } {
  const i = Math.floor(index / TEST_GRID.nlon);
  const j = index % TEST_GRID.nlon;
  return { latitude: TEST_GRID.lat0 + (i + 0.5) * TEST_GRID.dlat, longitude: TEST_GRID.lon0 + (j + 0.5) * TEST_GRID.dlon };
}

export type AnyTable = HazardTable;
