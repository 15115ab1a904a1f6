import { describe, it, before, after } from '../helpers/harness.js';
import { SOURCES_DIR, sourcesSkip } from '../helpers/sources.js';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { CATALOGUES } from '../../src/catalogues/registry.js';
import { daysFromCivil } from '../../src/engine/calendar.js';
import { cellIndex } from '../../src/engine/grid.js';
import { perilDef } from '../../src/engine/perils.js';
import { encodeTable } from '../../src/engine/table-file.js';
import { checkTable, type HazardTable, type RateTable } from '../../src/engine/table-spec.js';
import { affectedCells, eventRates } from '../../src/models/flood/events.js';
import { shareBelow, type Floodplain } from '../../src/models/flood/hand.js';
import { floodBuilder } from '../../src/models/flood/index.js';
import { englandSurfaceWaterRate, heavyRainDays, pluvialDepthShare, pluvialExposure } from '../../src/models/flood/pluvial.js';
import { cityDensity, defendedShare } from '../../src/models/flood/defended-share.js';
import { protectionGrid } from '../../src/models/flood/protection.js';
import { readFloodArchive } from '../../src/models/flood/sources.js';
import { gumbelReducedVariate, overtopping, stageM } from '../../src/models/flood/stage.js';
import { buildFlood, type FloodBuild } from '../../src/models/flood/build.js';
import { countryGrid } from '../../src/models/toolkit/country-grid.js';
import { CELLS, GRID, cellAreaKm2 } from '../../src/models/toolkit/half-degree.js';
import { populationGrid } from '../../src/models/toolkit/population-grid.js';
import { landCover } from '../../src/models/toolkit/world-atlas.js';
import type { BuildContext } from '../../src/models/types.js';
import { SYNTHETIC, syntheticRainTable, writeSyntheticCatalogues } from './wildfire-flood/fixtures.js';

const close = (a: number, b: number, tolerance: number, what: string): void => assert.ok(Math.abs(a - b) <= tolerance, `${what}: ${a} vs ${b}`);

function rowAt(table: HazardTable, latitude: number, longitude: number): number {
  return table.cellRow[cellIndex(table.grid, latitude, longitude)]!;
}

