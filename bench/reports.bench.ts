/**
 * Reports and workbooks for 100,000-location schedules (bench/README.md
 * "Reports and workbooks"): report build time, size and peak RSS for a Lite
 * results CSV (every Lite peril) and an in-depth one (3 perils ≈ 2.5 M
 * long-form rows), their workbooks, the time Chromium takes to open each
 * report, and xlsx-populate against the streaming writer at sizes both can
 * handle. Every measurement runs in a child process of its own, so peak RSS
 * (getrusage maxrss) is that task's alone.
 *
 *   node --import tsx bench/reports.bench.ts [--locations 100000] [--writer-rows 10000,50000,100000]
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import type { ArtefactInputs } from '../src/batch/artefacts.js';
import type { PerilName } from '../src/engine/perils.js';
import type { JobInfo } from '../src/reports/job-info.js';
import { loadConfig } from '../src/config.js';
import { buildReport } from '../src/reports/html/build-report.js';
import { openWorkbookWriter } from '../src/reports/index.js';
import { buildWorkbook } from '../src/reports/workbook/build-workbook.js';
import { SHEET_ROW_LIMIT } from '../src/reports/workbook/sheets.js';
import { writeSyntheticInDepth, writeSyntheticLite } from '../test/reports/synthetic-results.js';

const LITE_PERILS: PerilName[] = ['TropicalCyclone', 'Wildfire', 'Earthquake', 'FloodLivePlus', 'Hail', 'USTornado', 'Rain', 'MaxWindGust'];
/** 10 + 9 + 6 thresholds: 25 long-form rows per location, 2.5 M for 100,000 locations. */
const IN_DEPTH_PERILS: PerilName[] = ['TropicalCyclone', 'MaxWindGust', 'Rain'];

interface Task {
  task: 'report' | 'workbook';
  kind: 'lite' | 'in_depth';
  csv: string;
  dir: string;
  perils: PerilName[];
  locations: number;
  /** workbook: force a writer ('auto' = the configured rule). */
  writer?: 'populate' | 'streaming' | 'auto';
}

function jobInfo(task: Task): JobInfo {
  return { id: 'job_bench', kind: task.kind, perils: task.perils, method: task.kind === 'lite' ? 'return_period' : null, floodPlus: task.kind === 'lite' ? true : null, filename: 'bench.csv', totalRows: task.locations, submissionDate: '2026-11-23' };
}

/** Child: one measurement, printed as a JSON line. */
async function runTask(task: Task): Promise<void> {
  const inputs: ArtefactInputs = { results: task.csv, failures: path.join(task.dir, 'failures.jsonl'), dir: task.dir, filename: null, workbook: null, links: { results: '/v1/downloads/job_bench/results.csv?expires=1&signature=x', workbook: null, expiresAt: Date.now() } };
  const baseMiB = process.memoryUsage().rss / 2 ** 20;
  // The in-process worker shares the event loop with the HTTP server: the longest stall matters.
  const stalls = monitorEventLoopDelay({ resolution: 10 });
  stalls.enable();
  const started = performance.now();
  let output: Record<string, unknown>;
  if (task.task === 'report') {
    const file = await buildReport(jobInfo(task), inputs, Date.now());
    output = { file, bytes: fs.statSync(file).size };
  } else {
    const streamingRows = task.writer === 'streaming' ? 0 : task.writer === 'populate' ? Number.MAX_SAFE_INTEGER : loadConfig({}, {}).workbookStreamingRows;
    const outcome = await buildWorkbook(jobInfo(task), inputs, { maxRows: Number.MAX_SAFE_INTEGER, streamingRows, maxSeconds: 0, sheetRows: SHEET_ROW_LIMIT }, openWorkbookWriter, Date.now);
    if ('skipped' in outcome) throw new Error(outcome.skipped);
    output = { file: outcome.file, bytes: fs.statSync(outcome.file).size, rows: outcome.rows, sheets: outcome.sheets, writer: outcome.writer };
  }
  output.seconds = (performance.now() - started) / 1000;
  stalls.disable();
  output.stallMs = stalls.max / 1e6;
  const peakMiB = process.resourceUsage().maxRSS / 1024;
  output.peakMiB = peakMiB;
  output.addedMiB = peakMiB - baseMiB;
  console.log(JSON.stringify(output));
}

function measure(task: Task): Record<string, any> {
  const out = execFileSync(process.execPath, ['--import', 'tsx', new URL(import.meta.url).pathname, '--task', JSON.stringify(task)], { encoding: 'utf8', maxBuffer: 1 << 20 });
  return JSON.parse(out.trim().split('\n').pop()!);
}

const mib = (bytes: number): string => `${(bytes / 2 ** 20).toFixed(1)} MiB`;

