/**
 * Standing evidence that hostile input never breaks the service (issues 20, 30).
 *
 * Two parts, both on by default:
 *  - cases: the service in this process on a fresh data dir with the fixture
 *    tables and its batch worker running, keys and a little state (set-up jobs
 *    run to completion), then fast-check–generated malformed and adversarial
 *    requests across every route of the router plus unrouted paths and raw
 *    malformed HTTP (bench/fuzz/gen/*); fails on any 5xx, any 4xx outside the
 *    documented error shape, a crash or a stuck /health, or any change to the
 *    database or the data dir.
 *  - live stages (bench/fuzz/live/): `hazrisk serve` (dist/) in a child process
 *    with the batch worker on, HAZRISK_UPLOAD_LIMIT=2 MiB (so bodies at the
 *    limit are cheap; --upload-limit) and HAZRISK_WORKBOOK_STREAMING_ROWS=1000
 *    (so a 1,500-row job reaches the streaming workbook writer; --streaming-rows):
 *    uploads at the limit, concurrency with /health judged, slow clients,
 *    keep-alive clients, and batch jobs over hostile text with every artefact
 *    downloaded and checked (strict CSV, well-formed XLSX XML, report in
 *    Chromium when present).
 *
 *   npm run fuzz                      # the default seed (20261127), 4,000 cases, every live stage
 *   npm run fuzz -- [--seed N] [--cases N] [--stage cases,limits,concurrency,slow,keepalive,outputs]
 *                   [--json out.json] [--fail-dir DIR] [--replay ID] [--idle S]
 *                   [--health-p99 MS] [--health-max MS] [--no-browser]
 *   npm run fuzz -- --seed N --stage limits:chunked-other-name-over     # replay one live case
 *
 * The default seed is fixed so that `npm run fuzz` with no arguments is
 * reproducible; --seed chooses another (any integer). --replay ID runs only
 * case ID of that seed and case count (same generation), printing its bytes
 * and the answer. Exit status 1 on any finding, printed with its replay
 * command.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { caseBytes, describeCase } from './fuzz/cases.js';
import { planCases } from './fuzz/gen/index.js';
import { type LiveSummary, printLive, runLive, type StageName, STAGES } from './fuzz/live/index.js';
import { printSummary, summarize, type Summary } from './fuzz/report.js';
import { runCases } from './fuzz/run.js';
import { startFuzzTarget } from './fuzz/target.js';
import { exchange, preview } from './fuzz/wire.js';

/** `npm run fuzz` with no arguments uses this seed (bench/README.md "Fuzzing"). */
export const DEFAULT_SEED = 20261127;
export const DEFAULT_CASES = 4000;

const args = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const seed = option('seed') !== undefined ? Number(option('seed')) : DEFAULT_SEED;
const total = Number(option('cases') ?? DEFAULT_CASES);
const jsonOut = option('json');
const replay = option('replay');
const failDir = option('fail-dir') ?? path.join(os.tmpdir(), `hazrisk-fuzz-failures-${seed}`);
const stageArg = option('stage') ?? 'all';
const usage = 'usage: bench/fuzz.ts [--seed N] [--cases N] [--stage all|cases,limits,concurrency,slow,keepalive,outputs|STAGE:CASE] [--json FILE] [--fail-dir DIR] [--replay ID] [--idle S] [--health-p99 MS] [--health-max MS] [--upload-limit BYTES] [--streaming-rows N] [--no-browser]';
if (!Number.isInteger(seed) || !Number.isInteger(total) || total < 0) {
  console.error(usage);
  process.exit(2);
}
// --stage: `all`, a comma list, or one live case `stage:case`.
let runCasesStage = true;
let live: StageName[] = [...STAGES];
let only: string | null = null;
if (stageArg !== 'all') {
  const list = stageArg.split(',').map((s) => s.trim());
  runCasesStage = list.includes('cases');
  live = [];
  for (const item of list.filter((s) => s !== 'cases')) {
    const [name, caseName] = item.split(':') as [string, string | undefined];
    if (!(STAGES as readonly string[]).includes(name)) {
      console.error(`unknown stage "${name}" (stages: cases, ${STAGES.join(', ')})\n${usage}`);
      process.exit(2);
    }
    live.push(name as StageName);
    if (caseName !== undefined) only = caseName;
  }
}
// uWS closes idle connections 8–12 s after their last activity (a 10-second timeout on a 4-second tick): 14 s is past it.
const idleSeconds = Number(option('idle') ?? 14);
const healthP99Ms = Number(option('health-p99') ?? 100);
const healthMaxMs = Number(option('health-max') ?? 1000);
const apiDoc = path.resolve(import.meta.dirname, '../docs/api.md');

