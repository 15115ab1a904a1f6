import { describe, it, before, after } from '../helpers/harness.js';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { daysFromCivil } from '../../src/engine/calendar.js';
import { cellIndex } from '../../src/engine/grid.js';
import { referenceWindow } from '../../src/engine/reference.js';
import { encodeTable } from '../../src/engine/table-file.js';
import { checkTable, type HazardTable } from '../../src/engine/table-spec.js';
import { EARTH_RADIUS_KM, KM_PER_DEGREE } from '../../src/geo/sphere.js';
import { CELLS, GRID } from '../../src/models/toolkit/half-degree.js';
import { kernelSums } from '../../src/models/toolkit/smoothing.js';
import type { BuildContext } from '../../src/models/types.js';
import { calibrationCells, climateBp, exposureYears } from '../../src/models/wildfire/calibration.js';
import { miamiNpp } from '../../src/models/wildfire/climate-indices.js';
import { burntAreaGrid } from '../../src/models/wildfire/fire-footprints.js';
import { wildfireBuilder } from '../../src/models/wildfire/index.js';
import { WILDFIRE } from '../../src/models/wildfire/parameters.js';
import { fitPoisson } from '../../src/models/wildfire/poisson-glm.js';
import { locatePortugalFires, normaliseName } from '../../src/models/wildfire/portugal-locations.js';
import { regionMasks } from '../../src/models/wildfire/regions.js';
import { fitVpdExponent, vpdShares } from '../../src/models/wildfire/season.js';
import { buildWildfire, type WildfireBuild } from '../../src/models/wildfire/table.js';
import { SYNTHETIC, writeSyntheticCatalogues } from './wildfire-flood/fixtures.js';

const HA_PER_ACRE = 0.404686;
const YEAR_2025 = { startDay: daysFromCivil(2025, 1, 1), endDay: daysFromCivil(2025, 12, 31), startHour: 0, endHour: 23 };
const expected = (p: number): number => -Math.log1p(-p);

function rowAt(table: HazardTable, latitude: number, longitude: number): number {
  return table.cellRow[cellIndex(table.grid, latitude, longitude)]!;
}

describe('wildfire: method steps against hand calculations', () => {
  it('Poisson fit reproduces two groups exactly (rate = Σy/ΣE per group)', () => {
    const design = [[1, 0], [1, 0], [1, 1], [1, 1]];
    const beta = fitPoisson(design, [2, 4, 9, 1], [10, 20, 5, 5]);
    assert.ok(Math.abs(Math.exp(beta[0]!) - 6 / 30) < 1e-12);
    assert.ok(Math.abs(Math.exp(beta[0]! + beta[1]!) - 10 / 10) < 1e-12);
  });

  it('Miami NPP is the smaller of the temperature and precipitation limits', () => {
    // T = 10 °C: 3000/(1 + e^(1.315 − 1.19)) = 1406.3; P = 1000 mm: 3000(1 − e^−0.664) = 1455.7.
    assert.ok(Math.abs(miamiNpp(10, 1000) - 3000 / (1 + Math.exp(0.125))) < 1e-9);
    assert.ok(Math.abs(miamiNpp(25, 300) - 3000 * (1 - Math.exp(-0.1992))) < 1e-9);
  });

  it('burnt area is conserved and a small fire stays in its cell', () => {
    const small = burntAreaGrid([{ latitude: 39.25, longitude: -8.25, areaHa: 1000 }]);
    assert.equal(small[cellIndex(GRID, 39.25, -8.25)], 10);
    const large = burntAreaGrid([{ latitude: 39.25, longitude: -8.25, areaHa: 400_000 }]);
    const total = large.reduce((a, b) => a + b, 0);
    assert.ok(Math.abs(total - 4000) < 1e-6);
    assert.ok(large[cellIndex(GRID, 39.25, -8.25)]! < 4000, 'a 4000 km² disc spills over its 0.5° cell');
  });

  it('Gaussian smoothing weighs a neighbour by exp(−d²/2σ²)', () => {
    const v = new Float64Array(CELLS);
    v[cellIndex(GRID, 10.25, 20.25)] = 7;
    const s = kernelSums(GRID, v, 150, WILDFIRE.kernelTruncateSigmas, KM_PER_DEGREE);
    assert.equal(s[cellIndex(GRID, 10.25, 20.25)], 7);
    const north = (Math.PI * EARTH_RADIUS_KM * 0.5) / 180;
    assert.ok(Math.abs(s[cellIndex(GRID, 10.75, 20.25)]! - 7 * Math.exp(-0.5 * (north / 150) ** 2)) < 1e-12);
  });

  it('municipality names match exactly or as abbreviations; centroids are the mean 2014 point', () => {
    assert.equal(normaliseName('Vila Nova de Gaia'), 'VILA NOVA GAIA');
    const base = { year: 2014, day: 0, slot: 0, solarHour: -1, areaHa: 1, district: 'Porto' };
    const located = locatePortugalFires([
      { ...base, municipality: 'Vila Nova de Gaia', latitude: 41.1, longitude: -8.6 },
      { ...base, municipality: 'Vila Nova de Gaia', latitude: 41.2, longitude: -8.5 },
      { ...base, year: 1990, municipality: 'V N GAIA', district: '', latitude: NaN, longitude: NaN, areaHa: 10 },
      { ...base, year: 1990, municipality: 'NOWHERE', district: '', latitude: NaN, longitude: NaN, areaHa: 3 },
    ]);
    const gaia = located.fires.find((f) => f.municipality === 'V N GAIA')!;
    assert.ok(Math.abs(gaia.latitude - 41.15) < 1e-12 && Math.abs(gaia.longitude + 8.55) < 1e-12);
    assert.equal(located.unlocatedHa, 3);
  });

  it('exposure years of a uniform season equal the calendar years', () => {
    const uniform = new Float64Array(366).fill(1 / 365.25);
    assert.ok(Math.abs(exposureYears([['2013-01-01', '2024-12-31']], uniform) - 4383 / 365.25) < 1e-9);
  });

  it('the VPD exponent fit recovers the exponent that made the observed season', () => {
    const vpd = [0.5, 0.6, 0.9, 1.2, 1.6, 2.2, 2.8, 2.7, 2.0, 1.3, 0.8, 0.5];
    const fit = fitVpdExponent([{ monthlyShares: vpdShares(vpd, 3), vpd }]);
    assert.equal(fit.exponent, 3);
  });
});

