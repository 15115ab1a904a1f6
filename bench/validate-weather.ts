/**
 * Builds the weather tables (Rain, MaxWindGust, CumulativeRain, Cumulativesnow)
 * from the real catalogues, times the build, prints the validation as markdown
 * and draws docs/maps/rain.png:
 *   node --import tsx bench/validate-weather.ts
 * HAZRISK_SOURCES sets the catalogue folder (default ../shared/data). With
 * HAZRISK_WX_WITH_TC=1 the TropicalCyclone builder (if present) runs first so the
 * gust table gets its tropical-cyclone term; its time is reported separately.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { PerilName } from '../src/engine/perils.js';
import { encodeTable } from '../src/engine/table-file.js';
import type { HazardTable } from '../src/engine/table-spec.js';
import type { ValidationRow } from '../src/models/validation-types.js';
import type { BuildContext, ModelBuilder } from '../src/models/types.js';
import { weatherBuilder } from '../src/models/weather/index.js';
import { rainValidation, type TailGroupRow } from '../src/models/weather/rain-validation.js';
import { ASCE_CITIES, EUROCODE_CITIES } from '../src/models/weather/references.js';
import { stationValidation } from '../src/models/weather/station-validation.js';
import { designGustRows, orderings, validate, validation } from '../src/models/weather/validation.js';

const sourcesDir = path.resolve(process.env.HAZRISK_SOURCES ?? '../shared/data');
const built = new Map<PerilName, HazardTable>();
const context = (name: string): BuildContext => ({ sourcesDir, progress: () => {}, log: (m) => console.error(`[${name}] ${m}`), built });
const fmt = (x: number | null, digits = 3): string => (x === null || !Number.isFinite(x) ? '—' : Number(x.toPrecision(digits)).toString());
const pct = (x: number): string => `${(100 * x).toFixed(0)} %`;

if (process.env.HAZRISK_WX_WITH_TC === '1') {
  const specifier = '../src/models/tropical-cyclone/index.js';
  const module = (await import(specifier).catch(() => null)) as { tropicalCycloneBuilder?: ModelBuilder } | null;
  if (module?.tropicalCycloneBuilder) {
    const t0 = performance.now();
    for (const t of await module.tropicalCycloneBuilder.build(context('tropical-cyclone'))) built.set(t.peril, t);
    console.log(`TropicalCyclone built in ${((performance.now() - t0) / 1000).toFixed(1)} s (not part of the weather time)\n`);
  } else console.log('TropicalCyclone builder not found: gust table without the tropical-cyclone term\n');
}

const started = performance.now();
const tables = await weatherBuilder.build(context('weather'));
const seconds = (performance.now() - started) / 1000;
const byPeril = new Map(tables.map((t) => [t.peril, t] as const));

console.log(`## Weather build\n\nBuild time (Rain, MaxWindGust, CumulativeRain, Cumulativesnow): **${seconds.toFixed(1)} s**\n`);
console.log('| peril | grid | rows | table bytes | confidence |\n|---|---|---|---|---|');
for (const t of tables) console.log(`| ${t.peril} | ${t.grid.dlat}° ${t.grid.nlat}×${t.grid.nlon} | ${t.rows} | ${encodeTable(t).byteLength} | ${t.meta.confidence} |`);

const referenceTable = (title: string, rows: readonly ValidationRow[]): void => {
  console.log(`\n## ${title}\n\n| peril | place | quantity | reference | ours | ratio | source | note |\n|---|---|---|---|---|---|---|---|`);
  for (const r of rows) console.log(`| ${r.peril} | ${r.place} | ${r.quantity} | ${fmt(r.reference)} | ${fmt(r.ours)} | ${fmt(r.ratio)} | ${r.reference_source} | ${r.note ?? ''} |`);
};
referenceTable('Published references', validate(byPeril));

const gusts = designGustRows(byPeril, [...ASCE_CITIES, ...EUROCODE_CITIES]);
referenceTable('Design gusts, every return period', gusts);
const within = (rows: readonly ValidationRow[]): string => `${rows.filter((r) => r.ratio !== null && Math.abs(r.ratio - 1) <= 0.15).length} of ${rows.length}`;
const asce50 = gusts.filter((r) => r.quantity.startsWith('50-yr') && ASCE_CITIES.some((c) => c.place === r.place));
console.log(`\nASCE 7-05 50-yr gust within ±15 %: held-out cities ${within(asce50.filter((r) => r.note?.startsWith('held out')))}, all ${within(asce50)}.`);

console.log('\n## Orderings\n\n| peril | claim | holds | detail |\n|---|---|---|---|');
for (const o of orderings(byPeril)) console.log(`| ${o.peril} | ${o.claim} | ${o.holds ? 'yes' : '**no**'} | ${o.detail} |`);

const v = rainValidation(byPeril, sourcesDir);
if (v) {
  const groupRow = (r: TailGroupRow): string =>
    `| ${r.group} | ${r.stations} | ${r.ratios.map((x) => x.toFixed(2)).join(' / ')} | ${r.iqr100[0].toFixed(2)}–${r.iqr100[1].toFixed(2)} | ${pct(r.within25)} | ${r.ratio100CellScaled.toFixed(2)} | ${(100 * r.probabilityAtGev100).toFixed(2)} % | ${fmt(r.observed100)} | ${fmt(r.ours100)} |`;
  const header = '| group | stations | ours ÷ GEV at 10 / 50 / 100 yr (median) | IQR at 100 yr | within ±25 % | 100-yr, cell-scaled | P(day ≥ GEV 100-yr) | GEV 100-yr (mm) | ours (mm) |\n|---|---|---|---|---|---|---|---|---|';
  console.log('\n## Held-out US HCN stations: daily rainfall against each station\'s GEV (L-moments)\n');
  console.log(`By NCEI climate region\n\n${header}\n${[v.heldOut, ...v.byRegion].map(groupRow).join('\n')}`);
  console.log(`\nBy climate group (Köppen)\n\n${header}\n${v.byClimate.map(groupRow).join('\n')}`);
  console.log(`\nHurricane coast\n\n${header}\n${groupRow(v.hurricaneCoast)}`);
  console.log('\n| station | state | GEV 10 / 50 / 100 yr (mm) | ours (mm) | 100-yr ratio |\n|---|---|---|---|---|');
  for (const s of v.stations.filter((x) => x.site.hurricaneCoast)) {
    console.log(`| ${s.site.name} | ${s.site.state} | ${s.observed.map((x) => fmt(x)).join(' / ')} | ${s.ours.map((x) => fmt(x)).join(' / ')} | ${fmt(s.ours[2]! / s.observed[2]!)} |`);
  }
  console.log('\n5-day totals ≥ 200 mm (annual probability, mean over held-out stations)\n\n| group | stations | ours | observed | ratio |\n|---|---|---|---|---|');
  for (const m of v.multiday) console.log(`| ${m.group} | ${m.stations} | ${fmt(m.modelMean)} | ${fmt(m.observedMean)} | ${fmt(m.modelMean / m.observedMean)} |`);
}

const stations = stationValidation(byPeril, sourcesDir);
console.log('\n## Held-out US HCN stations (≥ 30 valid years): annual maxima, model ÷ observed sample quantile\n\n| peril | quantity | stations | median | IQR | geometric mean | within ±20 % |\n|---|---|---|---|---|---|---|');
for (const b of stations.bias) {
  console.log(`| ${b.peril} | ${b.quantity} | ${b.stations} | ${fmt(b.medianRatio)} | ${fmt(b.q25Ratio)}–${fmt(b.q75Ratio)} | ${fmt(b.geometricMeanRatio)} | ${pct(b.within20)} |`);
}
console.log('\n| peril | quantity (annual probability) | stations | model mean | observed mean |\n|---|---|---|---|---|');
for (const r of stations.reliability) console.log(`| ${r.peril} | ${r.quantity} | ${r.stations} | ${fmt(r.modelMean)} | ${fmt(r.observedMean)} |`);

const mapDir = path.resolve('docs/maps');
fs.mkdirSync(mapDir, { recursive: true });
for (const m of validation.maps!(byPeril, mapDir)) console.log(`\n## Map\n\n${m.title}: ${path.relative(process.cwd(), m.file)}\n\n${m.legend}`);
