import fs from 'node:fs';
import path from 'node:path';
import { decodeTableInfo, encodeTable } from '../engine/table-file.js';
import type { MapImage } from './maps/png-world-map.js';
import type { PerilName } from '../engine/perils.js';
import type { HazardTable } from '../engine/table-spec.js';
import { BUILDERS } from './index.js';
import { ProgressReporter } from './progress.js';
import { EVIDENCE, type Evidence, type ModelValidation, type OrderingCheck, type ValidationRow } from './validation-types.js';
import { validation as earthquake } from './earthquake/validation.js';
import { validation as severeConvective } from './severe-convective/validation.js';
import { validation as tropicalCyclone } from './tropical-cyclone/validation.js';
import { validation as weather } from './weather/validation.js';
import { validation as wildfire } from './wildfire/validation.js';
import { validation as flood } from './flood/validation.js';

/**
 * docs/validation.md, reproducibly: build every table from the catalogues,
 * then compare with published references and check relative orderings,
 * using each model group's own validation module.
 */
const GROUPS: readonly ModelValidation[] = [tropicalCyclone, earthquake, severeConvective, weather, wildfire, flood];

export async function validationReport(sourcesDir: string, command: string): Promise<string> {
  const built = new Map<PerilName, HazardTable>();
  const progress = new ProgressReporter();
  for (const builder of BUILDERS) {
    const tables = await builder.build({ sourcesDir, progress: (f, l) => progress.update(builder.name, f, l), log: () => {}, built });
    for (const t of tables) built.set(t.peril, t);
  }
  const rows: ValidationRow[] = GROUPS.flatMap((g) => g.references(built, sourcesDir));
  const checks: OrderingCheck[] = GROUPS.flatMap((g) => g.orderings(built));
  fs.mkdirSync(MAP_DIR, { recursive: true });
  const maps = GROUPS.flatMap((g) => g.maps?.(built, MAP_DIR) ?? []);
  return render(rows, checks, maps, built, command);
}

/** Maps are written here and linked from docs/validation.md (relative to docs/). */
const MAP_DIR = 'docs/maps';

function render(rows: ValidationRow[], checks: OrderingCheck[], maps: MapImage[], tables: Map<PerilName, HazardTable>, command: string): string {
  const out: string[] = [
    '# Validation',
    '',
    `Reproduce: \`${command}\` (builds every table from \`HAZRISK_SOURCES\`, default \`../shared/data\`, and rewrites this page).`,
    'Method pages with the reasoning behind each number: `docs/models/<peril>.md`. A ratio is ours ÷ reference.',
    '',
    'Every reference row says what it is evidence of; only **independent** rows count as evidence:',
    '',
    ...(Object.entries(EVIDENCE) as [Evidence, string][]).map(([mark, meaning]) => `- **${mark}**: ${meaning}.`),
    '',
    '## Evidence by peril',
    '',
    'Rows with a ratio, by mark; "within ×2" counts the rows whose ratio lies in [0.5, 2].',
    '',
    '| Peril | independent (within ×2) | seen (within ×2) | fitted (within ×2) |',
    '|---|---|---|---|',
    ...[...new Set(rows.map((r) => r.peril))].map((peril) => `| ${peril} | ${(['independent', 'seen', 'fitted'] as const).map((mark) => tally(rows.filter((r) => r.peril === peril && r.evidence === mark))).join(' | ')} |`),
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
    out.push('', `## ${peril}: published references`, '', '| Place | Quantity | Reference | Source | Ours | Ratio | Evidence | Note |', '|---|---|---|---|---|---|---|---|');
    for (const r of rows.filter((x) => x.peril === peril)) {
      out.push(`| ${cell(r.place)} | ${cell(r.quantity)} | ${num(r.reference)} | ${cell(r.reference_source)} | ${num(r.ours)} | ${num(r.ratio)} | ${r.evidence} | ${cell(r.note ?? '')} |`);
    }
  }
  return `${out.join('\n')}\n`;
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

/** "n (k)": rows with a ratio, and how many of them lie within a factor 2. */
function tally(rows: readonly ValidationRow[]): string {
  const rated = rows.filter((r) => r.ratio !== null && Number.isFinite(r.ratio));
  return rated.length === 0 ? '—' : `${rated.length} (${rated.filter((r) => r.ratio! >= 0.5 && r.ratio! <= 2).length})`;
}

function num(value: number | null): string {
  if (value === null || !Number.isFinite(value)) return '—';
  return String(Number(value.toPrecision(3)));
}