describe('wildfire: synthetic catalogues', () => {
  let root = '';
  let wildfire: WildfireBuild;
  const context = (): BuildContext => ({ sourcesDir: root, progress: () => {}, log: () => {}, built: new Map() });

  before(() => {
    root = writeSyntheticCatalogues();
    wildfire = buildWildfire(root, () => {});
  });
  after(() => fs.rmSync(root, { recursive: true, force: true }));

  it('the table passes checkTable and is labelled heuristic; the builder gives identical bytes twice', async () => {
    checkTable(wildfire.table);
    assert.equal(wildfire.table.meta.confidence, 'heuristic');
    const first = await wildfireBuilder.build(context());
    const second = await wildfireBuilder.build(context());
    assert.deepEqual(first.map((t) => t.peril), ['Wildfire']);
    assert.deepEqual(encodeTable(first[0]!), encodeTable(second[0]!));
    assert.deepEqual(encodeTable(first[0]!), encodeTable(wildfire.table));
  });

  it('Portugal: the climate model returns the one fire’s area per year over the calibration land (2200 ha / 22 years)', () => {
    const { model, regionLand } = wildfire.calibration;
    const { npp } = wildfire;
    const masks = regionMasks();
    const cells = calibrationCells(regionLand, masks.land, npp).filter((c) => masks.portugal[c]! > 0);
    const expectedKm2 = cells.reduce((s, c) => s + regionLand[c]! * climateBp(model, npp[c]!), 0);
    assert.ok(Math.abs(expectedKm2 - (SYNTHETIC.portugalFireHa * 0.01) / 22) < 1e-6, `${expectedKm2} km² per year`);
  });

  it('California: the statewide level is (FRAP 1995 + incident 2020) / 35 years and the model returns it', () => {
    const level = ((SYNTHETIC.frapAcres + SYNTHETIC.incidentAcres) * HA_PER_ACRE) / 35;
    assert.ok(Math.abs(wildfire.calibration.california.levelHaPerYear - level) < 1e-9);
    // The fires start on 20 October, so the partial windows of 2025 and 2026 add no exposure.
    assert.ok(Math.abs(wildfire.calibration.california.years - 12) < 1e-6);
    const total = wildfire.calibration.californiaBurnt.reduce((a, b) => a + b, 0);
    assert.ok(Math.abs(total - level * 0.01) < 1e-9);
  });

  it('no coverage on the ice cap and where there is no climate; Portugal is covered', () => {
    assert.equal(rowAt(wildfire.table, 71, -39), -1);
    assert.equal(rowAt(wildfire.table, 23, 10), -1);
    assert.ok(rowAt(wildfire.table, SYNTHETIC.abrantes.latitude, SYNTHETIC.abrantes.longitude) >= 0);
  });

  it('the Portuguese season is the fire date (15 August) smoothed by σ = 10 days; all fires start at solar noon', () => {
    const table = wildfire.table;
    const row = rowAt(table, SYNTHETIC.abrantes.latitude, SYNTHETIC.abrantes.longitude);
    const year = expected(referenceWindow(table, row, YEAR_2025)[0]!);
    const august = expected(referenceWindow(table, row, { ...YEAR_2025, startDay: daysFromCivil(2025, 8, 1), endDay: daysFromCivil(2025, 8, 31) })[0]!);
    // Gaussian mass within −14.5 … +16.5 days of the start date: Φ(1.65) − Φ(−1.45) = 0.877.
    assert.ok(Math.abs(august / year - 0.877) < 0.01, `${august / year}`);
    const noon = expected(referenceWindow(table, row, { ...YEAR_2025, startHour: 12, endHour: 12 })[0]!);
    assert.ok(Math.abs(noon / year - 1) < 1e-9);
  });
});
