/**
 * Test entry for `npm test`. Node 20's `node --test <dir>` silently finds no
 * tests and the shell does not expand `**`, so this lists every *.test.ts file
 * itself, runs them with node's runner, and fails when none ran.
 * Usage: node --import tsx test/run.ts [substring filters...]
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.dirname(new URL(import.meta.url).pathname);
const filters = process.argv.slice(2);

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
  .sort();
if (files.length === 0) {
  console.error(`test/run.ts: no test files found${filters.length ? ` matching ${filters.join(', ')}` : ''}`);
  process.exit(1);
}

const concurrency = process.env.HAZRISK_TEST_CONCURRENCY ?? '2';
const child = spawn(
  process.execPath,
  ['--import', 'tsx', '--test', `--test-concurrency=${concurrency}`, '--test-reporter=spec', ...files],
  { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, HAZRISK_LOG_LEVEL: process.env.HAZRISK_LOG_LEVEL ?? 'silent' } },
);
let tail = '';
child.stdout.on('data', (chunk: Buffer) => {
  process.stdout.write(chunk);
  tail = (tail + chunk.toString()).slice(-4000);
});
child.on('close', (code) => {
  const ran = Number(/tests (\d+)/.exec(tail)?.[1] ?? 0);
  if (ran === 0) {
    console.error('test/run.ts: the runner reported 0 tests; failing.');
    process.exit(1);
  }
  console.log(`test/run.ts: ${files.length} files, ${ran} tests, exit ${code}`);
  process.exit(code ?? 1);
});
