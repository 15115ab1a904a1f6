import { describe, it } from '../helpers/harness.js';
import { SOURCES_DIR, sourcesSkip } from '../helpers/sources.js';
import assert from 'node:assert/strict';
import { daysFromCivil } from '../../src/engine/calendar.js';
import { cellIndex } from '../../src/engine/grid.js';
import { SAFFIR_SIMPSON_KNOTS } from '../../src/engine/perils.js';
import { encodeTable } from '../../src/engine/table-file.js';
import type { RateTable } from '../../src/engine/table-spec.js';
import { computeHazard } from '../../src/models/tropical-cyclone/compute-hazard.js';
import { FootprintScratch, stormFootprint } from '../../src/models/tropical-cyclone/footprint.js';
import { hazardGrid } from '../../src/models/tropical-cyclone/hazard-grid.js';
import { tropicalCycloneBuilder } from '../../src/models/tropical-cyclone/index.js';
import { ALL_SEA, landMaskOf, readLandMask } from '../../src/models/tropical-cyclone/land-mask.js';
import { PROFILE_CALIBRATION } from '../../src/models/tropical-cyclone/parameters.js';
import { readHurdat2 } from '../../src/models/tropical-cyclone/read-hurdat2.js';
import { siteExpected } from '../../src/models/tropical-cyclone/site-hazard.js';
import { intensityAlong, trackSteps } from '../../src/models/tropical-cyclone/track-steps.js';
import { makeFix } from '../../src/models/tropical-cyclone/fixes.js';
import { readAllStorms } from '../../src/models/tropical-cyclone/sources.js';
import type { Storm } from '../../src/models/tropical-cyclone/track-types.js';
import { siteWind, vortexAt, windRadiusKm } from '../../src/models/tropical-cyclone/wind-field.js';
import { meanQuadrantRadius } from '../../src/models/tropical-cyclone/wind-radii.js';
import { outerScaleForR34 } from '../../src/models/tropical-cyclone/r34-size.js';
import { asNzsReturnPeriod, returnPeriodAt, speedAtReturnPeriod } from '../../src/models/tropical-cyclone/site-wind-validation.js';
import { siteReturnPeriod } from '../../src/models/tropical-cyclone/site-hazard.js';
import { hurdatRow, ibtracsRow, stationaryStorm, writeCatalogue } from './tropical-cyclone/fixtures.js';

const MS_PER_KT = 1852 / 3600;
const KM_PER_DEG = (Math.PI * 6371) / 180;

/** Willoughby et al. 2006 outer profile (calibrated A and X1) × Knaff et al. 2011 surface factor, written out by hand (kt). */
function handOuterWind(vmaxKt: number, lat: number, r: number): number {
  const vg = (vmaxKt * MS_PER_KT) / 0.9;
  const rm = 46.4 * Math.exp(-0.0155 * vg + 0.0169 * lat);
  const a = (0.0696 + 0.0049 * vg - 0.0064 * lat) * PROFILE_CALIBRATION.aFactor;
  const x1 = (317.1 - 2.026 * vg + 1.915 * lat) * PROFILE_CALIBRATION.x1Factor;
  const f = r <= 100 ? 0.9 : r >= 700 ? 0.75 : 0.9 - (0.15 * (r - 100)) / 600;
  return (vg * ((1 - a) * Math.exp((rm - r) / x1) + a * Math.exp((rm - r) / 25)) * f) / MS_PER_KT;
}

