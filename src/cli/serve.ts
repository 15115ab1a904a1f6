import fs from 'node:fs';
import { App } from '../app.js';
import { loadConfig } from '../config.js';
import { MODES } from '../auth/modes.js';
import { PERIL_NAMES } from '../engine/perils.js';
import { buildTables, missingTables } from '../models/build.js';
import { buildEventStore, eventStoreMissing } from '../historic/build.js';
import { ProgressReporter } from '../models/progress.js';
import { dataPaths, writeFileAtomic } from '../store/paths.js';
import { getGeocoder } from '../geo/index.js';
import { installProcessGuard } from '../ops/process-guard.js';
import { configOverrides, parse, SHARED_DIR_OPTIONS, STORE_OPTIONS } from './args.js';

export const SERVE_USAGE = `hazrisk serve [--port N] [--host H] [--data-dir DIR] [--database-url URL] [--shared-dir DIR]
hazrisk start  (serve on the embedded defaults, building hazard tables first when missing)`;

export async function serveCommand(args: string[], options: { buildMissingTables: boolean }): Promise<void> {
  const { values } = parse(args, { ...STORE_OPTIONS, ...SHARED_DIR_OPTIONS, port: { type: 'string' }, host: { type: 'string' } });
  const config = loadConfig(configOverrides(values));
  if (options.buildMissingTables && missingTables(config.tablesDir).length > 0) {
    process.stderr.write(`Building missing hazard tables from ${config.sourcesDir} (first start only)…\n`);
    await buildTables({ sourcesDir: config.sourcesDir, tablesDir: config.tablesDir, missingOnly: true });
  }
  const eventsDir = dataPaths(config.dataDir).events;
  if (options.buildMissingTables && eventStoreMissing(eventsDir)) {
    process.stderr.write(`Building the historic event store from ${config.sourcesDir} (first start only)…\n`);
    const progress = new ProgressReporter();
    await buildEventStore(config.sourcesDir, eventsDir, (fraction, label) => progress.update('events', fraction, label));
  }
  const app = await App.create(config);
  installProcessGuard(app.log);
  await ensureDemoKey(app);
  // Load the gazetteer now so the first request that geocodes does not pay for it.
  getGeocoder();
  const port = await app.listen();
  app.log.info({ port, host: app.config.host, data_dir: app.paths.root }, 'hazrisk listening');
  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

/** A fresh data dir gets one key licensed for everything, saved to demo-key.txt (mode 0600). */
async function ensureDemoKey(app: App): Promise<void> {
  if ((await app.keys.count()) > 0) return;
  const { key, info } = await app.keys.create({ owner: 'demo', label: 'demo key', perils: PERIL_NAMES, modes: MODES, floodPlus: true });
  writeFileAtomic(app.paths.demoKey, `${key}\n`, 0o600);
  fs.chmodSync(app.paths.demoKey, 0o600);
  // Logs are often shipped elsewhere, so the key itself stays in its file.
  process.stderr.write(`Demo API key (all perils and modes, expires ${info.expires_at}) written to ${app.paths.demoKey}\n`);
}
