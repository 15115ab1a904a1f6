/**
 * Test entry for `npm test` (docs/testing.md). Runs every *.test.ts under
 * test/ with node's runner and fails unless every test it expected ran:
 *   - any failure, a file that fails to load or hangs (a file gets FILE_TIMEOUT_MS; WHOLE_BUILD_FILES longer),
 *   - a file whose runner counted more tests than reached the summary,
 *   - no tests at all, or a file that ran none,
 *   - a file that ran fewer tests than test/test-counts.json records (a test vanished),
 *   - with HAZRISK_STRICT_SKIPS=1 (CI), any skipped test or suite.
 * Counts come from a machine-readable reporter (runner/summary-reporter.mjs),
 * printed per file with every skip and its reason.
 *
 * Usage: node --import tsx test/run.ts [--record-counts] [substring filters...]
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const FILE_TIMEOUT_MS = 600_000;
/**
 * Files that build every table from the catalogues (~2.5 minutes of two cores alone, 6–7 beside
 * other test files): started first, so the other files run beside them, and with a hang guard
 * that a busy machine does not reach.
 */
const WHOLE_BUILD_FILES = new Set(['test/models/real-tables.test.ts']);
const WHOLE_BUILD_TIMEOUT_MS = 1_800_000;
const root = path.dirname(new URL(import.meta.url).pathname);
const countsFile = path.join(root, 'test-counts.json');
const args = process.argv.slice(2);
const record = args.includes('--record-counts');
const filters = args.filter((a) => a !== '--record-counts');
const strictSkips = process.env.HAZRISK_STRICT_SKIPS === '1';

interface Total {
  total: string;
  value: number;
}

interface Result {
  outcome: 'pass' | 'fail' | 'skip' | 'todo';
  file: string | null;
  name: string;
  nesting: number;
  suite: boolean;
  reason: string | null;
  failure: string | null;
}

interface FileTally {
  pass: number;
  fail: number;
  skip: number;
  todo: number;
  skipped: string[];
  loadFailure: string | null;
}

function find(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return find(full);
    return entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

const files = find(root)
  .map((f) => path.relative(process.cwd(), f))
  .filter((f) => filters.length === 0 || filters.some((s) => f.includes(s)))
  .sort((a, b) => Number(WHOLE_BUILD_FILES.has(b)) - Number(WHOLE_BUILD_FILES.has(a)) || (a < b ? -1 : a > b ? 1 : 0));
if (files.length === 0) {
  console.error(`test/run.ts: no test files found${filters.length ? ` matching ${filters.join(', ')}` : ''}`);
  process.exit(1);
}
const direct = files.filter((f) => /from 'node:test'/.test(fs.readFileSync(f, 'utf8')));
if (direct.length > 0) {
  console.error(`test/run.ts: import describe/it from test/helpers/harness.ts (per-test timeout), not node:test: ${direct.join(', ')}`);
  process.exit(1);
}

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hazrisk-run-'));
const reporter = path.join(root, 'runner/summary-reporter.mjs');

/**
 * One `node --test` per file, FILES_AT_ONCE at a time: the results of each
 * child belong to its file (node names a test's file after the module that
 * called it(), which is the harness), and its output is printed whole when it ends.
 */
function runFile(file: string, index: number): Promise<{ code: number | null; results: Result[]; totals: Map<string, number> }> {
  const resultsFile = path.join(workDir, `${index}.jsonl`);
  const child = spawn(
    process.execPath,
    [
      '--import', 'tsx', '--test', `--test-timeout=${WHOLE_BUILD_FILES.has(file) ? WHOLE_BUILD_TIMEOUT_MS : FILE_TIMEOUT_MS}`,
      '--test-reporter=spec', '--test-reporter-destination=stdout',
      `--test-reporter=${reporter}`, `--test-reporter-destination=${resultsFile}`,
      file,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, HAZRISK_LOG_LEVEL: process.env.HAZRISK_LOG_LEVEL ?? 'silent' } },
  );
  const output: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
  return new Promise((resolve) => {
    child.on('close', (code) => {
      process.stdout.write(`\n── ${file}\n${Buffer.concat(output).toString()}`);
      const lines = fs.existsSync(resultsFile) ? fs.readFileSync(resultsFile, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Result | Total) : [];
      const results = lines.filter((l): l is Result => 'outcome' in l).map((r) => ({ ...r, file }));
      const totals = new Map(lines.filter((l): l is Total => 'total' in l).map((t) => [t.total, t.value]));
      resolve({ code, results, totals });
    });
  });
}