describe('tropical-cyclone wind field', () => {
  it('matches the hand-written Willoughby outer profile for a stationary storm', () => {
    const v = vortexAt({ latitude: 25, vmaxKt: 100, rmwKm: null, motionEastKt: 0, motionNorthKt: 0 });
    for (const r of [60, 100, 250, 400, 700, 900]) {
      for (const bearing of [0, 77, 200]) assert.ok(Math.abs(siteWind(v, r, bearing) - handOuterWind(100, 25, r)) < 1e-9, `r=${r}`);
    }
  });

  it('peaks at Vmax at the RMW, right of the motion in the north and left in the south', () => {
    for (const lat of [20, -20]) {
      const v = vortexAt({ latitude: lat, vmaxKt: 120, rmwKm: 30, motionEastKt: 0, motionNorthKt: 12 });
      let best = 0;
      let bestBearing = 0;
      for (let b = 0; b < 360; b += 1) {
        const w = siteWind(v, 30, b);
        if (w > best) [best, bestBearing] = [w, b];
      }
      assert.ok(Math.abs(best - 120) < 1, `peak ${best}`);
      if (lat > 0) assert.ok(bestBearing > 45 && bestBearing < 135, `NH peak at ${bestBearing}°`);
      else assert.ok(bestBearing > 225 && bestBearing < 315, `SH peak at ${bestBearing}°`);
    }
  });

  it('windRadiusKm bounds the wind in every direction', () => {
    const v = vortexAt({ latitude: 15, vmaxKt: 140, rmwKm: null, motionEastKt: -10, motionNorthKt: 5 });
    const r34 = windRadiusKm(v, 34);
    for (let b = 0; b < 360; b += 10) assert.ok(siteWind(v, r34 + 1, b) < 34);
    assert.ok(r34 > 100 && r34 < 600);
  });
});

describe('tropical-cyclone track steps', () => {
  it('decays over land in the Kaplan–DeMaria form, meeting the next fix', () => {
    const v = intensityAlong(100, 60, 6, 6, (i) => i >= 3);
    const alpha = Math.log((100 - 26.7) / (60 - 26.7)) / 3;
    assert.deepEqual(v.slice(0, 4), [100, 100, 100, 100]);
    assert.ok(Math.abs(v[4]! - (26.7 + 73.3 * Math.exp(-alpha))) < 1e-9);
    assert.ok(Math.abs(v[6]! - 60) < 1e-9);
    assert.deepEqual(intensityAlong(60, 80, 2, 6, () => true), [60, 70, 80]);
  });

  it('continues a track ending over land with KD95 decay until below 34 kt', () => {
    const land = new Uint8Array(360 * 720).fill(1);
    const storm: Storm = {
      id: 'AL011999', name: null, basin: 'NA', season: 1999, source: 'test',
      fixes: [makeFix(0, 30, -90, 80), makeFix(6 * 3_600_000, 30.5, -90, 80)],
    };
    const steps = trackSteps(storm, landMaskOf(land));
    const extension = steps.filter((s) => s.time > 6 * 3_600_000);
    // 26.7 + 53.3·exp(−0.095 h) ≥ 34  ⇔  h ≤ 20.9
    assert.equal(extension.length, 20);
    assert.ok(Math.abs(extension[0]!.vmaxKt - (26.7 + 53.3 * Math.exp(-0.095))) < 1e-9);
    assert.ok(extension[19]!.lat > 30.5);
  });

  it('interpolates hourly and at most 15 km apart', () => {
    const storm: Storm = {
      id: 'AL021999', name: null, basin: 'NA', season: 1999, source: 'test',
      fixes: [makeFix(0, 20, -60, 50), makeFix(6 * 3_600_000, 21, -60, 70)],
    };
    const steps = trackSteps(storm, ALL_SEA);
    assert.equal(steps.length, 9); // 111 km / 15 km → 8 segments, plus the last fix
    assert.ok(Math.abs(steps[4]!.vmaxKt - 60) < 1e-9);
    assert.ok(Math.abs(steps[4]!.motionNorthKt - 111.195 / 1.852 / 6) < 0.01);
  });
});

