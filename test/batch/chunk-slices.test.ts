import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from '../helpers/harness.js';
import { startTestApp, tempDir, type TestApp } from '../helpers/app.js';
import { writeFixtureTables } from '../helpers/fixture-tables.js';
import { computeChunk, type JobPlan } from '../../src/batch/chunk-compute.js';
import type { BatchRow } from '../../src/batch/csv-input.js';
import { perilDef, type PerilName } from '../../src/engine/perils.js';

/**
 * Batch compute shares the main thread with the HTTP server (issue 30, item
 * 9: /health p99 141–227 ms while chunks computed, because a chunk's 34 MB of
 * CSV was joined, encoded and hashed in one turn, after 500-row slices of
 * formatting). What the suite can check without a clock: a chunk is computed
 * in slices of at most 1,000 result lines, each in its own turn of the event
 * loop (a setImmediate ticker counts turns), and its bytes arrive encoded
 * slice by slice — no part bigger than a slice's lines. The latency itself is
 * measured in bench/batch-event-loop.bench.ts (bench/README.md).
 */
const ROWS = 10_000;
const PERILS: PerilName[] = ['TropicalCyclone', 'Earthquake', 'Rain'];
let t: TestApp;

before(async () => {
  const dir = tempDir();
  writeFixtureTables(path.join(dir, 'tables'));
  t = await startTestApp({ dataDir: dir, tablesDir: path.join(dir, 'tables') }, { worker: false });
});
after(() => t.close());

describe('a chunk of 10,000 in-depth rows', () => {
  it('is computed in slices of at most 1,000 result lines, each in a turn of its own, and encoded slice by slice', async () => {
    const rows: BatchRow[] = Array.from({ length: ROWS }, (_, i) => ({
      row: i + 1, index: i, location: null, latitude: -60 + (i % 120), longitude: -170 + ((i * 7) % 340), tag: `site ${i}`,
      start_date: null, end_date: null, start_hour: null, end_hour: null,
    }));
    let turn = 0;
    let ticking = true;
    const tick = (): void => {
      turn++;
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    const slices: { turn: number; rows: number }[] = [];
    const source = { length: ROWS, slice: (from: number, to: number) => (slices.push({ turn, rows: Math.min(to, ROWS) - from }), rows.slice(from, to)) };
    const plan: JobPlan = { kind: 'in_depth', submissionDay: 20_000, perils: PERILS };
    const chunk = await computeChunk(t.app, plan, source, () => false);
    ticking = false;
    const linesPerRow = PERILS.reduce((sum, p) => sum + perilDef(p).thresholds.length, 0);
    assert.equal(slices.reduce((sum, s) => sum + s.rows, 0), ROWS);
    assert.ok(slices.every((s) => s.rows * linesPerRow <= 1000), `largest slice ${Math.max(...slices.map((s) => s.rows)) * linesPerRow} lines`);
    assert.equal(new Set(slices.map((s) => s.turn)).size, slices.length, 'each slice starts in a turn of its own');
    const lines = chunk!.csv.parts.map((part) => part.toString('utf8').split('\r\n').length - 1);
    const total = lines.reduce((a, b) => a + b, 0);
    // A row × peril is a line per threshold, or one failed line where the peril has no coverage.
    assert.ok(total >= ROWS * PERILS.length && total <= ROWS * linesPerRow, `${total} lines`);
    assert.ok(total > ROWS * PERILS.length * 2, 'most rows are covered');
    assert.ok(Math.max(...lines) <= 1000, 'the CSV is encoded a slice at a time');
  });
});
