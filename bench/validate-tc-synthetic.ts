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
import { CLIMATOLOGY_PERIODS } from '../src/models/tropical-cyclone/parameters.js';
import { readAllStorms } from '../src/models/tropical-cyclone/sources.js';
import { basinCheckRows, basinStatistics } from '../src/models/tropical-cyclone/synthetic/checks.js';
import { fitGroupModels, fittedYears, syntheticYear } from '../src/models/tropical-cyclone/synthetic/event-set.js';
import { fitTracks, type SeasonFilter } from '../src/models/tropical-cyclone/synthetic/fit-data.js';
import type { ValidationRow } from '../src/models/validation-types.js';

const args = process.argv.slice(2);
const YEARS = Number(args.includes('--years') ? args[args.indexOf('--years') + 1] : 500);
const sourcesDir = path.resolve(process.env.HAZRISK_SOURCES ?? '../shared/data');
const storms = readAllStorms(sourcesDir);
const land = readLandMask(sourcesDir);

function rows(fitOn: SeasonFilter, compareWith: SeasonFilter): ValidationRow[] {
  const started = performance.now();
  const models = fitGroupModels(storms, land, fitOn);
  const observed = fitTracks(storms, land, compareWith);
  const out: ValidationRow[] = [];
  let generated = 0;
  for (const model of models) {
    const period = CLIMATOLOGY_PERIODS[model.group]!;
    const synthetic = Array.from({ length: YEARS }, (_, year) => syntheticYear(model, year, land)).flat();
    generated += synthetic.length;
    const mine = observed.filter((t) => t.group === model.group);
    const source = `observed ${period.group} ${period.first}–${period.last} (${compareWith === 'held-out' ? 'held-out seasons' : 'all seasons'}, ${mine.length} storms)`;
    out.push(...basinCheckRows(model.group, basinStatistics(mine, fittedYears(period.first, period.last, compareWith)), basinStatistics(synthetic, YEARS), source, fitOn === 'all' ? 'fitted' : 'independent'));
  }
  console.error(`fit on ${fitOn}: ${generated} synthetic storms in ${YEARS} years per group, ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return out;
}

for (const [fitOn, compareWith] of [['all', 'all'], ['fit', 'held-out']] as const) {
  console.log(`\n### Fitted on ${fitOn} seasons, compared with ${compareWith} seasons (${YEARS} synthetic years per group)\n`);
  console.log('| group | quantity | observed | synthetic | ratio | note |\n|---|---|---|---|---|---|');
  for (const r of rows(fitOn, compareWith)) console.log(`| ${r.place.split(' ')[0]} | ${r.quantity} | ${r.reference} | ${r.ours} | ${r.ratio ?? '—'} | ${r.note} |`);
}