const FILES_AT_ONCE = Math.max(1, Number(process.env.HAZRISK_TEST_CONCURRENCY ?? '2'));
const outcomes: { file: string; code: number | null; results: Result[]; totals: Map<string, number> }[] = [];
let next = 0;
await Promise.all(
  Array.from({ length: Math.min(FILES_AT_ONCE, files.length) }, async () => {
    while (next < files.length) {
      const index = next++;
      const file = files[index]!;
      outcomes.push({ file, ...(await runFile(file, index)) });
    }
  }),
);
fs.rmSync(workDir, { recursive: true, force: true });
report();

function report(): never {
  const tallies = new Map<string, FileTally>(files.map((f) => [f, { pass: 0, fail: 0, skip: 0, todo: 0, skipped: [], loadFailure: null }]));
  let failedFiles = 0;
  const lost: string[] = [];
  for (const { file, code, results, totals } of outcomes) {
    const tally = tallies.get(file)!;
    if (code !== 0) failedFiles++;
    // Every test the runner counted must have reached the summary reporter.
    const seen = results.filter((r) => !r.suite && !(r.nesting === 0 && r.name.endsWith(file))).length;
    if (totals.get('tests') !== seen && !results.some((r) => r.nesting === 0 && r.name.endsWith(file))) {
      lost.push(`${file}: the runner counted ${totals.get('tests') ?? 'no'} tests, the summary received ${seen}`);
    }
    for (const r of results) {
      if (r.nesting === 0 && !r.suite && r.name.endsWith(file)) {
        // The runner reports a file that crashed, hung or exited early as a test named after the file.
        if (r.outcome === 'fail') tally.loadFailure = r.failure ?? 'failed';
        continue;
      }
      if (r.outcome === 'skip' || r.outcome === 'todo') {
        tally[r.outcome]++;
        tally.skipped.push(`${r.suite ? 'suite ' : ''}"${r.name}": ${r.reason ?? 'no reason given'}`);
      } else if (!r.suite) tally[r.outcome]++;
    }
  }

  const problems: string[] = [...lost];
  const recorded: Record<string, number> = fs.existsSync(countsFile) ? JSON.parse(fs.readFileSync(countsFile, 'utf8')) : {};
  const totals = { pass: 0, fail: 0, skip: 0, todo: 0 };
  console.log('\ntest/run.ts: per file (pass / fail / skipped)');
  for (const [file, t] of [...tallies].sort(([a], [b]) => a.localeCompare(b))) {
    const ran = t.pass + t.fail;
    for (const k of ['pass', 'fail', 'skip', 'todo'] as const) totals[k] += t[k];
    console.log(`  ${String(t.pass).padStart(4)} ${String(t.fail).padStart(3)} ${String(t.skip + t.todo).padStart(3)}  ${file}${t.loadFailure ? `  (file ${t.loadFailure})` : ''}`);
    for (const s of t.skipped) console.log(`             skipped ${s}`);
    if (t.loadFailure) problems.push(`${file}: the file failed as a whole (${t.loadFailure})`);
    if (ran === 0 && t.skip + t.todo === 0) problems.push(`${file}: no test ran`);
    if (strictSkips && t.skip + t.todo > 0) problems.push(`${file}: ${t.skip + t.todo} skipped, and HAZRISK_STRICT_SKIPS=1 allows none`);
    if (filters.length === 0 && recorded[file] !== undefined && ran + t.skip + t.todo < recorded[file]) {
      problems.push(`${file}: ${ran + t.skip + t.todo} tests, but test-counts.json records ${recorded[file]} (a test vanished; after removing tests on purpose, run npm test -- --record-counts)`);
    }
  }
  if (filters.length === 0) {
    for (const file of Object.keys(recorded)) if (!tallies.has(file)) problems.push(`${file}: recorded in test-counts.json but no longer exists`);
  }
  const total = totals.pass + totals.fail;
  console.log(`test/run.ts: ${files.length} files, ${total + totals.skip + totals.todo} tests: ${totals.pass} passed, ${totals.fail} failed, ${totals.skip + totals.todo} skipped`);
  if (total === 0) problems.push('the runner reported no tests');
  if (failedFiles > 0 && problems.length === 0 && totals.fail === 0) problems.push(`${failedFiles} file runs exited non-zero`);
  if (problems.length > 0) {
    console.error(`test/run.ts: FAILED\n  ${problems.join('\n  ')}`);
  }
  const ok = failedFiles === 0 && totals.fail === 0 && problems.length === 0;
  if (ok && record && filters.length === 0) {
    const counts = Object.fromEntries([...tallies].filter(([f]) => files.includes(f)).map(([f, t]) => [f, t.pass + t.fail + t.skip + t.todo]));
    fs.writeFileSync(countsFile, `${JSON.stringify(counts, null, 2)}\n`);
    console.log(`test/run.ts: recorded the counts of ${files.length} files in ${path.relative(process.cwd(), countsFile)}`);
  }
  process.exit(ok ? 0 : 1);
}
