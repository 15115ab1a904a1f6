/**
 * Builds the batch report's client into dist/reports/client/: report.ts
 * bundled by esbuild into one classic script, report.js, and report.css
 * copied beside it. src/reports/html/assets.ts inlines both into every report
 * and src/reports/index.ts checks at start-up that they exist. Called by
 * bundle.ts, so `npm run build` writes it with the web interface.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const repoDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const clientDir = path.join(repoDir, 'src/reports/html/client');
export const REPORT_CLIENT_OUT_DIR = path.join(repoDir, 'dist/reports/client');

export async function buildReportClient(outDir = REPORT_CLIENT_OUT_DIR): Promise<string[]> {
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.mkdirSync(outDir, { recursive: true });
  await build({
    entryPoints: [path.join(clientDir, 'report.ts')],
    outfile: path.join(outDir, 'report.js'),
    bundle: true,
    // An inline <script>, not a module: everything stays inside one function scope.
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    logLevel: 'warning',
  });
  fs.copyFileSync(path.join(clientDir, 'report.css'), path.join(outDir, 'report.css'));
  // Both are inlined into the report, where a `</` would end their element early (assets.ts refuses them too).
  for (const name of ['report.js', 'report.css']) {
    if (fs.readFileSync(path.join(outDir, name), 'utf8').includes('</')) throw new Error(`${name}: the inlined report client must not contain "</"`);
  }
  return fs.readdirSync(outDir).sort();
}
