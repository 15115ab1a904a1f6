import { describe, it, before, after } from '../helpers/harness.js';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { daysFromCivil } from '../../src/engine/calendar.js';
import { cellIndex } from '../../src/engine/grid.js';
import { referenceWindow } from '../../src/engine/reference.js';
import { encodeTable } from '../../src/engine/table-file.js';
import { checkTable, type HazardTable } from '../../src/engine/table-spec.js';
import { EARTH_RADIUS_KM, KM_PER_DEGREE } from '../../src/geo/sphere.js';
import { countryGrid } from '../../src/models/toolkit/country-grid.js';
import { CELLS, GRID, cellAreaKm2 } from '../../src/models/toolkit/half-degree.js';
import { kernelSums } from '../../src/models/toolkit/smoothing.js';
import type { BuildContext } from '../../src/models/types.js';
import { exposureYears } from '../../src/models/wildfire/calibration.js';
import { productivity } from '../../src/models/wildfire/climate-indices.js';
import { countryLevel, factorCap } from '../../src/models/wildfire/country-calibration.js';
import { coldWinter, treelineFactor, unbuiltShare } from '../../src/models/wildfire/fire-climate.js';
import { burntAreaGrid } from '../../src/models/wildfire/fire-footprints.js';
import { locateFrapFires, unitWords } from '../../src/models/wildfire/frap-units.js';
import { fitGroupedPoisson } from '../../src/models/wildfire/grouped-poisson.js';
import { wildfireBuilder } from '../../src/models/wildfire/index.js';
import { OBSERVED_BURNED_PERCENT } from '../../src/models/wildfire/observed-burned-area.js';
import { COUNTRY_CALIBRATION, WILDFIRE } from '../../src/models/wildfire/parameters.js';
import { locatePortugalFires, normaliseName } from '../../src/models/wildfire/portugal-locations.js';
import { regionMasks } from '../../src/models/wildfire/regions.js';
import { fitVpdExponent, seasonShares } from '../../src/models/wildfire/season.js';
import { buildWildfire, type WildfireBuild } from '../../src/models/wildfire/build.js';
import { SYNTHETIC, writeSyntheticCatalogues } from './wildfire-flood/fixtures.js';

const HA_PER_ACRE = 0.404686;
const YEAR_2025 = { startDay: daysFromCivil(2025, 1, 1), endDay: daysFromCivil(2025, 12, 31), startHour: 0, endHour: 23 };
const expected = (p: number): number => -Math.log1p(-p);
const close = (a: number, b: number, tolerance: number, what: string): void => assert.ok(Math.abs(a - b) <= tolerance, `${what}: ${a} vs ${b}`);

function rowAt(table: HazardTable, latitude: number, longitude: number): number {
  return table.cellRow[cellIndex(table.grid, latitude, longitude)]!;
}

