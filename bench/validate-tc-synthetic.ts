/**
 * The synthetic tropical-cyclone event set against the observed climate it was
 * fitted on (issue 32): per rate group, basin statistics of --years synthetic
 * years beside the observed storms of the reliable period, fitted on all
 * seasons ("fitted" rows) and on all but every 5th season, compared with the
 * held-out seasons ("independent": whole storms, whole years).
 *
 *   node --import tsx bench/validate-tc-synthetic.ts [--years 500]
 */
import path from 'node:path';
import { readLandMask } from '../src/models/tropical-cyclone/land-mask.js';
import { readAllStorms } from '../src/models/tropical-cyclone/sources.js';
import { eventSetRows } from '../src/models/tropical-cyclone/synthetic/validation.js';

const args = process.argv.slice(2);
const YEARS = Number(args.includes('--years') ? args[args.indexOf('--years') + 1] : 500);
const sourcesDir = path.resolve(process.env.HAZRISK_SOURCES ?? '../shared/data');
const storms = readAllStorms(sourcesDir);
const land = readLandMask(sourcesDir);

for (const [fitOn, compareWith] of [['all', 'all'], ['fit', 'held-out']] as const) {
  const started = performance.now();
  const rows = eventSetRows(storms, land, fitOn, compareWith, YEARS);
  console.error(`fit on ${fitOn}: ${YEARS} years per group, ${((performance.now() - started) / 1000).toFixed(1)} s`);
  console.log(`\n### Fitted on ${fitOn} seasons, compared with ${compareWith} seasons (${YEARS} synthetic years per group)\n`);
  console.log('| group | quantity | observed | synthetic | ratio | note |\n|---|---|---|---|---|---|');
  for (const r of rows) console.log(`| ${r.place.split(' ')[0]} | ${r.quantity} | ${r.reference} | ${r.ours} | ${r.ratio ?? '—'} | ${r.note} |`);
  console.log(`\n${rows.filter((r) => r.note?.endsWith(': within')).length} of ${rows.length} within.`);
}