/** Seconds from navigation to the first frame after the inline script ran; null without Chromium. */
async function openTimes(files: string[]): Promise<number[] | null> {
  // Imported here so the measuring children do not load playwright.
  const { chromiumPath, launchBrowser } = await import('../test/helpers/chromium.js');
  if (!chromiumPath()) return null;
  const browser = await launchBrowser();
  try {
    const times: number[] = [];
    for (const file of files) {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      const started = performance.now();
      await page.goto(pathToFileURL(file).href, { waitUntil: 'load' });
      // 'load' fires after the inline script ran; one more frame for the first paint of the points.
      await page.evaluate('new Promise((resolve) => requestAnimationFrame(resolve))');
      times.push((performance.now() - started) / 1000);
      await page.close();
    }
    return times;
  } finally {
    await browser.close();
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const arg = (name: string, fallback: string): string => (args.includes(name) ? args[args.indexOf(name) + 1]! : fallback);
  const locations = Number(arg('--locations', '100000'));
  const writerRows = arg('--writer-rows', '10000,50000,100000').split(',').map(Number);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hazrisk-reports-bench-'));
  console.log(`# reports bench — ${os.cpus().length} cores (${os.cpus()[0]?.model}), node ${process.version}, ${locations} locations, load average ${os.loadavg()[0]!.toFixed(1)}`);
  try {
    const lite = { task: 'report', kind: 'lite', csv: path.join(dir, 'lite.csv'), dir: path.join(dir, 'lite'), perils: LITE_PERILS, locations } as const;
    const inDepth = { task: 'report', kind: 'in_depth', csv: path.join(dir, 'in-depth.csv'), dir: path.join(dir, 'in-depth'), perils: IN_DEPTH_PERILS, locations } as const;
    for (const t of [lite, inDepth]) fs.mkdirSync(t.dir, { recursive: true });
    writeSyntheticLite(lite.csv, { locations, perils: LITE_PERILS });
    writeSyntheticInDepth(inDepth.csv, { locations, perils: IN_DEPTH_PERILS });
    console.log(`results CSVs: Lite ${mib(fs.statSync(lite.csv).size)}, in-depth ${mib(fs.statSync(inDepth.csv).size)}`);

    const reports = [measure(lite), measure(inDepth)];
    const opened = await openTimes(reports.map((r) => r.file));
    ['Lite', 'In-depth'].forEach((label, i) => {
      const r = reports[i]!;
      console.log(`report ${label}: ${mib(r.bytes)} in ${r.seconds.toFixed(1)} s, peak RSS ${r.peakMiB.toFixed(0)} MiB (+${r.addedMiB.toFixed(0)}), longest event-loop stall ${r.stallMs.toFixed(0)} ms; Chromium open ${opened ? `${opened[i]!.toFixed(2)} s` : 'skipped (no /usr/bin/chromium)'}`);
    });

    for (const t of [lite, inDepth]) {
      const w = measure({ ...t, task: 'workbook', writer: 'auto' });
      console.log(`workbook ${t.kind}: ${w.rows} rows on ${w.sheets} sheet(s), ${w.writer} writer, ${mib(w.bytes)} in ${w.seconds.toFixed(1)} s, peak RSS ${w.peakMiB.toFixed(0)} MiB (+${w.addedMiB.toFixed(0)}), longest stall ${w.stallMs.toFixed(0)} ms`);
    }

    console.log('writers, in-depth rows (15 columns):');
    for (const rows of writerRows) {
      const small = { task: 'workbook', kind: 'in_depth', csv: path.join(dir, `rows-${rows}.csv`), dir: path.join(dir, `rows-${rows}`), perils: IN_DEPTH_PERILS, locations: Math.ceil(rows / 25) } as const;
      fs.mkdirSync(small.dir, { recursive: true });
      writeSyntheticInDepth(small.csv, { locations: small.locations, perils: IN_DEPTH_PERILS });
      const populate = measure({ ...small, writer: 'populate' });
      const streaming = measure({ ...small, writer: 'streaming' });
      console.log(
        `  ${populate.rows} rows: xlsx-populate ${populate.seconds.toFixed(2)} s, +${populate.addedMiB.toFixed(0)} MiB, stall ${populate.stallMs.toFixed(0)} ms, ${mib(populate.bytes)}; ` +
          `streaming ${streaming.seconds.toFixed(2)} s, +${streaming.addedMiB.toFixed(0)} MiB, stall ${streaming.stallMs.toFixed(0)} ms, ${mib(streaming.bytes)}; ` +
          `xlsx-populate/streaming ${(populate.seconds / streaming.seconds).toFixed(1)}× time, ${(populate.addedMiB / Math.max(1, streaming.addedMiB)).toFixed(1)}× added memory`,
      );
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const taskAt = process.argv.indexOf('--task');
if (taskAt >= 0) await runTask(JSON.parse(process.argv[taskAt + 1]!) as Task);
else await main();
