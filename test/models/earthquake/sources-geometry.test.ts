/**
 * The earthquake model's source pieces against hand calculations: the
 * tectonic regime rule, the layer of an event, fault-to-site distances for
 * vertical and dipping planes, the own-cell rings, and the regimes of
 * well-known places from the real PB2002 data when it is present.
 */
import assert from 'node:assert/strict';
import { describe, it } from '../../helpers/harness.js';
import { SOURCES_DIR, sourcesSkip } from '../../helpers/sources.js';
import { cellIndex, globalGrid } from '../../../src/engine/grid.js';
import { KM_PER_DEGREE } from '../../../src/geo/sphere.js';
import { readElevation } from '../../../src/catalogues/etopo.js';
import { faultDistances } from '../../../src/models/earthquake/fault-hazard.js';
import { FAULT_SOURCES, type FaultSource } from '../../../src/models/earthquake/fault-sources.js';
import { ownCellDistancesKm } from '../../../src/models/earthquake/hazard.js';
import { layerOf } from '../../../src/models/earthquake/source-model.js';
import { readBoundarySteps, readOrogens, type BoundaryStep } from '../../../src/models/earthquake/sources.js';
import { regimeAt, regionalise } from '../../../src/models/earthquake/tectonics.js';
import { cellAreaKm2 } from '../../../src/models/toolkit/half-degree.js';

const grid = globalGrid(0.5);
const step = (lat1: number, lon1: number, lat2: number, lon2: number, stepClass: string): BoundaryStep => ({ startLatitude: lat1, startLongitude: lon1, endLatitude: lat2, endLongitude: lon2, stepClass });

describe('tectonic regimes and layers', () => {
  it('classifies by distance to boundary classes, orogens and the ocean floor (REGIONALISATION)', () => {
    // A subduction step along 10°E and a continental transform along 40°E, both 0–10°N; deep ocean west of 0°E.
    const steps = [step(0, 10, 10, 10, 'SUB'), step(0, 40, 10, 40, 'CTF')];
    const elevation = new Float64Array(grid.nlat * grid.nlon).fill(500);
    for (let cell = 0; cell < elevation.length; cell++) if ((cell % grid.nlon) * 0.5 - 180 < 0) elevation[cell] = -4000;
    const r = regionalise(grid, steps, [], elevation);
    const at = (lat: number, lon: number) => regimeAt(r, cellIndex(grid, lat, lon));
    const km = (deg: number) => deg * KM_PER_DEGREE; // at the equator, 1° of longitude
    assert.equal(at(5.25, 10 + 300 / km(1)), 'subduction', '300 km from the trench');
    assert.equal(at(5.25, 10 + 400 / km(1)), 'stable', '400 km from it, 30 km beyond the transform zone');
    assert.equal(at(5.25, 40 - 200 / km(1)), 'active', '200 km from the transform');
    assert.equal(at(5.25, 40 + 300 / km(1)), 'stable');
    assert.equal(at(5.25, -20), 'oceanic');
    assert.equal(at(40.25, 20), 'stable');
  });

  it('puts each event in its layer by regime and depth (LAYER_DEPTHS)', () => {
    assert.deepEqual(
      [layerOf('stable', 10), layerOf('active', 30), layerOf('subduction', 15), layerOf('subduction', 30), layerOf('subduction', 60), layerOf('active', 100), layerOf('oceanic', 200), layerOf('subduction', 550)],
      [0, 1, 1, 2, 3, 4, 5, 6],
    );
  });
});

