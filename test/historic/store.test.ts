import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from '../helpers/harness.js';
import { buffer } from '@turf/buffer';
import { lineString } from '@turf/helpers';
import type { Feature, MultiPolygon, Polygon, Position } from 'geojson';
import { buildEventStore, eventStoreMissing } from '../../src/historic/build.js';
import { decodeFootprint, encodeFootprint } from '../../src/historic/codec.js';
import { contourPolygons, OUTSIDE } from '../../src/historic/contour.js';
import { KM_PER_DEGREE } from '../../src/geo/sphere.js';
import { STORE_FILES } from '../../src/historic/store-format.js';
import { EventStore } from '../../src/historic/store.js';
import { radiusToward } from '../../src/historic/swath-field.js';
import { tornadoPath } from '../../src/historic/tornado-path.js';
import { tempDir } from '../helpers/app.js';
import { writeCatalogues } from './fixtures.js';
import { assertValidFeature, polygonsOf, signedArea } from './geojson.js';

let sources: string;
let work: string;
let store: EventStore;

const feature = (geometry: Polygon | MultiPolygon): Feature => ({ type: 'Feature', properties: {}, geometry });

before(async () => {
  sources = writeCatalogues();
  work = tempDir('hazrisk-events-');
  await buildEventStore(sources, path.join(work, 'a'));
  store = EventStore.open(path.join(work, 'a'));
});
after(() => {
  store.close();
  fs.rmSync(sources, { recursive: true, force: true });
  fs.rmSync(work, { recursive: true, force: true });
});

describe('event store build', () => {
  it('writes identical files for identical inputs', async () => {
    await buildEventStore(sources, path.join(work, 'b'));
    const digest = (dir: string): Record<string, string> =>
      Object.fromEntries(fs.readdirSync(dir).sort().map((f) => [f, crypto.createHash('sha256').update(fs.readFileSync(path.join(dir, f))).digest('hex')]));
    assert.deepEqual(digest(path.join(work, 'b')), digest(path.join(work, 'a')));
    assert.deepEqual(fs.readdirSync(work).sort(), ['a', 'b'], 'no staging directories are left behind');
  });

  it('reports a missing store or a missing file', () => {
    assert.equal(eventStoreMissing(path.join(work, 'a')), false);
    assert.equal(eventStoreMissing(path.join(work, 'nowhere')), true);
    const partial = path.join(work, 'partial');
    fs.cpSync(path.join(work, 'a'), partial, { recursive: true });
    fs.rmSync(path.join(partial, STORE_FILES.index('Hail')));
    assert.equal(eventStoreMissing(partial), true);
    fs.rmSync(partial, { recursive: true });
  });

  it('keeps source ids as external_id, with the documented scheme', () => {
    const id = (peril: Parameters<EventStore['eventByExternalId']>[0], externalId: string): boolean => store.eventByExternalId(peril, externalId, {}) !== null;
    assert.ok(id('Tornado', 'SPC-1999-100'));
    assert.ok(id('Tornado', 'SPC-1999-100-2'), 'a repeated yr+om gets a suffix');
    assert.ok(id('Tornado', 'SPC-1980-400') && !id('Tornado', 'SPC-1980-400-2'), 'an exact duplicate row is dropped');
    assert.ok(id('Tornado', 'SPC-2023-622001') && !id('Tornado', 'SPC-2023-622002'), '2023: whole tracks (sg = 1) only');
    assert.ok(id('Hail', 'SPC-HAIL-2020-650001') && !id('Hail', 'SPC-HAIL-2020-650002'), 'chained reports form one swath named by its first report');
    assert.ok(id('Hail', 'SPC-HAIL-2025-2508011200-01'));
    assert.ok(id('TropicalCyclone', 'AL012010') && id('TropicalCyclone', 'EP011985'));
    assert.ok(!id('TropicalCyclone', 'AL031995'), 'a storm that never reached 34 kt has no swath and is not stored');
    assert.ok(id('Wildfire', 'CALFIRE-FRAP-1') && id('Wildfire', 'WFIGS-2025-COTST-000001') && id('Wildfire', 'CALFIRE-INC-c1') && id('Wildfire', 'ICNF-2014-TEST1'));
    assert.ok(!id('Wildfire', 'CALFIRE-INC-c2'), 'an incident its FRAP perimeter already shows is not added as a circle');
    assert.ok(!id('Wildfire', 'CALFIRE-INC-c3') && !id('Wildfire', 'CALFIRE-INC-c4') && !id('Wildfire', 'ICNF-2014-TEST2'), 'non-fires, unmapped points and false alarms are skipped');
  });

  it('stores every footprint valid, without self-intersections', () => {
    for (const peril of ['Hail', 'Wildfire', 'TropicalCyclone', 'Tornado'] as const) {
      const ids = store.candidateIds(peril, [{ minLon: -180, minLat: -90, maxLon: 180, maxLat: 90 }]);
      assert.ok(ids.length > 0, peril);
      for (const f of [...store.footprintsOf(ids).values()].flat()) assertValidFeature(feature(decodeFootprint(f.geometry)), { kinks: true });
    }
  });

  it('cuts a swath crossing the antimeridian into parts on either side', () => {
    const delta = store.eventByExternalId('TropicalCyclone', 'EP011985', {})!;
    const swath = decodeFootprint(store.footprintsOf([delta.id]).get(delta.id)![0]!.geometry);
    assert.equal(swath.type, 'MultiPolygon');
    const lons = polygonsOf(swath).map((rings) => rings[0]!.map((p) => p[0]!));
    assert.ok(lons.some((l) => Math.max(...l) === 180) && lons.some((l) => Math.min(...l) === -180), 'parts meet ±180°');
    assert.ok(lons.every((l) => Math.max(...l) - Math.min(...l) < 10), 'no part spans the globe');
  });
});

