/**
 * Issue 32's site-wind targets with the table built from the synthetic event
 * set beside today's (observed storms): the 13 done-when rows of
 * site-wind-validation.ts, ours ÷ reference and the band each must fall in.
 * Tiers of years (hazard.ts) are options, so the Monte-Carlo size can be tried.
 *
 *   node --import tsx bench/tc-synthetic-sites.ts [--years34 100] [--years64 1000] [--years96 5000] [--threads N] [--seeds N]
 */
import os from 'node:os';
import path from 'node:path';
import { countObservedStorms, hazardOfCounts } from '../src/models/tropical-cyclone/compute-hazard.js';
import { rateTable } from '../src/models/tropical-cyclone/build.js';
import { hazardGrid } from '../src/models/tropical-cyclone/hazard-grid.js';
import { landMaskOf, readLandCells } from '../src/models/tropical-cyclone/land-mask.js';
import { siteWindValidation } from '../src/models/tropical-cyclone/site-wind-validation.js';
import { PLACES } from '../src/models/tropical-cyclone/places.js';
import { siteReturnPeriod } from '../src/models/tropical-cyclone/site-hazard.js';
import { readAllStorms } from '../src/models/tropical-cyclone/sources.js';
import { fitGroupModels } from '../src/models/tropical-cyclone/synthetic/event-set.js';
import { computeSyntheticHazard } from '../src/models/tropical-cyclone/synthetic/hazard.js';
import { SYNTHETIC } from '../src/models/tropical-cyclone/parameters.js';

const args = process.argv.slice(2);
const option = (name: string, fallback: number): number => (args.includes(`--${name}`) ? Number(args[args.indexOf(`--${name}`) + 1]) : fallback);
const tiers = { years34: option('years34', 100), years64: option('years64', 1000), years96: option('years96', 5000) };
const sourcesDir = path.resolve(process.env.HAZRISK_SOURCES ?? '../shared/data');

/** The issue's bands on ours ÷ reference, by place and category (CAT1/CAT3 rows of the AS/NZS curves). */
const BANDS: Record<string, [number, number]> = {
  'Darwin CAT1': [1, 6], 'Darwin CAT3': [1, 5], 'Townsville CAT1': [1, 6], 'Townsville CAT3': [1, 5], 'Cairns CAT3': [0.5, 5],
  'Port Hedland CAT3': [0.5, 3], 'Miami, FL': [0.5, 2], 'Naha, Okinawa': [0.5, 2], Tokyo: [1, 4], 'Hong Kong': [0.5, 2.5],
  Chennai: [0.5, 4], Visakhapatnam: [0.5, 3], Mumbai: [1, 20],
};

const storms = readAllStorms(sourcesDir);
const landCells = readLandCells(sourcesDir);
const land = landMaskOf(landCells);
const grid = hazardGrid();
let started = performance.now();
const observedCounts = countObservedStorms(storms, land, grid);
const observed = hazardOfCounts(grid, observedCounts);
const observedSeconds = (performance.now() - started) / 1000;
started = performance.now();
const models = fitGroupModels(storms, land);
const threads = option('threads', os.availableParallelism());
const syntheticOf = (seed: string) => computeSyntheticHazard(models, observedCounts, landCells, grid, tiers, { threads, seed, progress: (f, label) => process.stderr.write(`\r${seed}: ${(100 * f).toFixed(0)} % ${label}    `) });
const synthetic = await syntheticOf(SYNTHETIC.seed);
const syntheticSeconds = (performance.now() - started) / 1000;
// Other seeds: other event sets of the same climate, whose spread is the Monte-Carlo error of the tiers.
const others = [];
for (let s = 1; s < option('seeds', 1); s++) others.push(await syntheticOf(`${SYNTHETIC.seed}-mc${s}`));
process.stderr.write('\n');

const rowsOf = (field: typeof observed) => siteWindValidation(new Map([['TropicalCyclone', rateTable(field)]]));
const before = rowsOf(observed);
const after = rowsOf(synthetic);
const otherRows = others.map(rowsOf);
const footprints = Object.entries(synthetic.syntheticFootprints ?? {}).map(([g, n]) => `${g} ${n}`).join(', ');
console.log(`Tiers ${JSON.stringify(tiers)}, ${threads} threads; observed field ${observedSeconds.toFixed(1)} s, synthetic ${syntheticSeconds.toFixed(1)} s (${footprints} storm footprints)${others.length ? `; ${others.length} more seeds` : ''}\n`);
console.log('| site | band | reference (yr) | observed table (yr) | ratio | synthetic table (yr) | ratio | in band | ratio, other seeds |\n|---|---|---|---|---|---|---|---|---|');
let inBand = 0;
let targets = 0;
const inBandOther = others.map(() => 0);
after.forEach((row, i) => {
  const cat = /CAT(\d)/.exec(row.quantity)?.[1];
  const band = BANDS[`${row.place} CAT${cat}`] ?? BANDS[row.place];
  if (!band || (row.place in BANDS === false && !BANDS[`${row.place} CAT${cat}`])) return;
  targets++;
  const within = (ratio: number | null): boolean => ratio !== null && ratio >= band[0] && ratio <= band[1];
  const ok = within(row.ratio);
  if (ok) inBand++;
  otherRows.forEach((rows, s) => within(rows[i]!.ratio) && inBandOther[s]!++);
  console.log(`| ${row.place}${BANDS[`${row.place} CAT${cat}`] ? ` CAT${cat}` : ''} | [${band.join(', ')}] | ${row.reference} | ${before[i]!.ours} | ${before[i]!.ratio} | ${row.ours} | ${row.ratio} | ${ok ? 'yes' : '**no**'} | ${otherRows.map((rows) => rows[i]!.ratio).join(', ')} |`);
});
if (others.length) console.log(`\nOther seeds: ${inBandOther.join(', ')} of ${targets} in band.`);
console.log(`\n${inBand} of ${targets} in band with the synthetic table.`);

// Where the record is long, the event set should give back the observed rates: synthetic ÷ observed
// return periods at the validation places (siteReturnPeriod, 4-year window).
console.log('\n| place | CAT0 observed (yr) | synthetic ÷ observed | CAT1 observed (yr) | synthetic ÷ observed | CAT3 observed (yr) | synthetic ÷ observed |\n|---|---|---|---|---|---|---|');
const [observedTable, syntheticTable] = [rateTable(observed), rateTable(synthetic)];
for (const place of Object.values(PLACES)) {
  const cells = [0, 1, 3].map((k) => {
    const [o, s] = [siteReturnPeriod(observedTable, place, k), siteReturnPeriod(syntheticTable, place, k)];
    return o === null || s === null ? '— | —' : `${Number(o.toPrecision(3))} | ${Number.isFinite(o) && o > 0 ? (s / o).toFixed(2) : '—'}`;
  });
  console.log(`| ${place.name} | ${cells.join(' | ')} |`);
}