console.log(`# fuzz — seed ${seed}${option('seed') === undefined ? ' (the default)' : ''}, ${runCasesStage ? `${total} cases` : 'no cases'}, live stages: ${live.length ? live.join(', ') + (only ? ` (case ${only})` : '') : 'none'}; node ${process.version}, ${os.cpus().length} cpus`);
console.log(`  rerun: npm run fuzz -- --seed ${seed} --cases ${total}${stageArg !== 'all' ? ` --stage ${stageArg}` : ''}`);
// runCases counts escapes while it runs; one that lands later (a stray callback after the last case) still fails the run.
const late: string[] = [];
const onLate = (err: unknown): void => void late.push(err instanceof Error ? (err.stack ?? err.message) : String(err));
process.on('uncaughtException', onLate);
process.on('unhandledRejection', onLate);
let exitCode = 0;
let summary: Summary | null = null;
let liveSummary: LiveSummary | null = null;

if (runCasesStage && total > 0) {
  const target = await startFuzzTarget();
  try {
    const plan = planCases(target.routes, seed, total);
    if (replay !== undefined) {
      const c = plan.cases[Number(replay)];
      if (!c) throw new Error(`no case ${replay} among ${plan.cases.length}`);
      const bytes = caseBytes(c, target.tokens);
      console.log(`${describeCase(c)}\nrequest (${bytes.length} bytes): ${preview(bytes, 4000)}`);
      const outcome = await exchange(bytes, { port: target.port, head: (c.http?.method ?? c.raw?.method) === 'HEAD', timeoutMs: 30_000 });
      if (outcome.kind === 'response') console.log(`response: ${outcome.response.head}\n\n${preview(outcome.response.body, 4000)}`);
      else console.log(`outcome: ${outcome.kind}`);
      await new Promise((r) => setTimeout(r, 500));
      if (late.length) console.log(`escaped to the process:\n${late.join('\n---\n')}`);
    } else {
      console.log(`routes: ${target.routes.length} in the router; cases per route: ${Object.entries(plan.perRoute).map(([r, n]) => `${r} ${n}`).join(', ')}`);
      let next = 1000;
      const run = await runCases(target, plan.cases, {
        apiDoc,
        failDir,
        onProgress: (done, all) => {
          if (done >= next) {
            next += 1000;
            console.log(`  … ${done}/${all}`);
          }
        },
      });
      late.length = 0; // those so far are already among run.failures
      await new Promise((r) => setTimeout(r, 1000));
      for (const error of late) run.failures.push({ type: 'crash', caseIds: [], route: '(after the run)', kind: 'late', detail: `escaped to the process after the last case: ${error.slice(0, 2000)}`, request: '', response: '', reproFile: null });
      summary = summarize(seed, plan, run, target.logs);
      printSummary(summary);
      for (const f of summary.failures.filter((x) => x.caseIds.length === 1).slice(0, 25)) console.log(`  replay #${f.caseIds[0]}: npm run fuzz -- --seed ${seed} --cases ${total} --replay ${f.caseIds[0]}`);
      if (!summary.passed) exitCode = 1;
    }
  } finally {
    await target.close();
  }
}

if (live.length > 0 && replay === undefined) {
  liveSummary = await runLive({
    seed,
    stages: live,
    only,
    mini: false,
    idleSeconds,
    healthP99Ms,
    healthMaxMs,
    browser: !args.includes('--no-browser'),
    apiDoc,
    uploadLimit: option('upload-limit') ? Number(option('upload-limit')) : undefined,
    streamingRows: option('streaming-rows') ? Number(option('streaming-rows')) : undefined,
  });
  printLive(liveSummary);
  if (!liveSummary.passed) exitCode = 1;
}

if (jsonOut && (summary || liveSummary)) {
  fs.mkdirSync(path.dirname(path.resolve(jsonOut)), { recursive: true });
  fs.writeFileSync(jsonOut, `${JSON.stringify({ ...(summary ?? { seed }), live: liveSummary }, null, 2)}\n`);
  console.log(`summary written to ${jsonOut}`);
}
console.log(exitCode === 0 ? `\nFUZZ: pass (seed ${seed})` : `\nFUZZ: FAIL (seed ${seed}) — see the findings above; each has its replay command`);
process.exit(exitCode);
