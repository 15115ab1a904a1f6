/**
 * Builds the Wildfire and FloodLivePlus tables from the real catalogues (the
 * same steps as wildfireBuilder.build and floodBuilder.build), times the builds
 * and prints the validation as markdown:
 *   node --import tsx bench/validate-wildfire-flood.ts
 * HAZRISK_SOURCES sets the catalogue folder (default ../shared/data).
 */
import path from 'node:path';
import type { PerilName } from '../src/engine/perils.js';
import { encodeTable } from '../src/engine/table-file.js';
import type { HazardTable } from '../src/engine/table-spec.js';
import * as floodValidation from '../src/models/flood/validation.js';
import { buildFlood } from '../src/models/flood/table.js';
import { buildWildfire } from '../src/models/wildfire/table.js';
import * as wildfireValidation from '../src/models/wildfire/validation.js';

const sourcesDir = path.resolve(process.env.HAZRISK_SOURCES ?? '../shared/data');
const fmt = (x: number | null, digits = 3): string => (x === null || !Number.isFinite(x) ? '—' : Number(x.toPrecision(digits)).toString());
const quiet = (): void => {};

const started = performance.now();
const wildfire = buildWildfire(sourcesDir, quiet);
const wildfireDone = performance.now();
const flood = buildFlood(sourcesDir, quiet);
const seconds = (performance.now() - started) / 1000;
const tables = new Map<PerilName, HazardTable>([
  ['Wildfire', wildfire.table],
  ['FloodLivePlus', flood.table],
]);

console.log(`## Wildfire and FloodLivePlus build\n`);
console.log(`Build time (both tables, each reading its own inputs): **${seconds.toFixed(1)} s** (Wildfire ${((wildfireDone - started) / 1000).toFixed(1)} s)\n`);
console.log('| peril | grid | rows | table bytes | confidence |\n|---|---|---|---|---|');
for (const t of tables.values()) console.log(`| ${t.peril} | ${t.grid.dlat}° ${t.grid.nlat}×${t.grid.nlon} | ${t.rows} | ${encodeTable(t).byteLength} | ${t.meta.confidence} |`);

const c = wildfire.calibration;
console.log('\n## Wildfire calibration\n');
console.log(`- California level: ${fmt(c.california.levelHaPerYear, 6)} ha/yr (FRAP 1990–2017 + incidents 2018–2024); located incidents ${fmt(c.california.incidentHaPerYear, 6)} ha per effective year over ${fmt(c.california.years, 4)} years → scale ${fmt(c.california.scale, 4)}`);
console.log(`- Portugal: ${fmt(c.portugal.haPerYear, 6)} ha/yr of fires > 5 ha over ${c.portugal.years} years; ${fmt(100 * wildfire.portugalUnlocatedShare, 2)} % of burnt area could not be located`);
console.log(`- Climate model: ln BP = ${fmt(c.model.intercept, 5)} + ${fmt(c.model.slope, 4)} · ln NPP, NPP clamped to [${fmt(c.model.nppMin, 4)}, ${fmt(c.model.nppMax, 4)}] g/m²/yr, ${c.model.cells} calibration cells`);
console.log(`- Season exponent k (share ∝ VPDᵏ): ${wildfire.vpdExponent.exponent}; Hellinger distance CA ${fmt(wildfire.vpdExponent.distances[0]!)}, PT ${fmt(wildfire.vpdExponent.distances[1]!)}`);
console.log(`- Smoothing bandwidth by odd/even-year cross-validation: ${c.bandwidth.sigmaKm} km\n`);
console.log('| σ (km) | held-out deviance |\n|---|---|');
for (const s of c.bandwidth.scores) console.log(`| ${s.sigmaKm} | ${fmt(s.deviance, 6)} |`);

console.log('\n## FloodLivePlus calibration\n');
console.log(`- ${flood.events} DFO events over ${fmt(flood.recordYears, 4)} years; mean inundated share of an affected region ${fmt(100 * flood.inundatedShare)} %; mean susceptibility of affected land ${fmt(flood.meanSusceptibility)}`);

console.log('\n## Published references\n\n| peril | place | quantity | reference | ours | ratio | source | note |\n|---|---|---|---|---|---|---|---|');
for (const r of [...wildfireValidation.validate(tables), ...floodValidation.validate(tables)]) {
  console.log(`| ${r.peril} | ${r.place} | ${r.quantity} | ${fmt(r.reference)} | ${fmt(r.ours)} | ${fmt(r.ratio)} | ${r.reference_source} | ${r.note ?? ''} |`);
}

console.log('\n## Orderings\n\n| peril | claim | holds | detail |\n|---|---|---|---|');
for (const o of [...wildfireValidation.orderings(tables), ...floodValidation.orderings(tables)]) console.log(`| ${o.peril} | ${o.claim} | ${o.holds ? 'yes' : '**no**'} | ${o.detail} |`);

const firms = wildfireValidation.firmsCheck(sourcesDir, wildfire.table);
const temperate = firms.find((r) => r.group.startsWith('Cf'));
console.log('\n## Sanity check: FIRMS MODIS detections, Australia, Aug–Sep 2019 (not a calibration)\n');
console.log('| Köppen group | land (km²) | detections / 1000 km² | model P(burn) Aug–Sep (%) | detections rel. to temperate | model rel. to temperate |\n|---|---|---|---|---|---|');
for (const r of firms) {
  const relDetections = temperate ? r.detectionsPer1000Km2 / temperate.detectionsPer1000Km2 : NaN;
  const relModel = temperate ? r.modelProbability / temperate.modelProbability : NaN;
  console.log(`| ${r.group} | ${fmt(r.landKm2, 4)} | ${fmt(r.detectionsPer1000Km2)} | ${fmt(100 * r.modelProbability)} | ${fmt(relDetections)} | ${fmt(relModel)} |`);
}

const perimeters = wildfireValidation.perimeterCheck(sourcesDir);
console.log('\n## Footprint check: disc of equal area vs CAL FIRE FRAP perimeters (fires ≥ 5,000 ac, 2010–2019)\n');
console.log(`${perimeters.fires} fires, ${fmt(perimeters.mappedKm2, 4)} km² mapped: the disc puts **${fmt(100 * perimeters.overlapShare)} %** of the mapped area in the right 0.5° cells; ${fmt(100 * perimeters.outsideHomeShare)} % of the mapped area lies outside the cell of the fire's centre.`);