describe('wildfire: method steps against hand calculations', () => {
  it('grouped Poisson with one cell per group is the log-linear fit: rate = observed / exposure per group', () => {
    // Cells 0 and 1 (x = 0) form group A, cell 2 (x = 1) group B: exp(β0) = 6/30, exp(β0 + β1) = 9/5.
    const design = Float64Array.from([1, 0, 1, 0, 1, 1]);
    const exposure = Float64Array.from([10, 20, 5]);
    const fit = fitGroupedPoisson([{ cells: [0, 1], observed: 6 }, { cells: [2], observed: 9 }], design, 2, exposure);
    close(Math.exp(fit.beta[0]!), 6 / 30, 1e-6, 'group A rate');
    close(Math.exp(fit.beta[0]! + fit.beta[1]!), 9 / 5, 1e-6, 'group B rate');
  });

  it('a country factor above the cap keeps the country total and spreads the rest evenly', () => {
    // Equal burnt areas at ln K = ±1: mean 0, standard deviation 1, so the cap is e^(0 + z·1).
    close(factorCap([{ observedKm2: 5, factor: Math.E }, { observedKm2: 5, factor: 1 / Math.E }]), Math.exp(COUNTRY_CALIBRATION.factorCapSds), 1e-12, 'cap');
    // Observed 50 km², modelled 2 km² over 1,000 km² burnable, cap 10: K = 10, 30 km² spread at 0.03 per km².
    const capped = countryLevel(50, 2, 1000, 10);
    close(capped.factor, 10, 1e-12, 'capped factor');
    close(capped.unplacedKm2, 30, 1e-12, 'unplaced area');
    close(capped.uniformRate, 0.03, 1e-12, 'even rate');
    // Below the cap K = observed / modelled and nothing is spread.
    const scaled = countryLevel(6, 2, 1000, 10);
    close(scaled.factor, 3, 1e-12, 'factor');
    assert.equal(scaled.unplacedKm2, 0);
  });

  it('fuel, treeline, cold winter and built-up share follow their formulas', () => {
    // P = 1000 mm: 3000 (1 − e^−0.664) = 1455.7 g/m²; the Sahara floors at 10.
    close(productivity(1000), 3000 * (1 - Math.exp(-0.664)), 1e-9, 'NPP');
    assert.equal(productivity(0), 10);
    close(treelineFactor(10), 0.5, 1e-12, 'treeline at 10 °C');
    close(treelineFactor(8), 1 / (1 + Math.exp(2)), 1e-12, 'treeline at 8 °C');
    close(coldWinter(-25), 0.5, 1e-12, 'cold winter at −25 °C');
    // 2,500 people on 1 km² at 5,000/km² built up: half built; a dense city keeps its 10 % unbuilt floor.
    close(unbuiltShare(2500, 1), 0.5, 1e-12, 'unbuilt share');
    assert.equal(unbuiltShare(1e6, 1), 0.1);
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

  it('FRAP units match incident units as word sets and spread their fires over the unit’s points', () => {
    assert.deepEqual(unitWords('Riverside CAL FIRE'), unitWords('CAL FIRE Riverside Unit'));
    const base = { year: 2020, day: 0, slot: 0, solarHour: -1, areaHa: 50 };
    const incidents = [
      { ...base, unit: 'CAL FIRE Riverside Unit', latitude: 33.9, longitude: -117.4 },
      { ...base, unit: 'CAL FIRE/Riverside County Fire', latitude: 33.7, longitude: -116.2 },
      { ...base, unit: 'CAL FIRE Madera-Mariposa-Merced Unit', latitude: 37.3, longitude: -120.0 },
    ];
    const located = locateFrapFires(
      [
        { year: 2000, slot: 200, areaHa: 1000, unit: 'Riverside CAL FIRE' },
        { year: 2000, slot: 200, areaHa: 300, unit: 'Madera - Mariposa CAL FIRE' },
        { year: 2000, slot: 200, areaHa: 70, unit: 'Nowhere District - BLM' },
      ],
      incidents,
    );
    assert.deepEqual(located.fires.map((f) => f.areaHa), [500, 500, 300]);
    assert.equal(located.locatedHa, 1300);
    assert.equal(located.totalHa, 1370);
  });

  it('exposure years of a uniform season equal the calendar years', () => {
    const uniform = new Float64Array(366).fill(1 / 365.25);
    assert.ok(Math.abs(exposureYears([['2013-01-01', '2024-12-31']], uniform) - 4383 / 365.25) < 1e-9);
  });

  it('the season exponent fit recovers the exponent that made the observed season', () => {
    const vpd = [0.5, 0.6, 0.9, 1.2, 1.6, 2.2, 2.8, 2.7, 2.0, 1.3, 0.8, 0.5];
    const dryness = [0, 0, 0, 0.1, 0.5, 0.9, 1, 1, 0.8, 0.2, 0, 0];
    const fit = fitVpdExponent([{ monthlyShares: seasonShares({ vpd, dryness }, 3), vpd, dryness }]);
    assert.equal(fit.exponent, 3);
  });

  it('countries: a cell belongs to the country covering most of it, and no ring fills a latitude line across the ocean', () => {
    const grid = countryGrid();
    const idAt = (latitude: number, longitude: number): string | null => {
      const k = grid.countryOf[cellIndex(GRID, latitude, longitude)]!;
      return k < 0 ? null : grid.ids[k]!;
    };
    assert.equal(idAt(51.51, -0.13), '826');
    assert.equal(idAt(-14.47, 132.26), '036');
    // Fiji and Chukotka cross the antimeridian: the open Pacific and the Denmark Strait on their latitude lines are no one's.
    assert.equal(idAt(-16.75, -120), null);
    assert.equal(idAt(65.25, -30), null);
    assert.equal(idAt(-17.75, 178.25), '242');
  });

  it('the observed burned-area table is one row per country with a share between 0 and 100 %', () => {
    const ids = OBSERVED_BURNED_PERCENT.map(([id]) => id);
    assert.equal(new Set(ids).size, ids.length);
    assert.ok(OBSERVED_BURNED_PERCENT.every(([, , p]) => p > 0 && p < 100));
    assert.ok(OBSERVED_BURNED_PERCENT.length > 150);
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

  it('each calibrated country’s model burns exactly its observed share of its land (GWIS)', () => {
    const masks = regionMasks();
    const grid = countryGrid();
    for (const country of wildfire.countries.countries) {
      const k = grid.ids.indexOf(country.id);
      let burnt = 0;
      let land = 0;
      for (let c = 0; c < CELLS; c++) {
        if (grid.countryOf[c] !== k || !Number.isFinite(wildfire.modelBp[c]!)) continue;
        burnt += wildfire.modelBp[c]! * masks.land[c]! * cellAreaKm2(c);
        land += masks.land[c]! * cellAreaKm2(c);
      }
      const percent = OBSERVED_BURNED_PERCENT.find(([id]) => id === country.id)![2];
      close((100 * burnt) / land, percent, 1e-9 * percent, country.name);
    }
    const names = wildfire.countries.countries.map((c) => c.name);
    assert.ok(names.includes('Portugal') && names.includes('United States'), names.join(', '));
  });

  it('California: the statewide level is (FRAP 1995 + incident 2020) / 35 years and the records carry it', () => {
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
