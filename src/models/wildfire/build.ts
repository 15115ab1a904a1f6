import { readKoppen } from '../../catalogues/koppen.js';
import { HOURS, normaliseSeason, SEASON_SLOTS } from '../../engine/profiles.js';
import type { RateTable } from '../../engine/table-spec.js';
import { countryGrid } from '../toolkit/country-grid.js';
import { CELLS, GRID, cellAreaKm2 } from '../toolkit/half-degree.js';
import { populationGrid } from '../toolkit/population-grid.js';
import { assembleRateTable, stackProfiles } from '../toolkit/rate-table.js';
import { calibrate, type Calibration } from './calibration.js';
import { monthlyDryness, monthlyVpd, type CruNormals } from './climate-indices.js';
import { calibrateCountries, type CountryCalibration } from './country-calibration.js';
import { climateRate, fireCovariates, type FireCovariates } from './fire-climate.js';
import { wildfireMeta } from './meta.js';
import { WILDFIRE } from './parameters.js';
import { locatePortugalFires } from './portugal-locations.js';
import { regionMasks } from './regions.js';
import {
  climateProfileKey,
  climateSeasons,
  fitVpdExponent,
  hourHistogram,
  monthlySharesOf,
  observedSeason,
  slotHistogram,
  type MonthlyDrivers,
  type RegionSeason,
} from './season.js';
import { readCalfireIncidents, readCruNormals, readFrapFires, readPortugalFires, type FireRecord } from './sources.js';
import { MONTHS } from '../../units.js';

/**
 * The Wildfire table: per 0.5° cell the annual rate λ of the location lying
 * inside a fire that burns more than 5 ha (burn probability, events per year):
 * the fire-climate model fitted to observed burned area by country and scaled
 * to each country's total (country-calibration.ts), blended with the located
 * records of California and mainland Portugal where they exist
 * (calibration.ts). Method: docs/models/wildfire.md.
 */
export interface WildfireBuild {
  table: RateTable;
  countries: CountryCalibration;
  calibration: Calibration;
  covariates: FireCovariates;
  /** Country-calibrated model BP per cell (NaN where unmodelled). */
  modelBp: Float64Array;
  vpdExponent: { exponent: number; distances: number[] };
  portugalUnlocatedShare: number;
}

const CALIFORNIA_PROFILE = 0;
const PORTUGAL_PROFILE = 1;

function inYears(year: number, [first, last]: readonly [number, number]): boolean {
  return year >= first && year <= last;
}

function drivers(cru: CruNormals, cell: number): MonthlyDrivers {
  return { vpd: monthlyVpd(cru, cell), dryness: monthlyDryness(cru, cell) };
}

/** Burnt-area-weighted mean monthly drivers over a region's burnt cells. */
function regionDrivers(cru: CruNormals, burnt: Float64Array): MonthlyDrivers {
  const vpd = new Array<number>(MONTHS).fill(0);
  const dryness = new Array<number>(MONTHS).fill(0);
  let weight = 0;
  for (let c = 0; c < CELLS; c++) {
    const w = burnt[c]!;
    if (!(w > 0)) continue;
    const d = drivers(cru, c);
    if (d.vpd.some((v) => !Number.isFinite(v))) continue;
    d.vpd.forEach((v, m) => (vpd[m]! += w * v));
    d.dryness.forEach((v, m) => (dryness[m]! += w * v));
    weight += w;
  }
  return { vpd: vpd.map((s) => s / weight), dryness: dryness.map((s) => s / weight) };
}

