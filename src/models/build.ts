import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { PerilName } from '../engine/perils.js';
import { decodeTableInfo, encodeTable } from '../engine/table-file.js';
import type { HazardTable } from '../engine/table-spec.js';
import { writeFileAtomic } from '../store/paths.js';
import { BUILDERS } from './index.js';
import { ProgressReporter } from './progress.js';
import type { ModelBuilder } from './types.js';

/**
 * `hazrisk tables build`: run the model builders over the catalogues and write
 * one `<Peril>.hzt` per peril plus `manifest.json` (files, checksums, sources,
 * parameters). No timestamps or timings in either, so the same inputs give
 * identical bytes (build times go to the log).
 */
export interface BuildOptions {
  sourcesDir: string;
  tablesDir: string;
  /** Only these perils (their builders run whole); default all. */
  only?: readonly PerilName[];
  /** Skip perils whose table file already exists. */
  missingOnly?: boolean;
  builders?: readonly ModelBuilder[];
  log?: (line: string) => void;
  progress?: ProgressReporter;
}

export interface ManifestEntry {
  peril: PerilName;
  file: string;
  bytes: number;
  sha256: string;
  model_version: string;
  builder: string;
  sources: string[];
  parameters: Record<string, unknown>;
}

export async function buildTables(options: BuildOptions): Promise<ManifestEntry[]> {
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const progress = options.progress ?? new ProgressReporter();
  fs.mkdirSync(options.tablesDir, { recursive: true });
  const built = new Map<PerilName, HazardTable>();
  const entries = readManifest(options.tablesDir);
  for (const builder of options.builders ?? BUILDERS) {
    const wanted = builder.perils.filter((p) => !options.only || options.only.includes(p));
    if (wanted.length === 0) continue;
    if (options.missingOnly && wanted.every((p) => fs.existsSync(tableFile(options.tablesDir, p)))) continue;
    const started = performance.now();
    const tables = await builder.build({
      sourcesDir: options.sourcesDir,
      progress: (fraction, label) => progress.update(builder.name, fraction, label),
      log,
      built,
    });
    progress.update(builder.name, 1, 'done');
    const seconds = +((performance.now() - started) / 1000).toFixed(1);
    for (const table of tables) {
      built.set(table.peril, table);
      const image = encodeTable(table);
      const file = tableFile(options.tablesDir, table.peril);
      writeFileAtomic(file, image);
      const info = decodeTableInfo(image);
      entries.set(table.peril, {
        peril: table.peril,
        file: path.basename(file),
        bytes: image.byteLength,
        sha256: crypto.createHash('sha256').update(image).digest('hex'),
        model_version: info.modelVersion,
        builder: builder.name,
        sources: table.meta.sources,
        parameters: table.meta.parameters,
      });
      log(`${table.peril}: ${(image.byteLength / 2 ** 20).toFixed(1)} MiB, ${table.rows} rows, model_version ${info.modelVersion} (${builder.name}, ${seconds} s)`);
    }
  }
  const list = [...entries.values()].sort((a, b) => a.peril.localeCompare(b.peril));
  writeFileAtomic(path.join(options.tablesDir, 'manifest.json'), `${JSON.stringify({ format_version: 1, tables: list }, null, 2)}\n`);
  return list;
}

export function tableFile(tablesDir: string, peril: PerilName): string {
  return path.join(tablesDir, `${peril}.hzt`);
}

/** Perils the registry's builders produce whose table file is absent. */
export function missingTables(tablesDir: string, builders: readonly ModelBuilder[] = BUILDERS): PerilName[] {
  return builders.flatMap((b) => b.perils).filter((p) => !fs.existsSync(tableFile(tablesDir, p)));
}

function readManifest(tablesDir: string): Map<PerilName, ManifestEntry> {
  const file = path.join(tablesDir, 'manifest.json');
  if (!fs.existsSync(file)) return new Map();
  const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as { tables: ManifestEntry[] };
  return new Map(parsed.tables.filter((e) => fs.existsSync(path.join(tablesDir, e.file))).map((e) => [e.peril, e]));
}