describe('tropical-cyclone tracks', () => {
  it('deduplicates JTWC SH storms held by IBTrACS and normalises longitudes', () => {
    const dir = writeCatalogue({
      southern: ['SH052005,2005,5,2005-01-10T00:00Z,-15.0,-160.0,50,SP', 'SH052005,2005,5,2005-01-10T06:00Z,-15.5,-160.5,55,SP', 'SH062005,2005,6,2005-02-01T00:00Z,-12.0,80.0,40,SI'],
      ibtracs: [ibtracsRow('2005010S15200', 2005, '2005-01-10 00:00:00', -15.0, 200.0, 50), ibtracsRow('2005010S15200', 2005, '2005-01-10 03:00:00', -15.25, 199.75, 52), ibtracsRow('2005010S15200', 2005, '2005-01-10 06:00:00', -15.5, 199.5, 55)],
    });
    const storms = readAllStorms(dir);
    assert.deepEqual(storms.map((s) => [s.id, s.source, s.basin]), [['SH052005', 'ibtracs-sp', 'SP'], ['SH062005', 'tc-southern-hemisphere', 'SI']]);
    assert.equal(storms[0]!.fixes[0]!.lon, -160);
    assert.equal(storms[0]!.fixes.length, 3);
  });

  it('drops West Pacific fixes that repeat a Central Pacific storm', () => {
    const dir = writeCatalogue({
      nepac: [hurdatRow('CP011990', '1990-08-01T00:00Z', 'HU', 15, 179.0, 80), hurdatRow('CP011990', '1990-08-01T06:00Z', 'HU', 15, 178.0, 80)],
      westPacific: ['5,1990,8,1,6,15.0,178.0,80,,199005,Cat1', '5,1990,8,1,12,15.0,177.0,80,,199005,Cat1', '5,1990,8,1,18,15.0,176.0,80,,199005,Cat1'],
    });
    const wp = readAllStorms(dir).find((s) => s.basin === 'WP')!;
    assert.equal(wp.id, 'WP051990');
    assert.deepEqual(wp.fixes.map((f) => f.lon), [177, 176]);
  });
});

describe('tropical-cyclone hazard on a synthetic catalogue', () => {
  // A stationary 100-kt hurricane for 24 h in September 2000 (Atlantic period 1950–2025: 76 years) and an extratropical gale.
  const dir = writeCatalogue({
    atlantic: [...stationaryStorm('AL012000', '2000-09-10T00:00Z', 24, 'HU', 25, -70, 100), ...stationaryStorm('AL022001', '2001-09-05T00:00Z', 12, 'EX', 50, -20, 60)],
  });
  const grid = hazardGrid();
  const field = computeHazard(readAllStorms(dir), readLandMask(dir), grid);
  const row = Math.floor((25.125 - grid.lat0) / grid.dlat);
  const cellAt = (k: number): { cell: number; r: number } => {
    const east = 0.25 * k + 0.125;
    const r = Math.hypot(east * KM_PER_DEG * Math.cos(((25.125 + 25) / 2) * (Math.PI / 180)), 0.125 * KM_PER_DEG);
    return { cell: row * grid.nlon + Math.round((-70 + east + 180) / grid.dlon - 0.5), r };
  };

  it('counts each threshold the hand-computed site wind reaches, once per 76 years', () => {
    let checked = 0;
    for (let k = 0; k < 40; k++) {
      const { cell, r } = cellAt(k);
      if (r < 60) continue;
      const wind = handOuterWind(100, 25, r);
      if (SAFFIR_SIMPSON_KNOTS.some((t) => Math.abs(wind - t) < 0.01)) continue;
      SAFFIR_SIMPSON_KNOTS.forEach((t, j) => {
        assert.ok(Math.abs(field.rawRates[cell * 6 + j]! - (wind >= t ? 1 / 76 : 0)) < 1e-12, `r=${r.toFixed(1)} km, wind ${wind.toFixed(2)} kt, threshold ${t}`);
      });
      checked++;
    }
    assert.ok(checked > 20);
  });

  it('smoothing conserves the summed rates and keeps them non-increasing in the threshold', () => {
    for (let j = 0; j < 6; j++) {
      let raw = 0;
      let smooth = 0;
      for (let c = 0; c < grid.nlat * grid.nlon; c++) {
        raw += field.rawRates[c * 6 + j]!;
        smooth += field.rates[c * 6 + j]!;
        if (j > 0) assert.ok(field.rates[c * 6 + j]! <= field.rates[c * 6 + j - 1]! * (1 + 1e-12));
      }
      assert.ok(Math.abs(smooth - raw) <= 1e-9 * Math.max(raw, 1e-12), `threshold ${j}: ${raw} vs ${smooth}`);
    }
  });

  it('covers 300 km around tropical positions, nothing for extratropical ones or Europe', async () => {
    const [table] = (await tropicalCycloneBuilder.build({ sourcesDir: dir, progress: () => {}, log: () => {}, built: new Map() })) as RateTable[];
    for (let k = 0; k < 20; k++) {
      const { cell, r } = cellAt(k);
      if (r < 295) assert.ok(table!.cellRow[cell]! >= 0, `covered at ${r} km`);
      if (r > 305) assert.equal(table!.cellRow[cell], -1, `not covered at ${r} km`);
    }
    assert.equal(table!.cellRow[cellIndex(table!.grid, 50, -20)], -1);
    assert.equal(table!.cellRow[cellIndex(table!.grid, 51.51, -0.13)], -1);
    const place = { name: 'near the storm', latitude: 25.1, longitude: -69.4 };
    const c = cellIndex(table!.grid, place.latitude, place.longitude);
    const tableRow = table!.cellRow[c]!;
    for (let j = 0; j < 6; j++) assert.equal(table!.rates[tableRow * 6 + j], field.rates[c * 6 + j]);
    // Seasonality: both storms came in September (5th and 10th).
    const window = (m0: number, d0: number, m1: number, d1: number) => ({ startDay: daysFromCivil(2023, m0, d0), endDay: daysFromCivil(2023, m1, d1), startHour: 0, endHour: 23 });
    const year = siteExpected(table!, place, 0, window(1, 1, 12, 31))!;
    assert.ok(siteExpected(table!, place, 0, window(8, 20, 9, 30))! / year > 0.9);
    assert.ok(siteExpected(table!, place, 0, window(3, 1, 3, 31))! / year < 1e-6);
  });

  it('is deterministic: two builds give identical table bytes', async () => {
    const build = async () => encodeTable((await tropicalCycloneBuilder.build({ sourcesDir: dir, progress: () => {}, log: () => {}, built: new Map() }))[0]!);
    const [a, b] = [await build(), await build()];
    assert.equal(Buffer.compare(Buffer.from(a), Buffer.from(b)), 0);
  });
});

