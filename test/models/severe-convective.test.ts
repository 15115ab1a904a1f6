import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, describe, it } from '../helpers/harness.js';
import { SOURCES_DIR, sourcesSkip } from '../helpers/sources.js';
import { cellIndex } from '../../src/engine/grid.js';
import { encodeTable } from '../../src/engine/table-file.js';
import type { PerilName } from '../../src/engine/perils.js';
import type { HazardTable, RateTable } from '../../src/engine/table-spec.js';
import { CATALOGUES } from '../../src/catalogues/registry.js';
import { coverageFromPoints } from '../../src/models/severe-convective/coverage.js';
import { hailModel, modernYearsCovering } from '../../src/models/severe-convective/hail-model.js';
import { populationDensity } from '../../src/models/severe-convective/population.js';
import { densityClass, fitReportingEfficiency } from '../../src/models/severe-convective/reporting-efficiency.js';
import { workGrid } from '../../src/models/severe-convective/work-grid.js';
import { severeConvectiveBuilder } from '../../src/models/severe-convective/index.js';
import { intensityFraction } from '../../src/models/severe-convective/intensity-fractions.js';
import { CONUS_GRID } from '../../src/models/severe-convective/parameters.js';
import { localSolarHour, slotOf } from '../../src/models/severe-convective/profiles.js';
import { regionOf } from '../../src/models/severe-convective/regions.js';
import { readHailReports, readTornadoTracks, type TornadoTrack } from '../../src/models/severe-convective/sources.js';
import { tornadoModel } from '../../src/models/severe-convective/tornado-model.js';
import { orderings, validate } from '../../src/models/severe-convective/validation.js';
import { tempSourcesDir, writeHail, writeTornadoes } from './severe-convective/fixtures.js';

// Hand calculation, independent of the builder's code: a point mass at a cell centre,
// smoothed by the discrete normalised Gaussian (σ 120 km, truncated at 3σ), leaves
// M × w₀(σ_lat) × w₀(σ_lon) in its own cell; the rate is that over the cell's area.
const R = 6371.0088;
const KM_PER_DEG = (2 * Math.PI * R) / 360;
const P = { lat: 35.125, lon: -97.625 }; // a 0.25° cell centre in central Oklahoma
function centreWeight(sigmaCells: number): number {
  const n = Math.ceil(3 * sigmaCells);
  let total = 0;
  for (let d = -n; d <= n; d++) total += Math.exp(-(d * d) / (2 * sigmaCells * sigmaCells));
  return 1 / total;
}
function pointRate(massPerYear: number, lat: number, sigmaKm = 120): number {
  const sLat = sigmaKm / (KM_PER_DEG * 0.25);
  const sLon = sigmaKm / (KM_PER_DEG * Math.cos((lat * Math.PI) / 180) * 0.25);
  const south = ((lat - 0.125) * Math.PI) / 180;
  const north = ((lat + 0.125) * Math.PI) / 180;
  const area = R * R * ((0.25 * Math.PI) / 180) * (Math.sin(north) - Math.sin(south));
  return (massPerYear * centreWeight(sLat) * centreWeight(sLon)) / area;
}
const PATH_AREA_KM2 = 1 * 1.609344 * (100 * 0.0009144); // 1 mile × 100 yards

function close(actual: number, expected: number, what: string, rel = 1e-9): void {
  assert.ok(Math.abs(actual - expected) <= rel * Math.abs(expected) + 1e-300, `${what}: ${actual} vs ${expected}`);
}

function rateAt(table: HazardTable, lat: number, lon: number): number[] | null {
  const t = table as RateTable;
  const row = t.cellRow[cellIndex(t.grid, lat, lon)] ?? -1;
  if (row < 0) return null;
  const k = t.rates.length / t.rows;
  return Array.from(t.rates.subarray(row * k, (row + 1) * k));
}

function track(overrides: Partial<TornadoTrack>): TornadoTrack {
  return { year: 2000, month: 5, day: 10, utcHour: 21.5, rating: 2, startLat: P.lat, startLon: P.lon, endLat: P.lat, endLon: P.lon, lengthKm: 1.609344, widthKm: 0.09144, ...overrides };
}