describe('fault geometry', () => {
  const fault = (trace: [number, number][], dipDeg: number, topKm: number, widthKm: number): FaultSource => ({
    name: 'test', regime: 'active', trace, dipDeg, mechanism: 'reverse', topKm, widthKm, magnitude: 7, recurrenceYears: 100, citation: 'test',
  });

  it('a vertical fault: R_JB is the distance to the trace, R_rup adds the top depth', () => {
    const f = fault([[0, 0], [1, 0]], 90, 3, 15);
    const d = faultDistances(f, 0.5, 10 / KM_PER_DEGREE);
    assert.ok(Math.abs(d.rJbKm - 10) < 0.01, `${d.rJbKm}`);
    assert.ok(Math.abs(d.rRupKm - Math.hypot(10, 3)) < 0.01, `${d.rRupKm}`);
    const beyond = faultDistances(f, 1 + 20 / KM_PER_DEGREE, 0);
    assert.ok(Math.abs(beyond.rJbKm - 20) < 0.05, `past the end: ${beyond.rJbKm}`);
  });

  it('a 45° fault dipping east: zero R_JB over the hanging wall, R_rup the perpendicular distance to the plane', () => {
    // Trace from south to north, so the down-dip side (the right) is east; width 20 km from the surface.
    const f = fault([[0, 0], [1, 0]], 45, 0, 20);
    const onHangingWall = faultDistances(f, 0.5, 10 / KM_PER_DEGREE);
    assert.ok(onHangingWall.rJbKm < 1e-9);
    assert.ok(Math.abs(onHangingWall.rRupKm - 10 * Math.SQRT1_2) < 0.01, `${onHangingWall.rRupKm}`);
    const footWall = faultDistances(f, 0.5, -5 / KM_PER_DEGREE);
    assert.ok(Math.abs(footWall.rJbKm - 5) < 0.01 && Math.abs(footWall.rRupKm - 5) < 0.01);
    // R_X is signed across strike from the top edge: +10 km over the hanging wall, −5 km on the foot wall.
    assert.ok(Math.abs(onHangingWall.rxKm - 10) < 0.01 && Math.abs(footWall.rxKm + 5) < 0.01, `${onHangingWall.rxKm} ${footWall.rxKm}`);
    // 20 km east is 5.86 km past the bottom edge's surface projection (14.14 km), but the foot of the
    // perpendicular to the plane, at 10 km down-dip, is still on the fault: R_rup = 20 sin 45°.
    const past = faultDistances(f, 0.5, 20 / KM_PER_DEGREE);
    assert.ok(Math.abs(past.rJbKm - (20 - 20 * Math.SQRT1_2)) < 0.01);
    assert.ok(Math.abs(past.rRupKm - 20 * Math.SQRT1_2) < 0.01);
    // 40 km east the nearest point of the plane is its bottom edge.
    const far = faultDistances(f, 0.5, 40 / KM_PER_DEGREE);
    assert.ok(Math.abs(far.rRupKm - Math.hypot(40 - 20 * Math.SQRT1_2, 20 * Math.SQRT1_2)) < 0.01);
  });

  it('every fault source has a trace, a plausible magnitude and interval, and a citation', () => {
    for (const f of FAULT_SOURCES) {
      assert.ok(f.trace.length >= 2 && f.magnitude >= 6.5 && f.magnitude <= 9.5 && f.recurrenceYears >= 50 && f.citation.length > 20, f.name);
    }
  });

  it("spreads a site's own cell over rings of equal area out to the cell's equivalent radius", () => {
    const cell = cellIndex(grid, 40.25, 10.25);
    const rings = ownCellDistancesKm(cell);
    const radius = Math.sqrt(cellAreaKm2(cell) / Math.PI);
    assert.equal(rings.length, 6);
    rings.forEach((r, i) => assert.ok(Math.abs(r - radius * Math.sqrt((i + 0.5) / 6)) < 1e-9));
  });
});

describe('regimes of well-known places from PB2002', () => {
  it('LA active, Tokyo and Lima subduction, Boston, Chicago, London and Moscow stable', { skip: sourcesSkip('pb2002-plate-boundaries', 'etopo') }, () => {
    const r = regionalise(grid, readBoundarySteps(SOURCES_DIR), readOrogens(SOURCES_DIR), readElevation(SOURCES_DIR));
    const at = (lat: number, lon: number) => regimeAt(r, cellIndex(grid, lat, lon));
    assert.deepEqual(
      [at(34.05, -118.25), at(35.69, 139.69), at(-12.05, -77.04), at(42.35, -71.05), at(41.85, -87.65), at(51.5, -0.13), at(55.75, 37.6)],
      ['active', 'subduction', 'subduction', 'stable', 'stable', 'stable', 'stable'],
    );
  });
});
