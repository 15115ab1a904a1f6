import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from '../helpers/harness.js';
import type { Feature } from 'geojson';
import { buildEventStore } from '../../src/historic/build.js';
import { distanceKm } from '../../src/geo/sphere.js';
import { call, startTestApp, type TestApp } from '../helpers/app.js';
import { COAST, SITE, writeCatalogues } from './fixtures.js';
import { assertValidFeature } from './geojson.js';

let sources: string;
let t: TestApp;
let key: string;

const base = (peril: string): string => `${t.url}/v1/historic-events/${peril}`;
const events = (peril: string, query: string, k = key) => call(`${base(peril)}/events?${query}`, { key: k });
const shapes = (peril: string, json: unknown, query = '', k = key) => call(`${base(peril)}/shapes${query}`, { key: k, method: 'POST', json });
const ids = (body: { features: Feature[] }): string[] => [...new Set(body.features.map((f) => String((f.properties!.data as Record<string, unknown>).external_id ?? (f.properties!.data as { properties: { tcid: string } }).properties.tcid)))];
const at = (p: { lat: number; lon: number }): string => `lat=${p.lat}&lon=${p.lon}`;

before(async () => {
  sources = writeCatalogues();
  t = await startTestApp();
  await buildEventStore(sources, t.app.paths.events);
  key = await t.key();
});
after(async () => {
  await t.close();
  fs.rmSync(sources, { recursive: true, force: true });
});

describe('GET /v1/historic-events/{peril}/events', () => {
  it('lists events near a location, nearest first, in the documented shape', async () => {
    const res = await events('Tornado', at(SITE));
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.query, { lat: SITE.lat, lon: SITE.lon, radius_km: 25, start_year: null, end_year: null, limit: 1000 });
    assert.equal(res.body.count, res.body.matched, 'every match is listed by default (issue 22 item 6)');
    assert.deepEqual(res.body.events.map((e: { external_id: string }) => e.external_id), ['SPC-2023-622001', 'SPC-1999-100', 'SPC-2013-200', 'SPC-2010-300']);
    assert.equal(res.body.count, 4);
    assert.equal(res.body.matched, 4);
    const [first] = res.body.events;
    assert.deepEqual(first, { external_id: 'SPC-2023-622001', name: 'EF3 tornado, OK, 2023-07-04', start_date: '2023-07-04', end_date: '2023-07-04', year: 2023, size: { value: 3, unit: 'EF' }, distance_km: 0, source: 'spc-severe-yearly' });
    const distances = res.body.events.map((e: { distance_km: number }) => e.distance_km);
    assert.deepEqual(distances, [...distances].sort((a, b) => a - b));
  });

  it('filters by year range and honours radius_km and limit', async () => {
    const years = await events('Tornado', `${at(SITE)}&start_year=2000&end_year=2015`);
    assert.deepEqual(years.body.events.map((e: { external_id: string }) => e.external_id), ['SPC-2013-200', 'SPC-2010-300']);
    const near = await events('Tornado', `${at(SITE)}&radius_km=5&limit=1`);
    assert.equal(near.body.count, 1);
    assert.equal(near.body.matched, 2);
    assert.equal(near.body.query.radius_km, 5);
  });

  it('answers an empty list where there is no data', async () => {
    for (const peril of ['Hail', 'Wildfire', 'TropicalCyclone', 'Tornado']) {
      const res = await events(peril, 'lat=-60&lon=10');
      assert.equal(res.status, 200);
      assert.deepEqual([res.body.count, res.body.events], [0, []]);
    }
  });

  for (const [query, field] of [
    ['lon=-97', 'query.lat'],
    ['lat=abc&lon=-97', 'query.lat'],
    ['lat=95&lon=-97', 'query.lat'],
    ['lat=35&lon=-181', 'query.lon'],
    ['lat=35&lon=-97&start_year=2010&end_year=2000', 'query.end_year'],
    ['lat=35&lon=-97&start_year=1999.5', 'query.start_year'],
    ['lat=35&lon=-97&radius_km=0', 'query.radius_km'],
    ['lat=35&lon=-97&radius_km=501', 'query.radius_km'],
    ['lat=35&lon=-97&limit=1001', 'query.limit'],
    ['lat=35&lon=-97&colour=red', 'query.colour'],
  ] as const) {
    it(`422 naming ${field} for ${query}`, async () => {
      const res = await events('Tornado', query);
      assert.equal(res.status, 422);
      assert.equal(res.body.error.field, field);
    });
  }

  it('422 naming peril_name for a peril without historic events', async () => {
    const res = await events('Earthquake', at(SITE));
    assert.equal(res.status, 422);
    assert.equal(res.body.error.field, 'peril_name');
  });
});