describe('footprint geometry', () => {
  it('draws a tornado path like @turf/buffer does', () => {
    const start: Position = [-97.85, 35.13];
    const end: Position = [-97.43, 35.45];
    const ours = tornadoPath(start, end, 1430).geometry;
    const turf = buffer(lineString([start, end]), 1430 * 0.0009144 / 2, { units: 'kilometers' })!.geometry as Polygon;
    const kmArea = (ring: Position[]): number => Math.abs(signedArea(ring)) * KM_PER_DEGREE ** 2 * Math.cos((35.29 * Math.PI) / 180);
    assert.ok(Math.abs(kmArea(ours.coordinates[0]!) / kmArea(turf.coordinates[0]!) - 1) < 0.01, 'areas agree within 1 %');
    assertValidFeature(feature(ours), { kinks: true });
    assert.equal(tornadoPath(start, null, 100).method, 'start-point');
  });

  it('round-trips footprints through the compact encoding at 1e-6°', () => {
    const geometry: MultiPolygon = {
      type: 'MultiPolygon',
      coordinates: [
        [[[0, 0], [1.0000004, 0], [1, 1], [0, 1], [0, 0]], [[0.2, 0.2], [0.2, 0.8], [0.8, 0.8], [0.2, 0.2]]],
        [[[-179.9999991, -45.5], [-179, -45.5], [-179, -44], [-179.9999991, -45.5]]],
      ],
    };
    const back = decodeFootprint(encodeFootprint(geometry));
    assert.deepEqual(back, {
      type: 'MultiPolygon',
      coordinates: [
        [[[0, 0], [1, 0], [1, 1], [0, 1], [0, 0]], [[0.2, 0.2], [0.2, 0.8], [0.8, 0.8], [0.2, 0.2]]],
        [[[-179.999999, -45.5], [-179, -45.5], [-179, -44], [-179.999999, -45.5]]],
      ],
    });
  });

  it('contours a rough field into valid polygons with holes, resolving saddles', () => {
    const nx = 80;
    const ny = 60;
    const values = new Float64Array(nx * ny);
    for (let j = 0; j < ny; j++) {
      for (let i = 0; i < nx; i++) values[j * nx + i] = Math.sin(i / 3.1) * Math.cos(j / 2.3) + 0.3 * Math.sin((i * j) / 17) - 0.1;
    }
    values[0] = OUTSIDE;
    const polygons = contourPolygons({ perDegree: 10, i0: -970, j0: 350, nx, ny, values, snap: 1e-6 });
    assert.ok(polygons.length > 5 && polygons.some((p) => p.length > 1), 'several parts, some with holes');
    assertValidFeature(feature({ type: 'MultiPolygon', coordinates: polygons }), { kinks: true });
  });

  it('interpolates quadrant radii smoothly, each quadrant at its centre bearing', () => {
    const r = [100, 50, 20, 80] as const;
    assert.equal(radiusToward(r, 1, 1), 100);
    assert.equal(radiusToward(r, 1, -1), 50);
    assert.equal(radiusToward(r, -1, -1), 20);
    assert.equal(radiusToward(r, -1, 1), 80);
    assert.equal(radiusToward(r, 0, 1), 90, 'due north: halfway between NE and NW');
    assert.equal(radiusToward(r, 1, 0), 75, 'due east: halfway between NE and SE');
    assert.ok(Math.abs(radiusToward(r, 1, 0.999999) - radiusToward(r, 0.999999, 1)) < 1e-3, 'continuous across sector edges');
  });
});
