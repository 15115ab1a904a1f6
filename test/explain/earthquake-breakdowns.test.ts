import assert from 'node:assert/strict';
import { describe, it } from '../helpers/harness.js';
import { cellCentre, cellIndex, globalGrid } from '../../src/engine/grid.js';
import { perilDef } from '../../src/engine/perils.js';
import { contributions } from '../../src/explain/earthquake/contributions.js';
import { earthquakeBreakdowns } from '../../src/explain/earthquake/breakdowns.js';
import type { EarthquakeSiteModel } from '../../src/explain/earthquake/site-model.js';
import { earthquakeThresholds, type ExceedanceTables } from '../../src/models/earthquake/exceedance-tables.js';
import { addFaultHazard } from '../../src/models/earthquake/fault-hazard.js';
import { FAULT_SOURCES, type FaultSource } from '../../src/models/earthquake/fault-sources.js';
import { COVERAGE, LAYERS } from '../../src/models/earthquake/parameters.js';

/**
 * Synthetic site models whose breakdowns are known by hand: no smoothed
 * seismicity, no zones, only the fault sources given. The fault path needs no
 * exceedance tables (its ground motion is computed per site), so the tables
 * carry the thresholds alone.
 */
const GRID = globalGrid(COVERAGE.step);
const THRESHOLDS = earthquakeThresholds();
const J = perilDef('Earthquake').thresholds.indexOf('PGA0.2');
const NEW_MADRID = FAULT_SOURCES.find((f) => f.name.startsWith('New Madrid, Reelfoot'))!;
const MEMPHIS = { latitude: 35.15, longitude: -90.05 };

function faultsOnly(faults: readonly FaultSource[]): EarthquakeSiteModel {
  const cells = GRID.nlat * GRID.nlon;
  const tables: ExceedanceTables = { thresholds: THRESHOLDS, bins: [], stepKm: 2, nodes: [], byLayer: [] };
  const zeros = () => LAYERS.map(() => new Float64Array(cells));
  return { grid: GRID, model: { grid: GRID, rateByLayer: zeros(), mmaxByLayer: zeros(), bByLayer: LAYERS.map(() => 1) }, tables, faults, zones: [] };
}

function shareSum(items: { share: number }[]): number {
  return items.reduce((sum, i) => sum + i.share, 0);
}

describe('earthquake breakdowns, synthetic', () => {
  it('one fault alone: its share is 1, in one magnitude–distance bin holding its magnitude and R_rup', () => {
    const site = faultsOnly([NEW_MADRID]);
    const parts = contributions(site, MEMPHIS.latitude, MEMPHIS.longitude, J);
    assert.equal(parts.length, 1);
    const [md, source] = earthquakeBreakdowns(site, parts);
    assert.deepEqual(source!.items.map((i) => [i.label, i.share, i.source_type]), [[NEW_MADRID.name, 1, 'fault']]);
    assert.equal(md!.items.length, 1);
    const bin = md!.items[0]!;
    assert.equal(bin.share, 1);
    assert.ok(bin.magnitude_min! <= NEW_MADRID.magnitude && NEW_MADRID.magnitude < bin.magnitude_max!, bin.label);
    assert.ok(bin.distance_min_km! <= parts[0]!.distanceKm && parts[0]!.distanceKm < (bin.distance_max_km ?? Infinity), bin.label);
  });

  // The table's fault share is computed at the 0.125° cell's centre within NEAR_FAULT_GRID.distanceKm of a fault, else at the 0.5° centre.
  for (const { where, place, step } of [
    { where: 'on the fault', place: { latitude: 36.3, longitude: -89.5 }, step: 0.125 },
    { where: 'over 100 km away', place: MEMPHIS, step: COVERAGE.step },
  ]) {
    it(`one fault's rate ${where} is the build's (addFaultHazard on the ${step}° grid at the site's cell)`, () => {
      const [part] = contributions(faultsOnly([NEW_MADRID]), place.latitude, place.longitude, J);
      const grid = globalGrid(step);
      const siteRow = new Int32Array(grid.nlat * grid.nlon).fill(-1);
      siteRow[cellIndex(grid, place.latitude, place.longitude)] = 0;
      const rates = new Float64Array(THRESHOLDS.length);
      addFaultHazard([NEW_MADRID], THRESHOLDS, grid, siteRow, rates);
      assert.ok(rates[J]! > 0);
      assert.equal(part!.rate, rates[J]);
    });
  }

  it('the same fault twice at recurrences R and 3R: shares 3/4 and 1/4', () => {
    const often = { ...NEW_MADRID, name: 'often' };
    const rarely = { ...NEW_MADRID, name: 'rarely', recurrenceYears: 3 * NEW_MADRID.recurrenceYears };
    const site = faultsOnly([rarely, often]);
    const [md, source] = earthquakeBreakdowns(site, contributions(site, MEMPHIS.latitude, MEMPHIS.longitude, J));
    assert.deepEqual(source!.items.map((i) => i.label), ['often', 'rarely']);
    assert.ok(Math.abs(source!.items[0]!.share - 0.75) < 1e-12);
    assert.ok(Math.abs(source!.items[1]!.share - 0.25) < 1e-12);
    assert.deepEqual(md!.items.map((i) => i.share), [1]);
  });

  it('a site beyond every fault\'s reach: no contributions, empty breakdowns', () => {
    const site = faultsOnly([NEW_MADRID]);
    const far = cellCentre(GRID, cellIndex(GRID, -33.9, 151.2));
    const parts = contributions(site, far.latitude, far.longitude, J);
    assert.equal(parts.length, 0);
    assert.deepEqual(earthquakeBreakdowns(site, parts), [{ by: 'magnitude_distance', items: [] }, { by: 'source', items: [] }]);
  });

  it('sources below 0.5 % fold into one "other" item naming how many and of which kind; shares in [0, 1] sum to 1', () => {
    const rare = (n: number) => ({ ...NEW_MADRID, name: `rare ${n}`, recurrenceYears: 1000 * NEW_MADRID.recurrenceYears });
    const site = faultsOnly([NEW_MADRID, rare(1), rare(2)]);
    const [md, source] = earthquakeBreakdowns(site, contributions(site, MEMPHIS.latitude, MEMPHIS.longitude, J));
    assert.deepEqual(source!.items.map((i) => [i.label, i.source_type]), [[NEW_MADRID.name, 'fault'], ['other: 2 sources each below 0.5 % (2 fault)', 'other']]);
    assert.ok(Math.abs(source!.items[1]!.share - 2 / 1002) < 1e-12);
    for (const b of [md!, source!]) {
      assert.ok(b.items.every((i) => i.share >= 0 && i.share <= 1));
      assert.ok(Math.abs(shareSum(b.items) - 1) < 1e-12, `${b.by}: ${shareSum(b.items)}`);
    }
  });
});
