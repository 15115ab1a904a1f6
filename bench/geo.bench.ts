/**
 * Offline geocoder: load time and memory added by Geocoder.load(), then
 * lookups/s on one core for repeated (cached) names, distinct (uncached)
 * names, "lat, lon" strings and countryAt.
 *
 *   node --import tsx bench/geo.bench.ts
 *
 * Uncached lookups cycle through more distinct queries than the cache holds;
 * an LRU-style cache then never hits, so every call parses, normalises,
 * searches and ranks.
 */
import os from 'node:os';
import v8 from 'node:v8';
import vm from 'node:vm';
import { Bench } from 'tinybench';
import { GEOCODE_CACHE_ENTRIES, Geocoder } from '../src/geo/index.js';
import { loadGazetteer, NO_ADMIN1, placeName, unpackCountry } from '../src/geo/gazetteer.js';

const BATCH = 1_000;
const CACHED_QUERIES = [
  'Miami', 'Miami, FL', 'Miami, Florida', 'Miami, FL, USA', 'London', 'London, UK', 'London, Ontario', 'Paris, France',
  'Tokyo, Japan', 'São Paulo', 'Sao Paulo', '10001', 'NY 10001', 'Portland, ME', 'Springfield, IL', 'Zürich', 'Kraków',
  'New York', 'Sydney, NSW', 'Houston, Texas',
];

v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;
const megabytes = (bytes: number): string => (bytes / 2 ** 20).toFixed(1);

function memory(): { rss: number; retained: number } {
  collectGarbage();
  const usage = process.memoryUsage();
  return { rss: usage.rss, retained: usage.heapUsed + usage.arrayBuffers };
}

console.log(`# geocoder bench — ${os.cpus().length} cores (${os.cpus()[0]?.model}), node ${process.version}`);

const before = memory();
const started = performance.now();
const geocoder = Geocoder.load();
const loadMs = performance.now() - started;
const peakRss = process.memoryUsage().rss;
const after = memory();
console.log(`load: ${loadMs.toFixed(0)} ms; ${JSON.stringify(geocoder.stats)}`);
console.log(`memory added: RSS ${megabytes(after.rss - before.rss)} MiB (peak ${megabytes(peakRss - before.rss)} MiB), retained heap + array buffers ${megabytes(after.retained - before.retained)} MiB`);

/** Distinct real queries, three spellings per place from the most populous down. */
function distinctQueries(count: number): string[] {
  const gazetteer = loadGazetteer();
  const queries: string[] = [];
  for (let place = 0; queries.length < count && place < gazetteer.count; place++) {
    const name = placeName(gazetteer, place);
    const admin1 = gazetteer.admin1[place]!;
    const admin1Name = admin1 === NO_ADMIN1 ? null : gazetteer.admin1s[admin1]?.name;
    queries.push(name, `${name}, ${unpackCountry(gazetteer.country[place]!)}`);
    if (admin1Name) queries.push(`${name}, ${admin1Name}`);
  }
  return [...new Set(queries)].slice(0, count);
}

const uncached = distinctQueries(GEOCODE_CACHE_ENTRIES * 5);
const coordinates = Array.from({ length: 4096 }, (_, i) => `${((i * 37.1) % 140) - 60}, ${((i * 91.7) % 360) - 180}`);
let cursor = 0;
let found = 0;

const bench = new Bench({ time: 2000, warmupTime: 500 });
bench
  .add('cached names', () => {
    for (let i = 0; i < BATCH; i++) if (geocoder.geocode(CACHED_QUERIES[(cursor++) % CACHED_QUERIES.length]!)) found++;
  })
  .add('uncached names', () => {
    for (let i = 0; i < BATCH; i++) if (geocoder.geocode(uncached[(cursor++) % uncached.length]!)) found++;
  })
  .add('"lat, lon" strings', () => {
    for (let i = 0; i < BATCH; i++) if (geocoder.geocode(coordinates[(cursor++) % coordinates.length]!)) found++;
  })
  .add('countryAt', () => {
    for (let i = 0; i < BATCH; i++) if (geocoder.countryAt(((i * 7.3) % 140) - 60, ((cursor++ * 13.1) % 360) - 180)) found++;
  });
await bench.run();

console.log(`\n${uncached.length} distinct uncached queries; ${found} answers\n`);
console.log('| task | lookups/s (1 core) | ± |\n|---|---|---|');
for (const task of bench.tasks) {
  const latency = (task.result as unknown as { latency: { mean: number; rme: number } }).latency;
  const perSecond = BATCH / (latency.mean / 1000);
  console.log(`| ${task.name} | ${Math.round(perSecond).toLocaleString('en-US')} | ${latency.rme.toFixed(1)}% |`);
}