describe('tropical-cyclone on a slice of the real HURDAT2', () => {
  const sourcesDir = SOURCES_DIR;
  it('Andrew (1992) brings CAT4+ winds to Homestead, less to Miami, none to Tampa', { skip: sourcesSkip('hurdat2/hurdat2_atlantic_1851-2025.csv.gz') }, () => {
    const andrew = readHurdat2(sourcesDir).find((s) => s.id === 'AL041992')!;
    const grid = hazardGrid(0.25, 20, 35);
    const footprint = stormFootprint(trackSteps(andrew, readLandMask(sourcesDir)), 34, new FootprintScratch(grid));
    const windAt = (lat: number, lon: number): number => {
      const k = footprint.cells.indexOf(cellIndex(grid, lat, lon));
      return k < 0 ? 0 : footprint.maxKt[k]!;
    };
    assert.ok(windAt(25.47, -80.48) >= 113, `Homestead ${windAt(25.47, -80.48)}`);
    assert.ok(windAt(25.76, -80.19) < windAt(25.47, -80.48));
    assert.ok(windAt(27.95, -82.46) < 64);
  });
});

describe('tropical-cyclone storm size from recorded 34-kt radii', () => {
  const position = { latitude: -18, vmaxKt: 90, rmwKm: 30, motionEastKt: 0, motionNorthKt: -8 };

  it('fits the outer length so the modelled mean 34-kt quadrant radius is the recorded one', () => {
    for (const nmi of [80, 110, 150]) {
      const scale = outerScaleForR34(position, { ne: nmi, se: nmi, sw: nmi, nw: nmi })!;
      const modelled = meanQuadrantRadius(vortexAt({ ...position, outerScale: scale }), 34);
      assert.ok(Math.abs(modelled / (nmi * 1.852) - 1) < 0.03, `r34 ${nmi} n mi: modelled ${modelled.toFixed(1)} km with scale ${scale.toFixed(3)}`);
    }
    const unscaled = meanQuadrantRadius(vortexAt(position), 34);
    assert.ok(outerScaleForR34(position, { ne: 150, se: 150, sw: 150, nw: 150 })! > 1 && unscaled < 150 * 1.852);
    assert.equal(outerScaleForR34({ ...position, vmaxKt: 30 }, { ne: 50, se: 50, sw: 50, nw: 50 }), null);
  });

  it('sizes North Indian and South Pacific storms from r34, never HURDAT2 storms', () => {
    const r34 = { usa_r34_ne: 150, usa_r34_se: 150, usa_r34_sw: 150, usa_r34_nw: 150, usa_rmw_nm: 15 };
    const dir = writeCatalogue({
      ibtracs: [0, 6, 12].map((h, i) => ibtracsRow('2010010S18150', 2010, `2010-01-10 ${String(h).padStart(2, '0')}:00:00`, -18 - 0.5 * i, 150, 90, r34)),
      atlantic: [0, 6, 12].map((h, i) => hurdatRow('AL012010', `2010-09-01T${String(h).padStart(2, '0')}:00Z`, 'HU', 25 + 0.5 * i, -60, 90, '15', [150, 150, 150, 150])),
    });
    const storms = readAllStorms(dir);
    const sp = trackSteps(storms.find((s) => s.source === 'ibtracs-sp')!, ALL_SEA);
    const na = trackSteps(storms.find((s) => s.source === 'hurdat2')!, ALL_SEA);
    assert.ok(sp.every((s) => s.outerScale > 1.05), `South Pacific scales ${sp.map((s) => s.outerScale.toFixed(2)).join(' ')}`);
    assert.ok(na.every((s) => s.outerScale === 1));
  });
});

