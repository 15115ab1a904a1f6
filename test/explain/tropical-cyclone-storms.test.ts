import assert from 'node:assert/strict';
import { describe, it } from '../helpers/harness.js';
import { SOURCES_DIR, sourcesSkip } from '../helpers/sources.js';
import { daysFromCivil } from '../../src/engine/calendar.js';
import { cellIndex } from '../../src/engine/grid.js';
import { SAFFIR_SIMPSON_KNOTS } from '../../src/engine/perils.js';
import type { ExplainSite } from '../../src/explain/explainer.js';
import { indexTracks, observedStormsAt, type ObservedStorm } from '../../src/explain/tropical-cyclone/observed-storms.js';
import { stormBreakdown } from '../../src/explain/tropical-cyclone/storm-breakdown.js';
import { countObservedStorms } from '../../src/models/tropical-cyclone/compute-hazard.js';
import { makeFix } from '../../src/models/tropical-cyclone/fixes.js';
import { hazardGrid } from '../../src/models/tropical-cyclone/hazard-grid.js';
import { readLandMask } from '../../src/models/tropical-cyclone/land-mask.js';
import { readAllStorms } from '../../src/models/tropical-cyclone/sources.js';
import type { Storm } from '../../src/models/tropical-cyclone/track-types.js';
import { distanceKm } from '../../src/geo/sphere.js';

const CATALOGUES = ['hurdat2', 'jtwc-wp', 'tc-north-indian', 'tc-southern-hemisphere', 'ibtracs-sp', 'etopo'];
const K = SAFFIR_SIMPSON_KNOTS.length;
const YEAR_2027 = { startDay: daysFromCivil(2027, 1, 1), endDay: daysFromCivil(2027, 12, 31) };

function site(thresholdIndex: number, window = YEAR_2027, annualRate = 0.02): ExplainSite {
  return { latitude: 0, longitude: 0, thresholdIndex, window, probabilities: [], annualRate };
}

function storm(id: string, name: string | null, month: number, kt: number, weight = 1 / 76): ObservedStorm {
  const time = Date.UTC(2000, month, 15, 12);
  const s: Storm = { id, name, basin: 'NA', season: 2000, source: 'hurdat2', fixes: [makeFix(time, 25, -80, kt)] };
  return { storm: s, kt, time, weight };
}

describe('observed-storm breakdown, by hand', () => {
  it('strongest first, each 1/N of the storms that reached the threshold; the note sets the observed rate (fitted periods only) beside the modelled', () => {
    const observed = [storm('AL011990', 'BOB', 7, 70), storm('AL021991', null, 8, 101.24), storm('AL031992', 'ANDREW', 7, 130), storm('AL041993', 'WEAK', 7, 60), storm('AL011890', 'OLD', 8, 90, 0)];
    const [b] = stormBreakdown(observed, site(1));
    assert.equal(b!.by, 'observed_storm');
    assert.deepEqual(b!.items.map((i) => i.label), ['Andrew 2000', 'Unnamed AL021991, 2000-09-15', 'Old 2000', 'Bob 2000']);
    assert.deepEqual(b!.items.map((i) => [i.storm_name, i.wind_kt, i.fitted_period, i.date]), [['Andrew', 130, true, '2000-08-15'], [null, 101.2, true, '2000-09-15'], ['Old', 90, false, '2000-09-15'], ['Bob', 70, true, '2000-08-15']]);
    for (const item of b!.items) {
      assert.equal(item.share, 1 / 4);
      assert.equal(item.annual_rate, 0.02 / 4);
    }
    // Three of the four are in a fitted period, each 1/76 a year.
    assert.match(b!.note!, /^4 recorded storms \(from 2000\) reached CAT1 \(≥ 64 kt\).* 3 fall in the periods .* observed rate of 0\.0395 a year against the modelled 0\.0200/);
  });

  it("only storms whose maximum came in a month the window holds; none reached: no breakdown", () => {
    const observed = [storm('AL011990', 'JULY', 6, 100), storm('AL021990', 'AUGUST', 7, 100), storm('AL031990', 'OCTOBER', 9, 100)];
    const augustToSeptember = { startDay: daysFromCivil(2027, 8, 10), endDay: daysFromCivil(2027, 9, 5) };
    assert.deepEqual(stormBreakdown(observed, site(3, augustToSeptember))[0]!.items.map((i) => i.label), ['August 2000']);
    assert.deepEqual(stormBreakdown(observed, site(4)), []);
  });

  it('beyond 40 storms the weaker rest is one "other" item: shares and rates still add up', () => {
    const observed = Array.from({ length: 45 }, (_, n) => storm(`AL${String(n).padStart(2, '0')}2000`, `S${n}`, 8, 40 + n));
    const [b] = stormBreakdown(observed, site(0));
    assert.equal(b!.items.length, 41);
    assert.equal(b!.items[0]!.wind_kt, 84);
    const other = b!.items[40]!;
    assert.equal(other.label, 'other: 5 weaker storms, site winds 40–44 kt');
    assert.ok(Math.abs(other.share - 5 / 45) < 1e-15);
    assert.ok(Math.abs(b!.items.reduce((s, i) => s + i.share, 0) - 1) < 1e-12);
    assert.ok(Math.abs(b!.items.reduce((s, i) => s + i.annual_rate, 0) - 0.02) < 1e-15);
  });
});

