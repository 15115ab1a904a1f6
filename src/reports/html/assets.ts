import crypto from 'node:crypto';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { BANDS, NO_RESULT_COLOUR } from '../../lite/bands.js';

/**
 * The report's inline script and stylesheet, built by `npm run build`
 * (src/ui/build/report-client.ts) into dist/reports/client/: report.js,
 * bundled from client/report.ts, and report.css, copied from client/. They
 * are found from this module's own location — dist/reports/html/assets.js
 * reads ../client/, and this file under tsx reads the repository's
 * dist/reports/client/ — and read once per process. Band colours are
 * appended from src/lite/bands.ts, the one band table.
 */
const CLIENT_DIR = new URL(import.meta.url.endsWith('.ts') ? '../../../dist/reports/client/' : '../client/', import.meta.url);

export interface ReportAssets {
  script: string;
  style: string;
  /** Content-Security-Policy source expressions allowing exactly these two blocks. */
  scriptHash: string;
  styleHash: string;
}

let cached: ReportAssets | null = null;

export function reportAssets(): ReportAssets {
  if (cached) return cached;
  const script = readClientFile('report.js');
  const style = `${readClientFile('report.css')}${bandStyles()}`;
  // A `</` inside the inlined text would end its element early; the sources never need one.
  if (script.includes('</') || style.includes('</')) throw new Error('report assets must not contain "</"');
  cached = { script, style, scriptHash: cspHash(script), styleHash: cspHash(style) };
  return cached;
}

/**
 * The start-up check: throws "report client not built" when the built
 * script or stylesheet is missing, so a deployment without them fails when
 * it starts rather than at its first report. Loads (and keeps) the assets.
 */
export function assertReportAssets(): void {
  reportAssets();
}

function readClientFile(name: string): string {
  const file = new URL(name, CLIENT_DIR);
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    throw new Error(`report client not built: run \`npm run build\` (${fileURLToPath(file)} is missing)`);
  }
}

/** `.b<rank>` colours SVG points and `.chip.b<rank>` swatches; `.nr` is the No Result colour. */
function bandStyles(): string {
  const rules = BANDS.map((band, rank) => `.b${rank} { fill: ${band.colour}; }\n.chip.b${rank} { background: ${band.colour}; }`);
  rules.push(`.nr { fill: ${NO_RESULT_COLOUR}; }\n.chip.nr { background: ${NO_RESULT_COLOUR}; }`);
  return `${rules.join('\n')}\n`;
}

function cspHash(text: string): string {
  return `'sha256-${crypto.createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}
