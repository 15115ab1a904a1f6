import fs from 'node:fs';
import type { Logger } from 'pino';
import { loadConfig, type Config } from './config.js';
import { createLogger } from './log.js';
import { openDatabase, type Db } from './store/db.js';
import { dataPaths, ensureDataDirs, type DataPaths } from './store/paths.js';
import { KeyStore } from './auth/keys.js';
import { HttpServer } from './http/server.js';
import { Router } from './http/router.js';
import type { Route } from './http/types.js';
import { buildRoutes } from './api/routes.js';
import { Engine } from './engine/engine.js';
import { FileStore } from './batch/files.js';
import { JobStore } from './batch/jobs.js';
import { UrlSigner } from './batch/signing.js';
import { BatchWorker } from './batch/worker.js';
import type { ArtefactBuilder } from './batch/artefacts.js';
import { createArtefactBuilder } from './reports/index.js';
import type { IntakeDeps } from './batch/intake.js';
import { getGeocoder } from './geo/index.js';
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
}

/**
 * The service assembled: data dir, database, keys, routes and the HTTP server.
 * `serve`, the tests and the benchmarks all start the service through here.
 */
export class App {
  readonly paths: DataPaths;
  readonly db: Db;
  readonly keys: KeyStore;
  readonly engine: Engine;
  readonly files: FileStore;
  readonly jobs: JobStore;
  readonly signer: UrlSigner;
  readonly intake: IntakeDeps;
  readonly worker: BatchWorker | null;
  readonly log: Logger;
  readonly router = new Router();
  readonly clock: () => number;
  private readonly server: HttpServer;
  private readonly closers: (() => void)[] = [];
  private closed = false;

  private constructor(readonly config: Config, options: AppOptions) {
    this.log = options.log ?? createLogger(config.logLevel);
    this.clock = options.clock ?? Date.now;
    this.paths = dataPaths(config.dataDir, config.tablesDir);
    ensureDataDirs(this.paths);
    this.db = openDatabase(this.paths.db);
    this.keys = new KeyStore(this.db);
    this.engine = Engine.create({ tablesDir: this.paths.tables, poolSize: config.poolSize });
    this.files = new FileStore(this.db);
    this.jobs = new JobStore(this.db);
    this.signer = UrlSigner.fromFile(this.paths.signingKey);
    this.intake = { files: this.files, jobs: this.jobs, uploadsDir: this.paths.uploads, clock: this.clock, log: this.log };
    const runWorker = options.worker ?? config.batchWorkers > 0;
    this.worker = runWorker
      ? new BatchWorker({
          jobs: this.jobs,
          files: this.files,
          engine: this.engine,
          geocoder: getGeocoder,
          jobsDir: this.paths.jobs,
          uploadsDir: this.paths.uploads,
          log: this.log,
          leaseMs: config.leaseMs,
          clock: this.clock,
          chunkRows: Math.max(1, Math.min(config.batchChunkRows, LIMITS.batchChunkRows)),
          artefacts: options.artefacts ?? createArtefactBuilder({ files: this.files, config, log: this.log }),
          signer: this.signer,
          publicUrl: config.publicUrl,
          concurrency: Math.max(1, config.batchWorkers),
          pollMs: 500,
        })
      : null;
    for (const route of [...buildRoutes(this), ...(options.extraRoutes ?? [])]) this.router.add(route);
    this.server = new HttpServer({
      router: this.router,
      authenticate: (key) => this.keys.authenticate(key),
      jsonBodyBytes: config.jsonBodyBytes,
      uploadBytes: config.uploadBytes,
      log: this.log,
    });
  }

  static async create(config: Partial<Config> | Config = {}, options: AppOptions = {}): Promise<App> {
    const full = 'tablesDir' in config && config.tablesDir ? (config as Config) : loadConfig(config);
    return new App(full, options);
  }

  /** Listen on the configured host and port (0 = any free port); returns the port. */
  async listen(): Promise<number> {
    const port = await this.server.start(this.config.host, this.config.port);
    this.config.port = port;
    this.worker?.start();
    return port;
  }

  /** Run `close` at shutdown, after in-flight requests finish (resources opened lazily by routes). */
  onClose(close: () => void): void {
    this.closers.push(close);
  }

  /** Stop accepting, finish in-flight requests, then close the database. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.server.stop(this.config.shutdownGraceMs);
    await this.worker?.stop();
    await this.engine.close();
    for (const close of this.closers) close();
    this.db.close();
    this.log.flush?.();
  }

  version(): string {
    const pkg = JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
    return pkg.version;
  }
}