describe('tropical-cyclone site-wind validation arithmetic', () => {
  it('reads AS/NZS 1170.2 regional gusts as return periods at the CAT1 and CAT3 gust equivalents', () => {
    // Region C, V_R = 122 − 104 R^−0.1; 64 kt × 0.51444 m/s × 1.1 = 36.217 m/s → R = 6.859; 96 kt → 54.325 m/s → R = 73.46.
    close(asNzsReturnPeriod('C', 64), 6.859, 1e-3);
    close(asNzsReturnPeriod('C', 96), 73.46, 1e-3);
    // Region D, 156 − 142 R^−0.1 at 96 kt: ((156 − 54.325)/142)^−10 = 28.26.
    close(asNzsReturnPeriod('D', 96), 28.26, 1e-3);
  });

  it('interpolates the table log-linearly in speed between thresholds, and inverts', async () => {
    const dir = writeCatalogue({ atlantic: stationaryStorm('AL012000', '2000-09-10T00:00Z', 24, 'HU', 25, -70, 100) });
    const [table] = await tropicalCycloneBuilder.build({ sourcesDir: dir, progress: () => {}, log: () => {}, built: new Map() });
    const place = { name: 'near the storm', latitude: 25.1, longitude: -69.6 };
    const [cat1, cat2] = [siteReturnPeriod(table!, place, 1)!, siteReturnPeriod(table!, place, 2)!];
    assert.ok(cat1 < cat2 && cat2 < 1e6, `${cat1} ${cat2}`);
    close(returnPeriodAt(table!, place.latitude, place.longitude, 64)!, cat1, 1e-12);
    close(returnPeriodAt(table!, place.latitude, place.longitude, 73.5)!, Math.sqrt(cat1 * cat2), 1e-9);
    close(speedAtReturnPeriod(table!, place.latitude, place.longitude, Math.sqrt(cat1 * cat2))!, 73.5, 1e-9);
    assert.equal(returnPeriodAt(table!, place.latitude, place.longitude, 140), null);
  });
});

function close(actual: number, expected: number, rel: number): void {
  assert.ok(Math.abs(actual - expected) <= rel * Math.abs(expected), `${actual} vs ${expected}`);
}
