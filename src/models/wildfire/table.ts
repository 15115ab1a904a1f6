import { readKoppen } from '../../catalogues/koppen.js';
import { HOURS, normaliseSeason, SEASON_SLOTS } from '../../engine/profiles.js';
import type { RateTable } from '../../engine/table-spec.js';
import { CELLS, GRID, cellAreaKm2 } from '../toolkit/half-degree.js';
import { assembleRateTable, stackProfiles } from '../toolkit/rate-table.js';
import { calibrate, climateBp, type Calibration } from './calibration.js';
import { monthlyVpd, nppGrid, type CruNormals } from './climate-indices.js';
import { wildfireMeta } from './meta.js';
import { WILDFIRE, MONTHS } from './parameters.js';
import { locatePortugalFires } from './portugal-locations.js';
import { regionMasks } from './regions.js';
import { climateProfileKey, climateSeasons, fitVpdExponent, hourHistogram, monthlySharesOf, observedSeason, slotHistogram, type RegionSeason } from './season.js';
import { readCalfireIncidents, readCruNormals, readFrapFires, readPortugalFires, type FireRecord } from './sources.js';

/**
 * The Wildfire table: per 0.5° cell the annual rate λ of the location lying
 * inside a fire that burns more than 5 ha (burn probability, events per year),
 * observed in California and mainland Portugal and extended elsewhere by the
 * climate model of calibration.ts. Method: docs/models/wildfire.md.
 */
export interface WildfireBuild {
  table: RateTable;
  calibration: Calibration;
  /** Miami NPP per cell, the climate model's covariate. */
  npp: Float64Array;
  vpdExponent: { exponent: number; distances: number[] };
  portugalUnlocatedShare: number;
}

const CALIFORNIA_PROFILE = 0;
const PORTUGAL_PROFILE = 1;

function inYears(year: number, [first, last]: readonly [number, number]): boolean {
  return year >= first && year <= last;
}

/** Burnt-area-weighted mean monthly VPD over a region's burnt cells. */
function regionVpd(cru: CruNormals, burnt: Float64Array): number[] {
  const sum = new Array<number>(MONTHS).fill(0);
  let weight = 0;
  for (let c = 0; c < CELLS; c++) {
    const w = burnt[c]!;
    if (!(w > 0)) continue;
    const vpd = monthlyVpd(cru, c);
    if (vpd.some((v) => !Number.isFinite(v))) continue;
    vpd.forEach((v, m) => (sum[m]! += w * v));
    weight += w;
  }
  return sum.map((s) => s / weight);
}

export function buildWildfire(sourcesDir: string, progress: (fraction: number, label: string) => void): WildfireBuild {
  progress(0, 'masks and climate');
  const masks = regionMasks();
  const koppen = readKoppen(sourcesDir);
  const cru = readCruNormals(sourcesDir);
  progress(0.2, 'fire records');
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

  progress(0.55, 'burn probability');
  const npp = nppGrid(cru);
  const calibration = calibrate({ incidents, frap, portugal: located.fires, masks, npp }, normaliseSeason(californiaSeason));
  const regions: RegionSeason[] = [
    { monthlyShares: monthlySharesOf(californiaHistogram), vpd: regionVpd(cru, calibration.californiaBurnt) },
    { monthlyShares: monthlySharesOf(portugalHistogram), vpd: regionVpd(cru, calibration.portugalBurnt) },
  ];
  const vpdExponent = fitVpdExponent(regions);

  progress(0.8, 'wildfire table');
  const rates = new Float64Array(CELLS).fill(NaN);
  const profileKey = new Array<string>(CELLS).fill('');
  const members = new Map<string, number[][]>();
  const excluded = new Set<string>(WILDFIRE.noCoverageClasses);
  for (let c = 0; c < CELLS; c++) {
    if (excluded.has(koppen[c]!)) continue;
    const landKm2 = masks.land[c]! * cellAreaKm2(c);
    const share = landKm2 > 0 ? Math.min(1, calibration.regionLand[c]! / landKm2) : calibration.regionLand[c]! > 0 ? 1 : 0;
    const observed = calibration.observedBp[c]!;
    const hasClimate = Number.isFinite(npp[c]!);
    if (!hasClimate && !(share > 0 && Number.isFinite(observed))) continue;
    const modelled = hasClimate ? climateBp(calibration.model, npp[c]!) : observed;
    rates[c] = Number.isFinite(observed) ? share * observed + (1 - share) * modelled : modelled;
    if (share >= 0.5 || !hasClimate) continue;
    const key = climateProfileKey(koppen[c]!, c);
    profileKey[c] = key;
    const vpd = monthlyVpd(cru, c);
    if (!members.has(key)) members.set(key, []);
    members.get(key)!.push(vpd);
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
    meta: wildfireMeta(calibration, vpdExponent.exponent),
  });
  return { table, calibration, npp, vpdExponent, portugalUnlocatedShare: located.unlocatedHa / located.totalHa };
}