describe('flood: method steps against hand calculations', () => {
  it('stage grows with the Gumbel reduced variate of the return period', () => {
    assert.ok(Math.abs(gumbelReducedVariate(200) - -Math.log(-Math.log(0.995))) < 1e-12);
    close(stageM(1.5, 14.1), 1.5, 1e-12, 'class-1 stage');
    // y(200) = 5.2958, y(14.1) = 2.6096 → 1.5 × 2.0293.
    close(stageM(1.5, 200), 3.044, 1e-3, '200-year stage');
  });

  it('a defence of T years lets through the share (1/T − 1/b)/(1/a − 1/b) of a class spanning [a, b] years', () => {
    assert.deepEqual(overtopping(1, 5), { share: 1, years: 14.1 });
    assert.equal(overtopping(1, 100).share, 0);
    const middle = overtopping(1.5, 50);
    close(middle.share, (1 / 50 - 1 / 100) / (1 / 20 - 1 / 100), 1e-12, 'class 1.5 behind 1/50');
    close(middle.years, Math.sqrt(50 * 100), 1e-12, 'its representative return period');
    assert.deepEqual(overtopping(2, 10_000), { share: 100 / 10_000, years: 20_000 });
  });

  it('the share below a stage mixes mapped (spread ± gradient × half a fine cell) and unmapped drainage', () => {
    // One fine cell at HAND 2 m, gradient 0.5 m/km: spread ± 2.78 m → uniform on [0, 4.78]; unmapped streams: h / (0.5 × 20 / 2).
    const fp: Floodplain = { hand: new Float32Array(CELLS * 25), count: new Uint8Array(CELLS), gradient: new Float64Array(CELLS) };
    fp.hand[25 * 7] = 2;
    fp.count[7] = 1;
    fp.gradient[7] = 0.5;
    const h = 1;
    const mapped = h / (2 + 0.5 * 5.56);
    const unmapped = h / 5;
    close(shareBelow(fp, 7, h), 1 - (1 - mapped) * (1 - unmapped), 1e-6, 'share below 1 m');
    assert.equal(shareBelow(fp, 7, 0), 0);
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

  it('heavy-rain days and the pluvial terms follow their formulas', () => {
    const days = heavyRainDays(syntheticRainTable());
    close(days[cellIndex(GRID, 51.5, 0)]!, 365.25 * SYNTHETIC.heavyRainDailyChance, 1e-9, 'heavy-rain days');
    // England: 18.4 % of properties in the 1/1000 extent, chances log-uniform 1/1000 … 1/30.
    close(englandSurfaceWaterRate(), (0.184 * (1 / 30 - 1 / 1000)) / Math.log(1000 / 30), 1e-15, 'England rate');
    assert.equal(pluvialDepthShare(0.1), 1);
    close(pluvialDepthShare(0.3), Math.exp(-2), 1e-12, 'depth ≥ 0.3 m');
  });

  it('protection: Holland 1/10,000, London 1/1,000, Germany 1/100, Bangladesh FLOPROS’s 1/50', () => {
    const protection = protectionGrid(countryGrid());
    const at = (latitude: number, longitude: number): number => protection.years[cellIndex(GRID, latitude, longitude)]!;
    assert.equal(at(51.92, 4.48), 10_000);
    assert.equal(at(51.51, -0.13), 1000);
    assert.equal(at(52.52, 13.4), 100);
    assert.equal(at(23.81, 90.41), 50);
  });
});

describe('flood: synthetic catalogues', () => {
  let root = '';
  let flood: FloodBuild;
  const rain = syntheticRainTable();
  const context = (): BuildContext => ({ sourcesDir: root, progress: () => {}, log: () => {}, built: new Map([['Rain', rain]]) });

  before(() => {
    root = writeSyntheticCatalogues();
    flood = buildFlood(root, rain, () => {});
  });
  after(() => fs.rmSync(root, { recursive: true, force: true }));

  it('the table passes checkTable, is labelled heuristic and covers neither Antarctica nor the open Pacific; the builder gives identical bytes twice', async () => {
    checkTable(flood.table);
    assert.equal(flood.table.meta.confidence, 'heuristic');
    assert.equal(rowAt(flood.table, -80, 0), -1, 'Antarctica');
    assert.equal(rowAt(flood.table, 0, -140), -1, 'open Pacific');
    assert.equal(rowAt(flood.table, -16.75, -120), -1, 'the Pacific on Fiji’s latitude');
    const first = await floodBuilder.build(context());
    const second = await floodBuilder.build(context());
    assert.deepEqual(first.map((t) => t.peril), ['FloodLivePlus']);
    assert.deepEqual(encodeTable(first[0]!), encodeTable(second[0]!));
    assert.deepEqual(encodeTable(first[0]!), encodeTable(flood.table));
  });

  it('behind Portugal’s 1/100 standard the one class-1 flood reaches only the undefended share of the cell', () => {
    const table = flood.table as RateTable;
    const row = rowAt(table, SYNTHETIC.flood.latitude, SYNTHETIC.flood.longitude);
    const cell = cellIndex(GRID, SYNTHETIC.flood.latitude, SYNTHETIC.flood.longitude);
    assert.equal(flood.protection[cell], 100);
    const landKm2 = Math.max(landCover().land[cell]!, 0.01) * cellAreaKm2(cell);
    const p = defendedShare(populationGrid()[cell]!, cityDensity('620'), landKm2);
    close(flood.defendedShare[cell]!, p, 1e-15, 'defended share');
    assert.ok(p > 0 && p < 1, `p = ${p}`);
    const thresholds = perilDef('FloodLivePlus').thresholds as number[];
    const days = heavyRainDays(rain);
    // The gradient of the synthetic terrain (flat 100 m boxes) is the floor for this inland cell.
    const base = flood.pluvialScale * pluvialExposure(days, Float64Array.from({ length: CELLS }, () => 0.3), cell);
    // Above the pluvial term is (1 − p) of the natural class-1 flood, shallower the deeper the threshold.
    const river = thresholds.map((d, k) => table.rates[row * thresholds.length + k]! - base * pluvialDepthShare(d));
    assert.ok(river[0]! > 1e-12 * base, `river part at 0.1 m: ${river[0]}`);
    river.forEach((r, k) => assert.ok(r >= -1e-12 * base && (k === 0 || r <= river[k - 1]! + 1e-15), `river part at ${thresholds[k]} m: ${r}`));
    const span = daysFromCivil(2019, 8, 28) - daysFromCivil(1985, 1, 1) + 1;
    assert.ok(Math.abs(flood.recordYears - span / 365.25) < 1e-12);
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
