import { describe, it, before, after } from '../helpers/harness.js';
import { SOURCES_DIR, sourcesSkip } from '../helpers/sources.js';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { CATALOGUES } from '../../src/catalogues/registry.js';
import { daysFromCivil } from '../../src/engine/calendar.js';
import { cellIndex } from '../../src/engine/grid.js';
import { encodeTable } from '../../src/engine/table-file.js';
import { checkTable, type HazardTable, type RateTable } from '../../src/engine/table-spec.js';
import { gumbelReducedVariate, meanDepthM } from '../../src/models/flood/depth.js';
import { affectedCells, eventRates } from '../../src/models/flood/events.js';
import { floodBuilder } from '../../src/models/flood/index.js';
import { readFloodArchive } from '../../src/models/flood/sources.js';
import { buildFlood, type FloodBuild } from '../../src/models/flood/table.js';
import { CELLS, GRID, cellAreaKm2 } from '../../src/models/toolkit/half-degree.js';
import type { BuildContext } from '../../src/models/types.js';
import { SYNTHETIC, writeSyntheticCatalogues } from './wildfire-flood/fixtures.js';

function rowAt(table: HazardTable, latitude: number, longitude: number): number {
  return table.cellRow[cellIndex(table.grid, latitude, longitude)]!;
}

describe('flood: method steps against hand calculations', () => {
  it('depth means scale with the Gumbel reduced variate of each class', () => {
    assert.ok(Math.abs(gumbelReducedVariate(200) - -Math.log(-Math.log(0.995))) < 1e-12);
    assert.equal(meanDepthM(1), 0.5);
    // y(44.7) = 3.7887, y(14.1) = 2.6096 → 0.5 × 1.4518; y(200) = 5.2958 → 0.5 × 2.0293.
    assert.ok(Math.abs(meanDepthM(1.5) - 0.7259) < 1e-3);
    assert.ok(Math.abs(meanDepthM(2) - 1.0147) < 1e-3);
  });

  it('a disc smaller than a cell affects only its own cell; without smoothing the rate is N/T', () => {
    const event = { latitude: 39.25, longitude: -8.25, areaKm2: 100, severity: 1 as const, day: 0, slot: 0 };
    assert.deepEqual(affectedCells(event), [cellIndex(GRID, 39.25, -8.25)]);
    const big = affectedCells({ ...event, areaKm2: 50_000 });
    const cellArea = cellAreaKm2(cellIndex(GRID, 39.25, -8.25));
    assert.ok(Math.abs(big.length - 50_000 / cellArea) < 0.25 * (50_000 / cellArea), `${big.length} cells`);
    const land = new Float64Array(CELLS).fill(1);
    const rates = eventRates([event, event], 20, land, 10, 1e-6);
    assert.ok(Math.abs(rates.rates[0]![cellIndex(GRID, 39.25, -8.25)]! - 2 / 20) < 1e-12);
  });
});

describe('flood: synthetic catalogues', () => {
  let root = '';
  let flood: FloodBuild;
  const context = (): BuildContext => ({ sourcesDir: root, progress: () => {}, log: () => {}, built: new Map() });

  before(() => {
    root = writeSyntheticCatalogues();
    flood = buildFlood(root, () => {});
  });
  after(() => fs.rmSync(root, { recursive: true, force: true }));

  it('the table passes checkTable, is labelled heuristic and covers neither Antarctica nor the open Pacific; the builder gives identical bytes twice', async () => {
    checkTable(flood.table);
    assert.equal(flood.table.meta.confidence, 'heuristic');
    assert.equal(rowAt(flood.table, -80, 0), -1, 'Antarctica');
    assert.equal(rowAt(flood.table, 0, -140), -1, 'open Pacific');
    const first = await floodBuilder.build(context());
    const second = await floodBuilder.build(context());
    assert.deepEqual(first.map((t) => t.peril), ['FloodLivePlus']);
    assert.deepEqual(encodeTable(first[0]!), encodeTable(second[0]!));
    assert.deepEqual(encodeTable(first[0]!), encodeTable(flood.table));
  });

  it('flood depths of one severity class: λ(0.1 m) / λ(1 m) = exp(0.9 / 0.5)', () => {
    const table = flood.table as RateTable;
    const row = rowAt(table, SYNTHETIC.flood.latitude, SYNTHETIC.flood.longitude);
    const k = 7;
    assert.ok(Math.abs(table.rates[row * k]! / table.rates[row * k + 3]! - Math.exp(1.8)) < 1e-9);
    const days = daysFromCivil(2019, 8, 28) - daysFromCivil(1985, 1, 1) + 1;
    assert.ok(Math.abs(flood.recordYears - days / 365.25) < 1e-12);
    assert.equal(flood.events, 3);
  });
});

describe('flood: real catalogue slice', () => {
  const sources = SOURCES_DIR;

  it('the DFO archive reads whole (one row has no begin date)', { skip: sourcesSkip(CATALOGUES.dfo.folder) }, () => {
    const archive = readFloodArchive(sources);
    assert.equal(archive.events.length + archive.skipped, 4787);
    assert.equal(archive.skipped, 1);
    assert.ok(Math.abs((archive.lastDay - archive.firstDay + 1) / 365.25 - 34.66) < 0.01);
  });
});