/** One EF2 tornado at P (2000), a 2023 unrated tornado near Boston, a 2023 segment row that must be ignored; hail at P. */
function writeSyntheticCatalogues(): string {
  const dir = tempSourcesDir();
  writeTornadoes(
    dir,
    [
      { date: '2000-05-10', time: '15:30:00', mag: 2, slat: P.lat, slon: P.lon, lenMiles: 1, widYards: 100 },
      { date: '2023-07-01', time: '12:00:00', mag: null, slat: 42.375, slon: -71.125, lenMiles: 1, widYards: 100 },
    ],
    [{ date: '2023-04-01', time: '12:00:00', mag: 4, slat: P.lat, slon: P.lon, lenMiles: 10, widYards: 500 }],
  );
  writeHail(dir, [
    { date: '2006-06-15', time: '17:00:00', sizeInches: 2, lat: P.lat, lon: P.lon },
    { date: '2006-06-15', time: '17:05:00', sizeInches: 1, lat: P.lat + 0.05, lon: P.lon }, // same cell and day
    { date: '2006-06-20', time: '16:00:00', sizeInches: 0.75, lat: P.lat, lon: P.lon },
    { date: '2006-06-21', time: '16:00:00', sizeInches: 0.5, lat: P.lat, lon: P.lon }, // not severe: dropped
    { date: '1970-06-15', time: '16:00:00', sizeInches: 1, lat: P.lat, lon: P.lon },
  ]);
  return dir;
}

async function build(dir: string): Promise<Map<PerilName, HazardTable>> {
  const tables = await severeConvectiveBuilder.build({ sourcesDir: dir, progress: () => {}, log: () => {}, built: new Map() });
  return new Map(tables.map((t) => [t.peril, t]));
}