describe('POST /v1/historic-events/{peril}/shapes', () => {
  it('returns valid footprints with the spec members for Wildfire', async () => {
    const res = await shapes('Wildfire', { peril_name: 'Wildfire', lat: SITE.lat, lon: SITE.lon, radius: { value: 100 } });
    assert.equal(res.status, 200);
    assert.equal(res.body.type, 'FeatureCollection');
    assert.deepEqual(ids(res.body), ['CALFIRE-FRAP-1', 'WFIGS-2025-COTST-000001', 'CALFIRE-INC-c1']);
    for (const f of res.body.features) assertValidFeature(f, { kinks: true });
    const [square, , circle] = res.body.features.map((f: Feature) => f.properties!.data);
    assert.deepEqual(Object.keys(square).sort(), ['entity_id', 'entity_properties', 'entity_type', 'external_id', 'geometry_id', 'geometry_properties', 'name']);
    assert.deepEqual(Object.keys(square.entity_properties).sort(), ['duration', 'end_date', 'fire_ID', 'perimeter', 'size', 'start_date']);
    assert.deepEqual(square.entity_properties.size, { value: 1000, unit: 'acre' });
    assert.equal(square.entity_properties.duration, 18);
    assert.equal(square.geometry_properties.created_by, 'CAL FIRE FRAP (CDF)');
    assert.equal(circle.geometry_properties.created_by, 'hazrisk:circle-from-burnt-area');
  });

  it('returns a storm by external_id: one swath per threshold with the spec members', async () => {
    const res = await shapes('TropicalCyclone', { peril_name: 'TropicalCyclone', external_id: 'AL012010' });
    assert.equal(res.status, 200);
    assert.equal(res.body.features.length, 3);
    const data = res.body.features.map((f: Feature) => f.properties!.data);
    assert.deepEqual(data.map((d: { geom_properties: { value: number } }) => d.geom_properties.value), [17.49, 25.72, 32.92]);
    assert.deepEqual(Object.keys(data[0]).sort(), ['entity_type', 'geom_properties', 'properties']);
    assert.equal(data[0].entity_type, 'tropical_cyclone');
    assert.deepEqual({ ...data[0].properties, basin: undefined, start_date: undefined, end_date: undefined }, { name: 'ALPHA', size: { value: 51.44, unit: 'm/s' }, tcid: 'AL012010', season: 2010, basin: undefined, start_date: undefined, end_date: undefined });
    assert.equal(data[0].geom_properties.created_by, 'hazrisk:recorded-wind-radii');
    for (const f of res.body.features) assertValidFeature(f, { kinks: true });
    const beta = await shapes('TropicalCyclone', { peril_name: 'TropicalCyclone', external_id: 'AL021990' });
    assert.equal(beta.body.features[0].properties.data.geom_properties.created_by, 'hazrisk:parametric-wind-model');
  });

  it('describes Hail and Tornado in the Wildfire layout', async () => {
    const hail = await shapes('Hail', { peril_name: 'Hail', external_id: 'SPC-HAIL-2020-650001' });
    const swath = hail.body.features[0].properties.data;
    assert.equal(swath.entity_type, 'hail_swath');
    assert.deepEqual(swath.entity_properties.size, { value: 2.5, unit: 'inch' });
    assert.equal(swath.entity_properties.report_count, 3);
    assert.deepEqual(swath.geometry_properties, { created_by: 'hazrisk:hail-report-swath', half_width_km: 5 });
    assertValidFeature(hail.body.features[0], { kinks: true });
    const tornado = await shapes('Tornado', { peril_name: 'Tornado', external_id: 'SPC-2010-300' });
    const path = tornado.body.features[0].properties.data;
    assert.equal(path.entity_type, 'tornado');
    assert.equal(path.entity_properties.size, null);
    assert.deepEqual(path.geometry_properties, { created_by: 'hazrisk:spc-start-point-buffer', buffer_m: 5, width_assumed: true });
    assertValidFeature(tornado.body.features[0], { kinks: true });
  });

  it('converts radius units exactly (km, mi = 1.609344 km, m)', async () => {
    // The WFIGS square's west edge is the meridian 0.2° east of SITE.
    const edgeKm = distanceKm(SITE.lat, SITE.lon, SITE.lat, SITE.lon + 0.2);
    const found = async (value: number, unit?: string): Promise<boolean> => {
      const res = await shapes('Wildfire', { peril_name: 'Wildfire', lat: SITE.lat, lon: SITE.lon, radius: unit ? { value, unit } : { value } });
      return ids(res.body).includes('WFIGS-2025-COTST-000001');
    };
    assert.equal(await found(edgeKm + 0.02), true);
    assert.equal(await found(edgeKm - 0.02, 'km'), false);
    assert.equal(await found((edgeKm + 0.02) / 1.609344, 'mi'), true);
    assert.equal(await found((edgeKm - 0.02) / 1.609344, 'mi'), false);
    assert.equal(await found((edgeKm + 0.02) * 1000, 'm'), true);
    assert.equal(await found((edgeKm - 0.02) * 1000, 'm'), false);
  });

  it('converts size units exactly for each peril', async () => {
    const matches = async (peril: string, size: { value: number; unit: string }, externalId: string): Promise<boolean> => {
      const res = await shapes(peril, { peril_name: peril, external_id: externalId, size });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      return res.body.features.length > 0;
    };
    // Wildfire: 1,000 acres; 1 acre = 4046.8564224 m² = 43,560 ft², 640 acres = 1 mi².
    const acres1000: [number, string, boolean][] = [
      [1000, 'acre', true], [1000.001, 'acres', false], [4.0468564224, 'km²', true], [4.0469, 'km2', false],
      [404.68564224, 'hectare', true], [404.686, 'hectare', false], [43_560_000, 'sqft', true], [43_560_001, 'sqft', false],
      [1.5625, 'sqmi', true], [1.5626, 'sqmi', false],
    ];
    for (const [value, unit, hit] of acres1000) assert.equal(await matches('Wildfire', { value, unit }, 'CALFIRE-FRAP-1'), hit, `${value} ${unit}`);
    // Hail: 2.5 inch = 6.35 cm = 63.5 mm.
    for (const [value, unit, hit] of [[2.5, 'inch', true], [6.35, 'cm', true], [6.36, 'cm', false], [63.5, 'mm', true], [63.6, 'mm', false]] as const) {
      assert.equal(await matches('Hail', { value, unit }, 'SPC-HAIL-2020-650001'), hit, `${value} ${unit}`);
    }
    // TropicalCyclone: 100 kt = 51.44 m/s.
    assert.equal(await matches('TropicalCyclone', { value: 51.44, unit: 'm/s' }, 'AL012010'), true);
    assert.equal(await matches('TropicalCyclone', { value: 51.45, unit: 'm/s' }, 'AL012010'), false);
    // Tornado: (E)F ratings; an unrated tornado never passes a size filter.
    assert.equal(await matches('Tornado', { value: 4, unit: 'EF' }, 'SPC-1999-100'), true);
    assert.equal(await matches('Tornado', { value: 5, unit: 'F' }, 'SPC-1999-100'), false);
    assert.equal(await matches('Tornado', { value: 0, unit: 'EF' }, 'SPC-2010-300'), false);
  });

  it('filters by months and years', async () => {
    const body = { peril_name: 'Tornado', lat: SITE.lat, lon: SITE.lon };
    assert.deepEqual(ids((await shapes('Tornado', { ...body, months: [5] })).body), ['SPC-1999-100', 'SPC-2013-200']);
    assert.deepEqual(ids((await shapes('Tornado', { ...body, months: [6, 7] })).body), ['SPC-2023-622001', 'SPC-2010-300']);
    assert.deepEqual(ids((await shapes('Tornado', { ...body, start_year: 1999, end_year: 1999 })).body), ['SPC-1999-100']);
    assert.deepEqual(ids((await shapes('Tornado', { ...body, start_year: 2011 })).body), ['SPC-2023-622001', 'SPC-2013-200']);
  });

  it('adds visual data from the style table when asked', async () => {
    const plain = await shapes('TropicalCyclone', { peril_name: 'TropicalCyclone', external_id: 'AL012010' });
    assert.equal(plain.body.features[0].properties.visual, undefined);
    const styled = await shapes('TropicalCyclone', { peril_name: 'TropicalCyclone', external_id: 'AL012010' }, '?include_visual_data=true');
    const visuals = styled.body.features.map((f: Feature) => f.properties!.visual);
    for (const v of visuals) {
      assert.deepEqual(Object.keys(v).sort(), ['fill', 'fill_opacity', 'fill_opacity_on_hover', 'marker_size', 'stroke', 'stroke_opacity', 'stroke_width', 'z_index']);
      assert.match(v.stroke, /^#[0-9a-f]{6}$/);
      assert.match(v.fill, /^#[0-9a-f]{6}$/);
      for (const n of [v.stroke_opacity, v.fill_opacity, v.fill_opacity_on_hover]) assert.ok(n >= 0 && n <= 1);
    }
    assert.deepEqual(visuals.map((v: { z_index: number }) => v.z_index), [1, 2, 3], 'stronger swaths draw on top');
  });

  it('returns every matching shape, nearest first (the 422 beyond the cap: real-data.test.ts)', async () => {
    const res = await shapes('TropicalCyclone', { peril_name: 'TropicalCyclone', lat: COAST.lat, lon: COAST.lon });
    assert.equal(res.status, 200);
    assert.equal(ids(res.body).length, 14);
    assert.equal(res.body.matched, 14);
    assert.equal(res.body.truncated, false);
    const one = await shapes('TropicalCyclone', { peril_name: 'TropicalCyclone', lat: COAST.lat, lon: COAST.lon, start_year: 2010, end_year: 2010 });
    assert.deepEqual([ids(one.body), one.body.matched, one.body.truncated], [['AL012010'], 1, false]);
  });

  it('answers an empty collection where there is no data', async () => {
    for (const json of [
      { peril_name: 'Hail', lat: -60, lon: 10 },
      { peril_name: 'Hail', external_id: 'SPC-HAIL-1800-1' },
      { peril_name: 'Hail', external_id: 'AL012010' },
    ]) {
      const res = await shapes('Hail', json);
      assert.equal(res.status, 200);
      assert.deepEqual(res.body, { type: 'FeatureCollection', features: [], matched: 0, truncated: false });
    }
  });

  const body = { peril_name: 'Hail', lat: SITE.lat, lon: SITE.lon };
  for (const [label, json, field] of [
    ['a mismatched peril_name', { ...body, peril_name: 'Tornado' }, 'peril_name'],
    ['no peril_name', { lat: 35, lon: -97 }, 'peril_name'],
    ['reversed years', { ...body, start_year: 2010, end_year: 2000 }, 'end_year'],
    ['month 13', { ...body, months: [6, 13] }, 'months[1]'],
    ['month 0', { ...body, months: [0] }, 'months[0]'],
    ['no months', { ...body, months: [] }, 'months'],
    ['an unknown radius unit', { ...body, radius: { value: 10, unit: 'furlong' } }, 'radius.unit'],
    ['a zero radius', { ...body, radius: { value: 0 } }, 'radius.value'],
    ['a radius over the cap', { ...body, radius: { value: 311, unit: 'mi' } }, 'radius.value'],
    ['a size unit of another peril', { ...body, size: { value: 10, unit: 'acre' } }, 'size.unit'],
    ['a size without unit', { ...body, size: { value: 1 } }, 'size.unit'],
    ['a negative size', { ...body, size: { value: -1, unit: 'mm' } }, 'size.value'],
    ['an unknown field', { ...body, colour: 'red' }, 'colour'],
    ['an unknown FilterParam member', { ...body, radius: { value: 1, unit: 'km', max: 2 } }, 'radius.max'],
    ['lat without lon', { peril_name: 'Hail', lat: 35 }, 'lon'],
    ['neither location nor external_id', { peril_name: 'Hail' }, 'lat'],
    ['a string latitude', { ...body, lat: '35' }, 'lat'],
  ] as const) {
    it(`422 naming ${field} for ${label}`, async () => {
      const res = await shapes('Hail', json);
      assert.equal(res.status, 422, JSON.stringify(res.body));
      assert.equal(res.body.error.field, field);
    });
  }

  it('422 for EF ratings outside 0–5 or not whole', async () => {
    for (const value of [6, -1, 2.5]) {
      const res = await shapes('Tornado', { peril_name: 'Tornado', lat: 35, lon: -97, size: { value, unit: 'EF' } });
      assert.equal(res.status, 422);
      assert.equal(res.body.error.field, 'size.value');
    }
  });

  it('422 for malformed JSON and a bad include_visual_data', async () => {
    const malformed = await call(`${base('Hail')}/shapes`, { key, method: 'POST', body: '{"peril_name":', headers: { 'content-type': 'application/json' } });
    assert.equal(malformed.status, 422);
    assert.equal(malformed.body.error.code, 'malformed_json');
    const flag = await shapes('Hail', body, '?include_visual_data=maybe');
    assert.equal(flag.status, 422);
    assert.equal(flag.body.error.field, 'query.include_visual_data');
  });
});

describe('historic events: keys and store failures', () => {
  it('401 historic_not_permitted for a key without the historic mode or the peril', async () => {
    const noMode = await t.key({ modes: ['lite', 'in_depth'] });
    const noHail = await t.key({ perils: ['Tornado', 'Wildfire'] });
    for (const res of [await events('Hail', at(SITE), noMode), await shapes('Hail', body(), '', noMode), await events('Hail', at(SITE), noHail)]) {
      assert.equal(res.status, 401);
      assert.equal(res.body.error.code, 'historic_not_permitted');
    }
    assert.equal((await events('Tornado', at(SITE), noHail)).status, 200);
    assert.equal((await call(`${base('Hail')}/events?${at(SITE)}`)).status, 401);
  });

  it('the peril licence is checked before the query and body: an unlicensed peril with a bad query or body is 401, an unknown peril 422', async () => {
    const noHail = await t.key({ perils: ['Tornado', 'Wildfire'] });
    for (const res of [await events('Hail', 'lat=999&lon=0', noHail), await shapes('Hail', { nonsense: true }, '?include_visual_data=maybe', noHail)]) {
      assert.equal(res.status, 401);
      assert.equal(res.body.error.code, 'historic_not_permitted');
      assert.equal(res.body.error.field, 'peril_name');
    }
    const unknown = await events('Flood', at(SITE), noHail);
    assert.equal(unknown.status, 422);
    assert.equal(unknown.body.error.field, 'peril_name');
  });

  it('503 not_ready when the store is not built, naming the command, and /ready says so too', async () => {
    const bare = await startTestApp();
    try {
      const res = await call(`${bare.url}/v1/historic-events/Hail/events?${at(SITE)}`, { key: await bare.key() });
      assert.equal(res.status, 503);
      assert.equal(res.body.error.code, 'not_ready');
      assert.match(res.body.error.message, /hazrisk events build/);
      const ready = await call(`${bare.url}/ready`);
      assert.equal(ready.status, 503);
      assert.equal(ready.body.error.checks.events, false);
      assert.match(ready.body.error.message, /events.*run `hazrisk events build`/);
    } finally {
      await bare.close();
    }
  });

  it('500 historic_retrieval_failed with the error body when the store cannot be read', async () => {
    const broken = await startTestApp();
    try {
      fs.cpSync(t.app.paths.events, broken.app.paths.events, { recursive: true });
      fs.writeFileSync(path.join(broken.app.paths.events, 'events.db'), 'not a database');
      const res = await call(`${broken.url}/v1/historic-events/Hail/shapes`, { key: await broken.key(), method: 'POST', json: body() });
      assert.equal(res.status, 500);
      assert.deepEqual(Object.keys(res.body.error).sort(), ['code', 'field', 'message', 'request_id', 'status']);
      assert.equal(res.body.error.code, 'historic_retrieval_failed');
    } finally {
      await broken.close();
    }
  });

  function body(): unknown {
    return { peril_name: 'Hail', lat: SITE.lat, lon: SITE.lon };
  }
});
