import { describe, it } from '../helpers/harness.js';
import assert from 'node:assert/strict';
import { getGeocoder, resolveLocation, type GeocodeMatch } from '../../src/geo/index.js';
import { CountryLocator } from '../../src/geo/country-locator.js';
import { loadGazetteer } from '../../src/geo/gazetteer.js';
import { distanceKm } from '../../src/geo/sphere.js';
import { loadZips } from '../../src/geo/zips.js';

const geocoder = getGeocoder();

/** Great-circle distance in km, computed here independently of src/geo. */
function kmBetween(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const h = Math.sin(((lat2 - lat1) * rad) / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lon2 - lon1) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

/** Geocodes and checks country and position (within 25 km of coordinates taken from maps, not from the gazetteer). */
function expectPlace(query: string, country: string, latitude: number, longitude: number): GeocodeMatch {
  const match = geocoder.geocode(query);
  assert.ok(match, `${query}: no match`);
  assert.equal(match.country, country, `${query}: got ${match.display}`);
  const km = kmBetween(match.latitude, match.longitude, latitude, longitude);
  assert.ok(km <= 25, `${query}: ${match.display} is ${km.toFixed(1)} km from the expected point`);
  return match;
}

const PLACES: Array<[query: string, country: string, latitude: number, longitude: number]> = [
  ['Miami', 'US', 25.7617, -80.1918],
  ['Miami, FL', 'US', 25.7617, -80.1918],
  ['Miami, Florida', 'US', 25.7617, -80.1918],
  ['Miami, FL, USA', 'US', 25.7617, -80.1918],
  ['London', 'GB', 51.5074, -0.1278],
  ['London, UK', 'GB', 51.5074, -0.1278],
  ['London, Ontario', 'CA', 42.9849, -81.2453],
  ['Paris, France', 'FR', 48.8566, 2.3522],
  ['Tokyo, Japan', 'JP', 35.6762, 139.6503],
  ['São Paulo', 'BR', -23.5505, -46.6333],
  ['Sao Paulo', 'BR', -23.5505, -46.6333],
  ['New York', 'US', 40.7128, -74.006],
  ['New York, NY', 'US', 40.7128, -74.006],
  ['Los Angeles, CA', 'US', 34.0522, -118.2437],
  ['Chicago', 'US', 41.8781, -87.6298],
  ['Houston, Texas', 'US', 29.7604, -95.3698],
  ['New Orleans, LA', 'US', 29.9511, -90.0715],
  ['Honolulu, Hawaii', 'US', 21.3069, -157.8583],
  ['Anchorage, AK', 'US', 61.2181, -149.9003],
  ['Tampa, FL', 'US', 27.9506, -82.4572],
  ['Charleston, SC', 'US', 32.7765, -79.9311],
  ['Washington, DC', 'US', 38.9072, -77.0369],
  ['St. Louis, MO', 'US', 38.627, -90.1994],
  ['Fort Lauderdale', 'US', 26.1224, -80.1373],
  ['San Juan, Puerto Rico', 'PR', 18.4655, -66.1057],
  ['Toronto', 'CA', 43.6532, -79.3832],
  ['Vancouver, BC', 'CA', 49.2827, -123.1207],
  ['Montréal', 'CA', 45.5017, -73.5673],
  ['Mexico City', 'MX', 19.4326, -99.1332],
  ['Havana, Cuba', 'CU', 23.1136, -82.3666],
  ['Kingston, Jamaica', 'JM', 17.9712, -76.7936],
  ['Berlin', 'DE', 52.52, 13.405],
  ['Berlin, Deutschland', 'DE', 52.52, 13.405],
  ['Munich', 'DE', 48.1351, 11.582],
  ['Madrid, Spain', 'ES', 40.4168, -3.7038],
  ['Rome, Italy', 'IT', 41.9028, 12.4964],
  ['Amsterdam, Netherlands', 'NL', 52.3676, 4.9041],
  ['Dublin, Ireland', 'IE', 53.3498, -6.2603],
  ['Edinburgh, Scotland', 'GB', 55.9533, -3.1883],
  ['Stockholm', 'SE', 59.3293, 18.0686],
  ['Moscow, Russia', 'RU', 55.7558, 37.6173],
  ['Istanbul', 'TR', 41.0082, 28.9784],
  ['Geneva', 'CH', 46.2044, 6.1432],
  ['Cairo, Egypt', 'EG', 30.0444, 31.2357],
  ['Lagos, Nigeria', 'NG', 6.5244, 3.3792],
  ['Nairobi', 'KE', -1.2921, 36.8219],
  ['Cape Town', 'ZA', -33.9249, 18.4241],
  ['Dubai, UAE', 'AE', 25.2048, 55.2708],
  ['Mumbai', 'IN', 19.076, 72.8777],
  ['Beijing', 'CN', 39.9042, 116.4074],
  ['Shanghai', 'CN', 31.2304, 121.4737],
  ['Hong Kong', 'HK', 22.3193, 114.1694],
  ['Seoul, South Korea', 'KR', 37.5665, 126.978],
  ['Singapore', 'SG', 1.3521, 103.8198],
  ['Manila', 'PH', 14.5995, 120.9842],
  ['Jakarta', 'ID', -6.2088, 106.8456],
  ['Bangkok, Thailand', 'TH', 13.7563, 100.5018],
  ['Ho Chi Minh City', 'VN', 10.8231, 106.6297],
  ['Sydney, NSW', 'AU', -33.8688, 151.2093],
  ['Melbourne, Australia', 'AU', -37.8136, 144.9631],
  ['Brisbane, QLD', 'AU', -27.4698, 153.0251],
  ['Auckland', 'NZ', -36.8485, 174.7633],
  ['Christchurch, New Zealand', 'NZ', -43.5321, 172.6362],
  ['Buenos Aires', 'AR', -34.6037, -58.3816],
  ['Lima, Peru', 'PE', -12.0464, -77.0428],
  ['Bogotá', 'CO', 4.711, -74.0721],
];

describe('geocode: real places', () => {
  for (const [query, country, latitude, longitude] of PLACES) {
    it(`${query} → ${country}`, () => {
      expectPlace(query, country, latitude, longitude);
    });
  }

  it('describes a city match fully', () => {
    assert.deepEqual(geocoder.geocode('Miami, FL'), {
      latitude: 25.77427, longitude: -80.19366, name: 'Miami', admin1: 'Florida', country: 'US',
      population: 441003, kind: 'city', display: 'Miami, Florida, US',
    });
  });
});

describe('geocode: ambiguous names', () => {
  it('London is London, England unless qualified', () => {
    expectPlace('London', 'GB', 51.5074, -0.1278);
    expectPlace('London, England', 'GB', 51.5074, -0.1278);
    expectPlace('London, Ontario', 'CA', 42.9849, -81.2453);
    expectPlace('London, ON', 'CA', 42.9849, -81.2453);
    expectPlace('London, Ontario, Canada', 'CA', 42.9849, -81.2453);
    expectPlace('London, KY', 'US', 37.129, -84.0833);
  });

  it('Paris is Paris, France unless qualified', () => {
    expectPlace('Paris', 'FR', 48.8566, 2.3522);
    expectPlace('Paris, Texas', 'US', 33.6609, -95.5555);
    expectPlace('Paris, TX', 'US', 33.6609, -95.5555);
    expectPlace('Paris, TN', 'US', 36.302, -88.3267);
  });

  it('Portland, OR and Portland, ME', () => {
    expectPlace('Portland', 'US', 45.5152, -122.6784);
    expectPlace('Portland, OR', 'US', 45.5152, -122.6784);
    expectPlace('Portland, ME', 'US', 43.6591, -70.2568);
    expectPlace('Portland, Maine', 'US', 43.6591, -70.2568);
    expectPlace('Portland Oregon', 'US', 45.5152, -122.6784);
  });

  it('Springfield is the most populous one, or the one the state names', () => {
    expectPlace('Springfield', 'US', 37.209, -93.2923);
    expectPlace('Springfield, IL', 'US', 39.7817, -89.6501);
    expectPlace('Springfield, Illinois', 'US', 39.7817, -89.6501);
    expectPlace('Springfield, MA', 'US', 42.1015, -72.5898);
  });

  it('reads qualifiers written without commas', () => {
    expectPlace('Miami FL', 'US', 25.7617, -80.1918);
    expectPlace('Washington DC', 'US', 38.9072, -77.0369);
    expectPlace('Sydney New South Wales', 'AU', -33.8688, 151.2093);
  });

  it('a country also reaches its territories, but prefers itself', () => {
    expectPlace('Hong Kong, China', 'HK', 22.3193, 114.1694);
    expectPlace('Saint-Denis, France', 'FR', 48.9362, 2.3574);
  });

  it('a recognised qualifier that no candidate satisfies means no match', () => {
    assert.equal(geocoder.geocode('Miami, Germany'), null);
    assert.equal(geocoder.geocode('Portland, Japan'), null);
  });

  it('a bare country or state code is not a place', () => {
    for (const code of ['USA', 'U.S.', 'UK', 'FL', 'LA']) assert.equal(geocoder.geocode(code), null, code);
    assert.equal(geocoder.geocode('Usa, Japan')?.country, 'JP');
  });

  it('a bare country name is only a place inside that country', () => {
    for (const name of ['England', 'Brazil', 'Lebanon']) assert.equal(geocoder.geocode(name), null, name);
    assert.equal(geocoder.geocode('Lebanon, PA')?.display, 'Lebanon, Pennsylvania, US');
    for (const [name, country] of [['Singapore', 'SG'], ['Monaco', 'MC'], ['Luxembourg', 'LU'], ['Zug', 'CH']] as const) {
      assert.equal(geocoder.geocode(name)?.country, country, name);
    }
  });

  it('ignores qualifiers it does not know', () => {
    expectPlace('Miami, Dade County, FL', 'US', 25.7617, -80.1918);
  });

  it('is deterministic and caches by normalised query', () => {
    const first = geocoder.geocode('Springfield');
    assert.equal(geocoder.geocode('Springfield'), first);
    assert.equal(geocoder.geocode('  SPRINGFIELD  '), first);
    assert.equal(geocoder.geocode('Miami, FL'), geocoder.geocode('miami ,  fl'));
    assert.ok(Object.isFrozen(first));
  });
});

describe('geocode: garbage', () => {
  for (const [label, query] of [
    ['keyboard mash', 'asdfghjkl'],
    ['empty', ''],
    ['whitespace', '   '],
    ['punctuation', '!!!'],
    ['500 characters', 'a'.repeat(500)],
    ['501 characters', 'London'.padEnd(501, ' x')],
    ['500 characters of qualifiers', 'GA '.repeat(167).slice(0, 500)],
    ['nonsense with commas', 'qwertyuiop, zxcvbnm'],
  ] as const) {
    it(`${label} → null`, () => assert.equal(geocoder.geocode(query), null));
  }
});

describe('geocode: Unicode and accents', () => {
  const same: Array<[string, string, string]> = [
    ['Zürich', 'Zurich', 'CH'],
    ['Kraków', 'KRAKOW', 'PL'],
    ['Ōsaka', 'Osaka', 'JP'],
    ['Reykjavík', 'reykjavik', 'IS'],
    ['São Paulo', 'SAO PAULO', 'BR'],
    ['Düsseldorf', 'Dusseldorf', 'DE'],
    ['Łódź', 'Lodz', 'PL'],
    ['Malmö', 'Malmo', 'SE'],
    ['Bogotá', 'Bogota', 'CO'],
    ['Xi’an', 'Xian', 'CN'],
  ];
  for (const [accented, plain, country] of same) {
    it(`${accented} = ${plain}`, () => {
      const match = geocoder.geocode(accented);
      assert.ok(match, accented);
      assert.equal(match.country, country);
      assert.equal(geocoder.geocode(plain), match);
    });
  }

  it('keeps the GeoNames spelling in the answer', () => {
    assert.equal(geocoder.geocode('zurich')?.name, 'Zürich');
    assert.equal(geocoder.geocode('Osaka')?.display, 'Osaka, JP');
  });
});

describe('geocode: US ZIP codes', () => {
  it('finds a ZIP in its usual spellings', () => {
    const zip = geocoder.geocode('10001');
    assert.ok(zip);
    assert.equal(zip.kind, 'zip');
    assert.equal(zip.name, '10001');
    assert.equal(zip.country, 'US');
    assert.ok(kmBetween(zip.latitude, zip.longitude, 40.7506, -73.9971) < 2);
    for (const spelling of ['10001-1234', 'NY 10001', 'New York, NY 10001', '10001, USA', ' 10001 ']) {
      assert.deepEqual(geocoder.geocode(spelling), zip, spelling);
    }
  });

  it('knows territories and rejects codes that do not exist', () => {
    assert.equal(geocoder.geocode('00901')?.country, 'PR');
    expectPlace('90210', 'US', 34.0901, -118.4065);
    assert.equal(geocoder.geocode('99999'), null);
  });

  it('falls back to the place name when the ZIP is unknown', () => {
    expectPlace('Miami, FL 99999', 'US', 25.7617, -80.1918);
  });
});

describe('geocode: "lat, lon" strings', () => {
  it('accepts a pair in range', () => {
    for (const text of ['25.76, -80.19', '25.76,-80.19', '25.76 -80.19', '+25.76; -80.19']) {
      const match = geocoder.geocode(text);
      assert.ok(match, text);
      assert.equal(match.kind, 'coordinates');
      assert.equal(match.latitude, 25.76);
      assert.equal(match.longitude, -80.19);
      assert.equal(match.country, 'US');
    }
    assert.deepEqual(geocoder.geocode('0, 0'), {
      latitude: 0, longitude: 0, name: '0, 0', admin1: null, country: '', population: 0, kind: 'coordinates', display: '0, 0',
    });
    assert.equal(geocoder.geocode('-90, 180')?.kind, 'coordinates');
  });

  it('rejects a pair out of range', () => {
    for (const text of ['91, 0', '-90.5, 10', '0, 181', '45, -180.01', '100 200']) assert.equal(geocoder.geocode(text), null, text);
  });
});

describe('resolveLocation', () => {
  it('uses both coordinates when given, 0 included, whatever the location', () => {
    assert.deepEqual(resolveLocation(geocoder, { latitude: 0, longitude: 0 }), {
      ok: true, latitude: 0, longitude: 0, source: 'coordinates', match: null,
    });
    assert.deepEqual(resolveLocation(geocoder, { location: 'London', latitude: 10, longitude: -20 }), {
      ok: true, latitude: 10, longitude: -20, source: 'coordinates', match: null,
    });
  });

  it('rejects coordinates out of range', () => {
    const lat = resolveLocation(geocoder, { latitude: 90.5, longitude: 0 });
    assert.deepEqual(lat, { ok: false, error: 'latitude 90.5 is out of range (-90 to 90)' });
    const lon = resolveLocation(geocoder, { location: 'Miami', latitude: 0, longitude: -181 });
    assert.deepEqual(lon, { ok: false, error: 'longitude -181 is out of range (-180 to 180)' });
    assert.equal(resolveLocation(geocoder, { latitude: Number.NaN, longitude: 0 }).ok, false);
  });

  it('geocodes the location when the pair is incomplete', () => {
    for (const input of [{ location: 'Miami, FL', latitude: 10 }, { location: 'Miami, FL', longitude: 10, latitude: null }, { location: 'Miami, FL' }]) {
      const resolved = resolveLocation(geocoder, input);
      assert.ok(resolved.ok, JSON.stringify(input));
      assert.equal(resolved.source, 'geocoded');
      assert.equal(resolved.latitude, 25.77427);
      assert.equal(resolved.match?.display, 'Miami, Florida, US');
    }
  });

  it('needs a location or both coordinates', () => {
    assert.deepEqual(resolveLocation(geocoder, { latitude: 25 }), {
      ok: false, error: 'longitude is missing: give both latitude and longitude, or a location',
    });
    assert.deepEqual(resolveLocation(geocoder, { location: '  ', longitude: 25 }), {
      ok: false, error: 'latitude is missing: give both latitude and longitude, or a location',
    });
    for (const input of [{}, { location: '' }, { location: '   ', latitude: null, longitude: null }]) {
      assert.deepEqual(resolveLocation(geocoder, input), { ok: false, error: 'A location, or both latitude and longitude, is required' });
    }
  });

  it('says which location could not be geocoded', () => {
    assert.deepEqual(resolveLocation(geocoder, { location: 'asdfghjkl' }), {
      ok: false, error: 'Could not geocode location "asdfghjkl": no matching place',
    });
    const long = resolveLocation(geocoder, { location: 'z'.repeat(300) });
    assert.ok(!long.ok && long.error === `Could not geocode location "${'z'.repeat(80)}…": no matching place`);
    const outOfRange = resolveLocation(geocoder, { location: '95, 10' });
    assert.ok(!outOfRange.ok && outOfRange.error.includes('out of range'));
  });

  it('geocodes a "lat, lon" location', () => {
    const resolved = resolveLocation(geocoder, { location: '25.76, -80.19', latitude: 1 });
    assert.ok(resolved.ok);
    assert.deepEqual([resolved.latitude, resolved.longitude, resolved.source, resolved.match?.kind], [25.76, -80.19, 'geocoded', 'coordinates']);
  });
});

describe('countryAt', () => {
  it('names the country of the nearest place within 100 km', () => {
    assert.equal(geocoder.countryAt(25.7617, -80.1918), 'US');
    assert.equal(geocoder.countryAt(43.6532, -79.3832), 'CA');
    assert.equal(geocoder.countryAt(51.5, -0.12), 'GB');
    assert.equal(geocoder.countryAt(18.2, -66.5), 'PR');
  });

  it('is null far from any place, and for invalid input', () => {
    assert.equal(geocoder.countryAt(30, -40), null);
    assert.equal(geocoder.countryAt(0, 0), null);
    assert.equal(geocoder.countryAt(Number.NaN, 0), null);
    assert.equal(geocoder.countryAt(95, 0), null);
  });

  it('searches across the antimeridian', () => {
    assert.equal(geocoder.countryAt(-16.8, -179.9), 'FJ');
  });

  it('agrees with a brute-force nearest point (great-circle distance, ties to the lower point) at 400 sites', () => {
    const gazetteer = loadGazetteer();
    const zips = loadZips();
    const locator = CountryLocator.build(gazetteer, zips);
    const lat = (i: number): number => (i < gazetteer.count ? gazetteer.latE5[i]! / 1e5 : zips.latitude[i - gazetteer.count]!);
    const lon = (i: number): number => (i < gazetteer.count ? gazetteer.lonE5[i]! / 1e5 : zips.longitude[i - gazetteer.count]!);
    const country = (i: number): number => (i < gazetteer.count ? gazetteer.country[i]! : zips.country[i - gazetteer.count]!);
    const total = gazetteer.count + zips.count;
    let seed = 12345;
    const random = (): number => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    const sites: [number, number][] = [];
    // Mostly near places (dense and border areas), some anywhere, and the antimeridian.
    for (let k = 0; k < 300; k++) {
      const i = Math.floor(random() * total);
      sites.push([Math.max(-90, Math.min(90, lat(i) + (random() - 0.5) * 1.2)), Math.max(-180, Math.min(180, lon(i) + (random() - 0.5) * 1.2))]);
    }
    for (let k = 0; k < 95; k++) sites.push([random() * 180 - 90, random() * 360 - 180]);
    sites.push([-16.8, -179.9], [-16.8, 179.95], [65.9, -179.99], [25.7617, -80.1918], [40.71, -74.0]);
    let found = 0;
    for (const [la, lo] of sites) {
      let best = -1;
      let bestKm = Infinity;
      for (let i = 0; i < total; i++) {
        if (Math.abs(lat(i) - la) > 1) continue;
        const km = distanceKm(la, lo, lat(i), lon(i));
        if (km < bestKm) [best, bestKm] = [i, km];
      }
      const expected = best >= 0 && bestKm <= 100 ? country(best) : null;
      if (expected !== null) found++;
      assert.equal(locator.nearestCountry(la, lo), expected, `${la}, ${lo}`);
    }
    assert.ok(found > 250, `${found} sites with a country`);
  });
});