const dir = writeSyntheticCatalogues();
const built = await build(dir);
const scratch = [dir];
after(() => scratch.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

describe('severe-convective: within-path intensity fractions', () => {
  it('matches the stated two-factor model', () => {
    close(intensityFraction(2, 0), 1, 'f(2,0)');
    close(intensityFraction(2, 1), (2 / 3) * (65 / 86), 'f(2,1)');
    close(intensityFraction(2, 2), (1 / 3) * (65 / 111), 'f(2,2)');
    close(intensityFraction(5, 5), (1 / 6) * (65 / 201), 'f(5,5)');
    assert.equal(intensityFraction(1, 2), 0);
  });
});

describe('severe-convective: tornado path-area density', () => {
  it('one EF2 tornado gives f(2,k) × area / 74 years at its cell, and nothing above EF2', () => {
    const rates = rateAt(built.get('USTornado')!, P.lat, P.lon)!;
    for (let k = 0; k <= 2; k++) close(rates[k]!, pointRate((intensityFraction(2, k) * PATH_AREA_KM2) / 74, P.lat), `EF${k}`);
    assert.deepEqual(rates.slice(3), [0, 0, 0]);
  });

  it('conserves path area: Σ rate × cell area = f × area / years', () => {
    const model = tornadoModel(CONUS_GRID, [track({})]);
    let total = 0;
    for (let i = 0; i < CONUS_GRID.nlat; i++) {
      const south = ((CONUS_GRID.lat0 + i * 0.25) * Math.PI) / 180;
      const area = R * R * ((0.25 * Math.PI) / 180) * (Math.sin(south + (0.25 * Math.PI) / 180) - Math.sin(south));
      for (let j = 0; j < CONUS_GRID.nlon; j++) total += model.rates[1]![i * CONUS_GRID.nlon + j]! * area;
    }
    close(total, (intensityFraction(2, 1) * PATH_AREA_KM2) / 74, 'EF1 area per year', 1e-9);
  });

  it('counts EF0–1 only from 1995 (over 29 years) and unrated tornadoes as EF0', () => {
    const model = tornadoModel(CONUS_GRID, [track({ year: 1990, rating: 1 }), track({ year: 2000, rating: null })]);
    const cell = cellIndex(CONUS_GRID, P.lat, P.lon);
    close(model.rates[0]![cell]!, pointRate(PATH_AREA_KM2 / 29, P.lat), 'EF0 from the unrated 2000 tornado');
    assert.equal(model.rates[1]![cell], 0);
    assert.deepEqual(model.summary.tracksByRating, [1, 0, 0, 0, 0, 0]);
  });

  it('Tornado and USTornado share the model; 2023 segment rows (sg = 2) are ignored', () => {
    const us = built.get('USTornado') as RateTable;
    const generic = built.get('Tornado') as RateTable;
    assert.deepEqual(Array.from(generic.rates), Array.from(us.rates));
    assert.notEqual(rateAt(us, 42.375, -71.125)![0], 0);
    assert.equal((us.meta.parameters.derived as { tracksUsed: number }).tracksUsed, 2);
  });
});

describe('severe-convective: hail report density', () => {
  it('one cell-day ≥ 1 in stands for 20 km² over the 13 modern years covering June', () => {
    // Without population every cell is in one density class, whose efficiency is 1 by definition.
    const reports = readHailReports(dir);
    const model = hailModel(CONUS_GRID, reports, [], coverageFromPoints(CONUS_GRID, reports).cells);
    const cell = cellIndex(CONUS_GRID, P.lat, P.lon);
    const rates = model.rates.map((r) => r[cell]!);
    const base = pointRate((20 * 1) / 13, P.lat);
    // 2005–2009: two cell-days ≥ 0.75 in for one ≥ 1 in → R(0.75) = 2; the 2 in cell-day reaches 1–2 in (1, 1.25, 1.5, 1.75, 2), not 2.5 or 3.
    const expected = [2 * base, base, base, base, base, base, 0, 0];
    expected.forEach((e, k) => close(rates[k]!, e, `hail threshold ${k}`));
  });

  it('builds the Hail table with the gazetteer population', () => {
    const table = built.get('Hail')!;
    const derived = table.meta.parameters.derived as { modernReportingEfficiency: number[] };
    assert.equal(derived.modernReportingEfficiency.length, 10);
    assert.ok(rateAt(table, P.lat, P.lon)![1]! > 0);
  });

  it('knows 2024 lacks November and December', () => {
    assert.equal(modernYearsCovering(10), 13);
    assert.equal(modernYearsCovering(11), 12);
  });
});

describe('severe-convective: hail reporting by population', () => {
  it('rasterises place populations per km² of the cell that holds them', () => {
    const grid = { lat0: 30, lon0: -100, dlat: 0.25, dlon: 0.25, nlat: 4, nlon: 4 };
    const density = populationDensity(grid, [
      { lat: 30.1, lon: -99.9, population: 1000 },
      { lat: 30.2, lon: -99.8, population: 3000 },
      { lat: 31.5, lon: -99.9, population: 5000 }, // outside the grid
    ]);
    const south = (30 * Math.PI) / 180;
    const north = (30.25 * Math.PI) / 180;
    const area = 6371.0088 ** 2 * ((0.25 * Math.PI) / 180) * (Math.sin(north) - Math.sin(south));
    close(density[0]!, 4000 / area, 'cell (0, 0)');
    assert.equal(density.reduce((a, b) => a + b, 0), density[0]);
    assert.deepEqual([0, 0.05, 0.1, 50, 400].map(densityClass), [0, 1, 2, 7, 9]);
  });

  it('recovers a known reporting efficiency: empty cells report a quarter of what populated ones do', () => {
    // True density uniform; every other column holds a city (≥ 316 per km²) and reports all cell-days,
    // the others hold no place and report 25 %. The fit must give e = 0.25 for the empty class.
    const work = workGrid(CONUS_GRID, 120);
    const { grid } = work;
    const mass = new Float64Array(grid.nlat * grid.nlon);
    const density = new Float64Array(grid.nlat * grid.nlon);
    for (let i = 0; i < grid.nlat; i++) {
      for (let j = 0; j < grid.nlon; j++) {
        const city = j % 2 === 0;
        mass[i * grid.nlon + j] = city ? 1 : 0.25;
        density[i * grid.nlon + j] = city ? 1000 : 0;
      }
    }
    const interior: number[] = [];
    for (let i = 20; i < CONUS_GRID.nlat - 20; i++) for (let j = 20; j < CONUS_GRID.nlon - 20; j++) interior.push(i * CONUS_GRID.nlon + j);
    const fit = fitReportingEfficiency(work, mass, density, interior);
    close(fit.efficiency[9]!, 1, 'city class');
    close(fit.efficiency[0]!, 0.25, 'empty class', 0.02);
    assert.ok(fit.efficiency.slice(1, 9).every((e) => e === 1), 'classes without cells keep 1');
  });
});

describe('severe-convective: profiles', () => {
  it('local solar hour and season slot', () => {
    assert.equal(localSolarHour(21.5, P.lon), 14); // 15:30 CST at 97.6° W
    assert.equal(slotOf(5, 10), 130);
    assert.equal(slotOf(2, 29), 59);
  });

  it('peak where the synthetic events are', () => {
    const tornado = built.get('USTornado') as RateTable;
    const hail = built.get('Hail') as RateTable;
    const region = regionOf(P.lat, P.lon);
    const argmax = (a: Float64Array, from: number, n: number): number => {
      const s = Array.from(a.subarray(from, from + n));
      return s.indexOf(Math.max(...s));
    };
    assert.equal(argmax(tornado.seasonWeights, region * 366, 366), 130);
    assert.equal(argmax(tornado.diurnalShares, region * 24, 24), 14);
    assert.equal(argmax(hail.seasonWeights, region * 366, 366), slotOf(6, 15));
    assert.equal(argmax(hail.diurnalShares, region * 24, 24), localSolarHour(17 + 6, P.lon));
  });
});

describe('severe-convective: coverage', () => {
  it('covers cells near reports and leaves the rest at −1 (never a silent zero)', () => {
    for (const table of built.values()) {
      assert.ok(table.cellRow[cellIndex(table.grid, P.lat, P.lon)]! >= 0);
      assert.equal(table.cellRow[cellIndex(table.grid, 30.125, -110.125)], -1);
      assert.equal(cellIndex(table.grid, 51.5, -0.12), -1); // London: outside the grid
    }
  });

  it('fills gaps enclosed by covered cells', () => {
    const ring: { lat: number; lon: number }[] = [];
    for (let x = 0; x <= 40; x++) {
      const t = 36 + x * 0.1;
      ring.push({ lat: 36, lon: -100 + x * 0.1 }, { lat: 40, lon: -100 + x * 0.1 }, { lat: t, lon: -100 }, { lat: t, lon: -96 });
    }
    const coverage = coverageFromPoints(CONUS_GRID, ring);
    assert.ok(coverage.cellRow[cellIndex(CONUS_GRID, 38, -98)]! >= 0, 'centre of the ring');
    assert.equal(coverage.cellRow[cellIndex(CONUS_GRID, 38, -90)], -1);
  });
});

describe('severe-convective: determinism and validation', () => {
  it('builds byte-identical tables twice', async () => {
    const again = await build(dir);
    for (const [peril, table] of built) assert.deepEqual(encodeTable(again.get(peril)!), encodeTable(table), peril);
  });

  it('validation runs on the built tables', () => {
    const rows = validate(built);
    assert.ok(rows.some((r) => r.peril === 'USTornado' && r.place === 'Oklahoma City, OK'));
    assert.ok(orderings(built).length > 0);
  });
});

describe('severe-convective: real catalogue slice', () => {
  const { folder, file: name } = CATALOGUES.spcTornado2023;
  const relative = path.join(folder, name);
  const file = path.join(SOURCES_DIR, relative);
  it('reads the 2023 SPC tornado file: 1,321 whole tracks, 268 unrated', { skip: sourcesSkip(relative) }, () => {
    const slice = tempSourcesDir();
    scratch.push(slice);
    writeTornadoes(slice, []);
    fs.copyFileSync(file, path.join(slice, folder, name));
    const tracks = readTornadoTracks(slice);
    assert.equal(tracks.length, 1321);
    assert.equal(tracks.filter((x) => x.rating === null).length, 268);
    assert.ok(tracks.every((x) => x.year === 2023 && x.lengthKm >= 0 && x.widthKm >= 0));
  });
});
