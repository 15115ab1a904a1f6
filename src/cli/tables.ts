import { loadConfig } from '../config.js';
import { PERIL_NAMES } from '../engine/perils.js';
import { buildTables } from '../models/build.js';
import { configOverrides, listOption, parse, UsageError } from './args.js';

export const TABLES_USAGE = `hazrisk tables build [--only A,B] [--sources DIR] [--missing]
  (reads HAZRISK_SOURCES, default ../shared/data; writes <data dir>/tables)`;

export async function tablesCommand(args: string[]): Promise<void> {
  const [sub, ...rest] = args;
  if (sub !== 'build') throw new UsageError(TABLES_USAGE);
  const { values } = parse(rest, { only: { type: 'string' }, sources: { type: 'string' }, missing: { type: 'boolean' } });
  const config = loadConfig({ ...configOverrides(values), ...(values.sources ? { sourcesDir: values.sources } : {}) });
  const started = performance.now();
  const entries = await buildTables({
    sourcesDir: config.sourcesDir,
    tablesDir: config.tablesDir,
    only: values.only ? listOption(values.only, PERIL_NAMES, '--only') : undefined,
    missingOnly: values.missing === true,
  });
  process.stderr.write(`tables: ${entries.length} in ${config.tablesDir} (${((performance.now() - started) / 1000).toFixed(1)} s)\n`);
}