export function buildWildfire(sourcesDir: string, progress: (fraction: number, label: string) => void): WildfireBuild {
  progress(0, 'masks, people and climate');
  const masks = regionMasks();
  const koppen = readKoppen(sourcesDir);
  const cru = readCruNormals(sourcesDir);
  const excluded = new Set<string>(WILDFIRE.noCoverageClasses);
  const covariates = fireCovariates(cru, masks.land, populationGrid(), koppen);

  progress(0.25, 'fire-climate model');
  const countries = calibrateCountries(covariates, countryGrid(), masks.land);
  const modelBp = new Float64Array(CELLS).fill(NaN);
  for (let c = 0; c < CELLS; c++) {
    const landKm2 = masks.land[c]! * cellAreaKm2(c);
    if (!covariates.modelled[c]) continue;
    const burnableShare = landKm2 > 0 ? covariates.burnableKm2[c]! / landKm2 : 1;
    modelBp[c] = burnableShare * (countries.factor[c]! * climateRate(countries.beta, covariates.design, c) + countries.uniformRate[c]!);
  }

  progress(0.45, 'fire records');
  const incidents = readCalfireIncidents(sourcesDir);
  const frap = readFrapFires(sourcesDir);
  const located = locatePortugalFires(readPortugalFires(sourcesDir));
  const severe = (f: FireRecord): boolean => f.areaHa > WILDFIRE.severeAreaHa;
  const californiaDated = [
    ...frap.filter((f) => inYears(f.year, WILDFIRE.frapLevelYears)).map((f) => ({ slot: f.slot, weight: f.areaHa })),
    ...incidents.filter((f) => severe(f) && inYears(f.year, WILDFIRE.incidentLevelYears)).map((f) => ({ slot: f.slot, weight: f.areaHa })),
  ];
  const portugalSevere = located.fires.filter(severe);
  const californiaHistogram = slotHistogram(californiaDated);
  const portugalHistogram = slotHistogram(portugalSevere.map((f) => ({ slot: f.slot, weight: f.areaHa })));
  const californiaSeason = observedSeason(californiaHistogram);

  progress(0.6, 'observed burn probability');
  const calibration = calibrate({ incidents, frap, portugal: located.fires, masks, modelBp }, normaliseSeason(californiaSeason));
  const regions: RegionSeason[] = [
    { monthlyShares: monthlySharesOf(californiaHistogram), ...regionDrivers(cru, calibration.californiaBurnt) },
    { monthlyShares: monthlySharesOf(portugalHistogram), ...regionDrivers(cru, calibration.portugalBurnt) },
  ];
  const vpdExponent = fitVpdExponent(regions);

  progress(0.8, 'wildfire table');
  const rates = new Float64Array(CELLS).fill(NaN);
  const profileKey = new Array<string>(CELLS).fill('');
  const members = new Map<string, MonthlyDrivers[]>();
  for (let c = 0; c < CELLS; c++) {
    if (excluded.has(koppen[c]!)) continue;
    const landKm2 = masks.land[c]! * cellAreaKm2(c);
    const share = landKm2 > 0 ? Math.min(1, calibration.regionLand[c]! / landKm2) : calibration.regionLand[c]! > 0 ? 1 : 0;
    const observed = calibration.observedBp[c]!;
    const modelled = modelBp[c]!;
    const hasModel = Number.isFinite(modelled);
    if (!hasModel && !(share > 0 && Number.isFinite(observed))) continue;
    rates[c] = !hasModel ? observed : Number.isFinite(observed) ? share * observed + (1 - share) * modelled : modelled;
    if (share >= 0.5 || !hasModel) continue;
    const key = climateProfileKey(koppen[c]!, c);
    profileKey[c] = key;
    if (!members.has(key)) members.set(key, []);
    members.get(key)!.push(drivers(cru, c));
  }
  const climate = climateSeasons(members, vpdExponent.exponent);
  const keyIndex = new Map([...climate.keys()].map((k, i) => [k, i + 2]));
  const seasonOfCell = new Uint16Array(CELLS);
  for (let c = 0; c < CELLS; c++) {
    if (profileKey[c] !== '') seasonOfCell[c] = keyIndex.get(profileKey[c]!)!;
    else seasonOfCell[c] = masks.portugal[c]! > masks.california[c]! ? PORTUGAL_PROFILE : CALIFORNIA_PROFILE;
  }
  const seasons = [californiaSeason, observedSeason(portugalHistogram), ...climate.values()];
  const hours = [...incidents.filter(severe), ...portugalSevere].map((f) => f.solarHour);
  const covered: number[] = [];
  for (let c = 0; c < CELLS; c++) if (!Number.isNaN(rates[c]!)) covered.push(c);

  const table = assembleRateTable({
    peril: 'Wildfire',
    grid: GRID,
    thresholds: 1,
    covered,
    ratesOf: (cell, out) => out.set(rates.subarray(cell, cell + 1)),
    seasonOf: (cell) => seasonOfCell[cell]!,
    seasonWeights: stackProfiles(seasons, SEASON_SLOTS),
    diurnalShares: stackProfiles([hourHistogram(hours)], HOURS),
    rowSharing: 'identical',
    extendRings: 1,
    meta: wildfireMeta(countries, calibration, vpdExponent.exponent),
  });
  return { table, countries, calibration, covariates, modelBp, vpdExponent, portugalUnlocatedShare: located.unlocatedHa / located.totalHa };
}
