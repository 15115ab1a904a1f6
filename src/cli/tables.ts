import { loadConfig } from '../config.js';
import { PERIL_NAMES } from '../engine/perils.js';
import { buildTables } from '../models/build.js';
import { validationReport } from '../models/validation-report.js';
import { writeFileAtomic } from '../store/paths.js';
import { configOverrides, listOption, parse, UsageError, usageText } from './args.js';

export const TABLES_USAGE = `hazrisk tables build [--only A,B] [--sources DIR] [--missing]
  (reads HAZRISK_SOURCES, default ../shared/data; writes <data dir>/tables)
hazrisk tables validate [--sources DIR] [--out FILE]   (compare with published references; docs/validation.md)`;

export async function tablesCommand(args: string[]): Promise<void> {
  const [sub, ...rest] = args;
  if (sub !== 'build' && sub !== 'validate') throw new UsageError(usageText(TABLES_USAGE));
  const { values } = parse(rest, { only: { type: 'string' }, sources: { type: 'string' }, missing: { type: 'boolean' }, out: { type: 'string' } });
  const config = loadConfig({ ...configOverrides(values), ...(values.sources ? { sourcesDir: values.sources } : {}) });
  if (sub === 'validate') {
    const report = await validationReport(config.sourcesDir, 'npm run validate');
    if (values.out) writeFileAtomic(values.out, report);
    else process.stdout.write(report);
    return;
  }
  const started = performance.now();
  const entries = await buildTables({
    sourcesDir: config.sourcesDir,
    tablesDir: config.tablesDir,
    only: values.only ? listOption(values.only, PERIL_NAMES, '--only') : undefined,
    missingOnly: values.missing === true,
  });
  process.stderr.write(`tables: ${entries.length} in ${config.tablesDir} (${((performance.now() - started) / 1000).toFixed(1)} s)\n`);
}
