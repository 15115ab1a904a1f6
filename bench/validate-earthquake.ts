/**
 * Builds the Earthquake table from the real catalogues (HAZRISK_SOURCES or
 * ../shared/data) and prints, as markdown: the build time and size, the
 * catalogue and source statistics behind the parameters, the validation rows
 * in probability space and the orderings; draws docs/maps/earthquake-pga475.png.
 * Run: node --import tsx bench/validate-earthquake.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { encodeTable } from '../src/engine/table-file.js';
import { buildEarthquake } from '../src/models/earthquake/build.js';
import { weichertB, steppRates } from '../src/models/earthquake/catalogue-stats.js';
import { decluster } from '../src/models/earthquake/decluster.js';
import { mergeCatalogues } from '../src/models/earthquake/merge.js';
import { LAYERS } from '../src/models/earthquake/parameters.js';
import { readComcat, readIscGem } from '../src/models/earthquake/sources.js';
import { TECTONIC_REGIMES } from '../src/models/earthquake/tectonics.js';
import { drawMaps, orderings, validate } from '../src/models/earthquake/validation.js';
import { cellAreaKm2 } from '../src/models/toolkit/half-degree.js';

const sourcesDir = process.env.HAZRISK_SOURCES ?? path.resolve('../shared/data');
const started = performance.now();
const build = buildEarthquake(sourcesDir);
const seconds = (performance.now() - started) / 1000;
const { table, regions } = build;

console.log(`### Earthquake build\n`);
console.log(`- build time: ${seconds.toFixed(1)} s (catalogues to rate table, one core)`);
console.log(`- grid 0.5° global, ${table.rows} rows (covered cells), ${table.cellRow.length - table.rows} cells without coverage; ${encodeTable(table).byteLength} bytes`);
console.log(`- merge: ${JSON.stringify(build.merge)}`);
const areas = TECTONIC_REGIMES.map((_, r) => regions.regime.reduce((sum, v, cell) => (v === r ? sum + cellAreaKm2(cell) : sum), 0));
console.log(`- regimes (area, million km²): ${TECTONIC_REGIMES.map((r, i) => `${r} ${(areas[i]! / 1e6).toFixed(1)}`).join(', ')}`);
console.log('\n| layer | complete mainshocks | b (Weichert, M ≥ 5.5) | rate of M ≥ 5.5 (/yr) |\n|---|---|---|---|');
LAYERS.forEach((l, i) => console.log(`| ${l.name} | ${build.sources.eventsByLayer[i]} | ${build.sources.bByLayer[i]} | ${build.sources.rateByLayer[i]!.toFixed(2)} |`));

const { quakes } = mergeCatalogues(readIscGem(sourcesDir), readComcat(sourcesDir));
const mainshocks = decluster(quakes);
const edges = [5.5, 6, 6.5, 7, 7.5, 8];
const starts = [2013, 2000, 1990, 1980, 1970, 1964, 1960, 1950, 1940, 1930, 1918, 1900];
console.log('\n### Stepp (1972) table: declustered mainshocks per year, counted from the start year to 2023.84\n');
console.log(`| from | ${edges.map((e, i) => `${e}–${edges[i + 1] ?? ''}`).join(' | ')} |`);
console.log(`|---|${edges.map(() => '---').join('|')}|`);
steppRates(mainshocks, edges, starts).forEach((rates, i) => console.log(`| ${starts[i]} | ${rates.map((r) => r.toFixed(2)).join(' | ')} |`));
console.log(`\nWeichert (1980) b-value, declustered, Mw ≥ 6.0: ${weichertB(mainshocks, 6.0).toFixed(3)}; Mw ≥ 5.5: ${weichertB(mainshocks, 5.5).toFixed(3)}`);

const tables = new Map([['Earthquake' as const, table]]);
console.log('\n### Validation in probability space\n');
console.log('| place | quantity | reference | ours | ratio | note |');
console.log('|---|---|---|---|---|---|');
const rows = validate(tables);
for (const r of rows) console.log(`| ${r.place} | ${r.quantity} | ${r.reference?.toPrecision(3)} | ${r.ours.toPrecision(3)} | ${r.ratio === null ? '—' : r.ratio.toFixed(2)} | ${r.note ?? ''} |`);
const usgs = rows.filter((r) => r.reference_source.startsWith('USGS'));
const within = (f: number) => usgs.filter((r) => r.ratio !== null && r.ratio >= 1 / f && r.ratio <= f).length;
console.log(`\nUSGS 2018 sites: ${within(2)} of ${usgs.length} rates within a factor 2, ${within(3)} within a factor 3.`);
console.log('\n### Orderings\n');
for (const o of orderings(tables)) console.log(`- ${o.holds ? 'holds' : 'FAILS'}: ${o.claim} (${o.detail})`);
fs.mkdirSync('docs/maps', { recursive: true });
for (const m of drawMaps(tables, 'docs/maps')) console.log(`\nmap: ${m.file}\n${m.legend}`);
