import { describe, it } from '../helpers/harness.js';
import assert from 'node:assert/strict';
import { BoundedCache } from '../../src/geo/bounded-cache.js';
import { compactText, normalizeText } from '../../src/geo/normalize.js';
import { extractZip, parseCoordinatePair, splitParts } from '../../src/geo/query.js';

describe('normalizeText', () => {
  it('folds case, accents, special letters and punctuation', () => {
    assert.equal(normalizeText('  São   Paulo '), 'sao paulo');
    assert.equal(normalizeText('ZÜRICH'), 'zurich');
    assert.equal(normalizeText('Łódź'), 'lodz');
    assert.equal(normalizeText('Straße'), 'strasse');
    assert.equal(normalizeText('Winston-Salem'), 'winston salem');
    assert.equal(normalizeText('İstanbul'), 'istanbul');
    assert.equal(normalizeText('!!!'), '');
  });

  it('joins across apostrophes', () => {
    assert.equal(normalizeText('Xi’an'), 'xian');
    assert.equal(normalizeText("O'Fallon"), 'ofallon');
    assert.equal(normalizeText('Hawaiʻi'), 'hawaii');
  });

  it('spells out St., Ste., Ft. and Mt.', () => {
    assert.equal(normalizeText('St. Louis'), 'saint louis');
    assert.equal(normalizeText('Ste-Foy'), 'sainte foy');
    assert.equal(normalizeText('Ft Myers'), 'fort myers');
    assert.equal(normalizeText('Mt. Isa'), 'mount isa');
    assert.equal(normalizeText('Stanford'), 'stanford');
  });

  it('compacts qualifiers so dotted codes meet plain ones', () => {
    assert.equal(compactText('U.S.A.'), 'usa');
    assert.equal(compactText('D.C.'), 'dc');
    assert.equal(compactText('New South Wales'), 'newsouthwales');
  });
});

describe('query parsing', () => {
  it('reads "lat, lon" pairs without range-checking them', () => {
    assert.deepEqual(parseCoordinatePair(' 25.76, -80.19 '), { latitude: 25.76, longitude: -80.19 });
    assert.deepEqual(parseCoordinatePair('91 181'), { latitude: 91, longitude: 181 });
    assert.equal(parseCoordinatePair('25.76'), null);
    assert.equal(parseCoordinatePair('10001 1234'), null);
    assert.equal(parseCoordinatePair('Miami, FL'), null);
  });

  it('splits on commas and semicolons and drops empty parts', () => {
    assert.deepEqual(splitParts('Miami,, FL ; USA,'), ['miami', 'fl', 'usa']);
  });

  it('finds a ZIP at the end and leaves the rest for a name lookup', () => {
    assert.deepEqual(extractZip(['10001']), { zip: '10001', rest: [] });
    assert.deepEqual(extractZip(['10001 1234']), { zip: '10001', rest: [] });
    assert.deepEqual(extractZip(['100011234']), { zip: '10001', rest: [] });
    assert.deepEqual(extractZip(['new york', 'ny 10001', 'usa']), { zip: '10001', rest: ['new york', 'ny', 'usa'] });
    assert.equal(extractZip(['miami', 'fl']), null);
    assert.equal(extractZip(['1000']), null);
  });
});

describe('BoundedCache', () => {
  it('never holds more than its capacity', () => {
    const cache = new BoundedCache<number>(10);
    for (let i = 0; i < 1000; i++) cache.set(`k${i}`, i);
    assert.ok(cache.size <= 10);
    assert.equal(cache.get('k999'), 999);
    assert.equal(cache.get('k0'), undefined);
  });

  it('keeps entries that are used and stores null answers', () => {
    const cache = new BoundedCache<number | null>(4);
    cache.set('kept', 1);
    cache.set('miss', null);
    for (let i = 0; i < 20; i++) {
      assert.equal(cache.get('kept'), 1);
      cache.set(`filler${i}`, i);
    }
    assert.equal(cache.get('kept'), 1);
    assert.equal(cache.get('absent'), undefined);
  });

  it('rejects a capacity below 2', () => {
    assert.throws(() => new BoundedCache(1));
  });
});
