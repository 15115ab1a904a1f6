/**
 * Standing evidence that hostile input never breaks the service (issue 20).
 * Starts the service in this process on a fresh data dir with the fixture
 * tables, creates keys and a little state, then sends fast-check–generated
 * malformed and adversarial requests across every route of the router plus
 * unrouted paths and raw malformed HTTP (bench/fuzz/gen/*), and exits non-zero
 * on any 5xx, any 4xx outside the documented error shape, a crash or a stuck
 * /health, or any change to the database or the data dir.
 *
 *   npm run fuzz -- [--seed N] [--cases 10000] [--json out.json] [--fail-dir DIR] [--replay ID]
 *
 * --replay ID runs only case ID of that seed and case count (same generation),
 * printing its bytes and the answer.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { caseBytes, describeCase } from './fuzz/cases.js';
import { planCases } from './fuzz/gen/index.js';
import { printSummary, summarize } from './fuzz/report.js';
import { runCases } from './fuzz/run.js';
import { startFuzzTarget } from './fuzz/target.js';
import { exchange, preview } from './fuzz/wire.js';

const args = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const seed = option('seed') !== undefined ? Number(option('seed')) : Math.floor(Math.random() * 2 ** 31);
const total = Number(option('cases') ?? 10_000);
const jsonOut = option('json');
const replay = option('replay');
const failDir = option('fail-dir') ?? path.join(os.tmpdir(), `hazrisk-fuzz-failures-${seed}`);
if (!Number.isInteger(seed) || !Number.isInteger(total) || total < 1) {
  console.error('usage: bench/fuzz.ts [--seed N] [--cases N] [--json FILE] [--fail-dir DIR] [--replay ID]');
  process.exit(2);
}

console.log(`# fuzz — seed ${seed}, ${total} cases, node ${process.version}, ${os.cpus().length} cpus (rerun: npm run fuzz -- --seed ${seed} --cases ${total})`);
// runCases counts escapes while it runs; one that lands later (a stray callback after the last case) still fails the run.
const late: string[] = [];
const onLate = (err: unknown): void => void late.push(err instanceof Error ? (err.stack ?? err.message) : String(err));
process.on('uncaughtException', onLate);
process.on('unhandledRejection', onLate);
const target = await startFuzzTarget();
let exitCode = 0;
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
  } else {
    console.log(`routes: ${target.routes.length} in the router; cases per route: ${Object.entries(plan.perRoute).map(([r, n]) => `${r} ${n}`).join(', ')}`);
    let next = 1000;
    const run = await runCases(target, plan.cases, {
      apiDoc: path.resolve(import.meta.dirname, '../docs/api.md'),
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
    const summary = summarize(seed, plan, run, target.logs);
    printSummary(summary);
    if (jsonOut) {
      fs.mkdirSync(path.dirname(path.resolve(jsonOut)), { recursive: true });
      fs.writeFileSync(jsonOut, `${JSON.stringify(summary, null, 2)}\n`);
      console.log(`summary written to ${jsonOut}`);
    }
    if (!summary.passed) exitCode = 1;
  }
} finally {
  await target.close();
}
process.exit(exitCode);
