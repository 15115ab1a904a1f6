/**
 * Builds the weather tables (Rain, MaxWindGust, CumulativeRain, Cumulativesnow)
 * from the real catalogues, times the build and prints the validation as markdown:
 *   node --import tsx bench/validate-weather.ts
 * HAZRISK_SOURCES sets the catalogue folder (default ../shared/data). With
 * HAZRISK_WX_WITH_TC=1 the TropicalCyclone builder (if present) runs first so the
 * gust table gets its tropical-cyclone term; its time is reported separately.
 */
import path from 'node:path';
import type { PerilName } from '../src/engine/perils.js';
import { encodeTable } from '../src/engine/table-file.js';
import type { HazardTable } from '../src/engine/table-spec.js';
import type { BuildContext, ModelBuilder } from '../src/models/types.js';
import { weatherBuilder } from '../src/models/weather/index.js';
import { stationValidation } from '../src/models/weather/station-validation.js';
import { orderings, validate } from '../src/models/weather/validation.js';

const sourcesDir = path.resolve(process.env.HAZRISK_SOURCES ?? '../shared/data');
const built = new Map<PerilName, HazardTable>();
const context = (name: string): BuildContext => ({ sourcesDir, progress: () => {}, log: (m) => console.error(`[${name}] ${m}`), built });
const fmt = (x: number | null, digits = 3): string => (x === null || !Number.isFinite(x) ? '—' : Number(x.toPrecision(digits)).toString());

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

console.log('\n## Published references\n\n| peril | place | quantity | reference | ours | ratio | source | note |\n|---|---|---|---|---|---|---|---|');
for (const r of validate(byPeril)) {
  console.log(`| ${r.peril} | ${r.place} | ${r.quantity} | ${fmt(r.reference)} | ${fmt(r.ours)} | ${fmt(r.ratio)} | ${r.reference_source} | ${r.note ?? ''} |`);
}

console.log('\n## Orderings\n\n| peril | claim | holds | detail |\n|---|---|---|---|');
for (const o of orderings(byPeril)) console.log(`| ${o.peril} | ${o.claim} | ${o.holds ? 'yes' : '**no**'} | ${o.detail} |`);

const stations = stationValidation(byPeril, sourcesDir);
console.log('\n## US HCN stations (≥ 30 valid years): model ÷ observed\n\n| peril | quantity | stations | median | IQR | geometric mean | within ±20 % |\n|---|---|---|---|---|---|---|');
for (const b of stations.bias) {
  console.log(`| ${b.peril} | ${b.quantity} | ${b.stations} | ${fmt(b.medianRatio)} | ${fmt(b.q25Ratio)}–${fmt(b.q75Ratio)} | ${fmt(b.geometricMeanRatio)} | ${(100 * b.within20).toFixed(0)} % |`);
}
console.log('\n| peril | quantity (annual probability) | stations | model mean | observed mean |\n|---|---|---|---|---|');
for (const r of stations.reliability) console.log(`| ${r.peril} | ${r.quantity} | ${r.stations} | ${fmt(r.modelMean)} | ${fmt(r.observedMean)} |`);
