import fs from 'node:fs';
import type { Logger } from 'pino';
import type { Config } from './config.js';
import { createLogger, flushLog } from './log.js';
import { StorageHealth } from './store/storage.js';
import { eventStoreMissing } from './historic/store-format.js';
import { dataPaths, ensureDataDirs, type DataPaths } from './store/paths.js';
import { openStore } from './store/open.js';
import type { FileRepository, JobRepository, Store } from './store/store.js';
import { KeyStore } from './auth/keys.js';
import { HttpServer } from './http/server.js';
import { CorsPolicy } from './http/cors.js';
import { RateLimiter } from './http/rate-limit.js';
import { ServiceMetrics } from './ops/metrics.js';
import { WorkerReport } from './ops/worker-report.js';
import { metricsRoute, readyRoute, type Readiness } from './api/ops.js';
import { PERIL_NAMES } from './engine/perils.js';
import { Router } from './http/router.js';
import type { Route } from './http/types.js';
import { buildRoutes } from './api/routes.js';
import { Engine } from './engine/engine.js';
import { UrlSigner } from './batch/signing.js';
import { BatchWorker } from './batch/batch-worker.js';
import type { ArtefactBuilder } from './batch/artefacts.js';
import { ThreadedArtefacts } from './reports/threaded-builder.js';
import { assertReportAssets } from './reports/html/assets.js';
import type { IntakeDeps } from './batch/intake.js';
import { UploadGate } from './batch/upload-gate.js';
import { tablesFingerprint } from './batch/tables-fingerprint.js';
import { geocoderLoaded, getGeocoder } from './geo/index.js';
import { LIMITS } from './limits.js';

export interface AppOptions {
  /** Routes added beside the service's own (benchmarks add an echo route). */
  extraRoutes?: Route[];
  log?: Logger;
  /** Milliseconds since the epoch; tests inject a fixed clock for date defaults. */
  clock?: () => number;
  /** Run the in-process batch worker (default: when config.batchWorkers > 0). */
  worker?: boolean;
  artefacts?: ArtefactBuilder;
  /** Test mode: check every 2xx JSON answer against its route's response schema and report each mismatch (http/response-check.ts). */
  checkResponses?: (problem: string) => void;
}

/**
 * The service assembled: data dir, store, keys, routes and the HTTP server.
 * `serve`, the tests and the benchmarks all start the service through here.
 */
export class App {
  readonly paths: DataPaths;
  readonly store: Store;
  readonly keys: KeyStore;
  readonly engine: Engine;
  readonly files: FileRepository;
  readonly jobs: JobRepository;
  readonly signer: UrlSigner;
  readonly intake: IntakeDeps;
  readonly worker: BatchWorker | null;
  readonly log: Logger;
  readonly router = new Router();
  readonly clock: () => number;
  readonly geocoder = getGeocoder;
  readonly metrics: ServiceMetrics;
  readonly storage: StorageHealth;
  private readonly server: HttpServer;
  /** The batch worker's counts, reported to the store for /metrics on every host. */
  private readonly workerReport: WorkerReport | null;
  /** Serves /metrics alone when HAZRISK_METRICS_PORT is set. */
  private readonly metricsServer: HttpServer | null;
  private readonly closers: (() => void)[] = [];
  private closed = false;

