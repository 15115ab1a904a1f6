import { extendCoverage } from '../../engine/grid.js';
import type { GridDef } from '../../engine/table-spec.js';
import { COVERAGE_RINGS } from './parameters.js';

/**
 * Turns per-cell values into table rows: identical rows are stored once (cells
 * share rows, docs/table-format.md), cells without values stay −1, and coverage
 * is extended COVERAGE_RINGS cells so coastal points resolve.
 */
export interface AssembledRows {
  cellRow: Int32Array;
  rows: number;
  data: Float64Array;
}

/** `cells[i]` is the grid cell of candidate i, `values` holds candidates × width numbers. */
export function assembleRows(grid: GridDef, cells: Int32Array, values: Float64Array, width: number): AssembledRows {
  const cellRow = new Int32Array(grid.nlat * grid.nlon).fill(-1);
  const words = new Uint32Array(values.buffer, values.byteOffset, values.length * 2);
  const byHash = new Map<number, number[]>();
  const kept: number[] = [];
  for (let i = 0; i < cells.length; i++) {
    const hash = rowHash(words, i * width * 2, width * 2);
    const bucket = byHash.get(hash) ?? [];
    let row = bucket.find((r) => sameRow(values, kept[r]!, i, width));
    if (row === undefined) {
      row = kept.length;
      kept.push(i);
      bucket.push(row);
      byHash.set(hash, bucket);
    }
    cellRow[cells[i]!] = row;
  }
  const data = new Float64Array(kept.length * width);
  kept.forEach((i, row) => data.set(values.subarray(i * width, (i + 1) * width), row * width));
  return { cellRow: extendCoverage(grid, cellRow, COVERAGE_RINGS), rows: kept.length, data };
}

/** FNV-1a over 32-bit words. */
function rowHash(words: Uint32Array, start: number, count: number): number {
  let h = 0x811c9dc5;
  for (let k = start; k < start + count; k++) h = Math.imul(h ^ words[k]!, 0x01000193);
  return h >>> 0;
}

function sameRow(values: Float64Array, a: number, b: number, width: number): boolean {
  for (let k = 0; k < width; k++) if (!Object.is(values[a * width + k], values[b * width + k])) return false;
  return true;
}
