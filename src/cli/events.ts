import { loadConfig } from '../config.js';
import { buildEventStore } from '../historic/build.js';
import { ProgressReporter } from '../models/progress.js';
import { dataPaths } from '../store/paths.js';
import { configOverrides, parse, UsageError, usageText } from './args.js';

export const EVENTS_USAGE = `hazrisk events build [--sources DIR]
  (reads HAZRISK_SOURCES, default ../shared/data; writes the historic event store to <data dir>/events)`;

export async function eventsCommand(args: string[]): Promise<void> {
  const [sub, ...rest] = args;
  if (sub !== 'build') throw new UsageError(usageText(EVENTS_USAGE));
  const { values } = parse(rest, { sources: { type: 'string' } });
  const config = loadConfig({ ...configOverrides(values), ...(values.sources ? { sourcesDir: values.sources } : {}) });
  const eventsDir = dataPaths(config.dataDir, config.tablesDir).events;
  const progress = new ProgressReporter();
  const started = performance.now();
  const manifest = await buildEventStore(config.sourcesDir, eventsDir, (fraction, label) => progress.update('events', fraction, label));
  const counts = Object.entries(manifest.perils).map(([peril, s]) => `${peril} ${s.events}`).join(', ');
  const bytes = Object.values(manifest.files).reduce((sum, f) => sum + f.bytes, 0);
  process.stderr.write(`events: ${counts} in ${eventsDir} (${(bytes / 1048576).toFixed(0)} MiB, ${((performance.now() - started) / 1000).toFixed(1)} s)\n`);
}
