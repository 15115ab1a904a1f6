/**
 * Builds the Wildfire and FloodLivePlus tables from the real catalogues (the
 * same steps as wildfireBuilder.build and floodBuilder.build; FloodLivePlus
 * reads the Rain table, built here first by the weather builder), times the
 * builds, prints the calibration and the validation as markdown, and draws
 * the two world maps under docs/maps/:
 *   node --import tsx bench/validate-wildfire-flood.ts
 * HAZRISK_SOURCES sets the catalogue folder (default ../shared/data).
 */
import path from 'node:path';
import { readKoppen } from '../src/catalogues/koppen.js';
import type { PerilName } from '../src/engine/perils.js';
import { encodeTable } from '../src/engine/table-file.js';
import type { DailyTable, HazardTable } from '../src/engine/table-spec.js';
import * as floodValidation from '../src/models/flood/validation.js';
import { buildFlood } from '../src/models/flood/build.js';
import { countryGrid } from '../src/models/toolkit/country-grid.js';
import { populationGrid } from '../src/models/toolkit/population-grid.js';
import { weatherBuilder } from '../src/models/weather/index.js';
import { firmsCheck, perimeterCheck } from '../src/models/wildfire/checks.js';
import { calibrateCountries } from '../src/models/wildfire/country-calibration.js';
import { COVARIATES, fireCovariates } from '../src/models/wildfire/fire-climate.js';
import { FIRE_CLIMATE, WILDFIRE } from '../src/models/wildfire/parameters.js';
import { regionMasks } from '../src/models/wildfire/regions.js';
import { readCruNormals } from '../src/models/wildfire/sources.js';
import { buildWildfire } from '../src/models/wildfire/build.js';
import * as wildfireValidation from '../src/models/wildfire/validation.js';

const sourcesDir = path.resolve(process.env.HAZRISK_SOURCES ?? '../shared/data');
const mapsDir = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../docs/maps');
const fmt = (x: number | null, digits = 3): string => (x === null || !Number.isFinite(x) ? '—' : Number(x.toPrecision(digits)).toString());
const quiet = (): void => {};
// Wall clock and CPU time (user + system) since `from`: on the shared machine the CPU time is the stable one.
const clock = (): { wall: number; cpu: NodeJS.CpuUsage } => ({ wall: performance.now(), cpu: process.cpuUsage() });
const seconds = (from: ReturnType<typeof clock>): string => {
  const cpu = process.cpuUsage(from.cpu);
  return `${((performance.now() - from.wall) / 1000).toFixed(1)} s (CPU ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s)`;
};

let started = clock();
const wildfire = buildWildfire(sourcesDir, quiet);
const wildfireSeconds = seconds(started);
started = clock();
const rain = (await weatherBuilder.build({ sourcesDir, progress: quiet, log: quiet, built: new Map() })).find((t) => t.peril === 'Rain') as DailyTable;
const rainSeconds = seconds(started);
started = clock();
const flood = buildFlood(sourcesDir, rain, quiet);
const floodSeconds = seconds(started);
const tables = new Map<PerilName, HazardTable>([
  ['Wildfire', wildfire.table],
  ['FloodLivePlus', flood.table],
]);

console.log('## Wildfire and FloodLivePlus build\n');
console.log(`Build time: Wildfire **${wildfireSeconds}**, FloodLivePlus **${floodSeconds}** (plus ${rainSeconds} for the Rain table when the run has none)\n`);
console.log('| peril | grid | rows | table bytes | confidence |\n|---|---|---|---|---|');
for (const t of tables.values()) console.log(`| ${t.peril} | ${t.grid.dlat}° ${t.grid.nlat}×${t.grid.nlon} | ${t.rows} | ${encodeTable(t).byteLength} | ${t.meta.confidence} |`);

const countries = wildfire.countries;
console.log('\n## Wildfire calibration\n');
console.log(`- Fire-climate model fitted to ${countries.countries.length} countries (grouped Poisson, ${countries.iterations} iterations, deviance ${fmt(countries.deviance, 6)} km²):`);
console.log(`  ${COVARIATES.map((name, j) => `${name} ${fmt(countries.beta[j]!, 4)}`).join(' · ')}`);
const c = wildfire.calibration;
console.log(`- California level: ${fmt(c.california.levelHaPerYear, 6)} ha/yr (FRAP 1990–2017 + incidents 2018–2024); incidents scaled by ${fmt(c.california.scale, 4)} over ${fmt(c.california.years, 4)} effective years; FRAP ${WILDFIRE.frapPatternYears.join('–')} fires located by unit: ${fmt(100 * c.california.frapLocatedShare)} % of their area`);
console.log(`- Portugal: ${fmt(c.portugal.haPerYear, 6)} ha/yr of fires > 5 ha over ${c.portugal.years} years; ${fmt(100 * wildfire.portugalUnlocatedShare, 2)} % of burnt area could not be located`);
console.log(`- Season exponent k (share ∝ (ε + dryness)·VPDᵏ): ${wildfire.vpdExponent.exponent}; Hellinger distance CA ${fmt(wildfire.vpdExponent.distances[0]!)}, PT ${fmt(wildfire.vpdExponent.distances[1]!)}`);
console.log(`- Smoothing by odd/even-year cross-validation: σ = ${c.smoothing.best.sigmaKm} km, model pattern kept as BP^${c.smoothing.best.exponent}\n`);
const exponents = [...new Set(c.smoothing.scores.map((s) => s.exponent))];
console.log(`| σ (km) | ${exponents.map((e) => `γ = ${e}`).join(' | ')} |\n|---|${exponents.map(() => '---|').join('')}`);
for (const sigma of [...new Set(c.smoothing.scores.map((s) => s.sigmaKm))]) {
  console.log(`| ${sigma} | ${exponents.map((e) => fmt(c.smoothing.scores.find((s) => s.sigmaKm === sigma && s.exponent === e)!.deviance, 6)).join(' | ')} |`);
}

