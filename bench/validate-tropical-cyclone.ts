/**
 * Builds the TropicalCyclone table from the real catalogues (HAZRISK_SOURCES,
 * default ../shared/data), prints the validation as markdown and the build time.
 * Usage: node --import tsx bench/validate-tropical-cyclone.ts [--fit] [--map]
 * --fit also prints the grid search behind PROFILE_CALIBRATION; --map writes
 * docs/maps/tropical-cyclone.png (annual probability of ≥ CAT1 site winds).
 */
import { encodeTable } from '../src/engine/table-file.js';
import type { PerilName } from '../src/engine/perils.js';
import type { HazardTable } from '../src/engine/table-spec.js';
import { tropicalCycloneBuilder } from '../src/models/tropical-cyclone/index.js';
import { readLandMask } from '../src/models/tropical-cyclone/land-mask.js';
import { fitProfileCalibration, r34TransferValidation, windRadiiValidation } from '../src/models/tropical-cyclone/radii-check.js';
import { readAllStorms } from '../src/models/tropical-cyclone/sources.js';
import { siteWindValidation } from '../src/models/tropical-cyclone/site-wind-validation.js';
import { orderings, stormCentredValidation, strikeValidation, validation } from '../src/models/tropical-cyclone/validation.js';
import type { ValidationRow } from '../src/models/validation-types.js';

const sourcesDir = process.env.HAZRISK_SOURCES ?? '../shared/data';
const started = performance.now();
const built = await tropicalCycloneBuilder.build({ sourcesDir, progress: () => {}, log: (line) => console.log(`> ${line}`), built: new Map() });
const seconds = (performance.now() - started) / 1000;
const tables = new Map<PerilName, HazardTable>(built.map((t) => [t.peril, t]));
const table = tables.get('TropicalCyclone')!;

function markdownRows(rows: readonly ValidationRow[]): string {
  const head = '| place | quantity | reference | source | ours | ratio | note |\n|---|---|---|---|---|---|---|';
  return [head, ...rows.map((r) => `| ${r.place} | ${r.quantity} | ${r.reference ?? '—'} | ${r.reference_source} | ${r.ours} | ${r.ratio ?? '—'} | ${r.note ?? ''} |`)].join('\n');
}

console.log(`\n## TropicalCyclone validation (sources: ${sourcesDir})\n`);
console.log(`Build: ${seconds.toFixed(1)} s; grid ${table.grid.nlat}×${table.grid.nlon} at ${table.grid.dlat}°; ${table.rows} rows; ${encodeTable(table).byteLength} bytes.\n`);
console.log('### Site winds from the table vs published site-wind climates (design codes)\n');
console.log(markdownRows(siteWindValidation(tables)));
console.log('\n### Site winds from the table vs published storm-centred return periods\n');
console.log(markdownRows(stormCentredValidation(table)));
const storms = readAllStorms(sourcesDir);
console.log('\n### Like with like: storm centre within 50 n mi, from our tracks\n');
console.log(markdownRows(strikeValidation(storms, readLandMask(sourcesDir))));
console.log('\n### Wind-field size: modelled vs NHC-analysed quadrant wind radii (held-out fixes)\n');
console.log(markdownRows(windRadiiValidation(storms)));
console.log('\n### Storm size in the North Indian and South Pacific: JTWC r34 and the fitted outer profile\n');
console.log(markdownRows(r34TransferValidation(storms)));
console.log('\n### Orderings\n');
console.log('| claim | holds | detail |\n|---|---|---|');
for (const o of orderings(tables)) console.log(`| ${o.claim} | ${o.holds ? 'yes' : '**no**'} | ${o.detail} |`);

if (process.argv.includes('--fit')) {
  console.log('\n### Profile calibration grid (calibration third of the fixes)\n');
  console.log('| A factor | X1 factor | loss Σ ln²(model/recorded) |\n|---|---|---|');
  for (const { calibration, loss } of fitProfileCalibration(storms, [1, 1.25, 1.5, 1.75, 2, 2.25], [1, 1.1, 1.2, 1.3, 1.4, 1.5])) {
    console.log(`| ${calibration.aFactor} | ${calibration.x1Factor} | ${loss.toFixed(3)} |`);
  }
}

if (process.argv.includes('--map')) {
  for (const m of validation.maps!(tables, 'docs/maps')) console.log(`\nMap: ${m.file}. ${m.legend}`);
}
