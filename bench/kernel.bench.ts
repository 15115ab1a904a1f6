/**
 * Hazard kernel throughput: curves/s per thread for each model type on random
 * covered locations with one-year windows, against the plain-TS reference in
 * the same run; then the piscina pool, batched vs one curve per task; then
 * resident memory with two workers.
 *
 *   node --import tsx bench/kernel.bench.ts            # synthetic tables sized like the real ones
 *   HAZRISK_TABLES_DIR=var/tables node --import tsx bench/kernel.bench.ts   # built tables
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Bench } from 'tinybench';
import { Engine, type CurveRequest } from '../src/engine/engine.js';
import { KernelInstance, kernelModule, REQUEST_INTS } from '../src/engine/kernel.js';
import { layoutBlock } from '../src/engine/scratch.js';
import { SharedTables } from '../src/engine/shared-tables.js';
import { encodeTable } from '../src/engine/table-file.js';
import { cellCentre } from '../src/engine/grid.js';
import { referenceWindow } from '../src/engine/reference.js';
import { daysFromCivil } from '../src/engine/calendar.js';
import type { HazardTable } from '../src/engine/table-spec.js';
import { benchTables } from './synthetic-tables.js';

const CURVES = 10_000;
const tablesDir = process.env.HAZRISK_TABLES_DIR;
const images = tablesDir
  ? fs.readdirSync(tablesDir).filter((f) => f.endsWith('.hzt')).map((f) => new Uint8Array(fs.readFileSync(path.join(tablesDir, f))))
  : benchTables().map(encodeTable);
const specs: HazardTable[] | null = tablesDir ? null : benchTables();
const shared = SharedTables.load(images, 4);
const kernel = new KernelInstance(kernelModule(), shared.memory);
const random = (() => {
  let s = 42;
  return () => ((s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
})();

console.log(`# kernel bench — ${os.cpus().length} cores (${os.cpus()[0]?.model}), node ${process.version}, tables: ${tablesDir ?? 'synthetic'}`);
console.log(`tables resident: ${(shared.tableBytes() / 2 ** 20).toFixed(1)} MiB`);

const bench = new Bench({ time: 1500, warmupTime: 300 });
const samples: Record<string, { kernel: number; reference?: number }> = {};
for (const [peril, placed] of shared.tables) {
  const covered: number[] = [];
  placed.cellRow.forEach((row, cell) => {
    if (row >= 0) covered.push(cell);
  });
  const picks = Array.from({ length: CURVES }, () => covered[Math.floor(random() * covered.length)]!);
  const requests = new Int32Array(CURVES * REQUEST_INTS);
  picks.forEach((cell, i) => {
    const start = daysFromCivil(2027, 1, 1) + Math.floor(random() * 365);
    requests.set([placed.cellRow[cell]!, start, start + 364, 0, 23, 0, 0], i * REQUEST_INTS);
  });
  const layout = layoutBlock(shared.scratchBase, CURVES);
  const name = `${peril} (${placed.info.type})`;
  bench.add(`kernel ${name} ×${CURVES}`, () => {
    new Int32Array(shared.memory.buffer, layout.requests, requests.length).set(requests);
    kernel.evaluate(placed.base, layout.requests, CURVES, layout.results, layout.scratch);
  });
  const spec = specs?.find((t) => t.peril === peril);
  if (spec) {
    const few = 200;
    bench.add(`reference ${name} ×${few}`, () => {
      for (let i = 0; i < few; i++) {
        const r = requests.subarray(i * REQUEST_INTS, (i + 1) * REQUEST_INTS);
        referenceWindow(spec, r[0]!, { startDay: r[1]!, endDay: r[2]!, startHour: 0, endHour: 23 });
      }
    });
  }
  samples[name] = { kernel: 0 };
}
await bench.run();
for (const task of bench.tasks) {
  const [kind, ...rest] = task.name.split(' ');
  const count = Number(task.name.split('×')[1]);
  const name = rest.join(' ').replace(/ ×\d+$/, '');
  const curvesPerSecond = count / ((task.result as unknown as { latency: { mean: number } }).latency.mean / 1000);
  samples[name]![kind === 'kernel' ? 'kernel' : 'reference'] = curvesPerSecond;
}
console.log('\n| table | kernel curves/s (1 thread) | reference curves/s | ratio |\n|---|---|---|---|');
for (const [name, s] of Object.entries(samples)) {
  console.log(`| ${name} | ${fmt(s.kernel)} | ${s.reference ? fmt(s.reference) : '—'} | ${s.reference ? (s.kernel / s.reference).toFixed(0) + '×' : '—'} |`);
}

// Pool: 20,000 rate curves in one evaluate() call vs 2,000 calls of one curve each.
const rssBefore = process.memoryUsage().rss;
const engine = Engine.create({ images, poolSize: 2, inlineBudgetMicros: 0 });
const [firstPeril, firstTable] = [...engine.tables.tables][0]!;
const coveredCells: number[] = [];
firstTable.cellRow.forEach((row, cell) => row >= 0 && coveredCells.push(cell));
const poolRequests: CurveRequest[] = Array.from({ length: 20_000 }, () => {
  const { latitude, longitude } = cellCentre(firstTable.info.grid, coveredCells[Math.floor(random() * coveredCells.length)]!);
  return { peril: firstPeril, latitude, longitude, startDay: daysFromCivil(2027, 3, 1), endDay: daysFromCivil(2028, 2, 28), startHour: 0, endHour: 23, mode: 'window' };
});
await engine.evaluate(poolRequests.slice(0, 100));
let t0 = performance.now();
await engine.evaluate(poolRequests);
const batched = 20_000 / ((performance.now() - t0) / 1000);
t0 = performance.now();
await Promise.all(poolRequests.slice(0, 2000).map((r) => engine.evaluate([r])));
const single = 2000 / ((performance.now() - t0) / 1000);
const rssAfter = process.memoryUsage().rss;
console.log(`\npool (2 workers, ${firstPeril}): batched ${fmt(batched)} curves/s · one curve per task ${fmt(single)} curves/s · ratio ${(batched / single).toFixed(1)}×`);
console.log(`memory: tables ${(shared.tableBytes() / 2 ** 20).toFixed(0)} MiB (loaded twice in this process: bench copy + engine copy); RSS grew ${((rssAfter - rssBefore) / 2 ** 20).toFixed(0)} MiB when the engine loaded its copy and started 2 workers`);
await engine.close();

function fmt(n: number): string {
  return n >= 1e6 ? `${(n / 1e6).toFixed(2)} M` : n >= 1e3 ? `${(n / 1e3).toFixed(1)} k` : n.toFixed(0);
}
