import { globalGrid } from '../src/engine/grid.js';
import { perilDef, type PerilName } from '../src/engine/perils.js';
import type { AccumulationTable, DailyTable, HazardTable, RateTable } from '../src/engine/table-spec.js';

/**
 * Tables with the shapes and sizes of the real ones (0.25° rate grids, 0.5°
 * land tables with ~67k rows), filled with plausible random values, so the
 * kernel bench runs without a full table build.
 */
function lcg(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

const META = { method: 'bench', sources: [], parameters: {} };

function coveredCells(cells: number, rows: number, random: () => number): Int32Array {
  const out = new Int32Array(cells).fill(-1);
  for (let r = 0; r < rows; r++) out[Math.floor(random() * cells)] = r;
  return out;
}

function rate(peril: PerilName, rows: number, seed: number): RateTable {
  const random = lcg(seed);
  const grid = globalGrid(0.25);
  const k = perilDef(peril).thresholds.length;
  const rates = new Float64Array(rows * k);
  for (let r = 0; r < rows; r++) {
    let v = 10 ** (-4 + 3 * random());
    for (let j = 0; j < k; j++) rates[r * k + j] = v *= 0.3 + 0.6 * random();
  }
  return {
    type: 'rate', peril, grid, rows, cellRow: coveredCells(grid.nlat * grid.nlon, rows, random), meta: META, rates,
    seasonOfRow: Uint16Array.from({ length: rows }, () => Math.floor(random() * 8)),
    seasonWeights: Float64Array.from({ length: 8 * 366 }, () => random()),
    diurnalOfRow: Uint16Array.from({ length: rows }, () => Math.floor(random() * 4)),
    diurnalShares: Float64Array.from({ length: 4 * 24 }, () => random()),
  };
}

function daily(peril: PerilName, seed: number): DailyTable {
  const random = lcg(seed);
  const grid = globalGrid(0.5);
  const rows = 67_420;
  const k = perilDef(peril).thresholds.length;
  const dailyProb = new Float64Array(rows * 12 * k);
  for (let i = 0; i < rows * 12; i++) {
    let p = 0.4 * random();
    for (let j = 0; j < k; j++) dailyProb[i * k + j] = p *= 0.2 + 0.7 * random();
  }
  return { type: 'daily', peril, grid, rows, cellRow: coveredCells(grid.nlat * grid.nlon, rows, random), meta: META, dailyProb };
}

function accumulation(peril: PerilName, seed: number): AccumulationTable {
  const random = lcg(seed);
  const grid = globalGrid(0.5);
  const rows = 67_420;
  const params = new Float64Array(rows * 12 * 6);
  for (let i = 0; i < rows * 12; i++) {
    const p01 = 0.05 + 0.35 * random();
    params.set([p01, Math.min(0.9, p01 + 0.1 + 0.3 * random()), 0.6 + 0.3 * random(), 3 + 10 * random(), peril === 'Cumulativesnow' ? random() : 1, 1], i * 6);
  }
  return { type: 'accumulation', peril, grid, rows, cellRow: coveredCells(grid.nlat * grid.nlon, rows, random), meta: META, params };
}

export function benchTables(): HazardTable[] {
  return [rate('TropicalCyclone', 300_000, 1), rate('Earthquake', 500_000, 2), daily('Rain', 3), accumulation('CumulativeRain', 4)];
}
