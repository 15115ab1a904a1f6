/**
 * The event store built from the real catalogues (HAZRISK_SOURCES, default
 * ../shared/data): known events are found where they happened and their
 * footprints are valid. Skipped when the catalogues are absent. The build
 * (about 40 s on two cores) runs once for the file.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from '../helpers/harness.js';
import { SOURCES_DIR, sourcesSkip } from '../helpers/sources.js';
import type { Feature } from 'geojson';
import { buildEventStore } from '../../src/historic/build.js';
import { call, startTestApp, type TestApp } from '../helpers/app.js';
import { assertValidFeature } from './geojson.js';

const sources = SOURCES_DIR;
const skip = sourcesSkip('hurdat2', 'spc-tornado', 'fire-perimeters');

const MIAMI = { lat: 25.7617, lon: -80.1918 };
const MOORE = { lat: 35.3395, lon: -97.4867 };
const PARADISE = { lat: 39.7596, lon: -121.6219 };

interface Listed {
  external_id: string;
  name: string;
  start_date: string;
  size: { value: number; unit: string } | null;
  distance_km: number;
}

describe('historic events from the real catalogues', () => {
  let t: TestApp;
  let key: string;
  const list = async (peril: string, query: string): Promise<Listed[]> => {
    const res = await call(`${t.url}/v1/historic-events/${peril}/events?${query}`, { key });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body.events as Listed[];
  };
  const shapes = async (peril: string, json: Record<string, unknown>): Promise<Feature[]> => {
    const res = await call(`${t.url}/v1/historic-events/${peril}/shapes`, { key, method: 'POST', json: { peril_name: peril, ...json } });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body.features as Feature[];
  };

  before(async () => {
    if (skip) return;
    t = await startTestApp();
    await buildEventStore(sources, t.app.paths.events);
    key = await t.key();
  });
  after(() => t?.close());

  it('Atlantic hurricanes near Miami include Andrew 1992 and Irma 2017', { skip }, async () => {
    const storms = await list('TropicalCyclone', `lat=${MIAMI.lat}&lon=${MIAMI.lon}&start_year=1992&end_year=2017&limit=1000`);
    const andrew = storms.find((s) => s.external_id === 'AL041992');
    const irma = storms.find((s) => s.external_id === 'AL112017');
    assert.ok(andrew && andrew.name === 'ANDREW' && andrew.distance_km === 0, 'Andrew’s 34 kt swath covers Miami');
    assert.ok(irma && irma.name === 'IRMA' && irma.distance_km === 0, 'Irma’s 34 kt swath covers Miami');
    assert.ok(andrew.size!.value > 70 && andrew.size!.unit === 'm/s', 'Andrew peaked at 150 kt (77 m/s)');
    const swaths = await shapes('TropicalCyclone', { external_id: 'AL112017' });
    assert.equal(swaths.length, 3);
    for (const f of swaths) assertValidFeature(f, { kinks: true });
  });

  // Issue 22 item 6: no silent cap. Spec usage guidance: "list events first, then request each event's shape by external_id".
  it('lists every storm near Miami by default, and refuses all their shapes at once with a 422 saying how to narrow', { skip }, async () => {
    const res = await call(`${t.url}/v1/historic-events/TropicalCyclone/events?lat=${MIAMI.lat}&lon=${MIAMI.lon}`, { key });
    assert.equal(res.status, 200);
    assert.ok(res.body.matched > 100, `${res.body.matched} storms`);
    assert.equal(res.body.count, res.body.matched);
    const all = await call(`${t.url}/v1/historic-events/TropicalCyclone/shapes`, { key, method: 'POST', json: { peril_name: 'TropicalCyclone', lat: MIAMI.lat, lon: MIAMI.lon } });
    assert.equal(all.status, 422);
    assert.equal(all.body.error.field, 'radius');
    assert.match(all.body.error.message, new RegExp(`${res.body.matched} events match but one response carries at most 25: .*external_id`));
  });

  it('finds the 3 May 1999 and 20 May 2013 tornadoes near Moore, OK', { skip }, async () => {
    const tornadoes = await list('Tornado', `lat=${MOORE.lat}&lon=${MOORE.lon}&start_year=1999&end_year=2013&limit=1000`);
    const bridgeCreek = tornadoes.find((e) => e.start_date === '1999-05-03' && e.size?.value === 5);
    const moore = tornadoes.find((e) => e.start_date === '2013-05-20' && e.size?.value === 5);
    assert.equal(bridgeCreek?.external_id, 'SPC-1999-1147');
    assert.equal(moore?.external_id, 'SPC-2013-451537');
    assert.ok(moore.distance_km < 3 && bridgeCreek.distance_km < 15, `distances ${moore.distance_km}, ${bridgeCreek.distance_km} km`);
    const [path1999] = await shapes('Tornado', { external_id: 'SPC-1999-1147' });
    const [path2013] = await shapes('Tornado', { external_id: 'SPC-2013-451537' });
    for (const f of [path1999!, path2013!]) assertValidFeature(f, { kinks: true });
    const fatalities = (f: Feature): number => ((f.properties!.data as { entity_properties: { fatalities: number } }).entity_properties.fatalities);
    assert.deepEqual([fatalities(path1999!), fatalities(path2013!)], [36, 24]);
  });

  it('finds the 2018 Camp Fire perimeter near Paradise, CA', { skip }, async () => {
    const fires = await list('Wildfire', `lat=${PARADISE.lat}&lon=${PARADISE.lon}&start_year=2018&end_year=2018`);
    assert.deepEqual(fires[0], {
      external_id: 'CALFIRE-FRAP-20730', name: 'CAMP', start_date: '2018-11-08', end_date: '2018-11-26', year: 2018,
      size: { value: 153335.5625, unit: 'acre' }, distance_km: 0, source: 'fire-perimeters',
    });
    const [camp] = await shapes('Wildfire', { external_id: 'CALFIRE-FRAP-20730' });
    assertValidFeature(camp!, { kinks: true });
    const data = camp!.properties!.data as { geometry_properties: { created_by: string }; entity_properties: { fire_ID: string; duration: number } };
    assert.equal(data.geometry_properties.created_by, 'CAL FIRE FRAP (CDF)');
    assert.deepEqual([data.entity_properties.fire_ID, data.entity_properties.duration], ['BTU-00016737', 18]);
  });

  it('serves valid footprints round a dense location for every peril', { skip }, async () => {
    // A decade around each place keeps the match count under each peril's shapes cap (docs/historic.md).
    for (const [peril, where] of [['Tornado', MOORE], ['Hail', MOORE], ['TropicalCyclone', MIAMI], ['Wildfire', PARADISE]] as const) {
      const features = await shapes(peril, { lat: where.lat, lon: where.lon, start_year: 2010, end_year: 2019 });
      assert.ok(features.length > 0, peril);
      features.forEach((f, k) => assertValidFeature(f, { kinks: k % 5 === 0 }));
    }
  });
});