console.log('\nCold-winter threshold scan (country-total deviance, km²):\n\n| coldest month (°C) | deviance |\n|---|---|');
const koppen = readKoppen(sourcesDir);
const masks = regionMasks();
const [cru, people, grid] = [readCruNormals(sourcesDir), populationGrid(), countryGrid()];
for (const threshold of FIRE_CLIMATE.coldWinter.scanC) {
  const covariates = fireCovariates(cru, masks.land, people, koppen, threshold);
  console.log(`| ${threshold} | ${fmt(calibrateCountries(covariates, grid, masks.land).deviance, 6)} |`);
}

console.log('\n| country | land (km²) | observed (%/yr) | factor K |\n|---|---|---|---|');
for (const k of [...countries.countries].sort((a, b) => b.observedKm2 - a.observedKm2).slice(0, 20)) {
  console.log(`| ${k.name} | ${fmt(k.landKm2, 4)} | ${fmt((100 * k.observedKm2) / k.landKm2)} | ${fmt(k.factor)} |`);
}
const capped = countries.countries.filter((k) => k.unplacedKm2 > 0).sort((a, b) => b.observedKm2 / b.modelledKm2 - a.observedKm2 / a.modelledKm2);
console.log(`\nFactor capped at ${fmt(countries.factorCap)} (observed ÷ modelled, share of the observed area spread evenly): ${capped.map((k) => `${k.name} ${fmt(k.observedKm2 / k.modelledKm2, 2)} (${fmt((100 * k.unplacedKm2) / k.observedKm2, 2)} %)`).join(', ')}`);

console.log('\n## FloodLivePlus calibration\n');
console.log(`- ${flood.events} DFO events over ${fmt(flood.recordYears, 4)} years; mean inundated share of an affected region ${fmt(100 * flood.inundatedShare)} % (Tellman et al. 2021); share of the land below the stage a flood fills ${fmt(100 * flood.filledShare)} %`);
console.log(`- Pluvial scale c = ${fmt(flood.pluvialScale, 4)} per heavy-rain day (England surface-water calibration)`);

console.log('\n## Published references\n\n| peril | place | quantity | reference | ours | ratio | source | note |\n|---|---|---|---|---|---|---|---|');
for (const r of [...wildfireValidation.validate(tables), ...floodValidation.validate(tables)]) {
  console.log(`| ${r.peril} | ${r.place} | ${r.quantity} | ${fmt(r.reference)} | ${fmt(r.ours)} | ${fmt(r.ratio)} | ${r.reference_source} | ${r.note ?? ''} |`);
}

console.log('\n## Orderings\n\n| peril | claim | holds | detail |\n|---|---|---|---|');
for (const o of [...wildfireValidation.orderings(tables), ...floodValidation.orderings(tables)]) console.log(`| ${o.peril} | ${o.claim} | ${o.holds ? 'yes' : '**no**'} | ${o.detail} |`);

const firms = firmsCheck(sourcesDir, wildfire.table);
const temperate = firms.find((r) => r.group.startsWith('Cf'));
console.log('\n## Sanity check: FIRMS MODIS detections, Australia, Aug–Sep 2019 (not a calibration)\n');
console.log('| Köppen group | land (km²) | detections / 1000 km² | model P(burn) Aug–Sep (%) | detections rel. to temperate | model rel. to temperate |\n|---|---|---|---|---|---|');
for (const r of firms) {
  const relDetections = temperate ? r.detectionsPer1000Km2 / temperate.detectionsPer1000Km2 : NaN;
  const relModel = temperate ? r.modelProbability / temperate.modelProbability : NaN;
  console.log(`| ${r.group} | ${fmt(r.landKm2, 4)} | ${fmt(r.detectionsPer1000Km2)} | ${fmt(100 * r.modelProbability)} | ${fmt(relDetections)} | ${fmt(relModel)} |`);
}

const perimeters = perimeterCheck(sourcesDir);
console.log('\n## Footprint check: disc of equal area vs CAL FIRE FRAP perimeters (fires ≥ 5,000 ac, 2010–2019)\n');
console.log(`${perimeters.fires} fires, ${fmt(perimeters.mappedKm2, 4)} km² mapped: the disc puts **${fmt(100 * perimeters.overlapShare)} %** of the mapped area in the right 0.5° cells; ${fmt(100 * perimeters.outsideHomeShare)} % of the mapped area lies outside the cell of the fire's centre.`);

console.log('\n## Maps\n');
for (const m of [...wildfireValidation.validation.maps!(tables, mapsDir), ...floodValidation.validation.maps!(tables, mapsDir)]) {
  console.log(`- docs/maps/${path.basename(m.file)}: ${m.legend}`);
}
