/**
 * Builds the Earthquake table from the real catalogues (HAZRISK_SOURCES or
 * ../shared/data) and prints, as markdown: the build time and size, the
 * catalogue statistics behind the parameters, and the validation rows.
 * Run: node --import tsx bench/validate-earthquake.ts
 */
import path from 'node:path';
import { checkTable, type RateTable } from '../src/engine/table-spec.js';
import { encodeTable } from '../src/engine/table-file.js';
import { buildEarthquake } from '../src/models/earthquake/build.js';
import { weichertB, steppRates } from '../src/models/earthquake/catalogue-stats.js';
import { readComcat, readIscGem } from '../src/models/earthquake/sources.js';
import { decluster } from '../src/models/earthquake/decluster.js';
import { mergeCatalogues } from '../src/models/earthquake/merge.js';
import { orderings, validate } from '../src/models/earthquake/validation.js';

const sourcesDir = process.env.HAZRISK_SOURCES ?? path.resolve('../shared/data');
const started = performance.now();
const build = buildEarthquake(sourcesDir);
const seconds = (performance.now() - started) / 1000;
const { table } = build;

console.log(`### Earthquake build\n`);
console.log(`- sources: ${sourcesDir}`);
console.log(`- build time: ${seconds.toFixed(1)} s (catalogues to rate table, one core)`);
console.log(`- grid 0.5° global, ${table.rows} rows (covered cells), ${table.cellRow.length - table.rows} cells without coverage`);
console.log(`- merge: ${JSON.stringify(build.merge)}`);
console.log(`- sources: ${JSON.stringify(build.sources)}`);
console.log(`- table bytes: ${tableBytes(table)}`);
try {
  checkTable(table);
  console.log('- checkTable: passed');
} catch (error) {
  console.log(`- checkTable: ${(error as Error).message}`);
}

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
console.log('\n### Validation: PGA (g, rock) with 10 % probability of exceedance in 50 years\n');
console.log('| place | lat | lon | reference | ours | ratio | note | reference source |');
console.log('|---|---|---|---|---|---|---|---|');
for (const r of validate(tables)) {
  console.log(`| ${r.place} | ${r.latitude} | ${r.longitude} | ${r.reference} | ${r.ours} | ${r.ratio ?? '—'} | ${r.note ?? ''} | ${r.reference_source} |`);
}
console.log('\n### Orderings\n');
for (const o of orderings(tables)) console.log(`- ${o.holds ? 'holds' : 'FAILS'}: ${o.claim} (${o.detail})`);

/**
 * encodeTable checks the table first; while checkTable rejects the rise across
 * the MMI → PGA scale boundary, the size is measured on a copy whose rates are
 * made monotone (the byte length depends only on array lengths and metadata).
 */
function tableBytes(t: RateTable): string {
  try {
    return String(encodeTable(t).byteLength);
  } catch {
    const k = t.rates.length / t.rows;
    const rates = t.rates.slice();
    for (let i = 1; i < rates.length; i++) if (i % k !== 0) rates[i] = Math.min(rates[i]!, rates[i - 1]!);
    const copy = { ...t, rates };
    checkTable(copy);
    return `${encodeTable(copy).byteLength} (measured on a monotone copy: checkTable rejects the real table, see below)`;
  }
}
