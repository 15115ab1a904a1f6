import pino from 'pino';
import { App } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { NO_ARTEFACTS } from '../../src/batch/artefacts.js';
import { BatchWorker } from '../../src/batch/batch-worker.js';
import { getGeocoder, type Geocoder } from '../../src/geo/index.js';

/**
 * A batch worker process for test/batch/poison-chunk.test.ts: the service's
 * worker over the data dir and tables given as arguments, except that its
 * geocoder kills the process (SIGKILL, as an out-of-memory kill or a native
 * crash would) when asked for the location `POISON`. Run as
 * `node --import tsx test/batch/poison-worker.ts <data dir> <tables dir> <lease ms> <chunk rows>`.
 */
const [dataDir, tablesDir, leaseMs, chunkRows] = process.argv.slice(2);
const app = await App.create(loadConfig({ dataDir, tablesDir, logLevel: 'silent', poolSize: 1, batchWorkers: 0 }), { log: pino({ level: 'silent' }), worker: false });
const real = getGeocoder();
const poisoned: Geocoder = Object.assign(Object.create(real) as Geocoder, {
  geocode(query: string) {
    if (query.trim() === 'POISON') process.kill(process.pid, 'SIGKILL');
    return real.geocode(query);
  },
});
const worker = new BatchWorker({
  jobs: app.jobs,
  files: app.files,
  engine: app.engine,
  geocoder: () => poisoned,
  jobsDir: app.paths.jobs,
  uploadsDir: app.paths.uploads,
  log: app.log,
  clock: Date.now,
  leaseMs: Number(leaseMs),
  chunkRows: Number(chunkRows),
  tablesFingerprint: app.intake.tablesFingerprint,
  artefacts: NO_ARTEFACTS,
  largeBuilds: 1,
  smallResultsBytes: 0,
  signer: app.signer,
  publicUrl: '',
  loops: 1,
  maxComputingPerOwner: 0,
  retentionDays: 0,
  pollMs: 20,
});
worker.onAttemptEnded((jobId, result) => process.stdout.write(`${JSON.stringify({ jobId, ...result })}\n`));
worker.start();
process.stdout.write('started\n');
process.once('SIGTERM', () => {
  void worker
    .stop()
    .then(() => app.close())
    .then(() => process.exit(0));
});
