import fs from 'node:fs';
import path from 'node:path';
import { decodeTableInfo, encodeTable } from '../engine/table-file.js';
import type { MapImage } from './maps/png-world-map.js';
import type { PerilName } from '../engine/perils.js';
import type { HazardTable } from '../engine/table-spec.js';
import { BUILDERS } from './index.js';
import { ProgressReporter } from './progress.js';
import type { OrderingCheck, ValidationRow } from './validation-types.js';
import * as earthquake from './earthquake/validation.js';
import * as severeConvective from './severe-convective/validation.js';
import * as tropicalCyclone from './tropical-cyclone/validation.js';
import * as weather from './weather/validation.js';
import * as wildfire from './wildfire/validation.js';
import * as flood from './flood/validation.js';
import { readAllStorms } from './tropical-cyclone/sources.js';
import { readLandMask } from './tropical-cyclone/land-mask.js';

/**
 * docs/validation.md, reproducibly: build every table from the catalogues,
 * then compare with published references and check relative orderings,
 * using each model group's own validation module.
 */
const GROUPS = [tropicalCyclone, earthquake, severeConvective, weather, wildfire, flood];

export async function validationReport(sourcesDir: string, command: string): Promise<string> {
  const built = new Map<PerilName, HazardTable>();
  const progress = new ProgressReporter();
  for (const builder of BUILDERS) {
    const tables = await builder.build({ sourcesDir, progress: (f, l) => progress.update(builder.name, f, l), log: () => {}, built });
    for (const t of tables) built.set(t.peril, t);
  }
  const rows: ValidationRow[] = GROUPS.flatMap((g) => g.validate(built));
  rows.push(...tropicalCyclone.strikeValidation(readAllStorms(sourcesDir), readLandMask(sourcesDir)));
  rows.push(...weather.heldOutValidation(built, sourcesDir));
  const checks: OrderingCheck[] = GROUPS.flatMap((g) => g.orderings(built));
  fs.mkdirSync(MAP_DIR, { recursive: true });
  const maps = GROUPS.flatMap((g) => ('drawMaps' in g ? (g.drawMaps as DrawMaps)(built, MAP_DIR) : []));
  return render(rows, checks, maps, built, command);
}

/** Maps are written here and linked from docs/validation.md (relative to docs/). */
const MAP_DIR = 'docs/maps';
type DrawMaps = (tables: ReadonlyMap<PerilName, HazardTable>, dir: string) => MapImage[];

function render(rows: ValidationRow[], checks: OrderingCheck[], maps: MapImage[], tables: Map<PerilName, HazardTable>, command: string): string {
  const out: string[] = [
    '# Validation',
    '',
    `Reproduce: \`${command}\` (builds every table from \`HAZRISK_SOURCES\`, default \`../shared/data\`, and rewrites this page).`,
    'Method pages with the reasoning behind each number: `docs/models/<peril>.md`. A ratio is ours ÷ reference.',
    '',
    '## Tables validated',
    '',
    '| Peril | model_version | rows |',
    '|---|---|---|',
    ...[...tables.values()].map((t) => `| ${t.peril} | ${decodeTableInfo(encodeTable(t)).modelVersion} | ${t.rows} |`),
    '',
    '## Orderings between well-known places',
    '',
    `${checks.filter((c) => c.holds).length} of ${checks.length} hold.`,
    '',
    '| Peril | Claim | Holds | Detail |',
    '|---|---|---|---|',
    ...checks.map((c) => `| ${c.peril} | ${cell(c.claim)} | ${c.holds ? 'yes' : '**no**'} | ${cell(c.detail)} |`),
  ];
  if (maps.length > 0) out.push('', '## Maps');
  for (const m of maps) out.push('', `### ${m.title}`, '', `![${m.title}](${path.relative('docs', m.file)})`, '', m.legend);
  for (const peril of [...new Set(rows.map((r) => r.peril))]) {
    out.push('', `## ${peril}: published references`, '', '| Place | Quantity | Reference | Source | Ours | Ratio | Note |', '|---|---|---|---|---|---|---|');
    for (const r of rows.filter((x) => x.peril === peril)) {
      out.push(`| ${cell(r.place)} | ${cell(r.quantity)} | ${num(r.reference)} | ${cell(r.reference_source)} | ${num(r.ours)} | ${num(r.ratio)} | ${cell(r.note ?? '')} |`);
    }
  }
  return `${out.join('\n')}\n`;
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

function num(value: number | null): string {
  if (value === null || !Number.isFinite(value)) return '—';
  return String(Number(value.toPrecision(3)));
}
