import type { ModelType, PerilName } from './perils.js';
import { perilDef, thresholdScales } from './perils.js';

/**
 * What a model builder hands the engine: one hazard table per peril, in memory.
 * `table-file.ts` writes it in the binary format of docs/table-format.md; the
 * kernel and `reference.ts` read the same arrays. Every array is row-major.
 */

/** A regular lat/lon grid of cells; (lat0, lon0) is the south-west corner of cell (0, 0). */
export interface GridDef {
  lat0: number;
  lon0: number;
  dlat: number;
  dlon: number;
  nlat: number;
  nlon: number;
}

export interface TableMeta {
  /** The method page, e.g. `docs/models/tropical-cyclone.md`. */
  method: string;
  /** Source folders under HAZRISK_SOURCES that fed the table. */
  sources: string[];
  /** Build parameters that change the numbers (periods, smoothing radii, …). */
  parameters: Record<string, unknown>;
  /** Coverage text shown by /v1/perils (overrides the registry's default). */
  coverage?: string;
  /** Confidence statement for /v1/perils and docs. */
  confidence?: 'standard' | 'low' | 'heuristic';
}

interface TableBase {
  peril: PerilName;
  grid: GridDef;
  /** nlat × nlon: the data row of each cell, or -1 where the model has no coverage. */
  cellRow: Int32Array;
  /** Number of data rows. */
  rows: number;
  meta: TableMeta;
}

/**
 * Rate perils: Λ_k(window) = λ_k × (seasonal share of the window's days) × (diurnal share of its hours).
 * Seasonal weights are per slot of a 366-slot calendar (slot 59 = 29 Feb), any positive scale:
 * the writer normalises each profile so that Σ(non-leap slots) + ¼·w[59] = 1 (one mean year).
 * Diurnal shares are per local solar hour 0–23, normalised to sum 1 by the writer.
 */
export interface RateTable extends TableBase {
  type: 'rate';
  /** rows × K annual exceedance rates λ (events per year reaching threshold k); non-increasing in k. */
  rates: Float64Array;
  seasonOfRow: Uint16Array;
  /** profiles × 366 */
  seasonWeights: Float64Array;
  diurnalOfRow: Uint16Array;
  /** profiles × 24 */
  diurnalShares: Float64Array;
}

/** Daily-maximum perils: rows × 12 months × K probabilities that a day's maximum reaches threshold k. */
export interface DailyTable extends TableBase {
  type: 'daily';
  dailyProb: Float64Array;
}

/** Parameters per row and month of the chain-dependent daily generator (docs/methods.md §4). */
export const ACCUMULATION_PARAMS = ['p01', 'p11', 'alpha', 'beta', 'q', 'r'] as const;
export const ACCUMULATION_PARAM_COUNT = ACCUMULATION_PARAMS.length;

/**
 * Accumulation perils: rows × 12 months × 6 parameters:
 * p01 = P(wet | dry yesterday), p11 = P(wet | wet yesterday), alpha/beta = gamma shape/scale of a
 * wet day's amount (mm water), q = P(a wet day counts, e.g. falls as snow), r = units of the
 * peril per mm water (1 for rain in mm; snow depth in cm per mm water).
 */
export interface AccumulationTable extends TableBase {
  type: 'accumulation';
  params: Float64Array;
}

export type HazardTable = RateTable | DailyTable | AccumulationTable;

/** Throws with a message naming the first inconsistency; builders call it before writing. */
export function checkTable(table: HazardTable): void {
  const def = perilDef(table.peril);
  const k = def.thresholds.length;
  // Exceedance may only fall as the threshold rises within one scale (MMI, PGA, …).
  const continuesScale = new Array<boolean>(k).fill(false);
  for (const run of thresholdScales(def)) run.slice(1).forEach((j) => (continuesScale[j] = true));
  const fail = (msg: string): never => {
    throw new Error(`${table.peril} table: ${msg}`);
  };
  if (def.modelType !== (table.type as ModelType)) fail(`type ${table.type} but the registry says ${def.modelType}`);
  const { nlat, nlon, dlat, dlon } = table.grid;
  if (!(nlat > 0 && nlon > 0 && dlat > 0 && dlon > 0)) fail('bad grid');
  if (table.cellRow.length !== nlat * nlon) fail(`cellRow has ${table.cellRow.length} cells, grid has ${nlat * nlon}`);
  for (const row of table.cellRow) if (row < -1 || row >= table.rows) fail(`cellRow points at row ${row} of ${table.rows}`);
  if (table.type === 'rate') {
    expectLength(table.rates, table.rows * k, 'rates', fail);
    expectLength(table.seasonOfRow, table.rows, 'seasonOfRow', fail);
    expectLength(table.diurnalOfRow, table.rows, 'diurnalOfRow', fail);
    const seasons = table.seasonWeights.length / 366;
    const diurnals = table.diurnalShares.length / 24;
    if (!Number.isInteger(seasons) || seasons < 1) fail('seasonWeights is not profiles × 366');
    if (!Number.isInteger(diurnals) || diurnals < 1) fail('diurnalShares is not profiles × 24');
    for (const s of table.seasonOfRow) if (s >= seasons) fail(`season profile ${s} missing`);
    for (const d of table.diurnalOfRow) if (d >= diurnals) fail(`diurnal profile ${d} missing`);
    for (const w of table.seasonWeights) if (!(w >= 0 && Number.isFinite(w))) fail('negative or non-finite season weight');
    for (const w of table.diurnalShares) if (!(w >= 0 && Number.isFinite(w))) fail('negative or non-finite diurnal share');
    for (let r = 0; r < table.rows; r++) {
      for (let j = 0; j < k; j++) {
        const v = table.rates[r * k + j]!;
        if (!(v >= 0 && Number.isFinite(v))) fail(`row ${r} threshold ${j}: rate ${v}`);
        if (continuesScale[j] && v > table.rates[r * k + j - 1]! * (1 + 1e-12)) fail(`row ${r}: rates increase with threshold`);
      }
    }
  } else if (table.type === 'daily') {
    expectLength(table.dailyProb, table.rows * 12 * k, 'dailyProb', fail);
    for (let i = 0; i < table.dailyProb.length; i++) {
      const p = table.dailyProb[i]!;
      if (!(p >= 0 && p < 1)) fail(`daily probability ${p} at ${i} outside [0, 1)`);
      if (continuesScale[i % k] && p > table.dailyProb[i - 1]! * (1 + 1e-12)) fail(`daily probabilities increase with threshold at ${i}`);
    }
  } else {
    expectLength(table.params, table.rows * 12 * ACCUMULATION_PARAM_COUNT, 'params', fail);
    for (let i = 0; i < table.params.length; i += ACCUMULATION_PARAM_COUNT) {
      const [p01, p11, alpha, beta, q, r] = table.params.subarray(i, i + ACCUMULATION_PARAM_COUNT);
      const ok = p01! >= 0 && p01! < 1 && p11! >= 0 && p11! < 1 && alpha! > 0 && beta! > 0 && q! >= 0 && q! <= 1 && r! > 0;
      if (!ok) fail(`generator parameters out of range at ${i / ACCUMULATION_PARAM_COUNT}: ${[p01, p11, alpha, beta, q, r].join(', ')}`);
    }
  }
}

function expectLength(a: ArrayLike<number>, n: number, name: string, fail: (msg: string) => never): void {
  if (a.length !== n) fail(`${name} has ${a.length} values, expected ${n}`);
}
