import { App } from '../app.js';
import { loadConfig } from '../config.js';
import { installProcessGuard } from '../ops/process-guard.js';
import { getGeocoder } from '../geo/index.js';
import { configOverrides, parse, SHARED_DIR_OPTIONS, STORE_OPTIONS } from './args.js';

export const WORKER_USAGE = `hazrisk worker [--data-dir DIR] [--database-url URL] [--shared-dir DIR] [--concurrency N]
  (computes batch chunks from the same store and shared dir as the server; leases keep workers apart)`;

export async function workerCommand(args: string[]): Promise<void> {
  const { values } = parse(args, { ...STORE_OPTIONS, ...SHARED_DIR_OPTIONS, concurrency: { type: 'string' } });
  const overrides = configOverrides(values);
  if (values.concurrency !== undefined) overrides.batchWorkers = Math.max(1, Number(values.concurrency) || 1);
  const app = await App.create(loadConfig(overrides), { worker: true });
  installProcessGuard(app.log);
  // Load the gazetteer before taking work: loading it at the first chunk held the event loop past short leases, which then ran out.
  getGeocoder();
  app.worker!.start();
  app.log.info({ data_dir: app.paths.root, shared_dir: app.paths.shared, worker_id: app.worker!.workerId, concurrency: app.config.batchWorkers }, 'hazrisk worker started');
  const stop = (signal: string): void => {
    app.log.info({ signal }, 'worker stopping');
    app.close().then(() => process.exit(0));
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}