describe('observed storms on the real best tracks', { skip: sourcesSkip(...CATALOGUES) }, () => {
  const grid = hazardGrid();
  const land = readLandMask(SOURCES_DIR);
  const all = readAllStorms(SOURCES_DIR);
  // Suva's storms cross the antimeridian; Darwin's include Tracy (1974), before the fitted period.
  const SITES = { Miami: [25.76, -80.19], 'Hong Kong': [22.3, 114.17], Darwin: [-12.46, 130.84], Chennai: [13.08, 80.27], Suva: [-18.14, 178.44] } as const;

  it("at each site and threshold, the listed storms' observed rate is the build's count at that cell (footprints over the whole grid)", { timeout: 300_000 }, () => {
    const near = all.filter((s) => s.season >= 1975 && s.season <= 2010 && Object.values(SITES).some(([lat, lon]) => s.fixes.some((f) => distanceKm(f.lat, f.lon, lat, lon) < 700)));
    const counts = countObservedStorms(near, land, grid);
    const tracks = indexTracks(near, land);
    for (const [name, [lat, lon]] of Object.entries(SITES)) {
      const cell = cellIndex(grid, lat, lon);
      const observed = observedStormsAt(tracks, grid, lat, lon);
      const build = Array.from(counts.raw.subarray(cell * K, (cell + 1) * K));
      assert.ok(build[0]! > 0, `${name}: no storm in the slice`);
      SAFFIR_SIMPSON_KNOTS.forEach((kt, k) => {
        const ours = observed.filter((o) => o.kt >= kt).reduce((sum, o) => sum + o.weight, 0);
        assert.ok(Math.abs(ours - build[k]!) < 1e-12, `${name} ≥ ${kt} kt: ${ours} vs the build's ${build[k]}`);
      });
    }
  });

  it('Miami at CAT3 names Andrew (1992) and King (1950); Darwin at CAT1 names Tracy (1974), outside the fitted period', { timeout: 300_000 }, () => {
    const tracks = indexTracks(all.filter((s) => s.basin === 'NA' || s.basin === 'SP'), land);
    const [miami] = stormBreakdown(observedStormsAt(tracks, grid, ...SITES.Miami), site(3));
    const labels = miami!.items.map((i) => i.label);
    assert.ok(labels.includes('Andrew 1992') && labels.includes('King 1950'), labels.join('; '));
    assert.ok(miami!.items.every((i, n) => i.wind_kt! >= 96 && (n === 0 || i.wind_kt! <= miami!.items[n - 1]!.wind_kt!)));
    const [darwin] = stormBreakdown(observedStormsAt(tracks, grid, ...SITES.Darwin), site(1));
    const tracy = darwin!.items.find((i) => i.label === 'Tracy 1974');
    assert.ok(tracy, darwin!.items.map((i) => i.label).join('; '));
    assert.equal(tracy.fitted_period, false);
    assert.equal(tracy.date, '1974-12-24');
  });
});
