/**
 * Are the hazard tables resident once, whatever the number of engine workers?
 * Each case runs in a fresh process: RSS after loading nothing, after loading
 * the tables (inline kernel only), and with a 2-thread pool whose workers have
 * each evaluated curves over every table.
 *
 *   HAZRISK_TABLES_DIR=var/tables node --import tsx bench/memory.bench.ts
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';

const tablesDir = path.resolve(process.env.HAZRISK_TABLES_DIR ?? 'var/tables');

if (process.argv[2] === '--case') {
  const { Engine } = await import('../src/engine/engine.js');
  const { cellCentre } = await import('../src/engine/grid.js');
  const pool = Number(process.argv[3]);
  let tableBytes = 0;
  if (pool >= 0) {
    const engine = Engine.create({ tablesDir, poolSize: pool, inlineBudgetMicros: pool > 0 ? 0 : 1e12 });
    tableBytes = engine.tables.tableBytes();
    for (const [peril, t] of engine.tables.tables) {
      const cells: number[] = [];
      t.cellRow.forEach((row, cell) => row >= 0 && cells.push(cell));
      const requests = Array.from({ length: 4000 }, (_, i) => ({
        peril, ...cellCentre(t.info.grid, cells[(i * 7919) % cells.length]!), startDay: 20800, endDay: 21164, startHour: 0, endHour: 23, mode: 'window' as const,
      }));
      await engine.evaluate(requests);
    }
    await new Promise((r) => setTimeout(r, 200));
    global.gc?.();
    process.stdout.write(JSON.stringify({ rss: process.memoryUsage().rss, tableBytes, poolTasks: engine.poolTasks }));
    await engine.close();
  } else {
    process.stdout.write(JSON.stringify({ rss: process.memoryUsage().rss, tableBytes: 0, poolTasks: 0 }));
  }
  process.exit(0);
}

const measure = (pool: number) =>
  JSON.parse(execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', 'bench/memory.bench.ts', '--case', String(pool)], { encoding: 'utf8', maxBuffer: 1 << 20 })) as {
    rss: number;
    tableBytes: number;
    poolTasks: number;
  };
const mib = (n: number) => `${(n / 2 ** 20).toFixed(0)} MiB`;
const base = measure(-1);
const inline = measure(0);
const pooled = measure(2);
console.log(`# memory bench — ${os.cpus().length} cores, node ${process.version}, tables ${tablesDir}: ${mib(inline.tableBytes)}`);
console.log(`baseline process (engine modules only): RSS ${mib(base.rss)}`);
console.log(`tables loaded, inline kernel:           RSS ${mib(inline.rss)} (+${mib(inline.rss - base.rss)})`);
console.log(`tables loaded, 2 pool workers (${pooled.poolTasks} tasks): RSS ${mib(pooled.rss)} (+${mib(pooled.rss - base.rss)})`);
console.log(`two workers add ${mib(pooled.rss - inline.rss)}; the tables would add ${mib(2 * inline.tableBytes)} if each worker had a copy`);
