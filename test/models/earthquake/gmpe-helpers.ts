/** Shared by the GMPE tests: the verification rows in ./gmpe-data/, a rupture with defaults, a tolerance check. */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { GroundMotionModel, Rupture } from '../../../src/models/earthquake/gmpe/index.js';

const DATA = path.join(path.dirname(new URL(import.meta.url).pathname), 'gmpe-data');

export function readRows(file: string): Record<string, number>[] {
  const [header, ...lines] = fs.readFileSync(path.join(DATA, file), 'utf8').trim().split('\n');
  const names = header!.split(',');
  return lines.map((line) => {
    const cells = line.split(',').map(Number);
    assert.equal(cells.length, names.length, `${file}: ${line}`);
    return Object.fromEntries(names.map((name, i) => [name, cells[i]!]));
  });
}

export const rupture = (magnitude: number, distances: Partial<Rupture>): Rupture => ({
  magnitude,
  rRupKm: 0,
  rJbKm: 0,
  hypocentreDepthKm: 10,
  ...distances,
});

export function assertClose(actual: number, expected: number, tolerance: number, what: string): void {
  assert.ok(Math.abs(actual - expected) <= tolerance, `${what}: got ${actual}, expected ${expected} ± ${tolerance} (off by ${actual - expected})`);
}

/** At a fixed rupture, ln PGA falls with R_rup over `distancesKm` with σ > 0, and a negative R_rup is a RangeError. */
export function assertFallsWithDistance(model: GroundMotionModel, base: Rupture, distancesKm: readonly number[]): void {
  let previous = Infinity;
  for (const r of distancesKm) {
    const p = model.lnPga({ ...base, rRupKm: r });
    assert.ok(p.mean < previous && p.sigma > 0, `${model.id} at ${r} km`);
    previous = p.mean;
  }
  assert.throws(() => model.lnPga({ ...base, rRupKm: -1 }), RangeError);
}
