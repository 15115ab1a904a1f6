import crypto from 'node:crypto';
import fs from 'node:fs';
import { BANDS, NO_RESULT_COLOUR } from '../../lite/bands.js';

/**
 * The report's inline script and stylesheet. They live as plain files in
 * src/reports/html/client/ (readable, editable as JS and CSS) and are read
 * once per process. The path is resolved from the repository root, so it is
 * the same from src/ (tsx) and dist/ (tsc does not copy .js/.css sources).
 * Band colours are appended from src/lite/bands.ts, the one band table.
 */
const CLIENT_DIR = new URL('../../../src/reports/html/client/', import.meta.url);

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
  // A `</` inside the inlined text would end its element early; the sources never need one.
  const script = fs.readFileSync(new URL('report.js', CLIENT_DIR), 'utf8');
  const style = `${fs.readFileSync(new URL('report.css', CLIENT_DIR), 'utf8')}${bandStyles()}`;
  if (script.includes('</') || style.includes('</')) throw new Error('report assets must not contain "</"');
  cached = { script, style, scriptHash: cspHash(script), styleHash: cspHash(style) };
  return cached;
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
