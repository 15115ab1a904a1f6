/**
 * Builds the web interface into dist/ui/: the browser code bundled by esbuild
 * into one app.js, the static page and stylesheet copied, and the world map
 * converted from world-atlas (world-json.ts). Run by `npm run build` after the
 * type-checks; src/api/ui.ts serves the result under /ui/. It also builds the
 * batch report's client into dist/reports/client/ (report-client.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { buildReportClient, REPORT_CLIENT_OUT_DIR } from './report-client.js';
import { worldMapData } from './world-json.js';

const uiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.resolve(uiDir, '../../dist/ui');
const STATIC_FILES = ['index.html', 'app.css', 'favicon.svg'];

fs.rmSync(outDir, { recursive: true, force: true });
fs.mkdirSync(outDir, { recursive: true });

await build({
  entryPoints: [path.join(uiDir, 'app/main.ts')],
  outfile: path.join(outDir, 'app.js'),
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
});
for (const name of STATIC_FILES) fs.copyFileSync(path.join(uiDir, 'static', name), path.join(outDir, name));
fs.writeFileSync(path.join(outDir, 'world.json'), JSON.stringify(worldMapData()));

console.log(`ui: ${fs.readdirSync(outDir).sort().join(', ')} → ${path.relative(process.cwd(), outDir) || '.'}`);

const reportClient = await buildReportClient();
console.log(`report client: ${reportClient.join(', ')} → ${path.relative(process.cwd(), REPORT_CLIENT_OUT_DIR) || '.'}`);
