import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, describe, it } from '../helpers/harness.js';
import { tempDir } from '../helpers/app.js';
import { assertReportAssets } from '../../src/reports/index.js';
import { reportAssets } from '../../src/reports/html/assets.js';
import { writeSyntheticLite } from './synthetic-results.js';

/**
 * The report client is built into dist/ (docs/reports.md): a deployment of
 * dist/ alone — no src/ — renders a report with the built script inlined
 * under its CSP hash, and the start-up check names the missing file when the
 * client was not built. Each case runs `node` in a temporary copy of dist/
 * beside a node_modules link and package.json; the real dist/ is never touched.
 */
const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BUILT_CLIENT = path.join(REPO, 'dist/reports/client');
const NOT_BUILT = 'report client not built: run `npm run build`';

const dirs: string[] = [];
after(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** dist/, node_modules (a link) and package.json in a fresh directory, without src/. */
function deployment(): string {
  const dir = tempDir('hazrisk-dist-');
  dirs.push(dir);
  fs.cpSync(path.join(REPO, 'dist'), path.join(dir, 'dist'), { recursive: true });
  fs.symlinkSync(path.join(REPO, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  fs.copyFileSync(path.join(REPO, 'package.json'), path.join(dir, 'package.json'));
  return dir;
}

/** Run an ES module script in `dir` with plain node: no tsx, so only dist/ can load. */
function runScript(dir: string, source: string, args: string[] = []): Promise<{ code: number; stdout: string; stderr: string }> {
  fs.writeFileSync(path.join(dir, 'script.mjs'), source);
  const env = { ...process.env };
  delete env.NODE_OPTIONS;
  return new Promise((resolve) => {
    execFile(process.execPath, ['script.mjs', ...args], { cwd: dir, env }, (err, stdout, stderr) => {
      resolve({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr });
    });
  });
}

const RENDER = `
import { assertReportAssets } from './dist/reports/index.js';
import { buildReport } from './dist/reports/html/build-report.js';
assertReportAssets();
const dir = process.argv[2];
const job = { id: 'job_dist', kind: 'lite', perils: ['Earthquake', 'Rain'], method: 'return_period', floodPlus: false, filename: 'dist.csv', totalRows: 20, submissionDate: '2026-11-23' };
const links = { results: '/r.csv', workbook: null, expiresAt: Date.UTC(2026, 10, 30) };
process.stdout.write(await buildReport(job, { results: dir + '/results.csv', failures: dir + '/failures.jsonl', dir, filename: 'dist.csv', workbook: null, links }, Date.UTC(2026, 10, 23)));
`;

const CHECK = `
import { assertReportAssets } from './dist/reports/index.js';
assertReportAssets();
`;

function sha256(text: string): string {
  return `sha256-${crypto.createHash('sha256').update(text, 'utf8').digest('base64')}`;
}

describe('report client built into dist/', () => {
  it('a dist/-only deployment renders a report with the built client inlined under its CSP hash', async () => {
    const dir = deployment();
    assert.ok(!fs.existsSync(path.join(dir, 'src')));
    const job = path.join(dir, 'job');
    fs.mkdirSync(job);
    writeSyntheticLite(path.join(job, 'results.csv'), { locations: 20, perils: ['Earthquake', 'Rain'] });

    const run = await runScript(dir, RENDER, [job]);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stdout, path.join(job, 'report.html'));
    const html = fs.readFileSync(run.stdout, 'utf8');

    const script = fs.readFileSync(path.join(dir, 'dist/reports/client/report.js'), 'utf8');
    const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
    assert.deepEqual(inline, [script], 'exactly one executable script: the built client');
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)![1]!;
    assert.ok(style.startsWith(fs.readFileSync(path.join(dir, 'dist/reports/client/report.css'), 'utf8')), 'the stylesheet is the built report.css (band colours appended)');

    const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(html)![1]!.replaceAll('&#39;', "'");
    assert.match(csp, new RegExp(`script-src '${sha256(script).replace(/[+/]/g, '\\$&')}'`));
    assert.match(csp, new RegExp(`style-src '${sha256(style).replace(/[+/]/g, '\\$&')}'`));
    assert.match(html, /id="band-chart"/);
    assert.match(html, /id="map-points"/);
  });

  it('the start-up check throws, naming the missing file, when the built client is absent', async () => {
    for (const missing of ['report.js', 'report.css']) {
      const dir = deployment();
      fs.rmSync(path.join(dir, 'dist/reports/client', missing));
      const run = await runScript(dir, CHECK);
      assert.notEqual(run.code, 0, `${missing} removed, yet the check passed`);
      assert.ok(run.stderr.includes(NOT_BUILT), run.stderr);
      assert.ok(run.stderr.includes(path.join(dir, 'dist/reports/client', missing)), run.stderr);
    }
    const dir = deployment();
    fs.rmSync(path.join(dir, 'dist/reports/client'), { recursive: true });
    const run = await runScript(dir, CHECK);
    assert.notEqual(run.code, 0);
    assert.ok(run.stderr.includes(NOT_BUILT), run.stderr);
  });

  it('from src/ under tsx the check passes and the assets are the built ones in dist/', () => {
    assert.doesNotThrow(() => assertReportAssets());
    const assets = reportAssets();
    assert.equal(assets.script, fs.readFileSync(path.join(BUILT_CLIENT, 'report.js'), 'utf8'));
    assert.ok(assets.style.startsWith(fs.readFileSync(path.join(BUILT_CLIENT, 'report.css'), 'utf8')));
    assert.ok(!assets.script.includes('</') && !assets.style.includes('</'));
  });
});
