/**
 * Builds the severe-convective tables (Hail, USTornado, Tornado) from the real
 * catalogues and prints the validation against published climatologies as markdown,
 * with the build time and table sizes.
 * Usage: node --import tsx bench/validate-severe-convective.ts [--map]
 * (catalogues from HAZRISK_SOURCES, default ../shared/data); --map writes
 * docs/maps/hail.png (annual probability of hail ≥ 1 in).
 */
import path from 'node:path';
import type { PerilName } from '../src/engine/perils.js';
import { encodeTable } from '../src/engine/table-file.js';
import type { HazardTable, RateTable } from '../src/engine/table-spec.js';
import { severeConvectiveBuilder } from '../src/models/severe-convective/index.js';
import { orderings, validate, validation } from '../src/models/severe-convective/validation.js';

const sourcesDir = path.resolve(process.env.HAZRISK_SOURCES ?? '../shared/data');
const started = performance.now();
const tables = await severeConvectiveBuilder.build({
  sourcesDir,
  progress: () => {},
  log: (message) => console.error(message),
  built: new Map(),
});
const seconds = (performance.now() - started) / 1000;
const byPeril = new Map<PerilName, HazardTable>(tables.map((t) => [t.peril, t]));

const cell = (v: unknown): string =>
  v === null || v === undefined ? '–' : typeof v === 'number' && !Number.isInteger(v) ? String(Number(v.toPrecision(4))) : String(v);
const table = (header: string[], rows: unknown[][]): string =>
  [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.map(cell).join(' | ')} |`)].join('\n');

console.log(`Build of Hail, USTornado, Tornado from ${sourcesDir}: ${seconds.toFixed(1)} s\n`);
console.log(table(['peril', 'grid', 'rows', 'table bytes'], tables.map((t) => [t.peril, `${t.grid.nlat} × ${t.grid.nlon} @ ${t.grid.dlat}°`, t.rows, encodeTable(t).byteLength])));
console.log('\n### Reference values\n');
console.log(
  table(
    ['peril', 'place', 'quantity', 'reference', 'ours', 'ratio', 'source', 'note'],
    validate(byPeril).map((r) => [r.peril, r.place, r.quantity, r.reference, r.ours, r.ratio, r.reference_source, r.note]),
  ),
);
console.log('\n### Orderings\n');
console.log(table(['peril', 'claim', 'holds', 'detail'], orderings(byPeril).map((o) => [o.peril, o.claim, o.holds ? 'yes' : 'NO', o.detail])));

const hail = byPeril.get('Hail') as RateTable;
const derived = hail.meta.parameters.derived as { modernReportingEfficiency: number[]; earlyReportingEfficiency: number[]; coveredCellsPerDensityClass: number[]; reportedCellDaysPerYear: number; modernCellDaysPerYear: number };
const edges = hail.meta.parameters.reportingCorrection as { densityEdgesPerKm2: number[] };
const classLabel = (c: number): string => (c === 0 ? 'no listed place' : c < edges.densityEdgesPerKm2.length ? `${edges.densityEdgesPerKm2[c - 1]}–${edges.densityEdgesPerKm2[c]}` : `≥ ${edges.densityEdgesPerKm2[c - 1]}`);
console.log('\n### Hail reporting efficiency by population density (persons per km² of the cell)\n');
console.log(table(['class', 'covered cells', 'modern years', '1955–1989'], derived.modernReportingEfficiency.map((e, c) => [classLabel(c), derived.coveredCellsPerDensityClass[c], e, derived.earlyReportingEfficiency[c]])));
console.log(`\nModern cell-days ≥ 1 in per year: ${derived.reportedCellDaysPerYear.toFixed(0)} reported, ${derived.modernCellDaysPerYear.toFixed(0)} after the correction.`);
if (process.argv.includes('--map')) {
  for (const m of validation.maps!(byPeril, 'docs/maps')) console.log(`\nMap: ${m.file}. ${m.legend}`);
}