  private constructor(readonly config: Config, options: AppOptions, store: Store, log: Logger) {
    this.log = log;
    this.clock = options.clock ?? Date.now;
    this.paths = dataPaths(config.dataDir, config.tablesDir, config.sharedDir);
    this.storage = new StorageHealth(this.paths.shared, config.minFreeMb * 1024 * 1024);
    this.store = store;
    this.keys = new KeyStore(store.keys);
    this.engine = Engine.create({ tablesDir: this.paths.tables, poolSize: config.poolSize });
    this.files = store.files;
    this.jobs = store.jobs;
    this.signer = UrlSigner.fromFile(this.paths.signingKey);
    const tables = tablesFingerprint(this.paths.tables);
    this.intake = { files: this.files, jobs: this.jobs, uploadsDir: this.paths.uploads, clock: this.clock, log: this.log, uploads: new UploadGate(), tablesFingerprint: tables };
    const runWorker = options.worker ?? config.batchWorkers > 0;
    // A worker without the built report client would fail at its first report; say so at start.
    if (runWorker && !options.artefacts) assertReportAssets();
    this.worker = runWorker
      ? new BatchWorker({
          jobs: this.jobs,
          files: this.files,
          engine: this.engine,
          geocoder: getGeocoder,
          jobsDir: this.paths.jobs,
          uploadsDir: this.paths.uploads,
          storage: this.storage,
          log: this.log,
          leaseMs: config.leaseMs,
          clock: this.clock,
          chunkRows: Math.max(1, Math.min(config.batchChunkRows, LIMITS.batchChunkRows)),
          tablesFingerprint: tables,
          // Artefacts are built on threads of their own (large builds plus the small lane), off the main thread.
          artefacts: options.artefacts ?? new ThreadedArtefacts({ config, logLevel: this.log.level }, Math.max(1, config.batchArtefactBuilds) + 1),
          largeBuilds: config.batchArtefactBuilds,
          smallResultsBytes: LIMITS.batchSmallArtefactBytes,
          signer: this.signer,
          publicUrl: config.publicUrl,
          loops: Math.max(1, config.batchWorkers),
          maxComputingPerOwner: config.batchMaxRunningPerOwner,
          retentionDays: config.retentionDays,
          pollMs: LIMITS.batchIdlePollMs,
        })
      : null;
    this.metrics = new ServiceMetrics({
      engineQueueDepth: () => this.engine.queueDepth(),
      jobsByStatus: () => this.jobs.countByStatus(),
      workersByHost: () => store.workers.byHost(),
      tables: () => PERIL_NAMES.flatMap((peril) => {
        const info = this.engine.info(peril);
        return info ? [{ peril, modelVersion: info.modelVersion }] : [];
      }),
    });
    this.worker?.onRowsComputed((rows) => this.metrics.addBatchRows(rows));
    const report = this.worker && new WorkerReport(store.workers, this.worker.workerId, Math.max(50, Math.floor(config.leaseMs / 3)), this.log);
    this.workerReport = report ?? null;
    this.worker?.onLeaseEvent((event) => report!.count(event));
    report?.start();
    const metrics = metricsRoute(this.metrics);
    const operatorRoutes = [readyRoute(() => this.readiness()), ...(config.metricsPort > 0 ? [] : [metrics])];
    for (const route of [...buildRoutes(this), ...operatorRoutes, ...(options.extraRoutes ?? [])]) this.router.add(route);
    const serverOptions = {
      authenticate: (key: string | undefined) => this.keys.authenticate(key),
      jsonBodyBytes: config.jsonBodyBytes,
      uploadBytes: config.uploadBytes,
      log: this.log,
      accessLog: config.accessLog,
      cors: new CorsPolicy(config.corsOrigins),
      rateLimit: { limiter: new RateLimiter(this.clock), defaultRate: config.rateLimit },
      storageFull: (err: unknown) => this.storage.noteFailure(err),
    };
    this.server = new HttpServer({
      ...serverOptions,
      router: this.router,
      observe: (...args) => this.metrics.observeRequest(...args),
      checkResponses: options.checkResponses,
    });
    this.metricsServer = config.metricsPort > 0 ? new HttpServer({ ...serverOptions, router: Router.of([metrics]) }) : null;
  }

  /** What GET /ready reports. */
  async readiness(): Promise<Readiness> {
    const missing = PERIL_NAMES.filter((peril) => !this.engine.info(peril));
    const database = await this.store.ping().then(
      () => true,
      () => false,
    );
    const storage = this.storage.state();
    return {
      tables: missing.length === 0,
      events: !eventStoreMissing(this.paths.events),
      geocoder: geocoderLoaded(),
      database,
      storage: storage.writable,
      draining: this.server.isDraining,
      missing_tables: missing,
      free_bytes: storage.free_bytes,
    };
  }

  /** The service over a complete configuration (`loadConfig(overrides)` makes one). */
  static async create(config: Config, options: AppOptions = {}): Promise<App> {
    const log = options.log ?? createLogger(config.logLevel);
    const paths = dataPaths(config.dataDir, config.tablesDir, config.sharedDir);
    ensureDataDirs(paths);
    const fresh = config.databaseUrl === '' && !fs.statSync(paths.db, { throwIfNoEntry: false })?.size;
    const store = await openStore({ databaseUrl: config.databaseUrl, dbFile: paths.db });
    if (fresh) log.info({ file: paths.db }, 'created a new, empty database');
    try {
      return new App(config, options, store, log);
    } catch (err) {
      await store.close();
      throw err;
    }
  }

  /** Listen on the configured host and port (0 = any free port); returns the port. */
  async listen(): Promise<number> {
    const port = await this.server.start(this.config.host, this.config.port);
    this.config.port = port;
    if (this.metricsServer) await this.metricsServer.start(this.config.host, this.config.metricsPort);
    this.worker?.start();
    return port;
  }

  /** Run `close` at shutdown, after in-flight requests finish (resources opened lazily by routes). */
  onClose(close: () => void): void {
    this.closers.push(close);
  }

  /** Stop accepting, finish in-flight requests, then close the store. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.server.stop(this.config.shutdownGraceMs);
    await this.metricsServer?.stop(0);
    await this.worker?.stop();
    await this.workerReport?.stop();
    await this.engine.close();
    for (const close of this.closers) close();
    await this.store.close();
    await flushLog(this.log);
  }

  version(): string {
    const pkg = JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
    return pkg.version;
  }
}
